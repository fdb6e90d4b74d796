// Register rows below a minimum a rule sets per person or item per period: an engineering
// consultancy's CPD register records 21 hours against "a minimum of thirty-five (35) hours of CPD in
// each CPD year", and a nursing home's training log records refresher hours under "at least 12 hours
// of refresher training each year". Decoys: a Graduate Member below the minimum under a rule for
// Chartered Engineers, a row whose shortfall is already followed up, a row excused in an exception
// column, a column of days where the rule counts hours, and a register of something else in hours.
import { candidateIssues } from '../../../test/helpers/check-harness';
import { rowMinimumCheck } from '.';

const issues = (files: Record<string, string>) => candidateIssues(rowMinimumCheck, files);

const cpdPolicy = [
  '# Professional Development Policy',
  '',
  '3.1 Corrib requires every Chartered Engineer on its staff to complete and record a minimum of thirty-five (35) hours of CPD in each CPD year, verified by the Technical Director.',
  '',
  '3.2 CPD records are reviewed at each annual appraisal.',
  '',
].join('\n');

const cpdRegister = (rows: string[]) =>
  [
    'Staff no.,Engineer,Grade,CPD year,Hours recorded,Reviewer note',
    'CE-104,Declan Hughes,Chartered Engineer,2025,38,Verified',
    ...rows,
    'CE-131,Niamh Costello,Chartered Engineer,2025,41,Verified',
  ].join('\n');

const shortRow = 'CE-117,Fergal Doherty,Chartered Engineer,2025,21,Verified';
const graduateRow = 'GE-209,Aisling Brophy,Graduate Member,2025,14,Verified';
const followedUpRow =
  'CE-122,Padraig Nolan,Chartered Engineer,2025,18,Removed from checker list until shortfall made up';

const nursingPolicy = [
  '# Staff Training Policy',
  '',
  '5.2 Every care assistant must complete at least 12 hours of refresher training each year in moving and handling, infection control and safeguarding.',
  '',
].join('\n');

const trainingLog = [
  'Employee ID,Name,Role,Refresher hours completed,Exception ref,Last course',
  'NH-031,Grace Okafor,Care Assistant,14,,Safeguarding adults',
  'NH-044,Tomasz Zielinski,Care Assistant,7,,Infection control',
  'NH-052,Mary Byrne,Senior Carer,9.5,,Moving and handling',
  'NH-060,Kwame Asante,Care Assistant,4,EX-2026-07 long-term sick leave,Infection control',
  'NH-067,Ruth Adeyemi,Care Assistant,12,,Safeguarding adults',
].join('\n');

test('an engineering consultancy: a Chartered Engineer with 21 CPD hours against a minimum of thirty-five (35)', async () => {
  const found = await issues({
    'Professional-Development-Policy.md': cpdPolicy,
    'CPD-Register-2025.csv': cpdRegister([shortRow, graduateRow, followedUpRow]),
  });
  expect(found.map((i) => i.title)).toEqual([
    'CPD-Register-2025.csv: 1 entry below the minimum of 35 hours of CPD that Professional-Development-Policy.md sets',
  ]);
  expect(found[0]!.description).toContain('records CE-117 (21) under "Hours recorded"');
  // The Graduate Member and the engineer whose shortfall is followed up are left out.
  expect(found[0]!.description).not.toContain('GE-209');
  expect(found[0]!.description).not.toContain('CE-122');
  expect(found[0]!.quotes.map((q) => q.document)).toEqual([
    'Professional-Development-Policy.md',
    'CPD-Register-2025.csv',
    'CPD-Register-2025.csv',
  ]);
  expect(found[0]!.quotes[0]!.text).toContain('a minimum of thirty-five (35) hours of CPD');
  expect(found[0]!.quotes[2]!.text).toContain('CE-117');
});

test('a nursing home: refresher hours below "at least 12 hours of refresher training each year", one excused', async () => {
  const found = await issues({
    'Staff-Training-Policy.md': nursingPolicy,
    'Refresher-Training-Log.csv': trainingLog,
  });
  expect(found.map((i) => i.title)).toEqual([
    'Refresher-Training-Log.csv: 2 entries below the minimum of 12 hours of refresher training that Staff-Training-Policy.md sets',
  ]);
  expect(found[0]!.description).toContain(
    'records NH-044 (7), NH-052 (9.5) under "Refresher hours completed"',
  );
  // The row with an exception reference is excused.
  expect(found[0]!.description).not.toContain('NH-060');
  expect(found[0]!.quotes.map((q) => q.document)).toEqual([
    'Staff-Training-Policy.md',
    'Refresher-Training-Log.csv',
    'Refresher-Training-Log.csv',
    'Refresher-Training-Log.csv',
  ]);
});

test('decoy: only a Graduate Member is below a minimum the rule sets for Chartered Engineers', async () => {
  expect(
    await issues({
      'Professional-Development-Policy.md': cpdPolicy,
      'CPD-Register-2025.csv': cpdRegister([graduateRow]),
    }),
  ).toEqual([]);
});

test('decoy: the only engineer below the minimum has the shortfall followed up', async () => {
  expect(
    await issues({
      'Professional-Development-Policy.md': cpdPolicy,
      'CPD-Register-2025.csv': cpdRegister([
        followedUpRow,
        'CE-126,Orla Keane,Chartered Engineer,2025,30,CPD plan agreed with Technical Director',
      ]),
    }),
  ).toEqual([]);
});

test('decoy: a column of CPD days where the rule counts hours', async () => {
  expect(
    await issues({
      'Professional-Development-Policy.md': cpdPolicy,
      'CPD-Register-2025.csv': [
        'Staff no.,Engineer,Grade,CPD year,CPD days recorded',
        'CE-104,Declan Hughes,Chartered Engineer,2025,6',
        'CE-117,Fergal Doherty,Chartered Engineer,2025,3',
        'CE-131,Niamh Costello,Chartered Engineer,2025,5',
      ].join('\n'),
    }),
  ).toEqual([]);
});

test('decoy: a register of overtime in hours, unrelated to what the rule counts', async () => {
  expect(
    await issues({
      'Staff-Training-Policy.md': nursingPolicy,
      'Overtime-Register.csv': [
        'Employee ID,Name,Role,Overtime hours worked,Approved by',
        'NH-031,Grace Okafor,Care Assistant,6,Home Manager',
        'NH-044,Tomasz Zielinski,Care Assistant,3,Home Manager',
        'NH-052,Mary Byrne,Senior Carer,10,Home Manager',
      ].join('\n'),
    }),
  ).toEqual([]);
});
