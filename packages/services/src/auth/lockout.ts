// Brute-force lockout (spec 3.4 and 5.6): 5 failed logins within 15 minutes lock the e-mail for
// 15 minutes. Attempts are counted before the password is checked, so 20 parallel wrong logins
// get 5 password checks and 15 answers of 423, and unknown e-mails are counted exactly like known
// ones (nothing reveals which accounts exist).
import type { LoginAttemptRepository, LoginAttemptState } from '@auditsvc/db';
import { isUniqueViolation } from '../prisma-errors';

export const LOCKOUT_MAX_FAILURES = 5;
export const LOCKOUT_WINDOW_MS = 15 * 60 * 1000;
export const LOCKOUT_DURATION_MS = 15 * 60 * 1000;

/** Compare-and-set rounds before giving up; each round lets at least one contender through. */
const MAX_ROUNDS = 200;

export type Reservation = { locked: true; lockedUntil: Date } | { locked: false; attempt: number };

function stateOf(record: LoginAttemptState): LoginAttemptState {
  return {
    failureCount: record.failureCount,
    windowStartedAt: record.windowStartedAt,
    lockedUntil: record.lockedUntil,
  };
}

export function createLockout(deps: { attempts: LoginAttemptRepository; now: () => Date }) {
  const { attempts } = deps;

  return {
    /** Counts one login attempt; answers whether the e-mail is locked, else the attempt's number. */
    async reserve(email: string): Promise<Reservation> {
      for (let round = 0; round < MAX_ROUNDS; round += 1) {
        const now = deps.now();
        const record = await attempts.find(email);
        if (!record) {
          try {
            await attempts.create(email, { failureCount: 1, windowStartedAt: now, lockedUntil: null });
            return { locked: false, attempt: 1 };
          } catch (error) {
            if (isUniqueViolation(error)) continue;
            throw error;
          }
        }
        const current = stateOf(record);
        if (current.lockedUntil && current.lockedUntil > now)
          return { locked: true, lockedUntil: current.lockedUntil };
        const windowOver = current.windowStartedAt.getTime() + LOCKOUT_WINDOW_MS <= now.getTime();
        const lockOver = current.lockedUntil !== null;
        const next: LoginAttemptState =
          windowOver || lockOver
            ? { failureCount: 1, windowStartedAt: now, lockedUntil: null }
            : { ...current, failureCount: current.failureCount + 1 };
        // More attempts than failures allowed while earlier ones are still being checked: lock now.
        if (next.failureCount > LOCKOUT_MAX_FAILURES)
          next.lockedUntil = new Date(now.getTime() + LOCKOUT_DURATION_MS);
        if (!(await attempts.compareAndSet(email, current, next))) continue;
        return next.lockedUntil
          ? { locked: true, lockedUntil: next.lockedUntil }
          : { locked: false, attempt: next.failureCount };
      }
      throw new Error('Login attempt bookkeeping did not settle under contention.');
    },

    /** The reserved attempt failed; the fifth failure in the window locks the e-mail. */
    async fail(email: string, attempt: number): Promise<void> {
      if (attempt >= LOCKOUT_MAX_FAILURES) {
        await attempts.lock(email, new Date(deps.now().getTime() + LOCKOUT_DURATION_MS));
      }
    },

    /** The reserved attempt was neither a success nor a failure (password right, MFA code missing). */
    release(email: string): Promise<void> {
      return attempts.release(email);
    },

    /** A successful login forgets earlier failures. */
    async succeed(email: string): Promise<void> {
      await attempts.clear(email);
    },
  };
}

export type Lockout = ReturnType<typeof createLockout>;
