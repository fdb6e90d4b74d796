// TOTP enrolment (enroll, then confirm), second-factor checks at login, and disabling MFA.
import { Caller, ConflictError, ForbiddenError, UnauthorizedError, newId } from '@auditsvc/core';
import type { Repositories } from '@auditsvc/db';
import {
  BACKUP_CODE_COUNT,
  findMatchingCode,
  generateBackupCode,
  hashBackupCode,
  normalizeBackupCode,
} from './backup-codes';
import type { FromSchema } from 'json-schema-to-ts';
import type { SecretBox } from './secret-box';
import { generateTotpSecret, matchTotpStep, provisioningUri } from './totp';
import { isUniqueViolation } from '../prisma-errors';

/** The second factor a login or an MFA change may carry: a TOTP code or an unused backup code. */
export const secondFactorProperties = {
  totp_code: { type: 'string', maxLength: 16 },
  backup_code: { type: 'string', maxLength: 32 },
} as const;

/** POST /auditsvc/auth/totp/disable (either member; the route asks for one of them). */
export const secondFactorSchema = {
  type: 'object',
  properties: secondFactorProperties,
  additionalProperties: false,
} as const;
export type SecondFactor = FromSchema<typeof secondFactorSchema>;

export interface MfaDeps {
  repos: Pick<Repositories, 'totp' | 'users' | 'transaction'>;
  box: SecretBox;
  now: () => Date;
}

type SessionCaller = Extract<Caller, { kind: 'session' }>;

function sessionOnly(caller: Caller): SessionCaller {
  if (caller.kind !== 'session')
    throw new ForbiddenError('The admin token has no account to protect with MFA.');
  return caller;
}

export function createMfaService(deps: MfaDeps) {
  const { totp } = deps.repos;

  async function assertNotEnrolled(userId: string): Promise<void> {
    if (await totp.findEnrolment(userId)) throw new ConflictError('MFA is already enabled for this account.');
  }

  /** True when the code is a valid, unused TOTP code or an unused backup code of the user. */
  async function verifySecondFactor(userId: string, factor: SecondFactor): Promise<boolean> {
    if (factor.totp_code !== undefined) {
      const enrolment = await totp.findEnrolment(userId);
      if (!enrolment) return false;
      const step = matchTotpStep(
        deps.box.open(enrolment.secretEncrypted),
        factor.totp_code.trim(),
        deps.now().getTime(),
      );
      return step !== null && (await totp.claimStep(userId, step));
    }
    if (factor.backup_code !== undefined) {
      const code = normalizeBackupCode(factor.backup_code);
      if (!code) return false;
      const id = await findMatchingCode(code, await totp.unusedBackupCodes(userId));
      return id !== null && (await totp.consumeBackupCode(id, deps.now()));
    }
    return false;
  }

  return {
    verifySecondFactor,

    /** A fresh secret and its otpauth:// URI. Nothing is stored until confirm succeeds. */
    async enroll(caller: Caller) {
      const session = sessionOnly(caller);
      await assertNotEnrolled(session.userId);
      const secret = generateTotpSecret();
      return { secret, provisioning_uri: provisioningUri(secret, session.email) };
    },

    /** Verifies a code for the supplied secret, stores the secret encrypted, and issues backup codes. */
    async confirm(caller: Caller, secret: string, code: string) {
      const session = sessionOnly(caller);
      await assertNotEnrolled(session.userId);
      const normalizedSecret = secret.replace(/[\s=]/g, '').toUpperCase();
      const step = matchTotpStep(normalizedSecret, code.trim(), deps.now().getTime());
      if (step === null) throw new UnauthorizedError('Invalid TOTP code.');
      const codes = Array.from({ length: BACKUP_CODE_COUNT }, generateBackupCode);
      const hashes = await Promise.all(codes.map(hashBackupCode));
      try {
        // The confirming code's step counts as used, so it cannot be replayed at login.
        await deps.repos.transaction((tx) =>
          tx.totp.enrol(
            session.userId,
            deps.box.seal(normalizedSecret),
            step,
            hashes.map((codeHash) => ({ id: newId('backupCode'), codeHash })),
          ),
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw new ConflictError('MFA is already enabled for this account.');
        throw error;
      }
      return { ok: true as const, totp_enabled: true as const, backup_codes: codes };
    },

    /** Turns MFA off after a valid TOTP code or backup code. */
    async disable(caller: Caller, factor: SecondFactor) {
      const session = sessionOnly(caller);
      if (!(await totp.findEnrolment(session.userId)))
        throw new ConflictError('MFA is not enabled for this account.');
      if (!(await verifySecondFactor(session.userId, factor)))
        throw new UnauthorizedError('Invalid MFA code.');
      await deps.repos.transaction((tx) => tx.totp.clear(session.userId));
      return { ok: true as const, totp_enabled: false as const };
    },
  };
}

export type MfaService = ReturnType<typeof createMfaService>;
