// The Word deliverable, its renderer (docx.ts and the docx library it drives) loaded on the first
// Word file rather than with the package: the API process imports this package for every format,
// renders Word files rarely, and must stay small while it holds thousands of open streams (issue
// 13: the library is about 10 MB of a process once loaded).
import type { DeliverableContent } from './types';

export async function renderDocx(content: DeliverableContent): Promise<Buffer> {
  const renderer = require('./docx') as typeof import('./docx');
  return renderer.renderDocx(content);
}
