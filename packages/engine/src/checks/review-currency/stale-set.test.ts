// Documents not reviewed within their cycle on the audit date, one finding for the set: a
// water utility's policies with a revision history last touched years ago, a fintech's handbook
// pages with "Last updated" fields. Decoys: a set revised within its cycle, a document whose
// newer review date makes it current, and a record (not a policy) of any age.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { snapshotOf, INTAKE } from '../../../test/helpers/synthetic-corpus';
import { staleOnAuditDate, staleSetIssue } from './stale-set';

async function stale(files: Record<string, string>, asOf = '2026-11-26') {
  const analysis = analyzeCorpus(await snapshotOf(files, asOf), INTAKE);
  const documents = staleOnAuditDate(analysis);
  return {
    names: documents.map((d) => d.doc.name).sort(),
    issue: staleSetIssue(analysis, documents),
    analysis,
  };
}

const utilityPolicy = (title: string, date: string) =>
  `# ${title}\n\nThe network team must patch pumping-station controllers.\n\n## Revision history\n\n| Version | Date | Change |\n|---|---|---|\n| 1.0 | ${date} | Initial document |\n`;

test("a water utility's policies, revision history last touched in 2019, are one stale-set finding", async () => {
  const { names, issue, analysis } = await stale({
    'Telemetry-Security-Policy.md': utilityPolicy('Telemetry Security Policy', '4 March 2019'),
    'Access-Policy.md': utilityPolicy('Access Policy', '4 March 2019'),
    'Backup-Policy.md': utilityPolicy('Backup Policy', '12 June 2019'),
  });
  expect(names).toEqual(['Access-Policy.md', 'Backup-Policy.md', 'Telemetry-Security-Policy.md']);
  expect(issue!.primitive).toBe('currency_check');
  expect(issue!.severity).toBe('high');
  expect(issue!.title).toBe(
    '3 of 3 dated policies and procedures not reviewed or revised for over 7 years at the audit date',
  );
  for (const q of issue!.quotes)
    expect(analysis.byName.get(q.document)!.text.slice(q.start, q.end)).toBe(q.text);
});

test("a fintech's handbook pages with 'Last updated' fields and an annual cycle", async () => {
  const page = (title: string, updated: string) =>
    `# ${title}\n\nLast updated: ${updated}\n\nThis policy is reviewed annually by the CISO.\n\nEngineers must use hardware keys.\n`;
  const { names, issue } = await stale({
    'payments-policy.md': page('Payments Security Policy', '2024-05-02'),
    'vendor-policy.md': page('Vendor Policy', '2026-03-01'),
  });
  expect(names).toEqual(['payments-policy.md']);
  expect(issue!.severity).toBe('medium');
});

test('decoys: revised within the cycle, a newer review date, and a record', async () => {
  const { names, issue } = await stale({
    'Access-Policy.md': `${utilityPolicy('Access Policy', '4 March 2019')}\nLast reviewed: 2 February 2026\n`,
    'Backup-Policy.md': utilityPolicy('Backup Policy', '12 June 2026'),
    'Access-Review-Log.csv': 'date,reviewer,result\n2018-01-04,J. Smith,ok\n',
  });
  expect(names).toEqual([]);
  expect(issue).toBeNull();
});

test('a document past the review cycle it sets itself is quoted first and named in the finding', async () => {
  // A ferry operator: two policies silent about their cycle, one that promises an annual review.
  const { issue } = await stale({
    'Berth-Policy.md': utilityPolicy('Berth Policy', '4 March 2018'),
    'Crew-Policy.md': utilityPolicy('Crew Policy', '9 April 2018'),
    'Crisis-Plan.md':
      '# Crisis Plan\n\nThe duty master leads the response.\n\nAt least once a year we review and update the plan.\n\n## Change log\n\n* 2023-08-14: Added the harbour radio channel\n',
  });
  expect(issue!.quotes[0]!.document).toBe('Crisis-Plan.md');
  expect(issue!.description).toContain(
    'Crisis-Plan.md requires its own review annually but was last touched on 2023-08-14',
  );
});

test('a document past the next review date it sets itself is listed, though its cycle has not run out', async () => {
  // A grower's procedure on a two-year cycle, due for review a few weeks before the audit; a
  // hospital standard with a "Review due" field. Decoy: a clinic procedure due after the audit date.
  const controlTable = (next: string, label = 'Next review date') =>
    `| Field | Detail |\n|---|---|\n| Review cycle | Every two (2) years |\n| ${label} | ${next} |\n`;
  const { names, issue } = await stale({
    'Access-Control-Procedure.md': `# Access Control Procedure\n\n${controlTable('01/11/2026')}\n## Revision history\n\n| Version | Date | Change |\n|---|---|---|\n| 1.1 | 15/11/2024 | Portals added |\n\nThe ICT Manager must remove leavers' accounts.\n`,
    'Theatre-Standard.md': `# Theatre Sterile Supply Standard\n\n${controlTable('2026-10-15', 'Review due')}\nLast reviewed: 2025-10-15\n\nSterile packs must be checked before use.\n`,
    'Clinic-Procedure.md': `# Clinic Procedure\n\n${controlTable('2027-01-20')}\nLast reviewed: 2025-01-20\n\nNurses must log every dose.\n`,
  });
  expect(names).toEqual(['Access-Control-Procedure.md', 'Theatre-Standard.md']);
  expect(issue!.title).toBe(
    '2 of 3 dated policies and procedures past their review cycle or next review date at the audit date',
  );
  expect(issue!.description).toContain(
    'Access-Control-Procedure.md set its next review date for 2026-11-01 ("01/11/2026")',
  );
  expect(issue!.quotes.map((q) => q.text)).toEqual(
    expect.arrayContaining([expect.stringContaining('01/11/2026'), expect.stringContaining('2026-10-15')]),
  );
});
