// Messages between the parse host (parent) and its child process.
import type { ParsedDocument } from './types';

export interface ParseRequest {
  id: number;
  filename: string;
  bytes: Uint8Array;
  tesseractPath?: string;
}

export type ChildReply =
  | { type: 'ready' }
  | { type: 'parsed'; id: number; document: ParsedDocument }
  | { type: 'failed'; id: number; reason: string };
