// A document past its own next-review date, as a reader finds it: named by its file and its title
// (not the letterhead above the title), the due date as written beside the date read. Fixtures: a
// pension fund's text standard under a company letterhead with dot leaders, a port operator's
// Markdown policy; decoy: a review date still ahead.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { snapshotOf, INTAKE } from '../../../test/helpers/synthetic-corpus';
import { reviewCurrencyIssue } from './review-currency';

async function overdue(name: string, text: string, asOf: string) {
  const analysis = analyzeCorpus(await snapshotOf({ [name]: text }, asOf), INTAKE);
  const doc = analysis.byName.get(name)!;
  const reference = { time: Date.parse(asOf), iso: asOf, phrase: asOf, index: 0 };
  return { doc, issue: reviewCurrencyIssue(doc, reference) };
}

test('a letterhead with the page marking ("... LTD - CONFIDENTIAL", "... INC | Internal") names no document', async () => {
  for (const letterhead of [
    'STELLENBOSCH VINTNERS CO-OPERATIVE LTD - CONFIDENTIAL',
    'Harbor Freight Lines Inc | Internal',
  ]) {
    const { doc } = await overdue(
      'Shop-Agreement.txt',
      `${letterhead}\n\nONLINE SHOP SERVICES AGREEMENT\n\nNext review date: 01/02/2025\n`,
      '2025-11-21',
    );
    expect(doc.title).toBe('ONLINE SHOP SERVICES AGREEMENT');
  }
});

test("a pension fund's standard under a letterhead: the title is the standard's, the due date is quoted as written", async () => {
  const { doc, issue } = await overdue(
    'Access-Standard.txt',
    [
      'EXAMPLE SUPERANNUATION PTY LTD',
      'ACCESS MANAGEMENT STANDARD',
      '',
      'Document ID ........... XS-STD-017',
      'Date approved ......... 14/03/2023',
      'Review frequency ...... Annual',
      'Next review due ....... 14/03/2024',
      '',
      '1. PURPOSE',
      '',
      '1.1 This Standard sets how access to member systems is granted and removed.',
    ].join('\n'),
    '2025-11-21',
  );
  expect(doc.title).toBe('ACCESS MANAGEMENT STANDARD');
  expect(issue!.title).toBe('ACCESS MANAGEMENT STANDARD overdue for review: next review was due 2024-03-14');
  expect(issue!.description).toContain('Access-Standard.txt ("ACCESS MANAGEMENT STANDARD")');
  expect(issue!.description).toContain(
    'is overdue: it was due for its next review on 2024-03-14 ("14/03/2024")',
  );
});

test("a port operator's policy named by its file alone when the file name says the title", async () => {
  const { issue } = await overdue(
    'Berth-Safety-Policy.md',
    '# Berth Safety Policy\n\n| Next review | 2025-01-31 |\n\n## 1. Scope\n\nAll berths are inspected weekly.',
    '2026-02-01',
  );
  expect(issue!.description).toMatch(/^Berth-Safety-Policy\.md is overdue: it was due/);
});

test('decoy: a next review still ahead gives no finding', async () => {
  const { issue } = await overdue(
    'Berth-Safety-Policy.md',
    '# Berth Safety Policy\n\n| Next review | 2026-06-30 |\n\n## 1. Scope\n\nAll berths are inspected weekly.',
    '2026-02-01',
  );
  expect(issue).toBeNull();
});
