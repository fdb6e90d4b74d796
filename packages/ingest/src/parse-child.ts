// The parse host's child process: receives files over IPC (advanced serialisation, so bytes travel
// as binary), parses them with parseFile and answers with the document or the failure. It holds no
// credentials and no database: a hostile file that takes over a parser gets only this process.
import fs from 'node:fs';
import path from 'node:path';
import { parseFile } from './parse-file';
import { loadPdfJs } from './pdfjs';
import { ParseError } from './types';
import { CHILD_TMP_PREFIX, type ChildReply, type ParseRequest } from './parse-protocol';

function reply(message: ChildReply): void {
  process.send?.(message);
}

process.on('message', (message: ParseRequest) => {
  void (async () => {
    try {
      const { bytes, filename, tesseractPath } = message;
      const document = await parseFile({
        bytes: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        filename,
        tesseractPath,
      });
      reply({ type: 'parsed', id: message.id, document });
    } catch (error) {
      const reason =
        error instanceof ParseError
          ? error.reason
          : `the file could not be parsed (${(error as Error)?.message ?? String(error)})`;
      reply({ type: 'failed', id: message.id, reason });
    }
  })();
});

// The parent's death (a worker killed outright) must leave nothing behind: not this process, not
// the programs it runs (tesseract, in its process group), not their temporary files (its TMPDIR,
// which the parent would have removed).
function removeOwnTmp(): void {
  const tmp = process.env.TMPDIR;
  // Only the directory the host made for this child, never a TMPDIR of someone else's.
  if (tmp && path.basename(tmp).startsWith(CHILD_TMP_PREFIX))
    fs.rmSync(tmp, { recursive: true, force: true });
}

function abandon(): void {
  removeOwnTmp();
  try {
    process.kill(-process.pid, 'SIGKILL');
  } catch {
    process.exit(0);
  }
}

process.on('disconnect', abandon);
// A child busy parsing when the parent died learns it from its reply, which fails (EPIPE) before
// the disconnect is seen.
process.on('error', abandon);
process.on('exit', removeOwnTmp);

// pdf.js is the slowest module to load (about a second); loading it before reporting ready keeps
// that out of the first PDF's time limit.
loadPdfJs();
reply({ type: 'ready' });
