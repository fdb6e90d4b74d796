// Conflicting requirements written in layouts the sentence reader used to miss: sub-list items
// without markers under "it shall:", plain-text tables ruled under their column names with cells
// wrapped over several lines, a prose cell that names no action, a cell that opens with its value,
// a "Minimum frequency" column, and an "initial report" set against an unqualified one. Each in
// two industries' wording, with a decoy that must not fire.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { requirementsOf } from '../../analyst/requirements';
import { snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { conflictIssue, findRequirementConflicts } from './conflicts';

async function conflicts(files: Record<string, string>) {
  const analysis = analyzeCorpus(await snapshotOf(files), null);
  const found = findRequirementConflicts(
    analysis,
    analysis.documents.flatMap((d) => d.segments),
  );
  return { analysis, found };
}

const values = (found: Awaited<ReturnType<typeof conflicts>>['found']) =>
  found.map((c) => [c.a.quantity.value, c.b.quantity.value].sort((x, y) => x - y));

describe('sub-list items without markers', () => {
  test('a water utility: "it shall:" then indented items; the notice to the Attorney General differs', async () => {
    const { analysis, found } = await conflicts({
      'Cybersecurity-Policy.txt': [
        'Cybersecurity Policy',
        '',
        '10.2 If the District determines that a breach has occurred, it shall:',
        '\t\tnotify each affected individual not later than 60 days after the determination;',
        '\t\tif at least 250 residents are affected, notify the State Attorney General not later than 30 days after the determination;',
      ].join('\n'),
      'Incident-Response-Procedure.md':
        '# Incident Response Procedure\n\n7.2 The Coordinator must notify the State Attorney General not later than 60 days after the determination when at least 250 residents are affected.\n',
    });
    const item = analysis.documents[0]!.segments.find((s) => s.text.startsWith('if at least 250'))!;
    expect(item.leadIn).toMatch(/it shall:$/);
    expect(requirementsOf(item)[0]).toMatchObject({ action: 'notify', obligation: true });
    expect(values(found)).toEqual([[30, 60]]);
  });

  test('an insurer: "The Company will:" then indented duties; a decoy with the same values for two different recipients', async () => {
    const { found } = await conflicts({
      'Claims-Data-Policy.txt': [
        'Claims Data Policy',
        '',
        '4.1 On a confirmed data breach the Company will:',
        '    inform the reinsurer within 24 hours of confirmation;',
        '    inform affected policyholders within 30 days of confirmation.',
      ].join('\n'),
      'Claims-Procedure.md':
        '# Claims Procedure\n\n3.1 The Claims Manager must inform affected policyholders within 30 days of confirmation of a data breach.\n',
    });
    expect(found).toEqual([]);
  });
});

describe('plain-text tables ruled under their column names', () => {
  const ruledNotices = (days: number) =>
    [
      'Breach Notice Procedure',
      '',
      '7.2 Notices are sent as follows:',
      '',
      '  Recipient                         When',
      '  --------------------------------  ----------------------------------',
      '  Affected individuals              Without unreasonable delay and not',
      '                                    later than 60 days after the',
      '                                    determination',
      '  State Attorney General (online    If at least 250 residents',
      `  breach report form)               are affected: not later than ${days}`,
      '                                    days after the determination',
    ].join('\n');

  test('a wrapped row is one row: its subject and value are read together', async () => {
    const { analysis } = await conflicts({ 'Breach-Notice-Procedure.txt': ruledNotices(60) });
    const rows = analysis.documents[0]!.segments.filter((s) => s.text.startsWith('|'));
    expect(rows.map((r) => r.text)).toEqual([
      '| Recipient | When |',
      '| Affected individuals | Without unreasonable delay and not later than 60 days after the determination |',
      '| State Attorney General (online breach report form) | If at least 250 residents are affected: not later than 60 days after the determination |',
    ]);
    // The prose cell names no action of its own: the row's does ("report").
    expect(requirementsOf(rows[2]!)[0]).toMatchObject({ action: 'notify', quantity: { value: 60 } });
  });

  test('a school district: the policy says 30 days, the ruled table 60', async () => {
    const { found } = await conflicts({
      'Breach-Notice-Procedure.txt': ruledNotices(60),
      'Student-Data-Policy.md':
        '# Student Data Policy\n\n5.1 The District shall notify the State Attorney General of a breach affecting at least 250 residents not later than 30 days after the determination.\n',
    });
    expect(values(found)).toContainEqual([30, 60]);
  });

  test('a records schedule: "90 days, then destroy" is kept 90 days; the standard overwrites after 30', async () => {
    const { analysis, found } = await conflicts({
      'Records-Retention-Schedule.txt': [
        'Records Retention Schedule',
        '',
        'Item   Record series                              Retention',
        '-----  -----------------------------------------  ------------------------------------',
        '07-02  Security surveillance video recordings     90 days, then destroy, unless',
        '       (fixed cameras at Authority facilities)    exported as evidence or requested',
        '07-04  Alarm response logs, key registers         3 years',
      ].join('\n'),
      'Physical-Security-Standard.md':
        '# Physical Security Standard\n\n6.3 Security surveillance video recordings from fixed cameras are retained for 30 days and then overwritten.\n',
    });
    const row = analysis.documents.flatMap((d) => d.segments).find((s) => s.text.startsWith('| 07-02'))!;
    expect(requirementsOf(row)[0]).toMatchObject({ action: 'retain', quantity: { value: 90 } });
    expect(values(found)).toEqual([[30, 90]]);
  });
});

describe('a "Minimum frequency" column holds a longest interval', () => {
  test('a day surgery: user access reviewed at least every six months by the policy table, once a year by the procedure', async () => {
    const { found } = await conflicts({
      'Information-Security-Policy.md': [
        '# Information Security Policy',
        '',
        'System owners shall review user access as follows:',
        '',
        '| Account type | Systems | Minimum frequency |',
        '|---|---|---|',
        '| Standard user accounts | MedAxis EMR, Lumen PACS | Every six months |',
      ].join('\n'),
      'Access-Control-Procedure.md':
        '# Access Control Procedure\n\n7.1 User access to MedAxis EMR and Lumen PACS is reviewed once a year by the system owners.\n',
    });
    expect(found).toHaveLength(1);
    expect(conflictIssue(found[0]!).title).toMatch(/review/);
  });

  test('a decoy: a bank reviews quarterly, more often than the six-monthly minimum', async () => {
    const { found } = await conflicts({
      'Access-Policy.md': [
        '# Access Policy',
        '',
        'Owners shall review access as follows:',
        '',
        '| Account type | Systems | Minimum frequency |',
        '|---|---|---|',
        '| Teller accounts | CoreBank, SwiftNet | Every six months |',
      ].join('\n'),
      'Access-Review-Procedure.md':
        '# Access Review Procedure\n\n2.1 Teller accounts in CoreBank and SwiftNet are reviewed every three months by the branch owners.\n',
    });
    expect(found).toEqual([]);
  });
});

describe('an initial report against an unqualified one', () => {
  test('a lender: the policy reports major incidents to the central bank within 24 hours, the plan gives an initial report 48', async () => {
    const { found } = await conflicts({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n9.2 Cyber incidents classified as major shall be reported by the CISO to the Central Bank within 24 hours of detection.\n',
      'Incident-Response-Plan.md':
        '# Incident Response Plan\n\n6.1 The CISO shall submit an initial incident report to the Central Bank within 48 hours of the incident being classified as major. The Information Security Policy applies.\n',
    });
    expect(values(found)).toEqual([[1, 2]]);
  });

  test('an airline caterer: initial training within 30 days of joining, refresher training every year (different steps)', async () => {
    const { found } = await conflicts({
      'Security-Training-Policy.md':
        '# Security Training Policy\n\n3.1 All staff must complete initial security training within 30 days of joining.\n',
      'Security-Training-Procedure.md':
        '# Security Training Procedure\n\n2.1 All staff must complete refresher security training within 365 days of the last course. The Security Training Policy applies.\n',
    });
    expect(found).toEqual([]);
  });
});
