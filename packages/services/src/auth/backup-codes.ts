// Backup codes: 10 per enrolment, 10 lowercase hex characters as xxxxx-xxxxx (40 bits each),
// stored as bcrypt hashes and usable once.
import { randomBytes } from 'node:crypto';
import bcrypt from 'bcrypt';

export const BACKUP_CODE_COUNT = 10;
/**
 * bcrypt cost for backup codes. They are random (40 bits), single-use and rate-limited by the
 * login lockout, and a login compares a code against up to ten hashes, so they use a lower cost
 * than passwords.
 */
export const BACKUP_CODE_BCRYPT_COST = 10;

export function generateBackupCode(): string {
  const hex = randomBytes(5).toString('hex');
  return `${hex.slice(0, 5)}-${hex.slice(5)}`;
}

/** Accepts upper case, surrounding spaces and a missing hyphen; null when it cannot be a code. */
export function normalizeBackupCode(input: string): string | null {
  const compact = input.trim().toLowerCase().replace(/-/g, '');
  return /^[0-9a-f]{10}$/.test(compact) ? `${compact.slice(0, 5)}-${compact.slice(5)}` : null;
}

export function hashBackupCode(code: string): Promise<string> {
  return bcrypt.hash(code, BACKUP_CODE_BCRYPT_COST);
}

/** The id of the stored hash the code matches, comparing against all of them in parallel. */
export async function findMatchingCode(
  code: string,
  stored: { id: string; codeHash: string }[],
): Promise<string | null> {
  const matches = await Promise.all(stored.map((entry) => bcrypt.compare(code, entry.codeHash)));
  const index = matches.indexOf(true);
  return index === -1 ? null : stored[index]!.id;
}
