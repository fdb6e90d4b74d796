import type { PrismaClient, Tx } from '../client';
import type { TotpBackupCode, TotpEnrolment } from '../generated/sqlite/client';

export type TotpEnrolmentRecord = TotpEnrolment;
export type BackupCodeRecord = TotpBackupCode;

/** enrol and clear write several rows: call them inside repos.transaction. */
export function createTotpRepository(prisma: PrismaClient | Tx) {
  return {
    findEnrolment(userId: string): Promise<TotpEnrolment | null> {
      return prisma.totpEnrolment.findUnique({ where: { userId } });
    },
    /** Stores the enrolment and replaces the user's backup codes. */
    async enrol(
      userId: string,
      secretEncrypted: string,
      lastUsedStep: bigint,
      backupCodes: { id: string; codeHash: string }[],
    ): Promise<void> {
      await prisma.totpBackupCode.deleteMany({ where: { userId } });
      await prisma.totpEnrolment.create({ data: { userId, secretEncrypted, lastUsedStep } });
      await prisma.totpBackupCode.createMany({ data: backupCodes.map((code) => ({ ...code, userId })) });
    },
    /** Removes the enrolment and its backup codes; returns whether an enrolment existed. */
    async clear(userId: string): Promise<boolean> {
      await prisma.totpBackupCode.deleteMany({ where: { userId } });
      return (await prisma.totpEnrolment.deleteMany({ where: { userId } })).count > 0;
    },
    /**
     * Records `step` as the last accepted time step if it is newer than the stored one. False means
     * the step (or a later one) was used already: a replay.
     */
    async claimStep(userId: string, step: bigint): Promise<boolean> {
      const { count } = await prisma.totpEnrolment.updateMany({
        where: { userId, OR: [{ lastUsedStep: null }, { lastUsedStep: { lt: step } }] },
        data: { lastUsedStep: step },
      });
      return count === 1;
    },
    unusedBackupCodes(userId: string): Promise<TotpBackupCode[]> {
      return prisma.totpBackupCode.findMany({ where: { userId, usedAt: null } });
    },
    /** Marks a backup code used; false when another request used it first. */
    async consumeBackupCode(id: string, at: Date): Promise<boolean> {
      const { count } = await prisma.totpBackupCode.updateMany({
        where: { id, usedAt: null },
        data: { usedAt: at },
      });
      return count === 1;
    },
  };
}

export type TotpRepository = ReturnType<typeof createTotpRepository>;
