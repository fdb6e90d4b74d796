// Conflicting requirements written in layouts the sentence reader used to miss: sub-list items
// without markers under "it shall:", plain-text tables ruled under their column names with cells
// wrapped over several lines, a prose cell that names no action, a cell that opens with its value,
// a "Minimum frequency" column, and an "initial report" set against an unqualified one. Each in
// two industries' wording, with a decoy that must not fire.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { apart, requirementsOf } from '../../analyst/requirements';
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

describe('a PDF notification table whose cells run together over lines', () => {
  const plan = (deadline: string) =>
    [
      'Incident Response Plan',
      '',
      '6. Regulatory and External Notification',
      '',
      'Recipient Trigger Deadline Responsible',
      'Data Protection Commission (DPC)',
      'Personal Data Breach likely to result in a risk to the rights and freedoms of data subjects',
      '',
      deadline,
      '',
      'Data Protection Officer',
    ].join('\n');

  test('a remittance company: the policy notifies the commission within 72 hours, the plan\'s row "Within five (5) working days"', async () => {
    const { analysis, found } = await conflicts({
      'Incident-Response-Plan.txt': plan('Within five (5) working days of the breach being confirmed'),
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n12.4 Where a Personal Data Breach is likely to result in a risk to the rights and freedoms of individuals, the DPO shall notify the DPC within 72 hours of becoming aware of the breach.\n',
    });
    const cell = analysis.documents.flatMap((d) => d.segments).find((s) => s.text.startsWith('Within five'))!;
    // "working" belongs to the value; the row's action comes from the section heading.
    expect(requirementsOf(cell)[0]).toMatchObject({ action: 'notify' });
    expect(values(found)).toEqual([[3, 7]]);
  });

  test('a defence supplier: the row names its recipient cells apart ("DoD (DIBNet)", "Reportable Cyber Incident") from the cell before the deadline', async () => {
    const { found } = await conflicts({
      'Incident-Response-Plan.txt': [
        'Incident Response Plan',
        '',
        '6. Notification and reporting',
        '',
        'DoD',
        '(DIBNet)',
        'Reportable Cyber',
        'Incident',
        'IR Lead confirmation of reportability',
        'Within three (3) business days',
        '',
        'This plan implements the CUI Protection Policy.',
      ].join('\n'),
      'CUI-Protection-Policy.md':
        "# CUI Protection Policy\n\n9.2 The ISO shall report each reportable cyber incident to DoD through the DIBNet portal within 72 hours of discovery, using the company's DoD-approved certificate.\n",
    });
    expect(found).toHaveLength(1);
    // The policy's value is a notice ("report"), not the approval of a certificate after the comma.
    expect(conflictIssue(found[0]!).title).toMatch(/^Conflicting notify requirement/);
    expect(conflictIssue(found[0]!).description).toMatch(/72 hours/);
  });

  test('decoy: a cell before the deadline that is a sentence is no cell of the row', async () => {
    const { found } = await conflicts({
      'Incident-Response-Plan.txt': plan(
        'Within five (5) working days of the breach being confirmed',
      ).replace(
        'Personal Data Breach likely to result in a risk to the rights and freedoms of data subjects',
        'The table below is reviewed by the Data Protection Officer whenever the regulator changes its guidance on notification',
      ),
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n12.4 Where a Personal Data Breach is likely to result in a risk to the rights and freedoms of individuals, the DPO shall notify the DPC within 72 hours of becoming aware of the breach.\n',
    });
    expect(found).toEqual([]);
  });
});

describe('what is kept for a time: the event it runs from, an aside, and destruction after it', () => {
  test('a casino keeps the self-exclusion record "— its fields —" for not less than five years after it ends; the schedule deletes it after 12 months', async () => {
    const { found } = await conflicts({
      'Responsible-Gambling-Policy.md':
        "# Responsible Gambling Policy\n\n8.6 The Company keeps the self-exclusion record — the player's identifying data, the start and end dates — for not less than five years after the exclusion ends.\n",
      'Data-Retention-Procedure.md':
        '# Data Retention Procedure\n\nThis procedure implements the Responsible Gambling Policy.\n\n4.2 The self-exclusion record is retained for 12 months after the exclusion ends.\n',
    });
    expect(values(found)).toEqual([[365, 1826]].map((v) => v.map((d) => expect.closeTo(d, -1))));
  });

  test('a transit agency destroys closed eligibility files 18 months after eligibility ends; the schedule keeps them five years', async () => {
    const { analysis, found } = await conflicts({
      'Eligibility-Records-Procedure.md':
        '# Eligibility Records Procedure\n\n8.2 Closed eligibility files are destroyed 18 months after the eligibility end date.\n',
      'Records-Retention-Schedule.md':
        '# Records Retention Schedule\n\nThe Eligibility Records Procedure implements this schedule.\n\n3.1 Closed eligibility files are retained for 5 years after the eligibility end date.\n',
    });
    const destroyed = analysis.documents[0]!.segments.find((s) => s.text.includes('destroyed'))!;
    expect(requirementsOf(destroyed)[0]).toMatchObject({ action: 'retain' });
    expect(found).toHaveLength(1);
  });

  test('decoy: records destroyed within 30 days of a request are no retention period', async () => {
    const { analysis } = await conflicts({
      'Privacy-Procedure.md':
        '# Privacy Procedure\n\n5.1 Marketing records are destroyed within 30 days of an erasure request.\n',
    });
    const destroyed = analysis.documents[0]!.segments.find((s) => s.text.includes('destroyed'))!;
    expect(requirementsOf(destroyed)[0]?.action).not.toBe('retain');
  });
});

