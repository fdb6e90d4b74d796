// A form's classification marking written in capitals ("CLASSIFICATION: RESTRICTED") is a use of
// a level, checked against a scheme written in ordinary case (Public / Internal / Confidential):
// a hospital pharmacy's controlled drugs transfer form and a dredging contractor's survey release
// form (and a dredge log marked "CLASSIFICATION LEVEL: SECRET"). Decoys: forms marked with a level the scheme has ("CLASSIFICATION: CONFIDENTIAL",
// "CLASSIFICATION LEVEL: INTERNAL USE").
import { candidateIssues } from '../../../test/helpers/check-harness';
import { definedTermCheck } from '.';

const issuesOf = (files: Record<string, string>) => candidateIssues(definedTermCheck, files);

const form = (title: string, marking: string, fields: string[]) =>
  [`# ${title}`, '', marking, '', ...fields.flatMap((f) => [`${f}: ____________`, ''])].join('\n');

describe('a form marked "CLASSIFICATION: <LEVEL>" in capitals', () => {
  const pharmacyPolicy =
    '# Information Classification Policy\n\n4.1 All information is classified into one of three levels: Public, Internal and Confidential.\n';
  const drugsForm = (marking: string) =>
    form('Controlled Drugs Transfer Form', marking, [
      'Issuing ward',
      'Receiving ward',
      'Drug, strength and quantity',
      'Witness signature',
    ]);

  test('a hospital pharmacy: a transfer form marked RESTRICTED, a level its three-level scheme lacks', async () => {
    const issues = await issuesOf({
      'Information-Classification-Policy.md': pharmacyPolicy,
      'Controlled-Drugs-Transfer-Form.md': drugsForm('CLASSIFICATION: RESTRICTED'),
    });
    expect(issues.map((i) => i.title)).toEqual([
      'Classification level "RESTRICTED" used in Controlled-Drugs-Transfer-Form.md is not in the classification scheme',
    ]);
    expect(issues[0]!.subject).toBe('term:classification:restricted');
    expect(issues[0]!.quotes[0]!.text).toContain('CLASSIFICATION: RESTRICTED');
  });

  test('a dredging contractor: a survey release form marked RESTRICTED, and a dredge log marked "CLASSIFICATION LEVEL: SECRET"', async () => {
    const issues = await issuesOf({
      'Data-Handling-Policy.md': [
        '# Data Handling Policy',
        '',
        '3.2 Classification levels: Public, Internal, Confidential.',
      ].join('\n'),
      'Survey-Release-Form.md': form('Hydrographic Survey Release Form', 'CLASSIFICATION: RESTRICTED', [
        'Berth and chainage',
        'Survey vessel',
        'Released to',
      ]),
      'Dredge-Log-Form.md': form('Daily Dredge Log', 'CLASSIFICATION LEVEL: SECRET', [
        'Dredger',
        'Hopper loads',
      ]),
    });
    expect(issues.map((i) => i.title).sort()).toEqual([
      'Classification level "RESTRICTED" used in Survey-Release-Form.md is not in the classification scheme',
      'Classification level "SECRET" used in Dredge-Log-Form.md is not in the classification scheme',
    ]);
  });

  test('decoys: forms marked with a level the scheme has, in capitals', async () => {
    expect(
      await issuesOf({
        'Information-Classification-Policy.md': pharmacyPolicy,
        'Controlled-Drugs-Transfer-Form.md': drugsForm('CLASSIFICATION: CONFIDENTIAL'),
        'Ward-Stock-Request-Form.md': form('Ward Stock Request Form', 'CLASSIFICATION LEVEL: INTERNAL USE', [
          'Ward',
          'Items requested',
        ]),
      }),
    ).toEqual([]);
  });
});
