import type { PrismaClient, Tx } from '../client';
import type { Comment } from '../generated/sqlite/client';

export type CommentRecord = Comment;

export function createCommentRepository(prisma: PrismaClient | Tx) {
  return {
    create(data: {
      id: string;
      findingId: string;
      engagementId: string;
      authorUserId: string | null;
      body: string;
    }) {
      return prisma.comment.create({ data });
    },
    findInEngagement(engagementId: string, id: string): Promise<Comment | null> {
      return prisma.comment.findFirst({ where: { id, engagementId } });
    },
    /** A finding's comments, oldest first. */
    async listForFinding(findingId: string, page: { limit: number; offset: number }) {
      const where = { findingId };
      const [items, total] = await Promise.all([
        prisma.comment.findMany({
          where,
          orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
          take: page.limit,
          skip: page.offset,
        }),
        prisma.comment.count({ where }),
      ]);
      return { items, total };
    },
    async delete(id: string): Promise<void> {
      await prisma.comment.deleteMany({ where: { id } });
    },
  };
}

export type CommentRepository = ReturnType<typeof createCommentRepository>;
