import {
  createSecretBox,
  generateBackupCode,
  generateTotpSecret,
  matchTotpStep,
  normalizeBackupCode,
  provisioningUri,
  totpCode,
} from '../src';

// RFC 6238 appendix B, SHA-1, as 6-digit codes: ASCII secret "12345678901234567890".
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [1234567890, '005924'],
    [2000000000, '279037'],
  ])('reproduces the RFC 6238 vector at T=%i', (seconds, code) => {
    expect(totpCode(RFC_SECRET, seconds * 1000)).toBe(code);
    expect(matchTotpStep(RFC_SECRET, code, seconds * 1000)).toBe(BigInt(Math.floor(seconds / 30)));
  });

  it('accepts codes one step either side and nothing further', () => {
    const secret = generateTotpSecret();
    const t = 1_800_000_000_000;
    const step = BigInt(t / 30_000);
    expect(matchTotpStep(secret, totpCode(secret, t - 30_000), t)).toBe(step - 1n);
    expect(matchTotpStep(secret, totpCode(secret, t), t)).toBe(step);
    expect(matchTotpStep(secret, totpCode(secret, t + 30_000), t)).toBe(step + 1n);
    expect(matchTotpStep(secret, totpCode(secret, t - 60_000), t)).toBeNull();
    expect(matchTotpStep(secret, totpCode(secret, t + 60_000), t)).toBeNull();
    expect(matchTotpStep(secret, 'abcdef', t)).toBeNull();
  });

  it('generates 160-bit base32 secrets without padding', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(generateTotpSecret()).not.toBe(secret);
  });

  it('builds the otpauth URI of the checklist', () => {
    expect(provisioningUri('ABCDEFGHIJKLMNOP', 'ana+audit@example.test')).toBe(
      'otpauth://totp/auditsvc:ana%2Baudit%40example.test?secret=ABCDEFGHIJKLMNOP&issuer=auditsvc&algorithm=SHA1&digits=6&period=30',
    );
  });
});

describe('backup codes', () => {
  it('are 10 lowercase hex characters as xxxxx-xxxxx', () => {
    const codes = new Set(Array.from({ length: 50 }, generateBackupCode));
    expect(codes.size).toBe(50);
    for (const code of codes) expect(code).toMatch(/^[0-9a-f]{5}-[0-9a-f]{5}$/);
  });

  it('normalise case, spaces and a missing hyphen, and refuse anything else', () => {
    expect(normalizeBackupCode(' AB12C-34DEF ')).toBe('ab12c-34def');
    expect(normalizeBackupCode('ab12c34def')).toBe('ab12c-34def');
    expect(normalizeBackupCode('zz12c-34def')).toBeNull();
    expect(normalizeBackupCode('123456')).toBeNull();
  });
});

describe('secret box', () => {
  it('round-trips, never shows the plaintext, and detects tampering or a wrong key', () => {
    const box = createSecretBox('key one');
    const sealed = box.seal('JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    const parts = sealed.split(':');
    parts[3] = Buffer.from('tampered').toString('base64');
    expect(() => box.open(parts.join(':'))).toThrow();
    expect(() => createSecretBox('key two').open(sealed)).toThrow();
  });
});
