import type { PrismaClient, Tx } from '../client';
import type { Firm, Prisma } from '../generated/sqlite/client';

export type FirmRecord = Firm;
export type FirmCreate = Prisma.FirmUncheckedCreateInput;
export type FirmUpdate = Prisma.FirmUncheckedUpdateInput;

export function createFirmRepository(prisma: PrismaClient | Tx) {
  return {
    findById(id: string): Promise<Firm | null> {
      return prisma.firm.findUnique({ where: { id } });
    },
    /** A page of firms, display_name ascending (id breaks ties so pages are stable). */
    async list(filter: { firmId: string | null }, page: { limit: number; offset: number }) {
      const where = filter.firmId === null ? {} : { id: filter.firmId };
      const [items, total] = await Promise.all([
        prisma.firm.findMany({
          where,
          orderBy: [{ displayName: 'asc' }, { id: 'asc' }],
          take: page.limit,
          skip: page.offset,
        }),
        prisma.firm.count({ where }),
      ]);
      return { items, total };
    },
    create(data: FirmCreate): Promise<Firm> {
      return prisma.firm.create({ data });
    },
    update(id: string, data: FirmUpdate): Promise<Firm> {
      return prisma.firm.update({ where: { id }, data });
    },
    async delete(id: string): Promise<boolean> {
      const { count } = await prisma.firm.deleteMany({ where: { id } });
      return count > 0;
    },
  };
}

export type FirmRepository = ReturnType<typeof createFirmRepository>;
