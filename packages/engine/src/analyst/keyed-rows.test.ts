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

/** The values of every requirement conflict among the files, each pair sorted. */
async function conflicts(files: Record<string, string | Buffer>) {
  const analysis = analyzeCorpus(await snapshotOf(files), null);
  return findRequirementConflicts(
    analysis,
    analysis.documents.flatMap((d) => d.segments),
  ).map((c) => [c.a.quantity.phrase, c.b.quantity.phrase].sort());
}

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

describe('keyed rows under column names wrapped over lines, with the authority cited in a cell', () => {
  const claimsSchedule = (claimFiles: string) =>
    textPdf([
      'Claims Records Retention Schedule',
      '2. Schedule',
      'Code Record series Examples',
      'Office of',
      'record',
      'Retention period Trigger Authority / basis Disposition',
      'CL-01',
      'Claim files',
      'Claim forms, assessor reports, loss',
      'adjuster notes, settlement letters',
      'Claims Manager',
      `${claimFiles} Claim closure`,
      '',
      '15 USC 6801 (5 yrs); State',
      'Insurance Code (7 yrs)',
      'Secure delete',
      'CL-02',
      'Complaint records',
      'Complaint letters, call notes',
      'Complaints Lead',
      '5 years Date closed',
      'Shred',
      'CL-03',
      'Paper claim forms',
      'Originals after scanning',
      'Claims Manager',
      '30 days Date scanned',
      'Shred',
    ]);
  const labSchedule = textPdf([
    'Laboratory Records Retention Schedule',
    '3. Schedule',
    'Code Record series',
    'Custodian',
    'Retention period Trigger Authority Disposition',
    'LAB-01',
    'Test reports and requisitions',
    'Laboratory Director',
    '10 years Date of report',
    '',
    '42 CFR 493.1105 (2 yrs); State',
    'Health Code (10 yrs)',
    'Shred',
    'LAB-02',
    'Instrument maintenance logs',
    'Quality Lead',
    '2 years Date of entry',
    'Shred',
    'LAB-03',
    'Courier manifests',
    'Logistics Lead',
    '1 year Date of delivery',
    'Shred',
  ]);

  test('an insurer: the column names joined, the row runs past "15 USC 6801", and only its first value is its retention', async () => {
    const analysis = analyzeCorpus(
      await snapshotOf({ 'Claims-Retention-Schedule.pdf': claimsSchedule('7 years') }),
      null,
    );
    const row = analysis.documents[0]!.segments.find((s) => s.text.startsWith('CL-01'))!;
    expect(row.text).toBe(
      'CL-01 Claim files Claim forms, assessor reports, loss adjuster notes, settlement letters Claims Manager 7 years Claim closure 15 USC 6801 (5 yrs); State Insurance Code (7 yrs) Secure delete',
    );
    expect(row.frame?.columns).toBe(
      'Code Record series Examples Office of record Retention period Trigger Authority / basis Disposition',
    );
    expect(requirementsOf(row).map((r) => [r.action, r.quantity.phrase])).toEqual([['retain', '7 years']]);
  });

  test('a laboratory and an insurer: a bracketed sub-period after the value ("6 years (13 months online)") is no value of the row', async () => {
    const schedule = claimsSchedule('7 years (13 months online)');
    const analysis = analyzeCorpus(await snapshotOf({ 'Claims-Retention-Schedule.pdf': schedule }), null);
    const row = analysis.documents[0]!.segments.find((s) => s.text.startsWith('CL-01'))!;
    expect(requirementsOf(row).map((r) => r.quantity.phrase)).toEqual(['7 years']);
    const logs = analyzeCorpus(
      await snapshotOf({
        'Laboratory-Retention-Schedule.pdf': textPdf([
          'Laboratory Records Retention Schedule',
          '3. Schedule',
          'Code Record series',
          'Custodian',
          'Retention period Trigger Disposition',
          'SEC-01',
          'Audit logs of laboratory systems',
          'LIMS, analysers, SIEM',
          'IT Manager',
          '6 years (13 months online) Date of event',
          'Secure delete',
          'SEC-02',
          'Instrument maintenance logs',
          'Quality Lead',
          '2 years Date of entry',
          'SEC-03',
          'Courier manifests',
          'Logistics Lead',
          '1 year Date of delivery',
        ]),
      }),
      null,
    );
    const auditLogs = logs.facts.filter((f) => f.segment.text.startsWith('SEC-01'));
    expect(auditLogs.map((f) => f.quantity.phrase)).toEqual(['6 years']);
  });

  test('a brokerage: a cell left over from a long row ("CRM deletion job") is no new column names for the rows below', async () => {
    const longRow = Array.from({ length: 16 }, (_, n) => [`Order line ${n + 1}`, '']).flat();
    const schedule = textPdf([
      'Records Retention Schedule',
      '2. Schedule',
      'Ref Record class Description',
      'Retention period Trigger Disposal',
      'R01',
      'Client agreements',
      '',
      ...longRow,
      '5 years End of relationship',
      '',
      'CRM deletion job',
      '',
      'R02',
      'Client orders and executions',
      'Order and execution records',
      '7 years Date of creation',
      'R03',
      'Complaints',
      '5 years Date of response',
    ]);
    const analysis = analyzeCorpus(await snapshotOf({ 'Records-Retention-Schedule.pdf': schedule }), null);
    const row = analysis.documents[0]!.segments.find((s) => s.text.startsWith('R02'))!;
    expect(row.frame?.columns).toBe('Ref Record class Description Retention period Trigger Disposal');
    expect(requirementsOf(row).map((r) => r.action)).toEqual(['retain']);
  });

  test('an insurer: claim files five years in the procedure against the claim-files row whose notes cite a shorter federal period', async () => {
    const found = await conflicts({
      'Claims-Handling-Procedure.md':
        '# Claims Handling Procedure\n\n6.2 Claim files, including claim forms, assessor reports, loss adjuster notes and settlement letters, are kept in the claims archive (paper) for five years from claim closure and then shredded (see the Claims Retention Schedule).\n',
      'Claims-Retention-Schedule.pdf': claimsSchedule('7 years'),
    });
    expect(found).toEqual([['7 years', 'five years']]);
  });

  test('a health insurer: pre-authorisation records 24 months in the procedure against their own row, not the claims-files row that shares "notes" and the system', async () => {
    const found = await conflicts({
      'Claims-Preauthorisation-Procedure.md':
        '# Claims Preauthorisation Procedure\n\n10.2 Pre-authorisation records (requests, attached clinical notes and decision letters) are retained in ClaimsHub for twenty-four (24) months from the date of the decision and are then purged by the monthly housekeeping job (see the Records Retention Schedule).\n',
      'Records-Retention-Schedule.pdf': textPdf([
        'Records Retention Schedule',
        '3. Schedule',
        'Ref. Record class Examples Main system / location Retention period Trigger Disposal Record owner',
        'RS-05',
        'Pre-authorisation records',
        'Pre-authorisation requests, attached',
        'clinical notes, PA letters, approval audit trail',
        'ClaimsHub',
        '7 years Date of decision',
        'Secure deletion',
        'RS-06',
        'Claims files',
        'Claim forms, provider invoices,',
        'adjudication notes, payment advice',
        'ClaimsHub',
        '7 years Final settlement',
        'Secure deletion Head of Claims Operations',
        'RS-07',
        'Member complaints',
        'Letters, call notes',
        'CRM',
        '5 years Date closed',
        'Secure deletion Head of Claims Operations',
      ]),
    });
    expect(found).toEqual([['7 years', 'twenty-four (24) months']]);
  });

  test('a laboratory: test reports two years in the procedure against ten in the schedule', async () => {
    const found = await conflicts({
      'Specimen-Handling-Procedure.md':
        '# Specimen Handling Procedure\n\n8.1 Test reports and requisitions are kept for two years from the date of report and then destroyed.\n',
      'Laboratory-Retention-Schedule.pdf': labSchedule,
    });
    expect(found).toEqual([['10 years', 'two years']]);
  });

  test('decoy: a procedure that keeps claim files as long as the row, though the row cites a shorter federal period', async () => {
    const found = await conflicts({
      'Claims-Handling-Procedure.md':
        '# Claims Handling Procedure\n\n6.2 Claim files, including claim forms and assessor reports, are kept in the claims archive for seven years from claim closure.\n',
      'Claims-Retention-Schedule.pdf': claimsSchedule('7 years'),
    });
    expect(found).toEqual([]);
  });
});

