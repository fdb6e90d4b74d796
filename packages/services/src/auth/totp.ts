// TOTP (RFC 6238): SHA-1, 6 digits, 30-second steps, one step of drift either way. speakeasy does
// the HOTP arithmetic; this module adds the provisioning URI and reports which step matched, so
// the caller can refuse a replayed step.
import speakeasy from 'speakeasy';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW = 1;
export const TOTP_ISSUER = 'auditsvc';

/** A new secret: 20 CSPRNG bytes (160 bits), base32 without padding. */
export function generateTotpSecret(): string {
  return speakeasy.generateSecret({ length: 20 }).base32.replace(/=+$/, '');
}

export function provisioningUri(secret: string, account: string, issuer = TOTP_ISSUER): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

export function totpCode(secret: string, atMs: number): string {
  return speakeasy.totp({
    secret,
    encoding: 'base32',
    time: Math.floor(atMs / 1000),
    step: TOTP_STEP_SECONDS,
    digits: TOTP_DIGITS,
  });
}

/** The time step a code belongs to, within one step of `atMs`; null when it matches none. */
export function matchTotpStep(secret: string, code: string, atMs: number): bigint | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = speakeasy.totp.verifyDelta({
    secret,
    encoding: 'base32',
    token: code,
    time: Math.floor(atMs / 1000),
    step: TOTP_STEP_SECONDS,
    digits: TOTP_DIGITS,
    window: TOTP_WINDOW,
  });
  if (!delta) return null;
  return BigInt(Math.floor(atMs / 1000 / TOTP_STEP_SECONDS) + delta.delta);
}
