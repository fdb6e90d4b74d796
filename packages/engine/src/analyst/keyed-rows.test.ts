// PDF tables whose rows carry their own reference ("R01", "R-05") reach us as lines and blocks: each
// row is put back together from its reference to the next, and read as one row beside the table's
// column names. Fixtures in two industries' wording (a telecom's retention schedule with one cell
// per line, a hospital's with cells in blocks parted by blank lines), with decoys.
import { parseFile } from '@auditsvc/ingest';
import { analyzeCorpus } from './corpus-analysis';
import { keyedTableRows } from './keyed-rows';
import { requirementsOf } from './requirements';
import { splitSegments } from '../text/sentences';
import { snapshotOf } from '../../test/helpers/synthetic-corpus';
import { textPdf } from '../../../../test/helpers/pdf';
import { findRequirementConflicts } from '../checks/requirement-conflict/conflicts';

const telecomSchedule = (cdrValue: string) =>
  textPdf([
    'Data Retention Schedule',
    '3. Schedule',
    'Ref Record class Examples Owner Retention period Trigger Disposal',
    'R-04',
    'Call detail records',
    '(CDRs)',
    'Voice, SMS and data session CDRs from',
    'the mediation platform',
    'Head of Core',
    'Network',
    `${cdrValue} Record date Automated purge`,
    'R-05',
    'Visitor logs',
    'Paper and electronic visitor books',
    'Facilities Manager',
    '90 days Date of visit Shredding',
    'R-06',
    'CCTV footage',
    'Data hall cameras',
    'Facilities Manager',
    '30 days Recording date Overwrite',
    '4. Disposal',
    '4.1 Disposal is recorded in the disposal log.',
  ]);

const hospitalSchedule = textPdf([
  'Medical Records Retention Schedule',
  '3. Schedule',
  'Ref Record class Owner Retention Trigger Disposal',
  'R1',
  'Inpatient case records',
  '(admission, clinical notes,',
  'nursing notes, discharge',
  'summary, consent forms)',
  'Health Information',
  'Manager',
  '',
  '10 years',
  'Date of',
  'discharge',
  '',
  'Shred / secure erase',
  'R2',
  'Outpatient prescriptions',
  '',
  '3 years Date of issue Shred',
  'R3',
  'Radiology images',
  '',
  '5 years Date of study Secure erase',
]);

describe('keyed rows of a PDF table', () => {
  test('a telecom schedule, one cell per line: each row from its reference to the next', async () => {
    const doc = await parseFile({ bytes: telecomSchedule('24 months'), filename: 'Retention-Schedule.pdf' });
    const rows = keyedTableRows(splitSegments(doc.text), doc.text).filter((s) => /^R-\d/.test(s.text));
    expect(rows.map((r) => r.text)).toEqual([
      'R-04 Call detail records (CDRs) Voice, SMS and data session CDRs from the mediation platform Head of Core Network 24 months Record date Automated purge',
      'R-05 Visitor logs Paper and electronic visitor books Facilities Manager 90 days Date of visit Shredding',
      'R-06 CCTV footage Data hall cameras Facilities Manager 30 days Recording date Overwrite',
    ]);
    // Quotes stay verbatim: a row is a slice of the document's text.
    for (const row of rows) expect(doc.text.slice(row.start, row.end)).toBe(row.raw);
    expect(rows[0]).toMatchObject({
      columns: 'Ref Record class Examples Owner Retention period Trigger Disposal',
    });
  });

  test('a hospital schedule in blocks: the row is read as a retention of its own record class', async () => {
    const analysis = analyzeCorpus(
      await snapshotOf({ 'Medical-Records-Retention-Schedule.pdf': hospitalSchedule }),
      null,
    );
    const row = analysis.documents[0]!.segments.find((s) => s.text.startsWith('R1 '))!;
    expect(row.text).toBe(
      'R1 Inpatient case records (admission, clinical notes, nursing notes, discharge summary, consent forms) Health Information Manager 10 years Date of discharge Shred / secure erase',
    );
    // "Retention" names the value's column before "Disposal" does: the row keeps, it does not dispose.
    expect(requirementsOf(row)).toEqual([
      expect.objectContaining({
        action: 'retain',
        topic: expect.arrayContaining(['inpatient', 'case', 'record']),
      }),
    ]);
  });

  test('a document without a keyed table is left as it was (a numbered list is no table)', () => {
    const text = 'Policy\n1. Scope\nA1 applies to staff.\n2. Roles\nThe CISO owns this policy.';
    const segments = splitSegments(text);
    expect(keyedTableRows(segments, text)).toBe(segments);
  });
});

