// Secrets the service generates for itself when the operator sets none (the signing key of signed
// URLs, the key that encrypts TOTP secrets at rest). Each is created once under DATA_DIR/secrets,
// readable by the owner only; processes sharing DATA_DIR share the same value.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export function loadOrCreateSecret(dataDir: string, name: string): string {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, name);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  fs.writeFileSync(temporary, randomBytes(32).toString('hex'), { mode: 0o600 });
  try {
    // link() fails if the file exists: the first process to get here wins, the others read its value.
    fs.linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    fs.rmSync(temporary, { force: true });
  }
  return fs.readFileSync(file, 'utf8').trim();
}
