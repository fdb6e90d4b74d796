// Records destroyed before their retention period ran out, counted from the event the policy names:
// a clinic's patient files destroyed two years after discharge where they are kept for eight, and
// a haulier's personnel files shredded months after the driver left where they are kept for six
// years. Decoys: a file destroyed after its period, one transferred to an archive, and a register
// of another kind of record than the rule keeps.
import { BLANK_INTAKE, candidateIssues } from '../../../test/helpers/check-harness';
import { recordAttributeCheck } from '.';

const INTAKE = { ...BLANK_INTAKE, doc_hierarchy: { evidence: ['*.csv'] } };
const titles = async (files: Record<string, string>) =>
  (await candidateIssues(recordAttributeCheck, files, INTAKE))
    .map((i) => i.title)
    .filter((t) => t.includes('destroyed less than'));

const clinicPolicy =
  '# Health Records Policy\n\n5.2 Patient files are retained for eight (8) years after discharge and then destroyed securely.\n';

test("a clinic's patient file register: a file destroyed two years after discharge", async () => {
  expect(
    await titles({
      'Health-Records-Policy.md': clinicPolicy,
      'Patient-File-Register.csv': [
        'File no,Patient,Discharge date,Disposal,Date destroyed',
        'PF-0101,A. Moyo,14/02/2015,Destroyed,20/03/2024',
        'PF-0117,K. Banda,03/05/2023,Destroyed,11/06/2025',
        'PF-0120,T. Phiri,09/09/2016,Transferred to archive,10/10/2018',
      ].join('\n'),
    }),
  ).toEqual([
    'Patient-File-Register.csv: 1 record (PF-0117) destroyed less than eight (8) years after "Discharge date", against Health-Records-Policy.md',
  ]);
});

test("a haulier's personnel file log: files shredded months after the driver left", async () => {
  expect(
    await titles({
      'People-Policy.md':
        '# People Policy\n\n9.4 Personnel files, including driving licence checks, are kept for at least six years following the date of leaving.\n',
      'Personnel-File-Log.csv': [
        'Driver,Start date,Leaving date,Status,Shredded on',
        'D. Okoro,02/03/2014,30/06/2018,Shredded,04/07/2024',
        'M. Adeyemi,11/01/2020,15/01/2026,Shredded,20/05/2026',
        'S. Bello,06/06/2021,,Employed,',
      ].join('\n'),
    }),
  ).toEqual([
    expect.stringMatching(/^Personnel-File-Log\.csv: 1 record \(M\. Adeyemi\) destroyed less than six years/),
  ]);
});

test('decoy: a register of another kind of record than the rule keeps', async () => {
  expect(
    await titles({
      'Health-Records-Policy.md': clinicPolicy,
      'Visitor-Badge-Log.csv': [
        'Badge,Visitor,Discharge date,Disposal,Date destroyed',
        'B-01,Courier,14/02/2026,Destroyed,20/03/2026',
      ].join('\n'),
    }),
  ).toEqual([]);
});
