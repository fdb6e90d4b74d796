import type { PrismaClient, Tx } from '../client';
import type { Prisma, Template } from '../generated/sqlite/client';

export type TemplateRecord = Template;

export function createTemplateRepository(prisma: PrismaClient | Tx) {
  return {
    findById(id: string): Promise<Template | null> {
      return prisma.template.findUnique({ where: { id } });
    },
    /** A page of templates by name. */
    async list(filter: { firmId: string | null }, page: { limit: number; offset: number }) {
      const where = filter.firmId === null ? {} : { firmId: filter.firmId };
      const [items, total] = await Promise.all([
        prisma.template.findMany({
          where,
          orderBy: [{ name: 'asc' }, { id: 'asc' }],
          take: page.limit,
          skip: page.offset,
        }),
        prisma.template.count({ where }),
      ]);
      return { items, total };
    },
    create(data: Prisma.TemplateUncheckedCreateInput): Promise<Template> {
      return prisma.template.create({ data });
    },
    update(id: string, data: Prisma.TemplateUncheckedUpdateInput): Promise<Template> {
      return prisma.template.update({ where: { id }, data });
    },
    async delete(id: string): Promise<boolean> {
      return (await prisma.template.deleteMany({ where: { id } })).count > 0;
    },
  };
}

export type TemplateRepository = ReturnType<typeof createTemplateRepository>;
