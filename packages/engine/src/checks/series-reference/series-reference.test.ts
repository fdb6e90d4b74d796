// References past the end of an identifier series the set defines: a credit union's procedure
// citing control MSC-AC-09 of a standard that ends at MSC-AC-07, and a school's procedure citing
// retention class RS-STU-11 of a schedule that ends at RS-STU-09. Decoys: a member that exists, a
// framework's control family ("SC-7"), and the set's own document codes.
import { candidateIssues } from '../../../test/helpers/check-harness';
import { seriesReferenceCheck } from '.';

const issues = (files: Record<string, string>) => candidateIssues(seriesReferenceCheck, files);

const standard = (members: number) =>
  [
    '# Minimum Security Controls Standard',
    '',
    '| Control ID | Control | Owner |',
    '| --- | --- | --- |',
    ...Array.from({ length: members }, (_, i) => `| MSC-AC-0${i + 1} | Access control ${i + 1} | CISO |`),
  ].join('\n');

test('a credit union: the access procedure cites control MSC-AC-09; the standard ends at MSC-AC-07', async () => {
  const found = await issues({
    'Minimum-Security-Controls-Standard.md': standard(7),
    'Access-Management-Procedure.md':
      '# Access Management Procedure\n\n8.1 Dormant accounts are disabled after ninety (90) days, in line with control MSC-AC-09 of the Standard.\n',
  });
  expect(found.map((i) => i.title)).toEqual([
    'Access-Management-Procedure.md cites MSC-AC-09, which Minimum-Security-Controls-Standard.md does not define',
  ]);
  expect(found[0]!.description).toContain('MSC-AC-01 to MSC-AC-07 only');
});

test('a school: the enrolment procedure keeps archived files under class RS-STU-11 of a schedule ending at RS-STU-09', async () => {
  const schedule = [
    '# Records Retention Schedule',
    '',
    ...Array.from({ length: 9 }, (_, i) => `RS-STU-0${i + 1} Student record class ${i + 1}: retain 7 years.`),
  ].join('\n\n');
  const found = await issues({
    'Records-Retention-Schedule.md': schedule,
    'Enrolment-Procedure.md':
      '# Enrolment Procedure\n\n11.2 The archived student file is retained in accordance with RS-STU-11 of the Records Retention Schedule.\n',
  });
  expect(found.map((i) => i.title)).toEqual([
    'Enrolment-Procedure.md cites RS-STU-11, which Records-Retention-Schedule.md does not define',
  ]);
});

test("decoys: a member that exists, a framework's control family, and the set's document codes", async () => {
  expect(
    await issues({
      'Minimum-Security-Controls-Standard.md': standard(7),
      'Access-Management-Procedure.md':
        '# Access Management Procedure\n\n8.1 Dormant accounts are disabled as control MSC-AC-07 requires; boundaries follow NIST SC-1, SC-2, SC-3 and SC-7.\n',
      'Information-Security-Policy.md':
        '# Information Security Policy\n\nDocument ID: BMCU-POL-001\n\nRelated: BMCU-POL-002, BMCU-POL-003 and BMCU-POL-009.\n',
      'BMCU-POL-002-Data-Policy.md':
        '# Data Policy\n\nDocument ID: BMCU-POL-002\n\nSee BMCU-POL-001 and BMCU-POL-003.\n',
    }),
  ).toEqual([]);
});

describe("a listed item's title written with another number", () => {
  test("a seafood plant: the policy's forms list has QA-F-014 Temperature Excursion Report, the procedure writes QA-F-041", async () => {
    const found = await candidateIssues(seriesReferenceCheck, {
      'Food-Safety-Policy.md':
        '# Food Safety Policy\n\nAppendix A - Controlled forms\n\n| Form | Title | Used by |\n|---|---|---|\n| QA-F-011 | Sanitation Inspection | QA Technician |\n| QA-F-014 | Temperature Excursion Report | QA Manager |\n',
      'Temperature-Monitoring-Procedure.md':
        '# Temperature Monitoring Procedure\n\n4. The coordinator opens Form QA-F-041 Temperature Excursion Report and records the Lots affected.\n',
    });
    expect(found.map((i) => i.title)).toEqual([
      'Temperature-Monitoring-Procedure.md cites the Temperature Excursion Report as QA-F-041; Food-Safety-Policy.md numbers it QA-F-014',
    ]);
  });

  test('a council: the records schedule lists HR-REC-07 Disciplinary Case File, the HR procedure files it as HR-REC-09', async () => {
    const found = await candidateIssues(seriesReferenceCheck, {
      'Records-Retention-Policy.md':
        '# Records Retention Policy\n\n| Class | Record | Retention |\n|---|---|---|\n| HR-REC-07 | Disciplinary Case File | 6 years |\n| HR-REC-08 | Grievance Case File | 6 years |\n',
      'Disciplinary-Procedure.md':
        '# Disciplinary Procedure\n\n7.2 The outcome letter is kept on the HR-REC-09 Disciplinary Case File.\n',
    });
    expect(found.map((i) => i.subject)).toEqual(['misnumbered:Disciplinary-Procedure.md:HR-REC-09']);
  });

  test('decoys: the right number, another item that happens to share words, and a revision history', async () => {
    const found = await candidateIssues(seriesReferenceCheck, {
      'Food-Safety-Policy.md':
        '# Food Safety Policy\n\n| Form | Title | Used by |\n|---|---|---|\n| QA-F-011 | Sanitation Inspection | QA Technician |\n| QA-F-014 | Temperature Excursion Report | QA Manager |\n',
      'Temperature-Monitoring-Procedure.md':
        '# Temperature Monitoring Procedure\n\n4. The coordinator opens Form QA-F-014 Temperature Excursion Report.\n\n5. Chiller checks go on QA-F-015 Temperature Log.\n',
    });
    expect(found).toEqual([]);
  });
});