describe('keyed rows: an owner cell that names who signs off too', () => {
  const controlTable = (owner: string[]) =>
    textPdf([
      'Technology Risk Control Standard',
      '2. Control table',
      'Control ID Control Owner Frequency Evidence',
      'TR-01 Security policy reviewed CISO Annual Board minutes',
      'TR-02 Leaver accounts disabled Head of IT Within 24 hours Leaver tickets',
      'TR-03 Privileged access review (platform administrators)',
      ...owner,
      'Semi-annual Access Review Log',
      'TR-04 Vulnerability scanning Head of IT Monthly Scan reports',
      'TR-05 Penetration test CISO Annual Test report',
    ]);

  test.each([
    ['a wealth manager: "Head of IT; approved by CISO"', ['Head of IT; approved by', 'CISO']],
    [
      'a hospital: "IT Manager, authorised by Privacy Officer"',
      ['IT Manager, authorised by', 'Privacy Officer'],
    ],
  ])('%s: the row is a review, not an approval', async (_label, owner) => {
    const analysis = analyzeCorpus(
      await snapshotOf({ 'Technology-Risk-Control-Standard.pdf': await controlTable(owner) }),
      null,
    );
    const row = analysis.documents[0]!.segments.find((s) => s.text.startsWith('TR-03'))!;
    expect(requirementsOf(row).map((r) => [r.action, r.quantity.phrase])).toEqual([
      ['review', 'Semi-annual'],
    ]);
  });

  test('decoy: a row whose owner cell signs nothing off keeps its own action', async () => {
    const analysis = analyzeCorpus(
      await snapshotOf({ 'Technology-Risk-Control-Standard.pdf': await controlTable(['Head of IT']) }),
      null,
    );
    const row = analysis.documents[0]!.segments.find((s) => s.text.startsWith('TR-04'))!;
    expect(requirementsOf(row).map((r) => [r.action, r.quantity.phrase])).toEqual([['scan', 'Monthly']]);
  });
});
