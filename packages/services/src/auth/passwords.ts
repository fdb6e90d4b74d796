import bcrypt from 'bcrypt';
import { ValidationError } from '@auditsvc/core';

/** bcrypt reads only the first 72 bytes; longer passwords are refused rather than cut silently. */
export const MAX_PASSWORD_BYTES = 72;

export function assertPasswordAcceptable(password: string, minLength: number, loc: string[]): void {
  if ([...password].length < minLength) {
    throw ValidationError.of(loc, `must have at least ${minLength} characters`, 'string_too_short');
  }
  if (Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES) {
    throw ValidationError.of(loc, `must be at most ${MAX_PASSWORD_BYTES} bytes`, 'string_too_long');
  }
}

export function createPasswordHasher(cost: number) {
  let dummyHash: Promise<string> | null = null;
  return {
    hash(password: string): Promise<string> {
      return bcrypt.hash(password, cost);
    },
    verify(password: string, hash: string): Promise<boolean> {
      return bcrypt.compare(password, hash);
    },
    /**
     * Spends the same time as a real verification and always fails: used for unknown e-mails so
     * their answer cannot be told apart from a wrong password by timing.
     */
    async verifyNothing(password: string): Promise<false> {
      dummyHash ??= bcrypt.hash('auditsvc-timing-parity', cost);
      await bcrypt.compare(password, await dummyHash);
      return false;
    },
  };
}

export type PasswordHasher = ReturnType<typeof createPasswordHasher>;
