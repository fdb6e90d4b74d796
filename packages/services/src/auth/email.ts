import { ValidationError } from '@auditsvc/core';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{1,63}$/;

/** E-mails are compared case-insensitively: stored trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function assertEmail(email: string, loc: string[]): void {
  if (!EMAIL.test(email)) throw ValidationError.of(loc, 'must be an e-mail address', 'value_error');
}
