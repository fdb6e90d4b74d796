// The findings list of an engagement, the hottest read of the review screen: the page and its
// total in one reviewed SQL statement through the plain reader, instead of two Prisma queries.
// packages/db/test/findings-page.test.ts holds it to the Prisma query.
import type { Finding } from '../generated/sqlite/client';
import { FINDING_COLUMNS, PlainReader, readPage } from '../plain-reads';

/** A page of the engagement's findings and their total, in FINDING_ORDER. */
export function listFindingsPage(
  reader: PlainReader,
  engagementId: string,
  page: { limit: number; offset: number },
): Promise<{ items: Finding[]; total: number }> {
  return readPage<Finding>(
    reader,
    {
      from: 'FROM findings f WHERE f.engagement_id = $1',
      params: [engagementId],
      // Same order as FINDING_ORDER: severity, then confidence, descending; id keeps pages stable.
      orderBy: 'f.severity_rank DESC, f.confidence DESC, f.id DESC',
      columns: FINDING_COLUMNS,
      alias: 'f',
    },
    page,
  );
}
