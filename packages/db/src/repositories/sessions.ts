import type { PrismaClient, Tx } from '../client';
import type { Session, User } from '../generated/sqlite/client';

export function createSessionRepository(prisma: PrismaClient | Tx) {
  return {
    create(data: { id: string; tokenHash: string; userId: string; expiresAt: Date }): Promise<Session> {
      return prisma.session.create({ data });
    },
    /** The live session for a token hash with its user, or null when absent or expired. */
    async findActiveByTokenHash(tokenHash: string, now: Date): Promise<(Session & { user: User }) | null> {
      const session = await prisma.session.findUnique({ where: { tokenHash }, include: { user: true } });
      if (!session || session.expiresAt <= now) return null;
      return session;
    },
    async deleteByTokenHash(tokenHash: string): Promise<number> {
      return (await prisma.session.deleteMany({ where: { tokenHash } })).count;
    },
    /** Revokes every session of a user, or every one but `exceptSessionId`; returns how many ended. */
    async deleteForUser(userId: string, exceptSessionId?: string): Promise<number> {
      const where = exceptSessionId ? { userId, id: { not: exceptSessionId } } : { userId };
      return (await prisma.session.deleteMany({ where })).count;
    },
    async deleteExpired(now: Date): Promise<number> {
      return (await prisma.session.deleteMany({ where: { expiresAt: { lte: now } } })).count;
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
