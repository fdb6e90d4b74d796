import type { PrismaClient, Tx } from '../client';
import type { Chunk, CorpusFile, Prisma } from '../generated/sqlite/client';

export type CorpusFileRecord = CorpusFile;
export type ChunkRecord = Chunk;
export type ChunkCreate = Prisma.ChunkUncheckedCreateInput;

/** Rows per INSERT when storing chunks: keeps statements well under SQLite's parameter limit. */
const CHUNK_BATCH = 200;

/** A corpus file's parsed text, recorded by a successful ingest. */
export interface ParsedFileUpdate {
  id: string;
  text: string;
  sections: unknown;
  pageCount: number | null;
}

export function createCorpusRepository(prisma: PrismaClient | Tx) {
  return {
    /** The files without their parsed text (listings, ingest planning). */
    listFileHeads(engagementId: string) {
      return prisma.corpusFile.findMany({
        where: { engagementId },
        orderBy: [{ uploadedAt: 'asc' }, { id: 'asc' }],
        select: {
          id: true,
          filename: true,
          storedName: true,
          sizeBytes: true,
          contentType: true,
          parseStatus: true,
          parseError: true,
        },
      });
    },
    findFile(engagementId: string, filename: string): Promise<CorpusFile | null> {
      return prisma.corpusFile.findUnique({ where: { engagementId_filename: { engagementId, filename } } });
    },
    /** The file stored under `storedName` (its bytes' name in the object store), in any engagement. */
    findFileByStoredName(storedName: string): Promise<CorpusFile | null> {
      return prisma.corpusFile.findFirst({ where: { storedName } });
    },
    countFiles(engagementId: string): Promise<number> {
      return prisma.corpusFile.count({ where: { engagementId } });
    },
    createFile(data: Prisma.CorpusFileUncheckedCreateInput): Promise<CorpusFile> {
      return prisma.corpusFile.create({ data });
    },
    async deleteFile(id: string): Promise<void> {
      await prisma.corpusFile.deleteMany({ where: { id } });
    },
    /** After a failed ingest: every file parsed except those named, which carry their reason. */
    async markParseFailures(engagementId: string, failures: Map<string, string>): Promise<void> {
      await prisma.corpusFile.updateMany({
        where: { engagementId },
        data: { parseStatus: 'parsed', parseError: null },
      });
      for (const [id, error] of failures) {
        await prisma.corpusFile.update({ where: { id }, data: { parseStatus: 'failed', parseError: error } });
      }
    },
    async recordParsed(file: ParsedFileUpdate): Promise<void> {
      await prisma.corpusFile.update({
        where: { id: file.id },
        data: {
          text: file.text,
          sections: file.sections as Prisma.InputJsonValue,
          pageCount: file.pageCount,
          parseStatus: 'parsed',
          parseError: null,
        },
      });
    },
    async createChunks(rows: ChunkCreate[]): Promise<void> {
      for (let i = 0; i < rows.length; i += CHUNK_BATCH) {
        await prisma.chunk.createMany({ data: rows.slice(i, i + CHUNK_BATCH) });
      }
    },
    /** The documents (with text) and chunks of an ingested corpus, for the audit engine. */
    async loadCorpus(clientId: string) {
      const chunks = await prisma.chunk.findMany({
        where: { clientId },
        orderBy: [{ document: 'asc' }, { ordinal: 'asc' }],
      });
      const fileIds = [...new Set(chunks.map((chunk) => chunk.fileId))];
      const files = await prisma.corpusFile.findMany({
        where: { id: { in: fileIds } },
        orderBy: { filename: 'asc' },
      });
      return { files, chunks };
    },
  };
}

export type CorpusRepository = ReturnType<typeof createCorpusRepository>;