describe('a keyed row against the policy that sets its record class', () => {
  async function conflicts(files: Record<string, string | Buffer>) {
    const analysis = analyzeCorpus(await snapshotOf(files), null);
    return findRequirementConflicts(
      analysis,
      analysis.documents.flatMap((d) => d.segments),
    ).map((c) => [c.a.quantity.phrase, c.b.quantity.phrase].sort());
  }

  test('a telecom: call detail records 180 days in the schedule, at least 24 months in the policy', async () => {
    const found = await conflicts({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n11.2 Call detail records (CDRs) shall be retained for not less than twenty-four (24) months, as set out in the Data Retention Schedule.\n',
      'Data-Retention-Schedule.pdf': telecomSchedule('180 days (rolling)'),
    });
    expect(found).toEqual([['180 days', 'twenty-four (24) months']]);
  });

  test('a hospital: inpatient records 10 years in the schedule, 7 years in the data protection policy', async () => {
    const found = await conflicts({
      'Data-Protection-Policy.md':
        '# Data Protection Policy\n\n9.1 Inpatient case records are retained for 7 years from the date of discharge, in line with the Medical Records Retention Schedule.\n',
      'Medical-Records-Retention-Schedule.pdf': hospitalSchedule,
    });
    expect(found).toEqual([['10 years', '7 years']]);
  });

  test('decoy: the schedule agrees with the policy, and its other rows are other record classes', async () => {
    const found = await conflicts({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n11.2 Call detail records (CDRs) shall be retained for not less than twenty-four (24) months, as set out in the Data Retention Schedule.\n',
      'Data-Retention-Schedule.pdf': telecomSchedule('24 months'),
    });
    expect(found).toEqual([]);
  });
});

describe('keyed rows: a reference wrapped after its dash, and the owner cell before the value', () => {
  const schedule = (cctv: string) =>
    textPdf([
      'Records Retention Schedule',
      '3. Schedule',
      'Ref. Record class Examples Owner Retention period Trigger Disposal',
      'SEC-',
      '01',
      'CCTV recordings - general',
      'Gates, perimeter, production floors, canteen',
      'Group Security Manager',
      `${cctv} Date of recording Overwrite`,
      'SEC-',
      '02',
      'CCTV recordings - warehouse',
      'Finished-goods warehouse, loading bay',
      'Group Security Manager',
      '90 days Date of recording Overwrite',
      'SEC-',
      '03',
      'Visitor records',
      'Gate visitor register, vehicle log',
      'Client Services',
      '12 months Date of visit Shred',
    ]);

  test('a garment maker: "SEC-" over "01" is one reference, and the row keeps footage of its own areas', async () => {
    const analysis = analyzeCorpus(
      await snapshotOf({ 'Records-Retention-Schedule.pdf': schedule('30 days') }),
      null,
    );
    const row = analysis.documents[0]!.segments.find((s) => s.text.startsWith('SEC- 01'))!;
    const [requirement] = requirementsOf(row);
    expect(requirement).toMatchObject({ action: 'retain' });
    // The owner's cell ("Group Security Manager") names who keeps the record, not what it is.
    expect(requirement!.topic).toEqual(expect.arrayContaining(['cctv', 'recording', 'gate', 'perimeter']));
    expect(requirement!.topic).not.toContain('manager');
  });

  test('a hospital: the policy keeps footage 30 days for gates, perimeters and production floors, the schedule 60', async () => {
    const found = findRequirementConflicts(
      ...(await (async () => {
        const analysis = analyzeCorpus(
          await snapshotOf({
            'Data-Protection-Policy.md':
              '# Data Protection Policy\n\n8.3 CCTV recordings are kept for 30 days for gates, perimeters, production floors and canteens and for 90 days for finished-goods warehouses, as the Records Retention Schedule sets out.\n',
            'Records-Retention-Schedule.pdf': schedule('60 days'),
          }),
          null,
        );
        return [analysis, analysis.documents.flatMap((d) => d.segments)] as const;
      })()),
    ).map((c) => [c.a.quantity.phrase, c.b.quantity.phrase].sort());
    expect(found).toEqual([['30 days', '60 days']]);
  });

  test('decoy: the schedule agrees (30 days); a visitor row owned by "Client Services" is no client\'s record', async () => {
    const analysis = analyzeCorpus(
      await snapshotOf({
        'Data-Protection-Policy.md':
          '# Data Protection Policy\n\n8.3 CCTV recordings are kept for 30 days for gates, perimeters, production floors and canteens and for 90 days for finished-goods warehouses, as the Records Retention Schedule sets out.\n',
        'Records-Retention-Schedule.pdf': schedule('30 days'),
      }),
      null,
    );
    expect(
      findRequirementConflicts(
        analysis,
        analysis.documents.flatMap((d) => d.segments),
      ),
    ).toEqual([]);
    const visitors = analysis.documents[1]!.segments.find((s) => s.text.startsWith('SEC- 03'))!;
    expect(requirementsOf(visitors)[0]!.topic).not.toContain('client');
  });
});
