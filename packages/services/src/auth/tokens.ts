import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Session lifetime (DECISIONS 3): 12 hours. */
export const SESSION_LIFETIME_MS = 12 * 60 * 60 * 1000;

/** A new bearer token: 32 CSPRNG bytes, URL-safe base64. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored and looked up only as SHA-256 hex digests. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Constant-time string comparison that does not leak the expected length through early exit. */
export function safeEqual(actual: string, expected: string): boolean {
  const a = createHash('sha256').update(actual, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b) && actual.length === expected.length;
}
