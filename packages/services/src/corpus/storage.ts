// Where corpus files live under DATA_DIR: corpus/<engagement id>/<file id>. Both names are ids we
// generated (validated here); a client's file name never becomes part of a path.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const ID_PATTERN = /^[a-z]+-[0-9a-f]{16}$/;

function checkedId(id: string): string {
  if (!ID_PATTERN.test(id)) throw new Error(`not a generated id: ${JSON.stringify(id)}`);
  return id;
}

export function corpusDirectory(dataDir: string, engagementId: string): string {
  return path.join(dataDir, 'corpus', checkedId(engagementId));
}

export function corpusFilePath(dataDir: string, engagementId: string, storedName: string): string {
  return path.join(corpusDirectory(dataDir, engagementId), checkedId(storedName));
}

/** True for a name this module could have made: a generated id. */
export function isGeneratedId(name: string): boolean {
  return ID_PATTERN.test(name);
}

/** The first bytes of a file, for magic-byte checks. */
export async function readHead(file: string, bytes = 8192): Promise<Buffer> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}
