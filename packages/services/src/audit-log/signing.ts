// Signed download URLs for the audit log: HMAC-SHA-256 over the method, the path, the engagement,
// the format, the expiry and the key id, with SIGNING_SECRET (or the generated DATA_DIR key).
// Verification compares in constant time and answers every defect the same way (ForbiddenError).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { ForbiddenError } from '@auditsvc/core';

export interface SignedParams {
  method: string;
  path: string;
  engagementId: string;
  format: string;
  /** Unix seconds. */
  expires: number;
}

export interface UrlSigner {
  /** Identifies the key, so a rotated secret fails cleanly instead of as a bad signature. */
  readonly keyId: string;
  sign(params: SignedParams): string;
  /** Throws ForbiddenError unless `sig` and `kid` match and `expires` is in the future. */
  verify(
    params: Omit<SignedParams, 'expires'> & { expires: string; kid: string; sig: string },
    now: Date,
  ): void;
}

function canonical(params: SignedParams, keyId: string): string {
  return [
    params.method.toUpperCase(),
    params.path,
    params.engagementId,
    params.format,
    String(params.expires),
    keyId,
  ].join('\n');
}

export function createUrlSigner(secret: string): UrlSigner {
  const keyId = createHash('sha256').update(`kid:${secret}`).digest('hex').slice(0, 12);
  const mac = (text: string) => createHmac('sha256', secret).update(text).digest();
  return {
    keyId,
    sign: (params) => mac(canonical(params, keyId)).toString('base64url'),
    verify(params, now) {
      const denied = new ForbiddenError('The download link is invalid or has expired.');
      if (!/^\d{1,12}$/.test(params.expires)) throw denied;
      const expires = Number(params.expires);
      const expected = Buffer.from(mac(canonical({ ...params, expires }, keyId)).toString('base64url'));
      // timingSafeEqual needs equal lengths: a short or long value is refused before it (never a 500).
      const same = (given: string, wanted: Buffer) => {
        const bytes = Buffer.from(given, 'utf8');
        return bytes.length === wanted.length && timingSafeEqual(bytes, wanted);
      };
      const signatureOk = same(params.sig, expected);
      const keyOk = same(params.kid, Buffer.from(keyId));
      if (!signatureOk || !keyOk) throw denied;
      if (expires * 1000 <= now.getTime()) throw denied;
    },
  };
}
