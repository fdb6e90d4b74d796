import { hashToken, newSessionToken, safeEqual } from '../src';

it('issues 256-bit URL-safe tokens stored as SHA-256 hex', () => {
  const token = newSessionToken();
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(newSessionToken()).not.toBe(token);
  expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
  expect(hashToken(token)).toBe(hashToken(token));
});

it('compares secrets of any length without throwing', () => {
  expect(safeEqual('abc', 'abc')).toBe(true);
  expect(safeEqual('abc', 'abd')).toBe(false);
  expect(safeEqual('a', 'a-much-longer-secret')).toBe(false);
  expect(safeEqual('', 'x')).toBe(false);
});
