import { CachedSession, createSessionCache } from '../src';

function session(userId: string): CachedSession {
  return {
    caller: {
      kind: 'session',
      sessionId: `s-${userId}`,
      userId,
      email: `${userId}@x.test`,
      role: 'associate',
      firmId: 'f',
    },
    expiresAt: new Date(Date.now() + 60_000),
  };
}

it('answers nothing until the revocation signal is live, and forgets everything when it is lost', () => {
  const cache = createSessionCache(60_000);
  cache.set('t1', session('u1'), cache.generation());
  expect(cache.get('t1')).toBeUndefined();
  cache.setLive(true);
  cache.set('t1', session('u1'), cache.generation());
  expect(cache.get('t1')?.caller.userId).toBe('u1');
  cache.setLive(false);
  expect(cache.get('t1')).toBeUndefined();
  cache.setLive(true);
  expect(cache.get('t1')).toBeUndefined();
});

it('drops one token, or every session of a user, on revocation', () => {
  const cache = createSessionCache(60_000);
  cache.setLive(true);
  for (const [token, user] of [
    ['a', 'u1'],
    ['b', 'u1'],
    ['c', 'u2'],
  ] as const)
    cache.set(token, session(user), cache.generation());
  cache.revoke({ tokenHash: 'c' });
  expect(cache.get('c')).toBeUndefined();
  cache.set('c', session('u2'), cache.generation());
  cache.revoke({ userId: 'u1' });
  expect(cache.get('a')).toBeUndefined();
  expect(cache.get('b')).toBeUndefined();
  expect(cache.get('c')?.caller.userId).toBe('u2');
});

it('does not store a session read before a revocation that arrived during the read', () => {
  const cache = createSessionCache(60_000);
  cache.setLive(true);
  const before = cache.generation();
  cache.revoke({ userId: 'u1' }); // arrives while the database read is in flight
  cache.set('a', session('u1'), before);
  expect(cache.get('a')).toBeUndefined();
});

it('stores nothing with a lifetime of 0', () => {
  const cache = createSessionCache(0);
  cache.setLive(true);
  cache.set('a', session('u1'), cache.generation());
  expect(cache.get('a')).toBeUndefined();
});