describe('a report submitted to a regulator is a notice', () => {
  test('an aircraft maintainer: "After assessment, the Quality Manager shall submit the MOR to the CAA within 96 hours of receipt of the internal report" is a notice, not an assessment', async () => {
    const { analysis } = await conflicts({
      'Occurrence-Reporting-Procedure.md':
        "# Occurrence Reporting Procedure\n\n5.1 After assessment, the Quality Manager shall submit the MOR to the CAA within 96 hours of receipt of the internal report, having first obtained the Base Manager's account of the event.\n",
    });
    const statement = analysis.documents[0]!.segments.find((s) => s.text.startsWith('5.1'))!;
    expect(requirementsOf(statement)[0]).toMatchObject({ action: 'notify', recipient: ['caa'] });
  });

  test('decoy: an expense claim submitted within 30 days is no notice to compare with a 72-hour report', async () => {
    const { found } = await conflicts({
      'Finance-Policy.md':
        '# Finance Policy\n\n3.1 Staff shall submit expense claims to Finance within 30 days of the expense.\n',
      'Occurrence-Reporting-Procedure.md':
        '# Occurrence Reporting Procedure\n\nThis procedure implements the Finance Policy.\n\n5.1 The Quality Manager shall submit the mandatory occurrence report to the CAA within 72 hours.\n',
    });
    expect(found).toEqual([]);
  });
});

describe("a register's stated cycle against the rule for what its row covers", () => {
  const register = (population: string, cycle: string) =>
    [
      'System,Account population,Reviewer,Review frequency,Last completed',
      `CoreBank,${population},Head of IT Operations,${cycle},15/07/2026`,
    ].join('\n');

  test('a remittance company reviews privileged accounts semi-annually; the policy says monthly', async () => {
    const { found } = await conflicts({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n6.5 Privileged accounts shall be reviewed monthly by the system owner.\n',
      'Access-Review-Register.csv': register('Privileged accounts (DBA and sysadmin)', 'Semi-annual'),
    });
    expect(found).toHaveLength(1);
    expect(found[0]!.b.segment.document).toBe('Access-Review-Register.csv');
  });

  test('a hospital recertifies clinical system user accounts annually; the standard says every six months', async () => {
    const { found } = await conflicts({
      'Access-Control-Standard.md':
        '# Access Control Standard\n\n4.2 Clinical system user accounts must be recertified every six months by the service owner.\n',
      'Recertification-Register.csv': [
        'System,Account population,Owner,Recertification cycle,Last run',
        'EPR,Clinical system user accounts,Service owner,Annual,02/03/2026',
      ].join('\n'),
    });
    expect(found).toHaveLength(1);
  });

  test('decoys: a row run more often than required, and a row for accounts the rule does not narrow to', async () => {
    const { found } = await conflicts({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n6.5 Privileged accounts shall be reviewed quarterly by the system owner.\n',
      'Access-Review-Register.csv': [
        'System,Account population,Reviewer,Review frequency,Last completed',
        'CoreBank,Privileged accounts,Head of IT Operations,Monthly,15/07/2026',
        'CoreBank,Standard user accounts,Head of IT Operations,Annual,15/07/2026',
      ].join('\n'),
    });
    expect(found).toEqual([]);
  });
});

describe('list items that name no action take their lead-in', () => {
  const HOUSING_POLICY = [
    '# Information Security Policy',
    '6.2 Tenancy system accounts are reviewed by their owners at these intervals:',
    '(a) administrator accounts: quarterly;',
    '(b) housing officer accounts: every six months.',
  ].join('\n');

  test('a housing association: privileged accounts quarterly in the policy, every six months in the procedure', async () => {
    const { found } = await conflicts({
      'Information-Security-Policy.md': HOUSING_POLICY,
      'Access-Control-Procedure.md':
        '# Access Control Procedure\n\n7.2 Every tenancy system account, administrator accounts included, is reviewed every six months.\n',
    });
    expect(values(found)).toEqual([[91.3, 182.625]]);
  });

  test('a hospital trust: critical suppliers every six months in the policy, annually in the procedure', async () => {
    const { found } = await conflicts({
      'Supplier-Assurance-Policy.md': [
        '# Supplier Assurance Policy',
        '5.1 The security assurance of each supplier is reviewed by the Procurement Lead as follows:',
        '(a) critical clinical system suppliers: every six months;',
        '(b) other suppliers: annually.',
      ].join('\n'),
      'Procurement-Procedure.md':
        '# Procurement Procedure\n\n8.3 The security assurance of critical clinical system suppliers is reviewed annually by the Procurement Lead.\n',
    });
    expect(values(found)).toEqual([[182.625, 365.25]]);
  });

  test('two items under one lead-in are set apart, whatever words they share', async () => {
    const { analysis } = await conflicts({ 'Information-Security-Policy.md': HOUSING_POLICY });
    const item = analysis.documents[0]!.segments.find((s) => s.text.startsWith('(a) administrator'))!;
    const [quarterly] = requirementsOf(item);
    expect(quarterly?.leadIn).toMatch(/at these intervals:$/);
    const sibling = { ...quarterly!, quantity: { ...quarterly!.quantity, value: 365.25 } };
    expect(apart(quarterly!, sibling)).toBe(true);
    expect(apart(quarterly!, { ...sibling, leadIn: undefined })).toBe(false);
  });

  test('decoy: the items of one list are its cases, not two rules for one thing', async () => {
    const { found } = await conflicts({
      'Information-Security-Policy.md': HOUSING_POLICY,
      'Business-Impact-Guide.md': [
        '# Business Impact Guide',
        'For each service the owner records how long its data can stay unavailable before harm is done:',
        '- Less than 4 hours? (HIGH impact)',
        '- Less than 3 days? (MEDIUM impact)',
      ].join('\n'),
    });
    expect(found).toEqual([]);
  });
});
