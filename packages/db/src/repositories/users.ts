import type { PrismaClient, Tx } from '../client';
import type { Prisma, User } from '../generated/sqlite/client';

export type UserRecord = User & { totpEnabled: boolean };

const withTotp = { totpEnrolment: { select: { userId: true } } } as const;

function present(user: (User & { totpEnrolment: { userId: string } | null }) | null): UserRecord | null {
  if (!user) return null;
  const { totpEnrolment, ...rest } = user;
  return { ...rest, totpEnabled: totpEnrolment !== null };
}

export function createUserRepository(prisma: PrismaClient | Tx) {
  return {
    async findById(id: string): Promise<UserRecord | null> {
      return present(await prisma.user.findUnique({ where: { id }, include: withTotp }));
    },
    async findByEmail(email: string): Promise<UserRecord | null> {
      return present(await prisma.user.findUnique({ where: { email }, include: withTotp }));
    },
    /** A page of users, firm_id then e-mail ascending; platform admins (no firm) sort first. */
    async list(filter: { firmId: string | null }, page: { limit: number; offset: number }) {
      const where = filter.firmId === null ? {} : { firmId: filter.firmId };
      const [rows, total] = await Promise.all([
        prisma.user.findMany({
          where,
          include: withTotp,
          orderBy: [{ firmId: { sort: 'asc', nulls: 'first' } }, { email: 'asc' }],
          take: page.limit,
          skip: page.offset,
        }),
        prisma.user.count({ where }),
      ]);
      return { items: rows.map((row) => present(row)!), total };
    },
    async create(data: Prisma.UserUncheckedCreateInput): Promise<UserRecord> {
      return present(await prisma.user.create({ data, include: withTotp }))!;
    },
    async update(id: string, data: Prisma.UserUncheckedUpdateInput): Promise<UserRecord> {
      return present(await prisma.user.update({ where: { id }, data, include: withTotp }))!;
    },
    async delete(id: string): Promise<boolean> {
      const { count } = await prisma.user.deleteMany({ where: { id } });
      return count > 0;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
