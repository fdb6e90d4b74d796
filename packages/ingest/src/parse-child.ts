// The parse host's child process: receives files over IPC (advanced serialisation, so bytes travel
// as binary), parses them with parseFile and answers with the document or the failure. It holds no
// credentials and no database: a hostile file that takes over a parser gets only this process.
import { parseFile } from './parse-file';
import { loadPdfJs } from './pdfjs';
import { ParseError } from './types';
import type { ChildReply, ParseRequest } from './parse-protocol';

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

// The parent's death must not leave this process behind.
process.on('disconnect', () => process.exit(0));

// pdf.js is the slowest module to load (about a second); loading it before reporting ready keeps
// that out of the first PDF's time limit.
loadPdfJs();
reply({ type: 'ready' });
