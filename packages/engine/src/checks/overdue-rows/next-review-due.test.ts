// Registers that date each row's next review ("Next review due"): rows more than 30 days past that
// date at the audit date, still in force and with no approved deferral, where a policy or
// procedure states a review cycle for what the register lists. A money remitter's CDD review
// register (its cycles in a table of risk ratings under a heading on periodic CDD reviews) and a
// snack-bar manufacturer's HACCP study register. Decoys: a row deferred with approval, a row less
// than 30 days late, a closed customer, and a register of controlled documents.
import { BLANK_INTAKE, runCheck } from '../../../test/helpers/check-harness';
import { overdueRowsCheck } from '.';

const AUDIT_DATE = '2026-06-30';

async function findings(files: Record<string, string>) {
  // Judged on a fixed audit date, not the wall clock.
  const { candidates, verdict } = await runCheck(overdueRowsCheck, files, BLANK_INTAKE, AUDIT_DATE);
  return candidates.flatMap((c) => verdict(c.params).issues);
}

const CDD_POLICY = [
  '# Customer Due Diligence Policy',
  '',
  '## 7. Periodic CDD reviews',
  '',
  'Customer files are refreshed on a cycle set by the customer\u2019s risk rating.',
  '',
  '| Risk rating | Review frequency |',
  '| --- | --- |',
  '| High | At least every 12 months |',
  '| Medium | At least every 24 months |',
  '| Low | At least every 36 months |',
].join('\n');

const CDD_REGISTER = [
  'Customer ID,Customer name,Risk rating,Last review,Next review due,Status,Notes',
  'C-1041,Kestrel Imports Ltd,High,2025-03-31,2026-03-31,Active,',
  'C-1042,Halden Marine Services,Medium,2024-06-15,2026-06-15,Active,Reviewer assigned',
  'C-1043,Briar and Lowe Partnership,High,2025-02-28,2026-02-28,Active,Deferred to 2026-09-30 - approved by Head of Financial Crime',
  'C-1044,Tamsin Okafor,Low,2022-12-01,2025-12-01,Closed,Account closed at customer request',
  'C-1045,Fernhill Dental Practice,Medium,2024-01-20,2026-01-20,Active,Deferral requested by relationship manager',
].join('\n');

const HACCP_PROCEDURE = [
  '# HACCP Procedure',
  '',
  '## 9. Verification',
  '',
  '9.2 Every HACCP study is reviewed at least once every twelve (12) months by the HACCP team.',
].join('\n');

const HACCP_REGISTER = [
  'Study,Production line,Risk,Next review due,Status,Comments',
  'HS-04,Fruit bar line,High,2026-04-10,Current,',
  'HS-07,Granola bake line,Low,2026-06-12,Current,Team meeting booked',
  'HS-09,Chilled dessert line,High,2026-01-15,Current,Review extended to 2026-08-31 - approved by Technical Director',
  'HS-11,Seasoning blend room,Medium,2025-11-30,Current,',
  'HS-12,Retired nut line,Medium,2025-09-01,Decommissioned,',
].join('\n');

describe('register rows past their own "Next review due" date', () => {
  test.each([
    [
      'a money remitter: a CDD review register against a policy table of review cycles by risk rating',
      { 'Customer-Due-Diligence-Policy.md': CDD_POLICY, 'CDD-Review-Register.csv': CDD_REGISTER },
      'CDD-Review-Register.csv',
      ['C-1041', 'C-1045'],
      ['C-1042', 'C-1043', 'C-1044'],
    ],
    [
      'a snack-bar manufacturer: a HACCP study register against the HACCP procedure',
      { 'HACCP-Procedure.md': HACCP_PROCEDURE, 'HACCP-Study-Register.csv': HACCP_REGISTER },
      'HACCP-Study-Register.csv',
      ['HS-04', 'HS-11'],
      ['HS-07', 'HS-09', 'HS-12'],
    ],
  ])('%s', async (_label, files, register, overdue, notOverdue) => {
    const issues = await findings(files);
    expect(issues).toHaveLength(1);
    const [issue] = issues;
    expect(issue!.primitive).toBe('conflict_check');
    expect(issue!.title).toContain(register);
    expect(issue!.title).toContain('"Next review due"');
    expect(issue!.title).toContain(`${overdue.length} entries`);
    for (const name of overdue) expect(issue!.description).toContain(name);
    for (const name of notOverdue) expect(issue!.description).not.toContain(name);
    expect(issue!.description).toContain(AUDIT_DATE);
  });

  test.each([
    [
      'a row deferred with approval',
      'C-2001,Orchard Lane Motors,High,2026-02-10,Active,Deferred to 2026-08-31 - approved by MLRO',
    ],
    ['a row less than 30 days past its date', 'C-2002,Pemberton Tiles,Medium,2026-06-05,Active,'],
  ])('decoy: %s is not reported', async (_label, row) => {
    const register = [
      'Customer ID,Customer name,Risk rating,Next review due,Status,Notes',
      row,
      'C-2003,Wexcombe Farms,Low,2027-01-31,Active,',
      'C-2004,Ridgeway Cabs,Medium,2026-11-15,Active,',
    ].join('\n');
    expect(
      await findings({ 'Customer-Due-Diligence-Policy.md': CDD_POLICY, 'CDD-Review-Register.csv': register }),
    ).toEqual([]);
  });

  test('decoy: a register of controlled documents is not judged by its review dates', async () => {
    const register = [
      'Doc ID,Title,Version,Owner,Next review due,Status',
      'QP-01,Allergen Control Procedure,4.0,Technical Manager,2025-10-01,Live',
      'QP-02,Foreign Body Procedure,2.1,Technical Manager,2025-12-15,Live',
      'QP-03,Supplier Approval Procedure,3.2,Purchasing Lead,2026-01-31,Live',
    ].join('\n');
    expect(
      await findings({
        'Document-Control-Procedure.md':
          '# Document Control Procedure\n\n4.1 Each controlled document is reviewed at least every two (2) years by its owner.\n',
        'Controlled-Document-Register.csv': register,
      }),
    ).toEqual([]);
  });
});
