import type { PrismaClient, Tx } from '../client';
import type { LoginAttempt } from '../generated/sqlite/client';

export interface LoginAttemptState {
  failureCount: number;
  windowStartedAt: Date;
  lockedUntil: Date | null;
}

/**
 * Failed-login records per e-mail. Writes are compare-and-set on the whole state, so concurrent
 * logins (in any number of API processes, on either database) never lose a count.
 */
export function createLoginAttemptRepository(prisma: PrismaClient | Tx) {
  return {
    find(email: string): Promise<LoginAttempt | null> {
      return prisma.loginAttempt.findUnique({ where: { email } });
    },
    /** Creates the first record; throws a unique violation when another request created it first. */
    create(email: string, state: LoginAttemptState): Promise<LoginAttempt> {
      return prisma.loginAttempt.create({ data: { email, ...state } });
    },
    /** Replaces `expected` with `next`; false when the record changed in between (retry). */
    async compareAndSet(
      email: string,
      expected: LoginAttemptState,
      next: LoginAttemptState,
    ): Promise<boolean> {
      const { count } = await prisma.loginAttempt.updateMany({
        where: {
          email,
          failureCount: expected.failureCount,
          windowStartedAt: expected.windowStartedAt,
          lockedUntil: expected.lockedUntil,
        },
        data: next,
      });
      return count === 1;
    },
    /** Locks the record until `until` unless it is locked already. */
    async lock(email: string, until: Date): Promise<void> {
      await prisma.loginAttempt.updateMany({
        where: { email, lockedUntil: null },
        data: { lockedUntil: until },
      });
    },
    /** Gives back one counted attempt (a login that was neither a success nor a failure). */
    async release(email: string): Promise<void> {
      await prisma.loginAttempt.updateMany({
        where: { email, lockedUntil: null, failureCount: { gt: 0 } },
        data: { failureCount: { decrement: 1 } },
      });
    },
    /** Removes the record; returns whether there was one. */
    async clear(email: string): Promise<boolean> {
      return (await prisma.loginAttempt.deleteMany({ where: { email } })).count > 0;
    },
  };
}

export type LoginAttemptRepository = ReturnType<typeof createLoginAttemptRepository>;
