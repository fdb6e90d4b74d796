// Messages between the parse host (parent) and its child process.
import type { ParsedDocument } from './types';

/** How the child's own temporary directory (its TMPDIR) is named, under the system's. */
export const CHILD_TMP_PREFIX = 'auditsvc-parse-';

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
