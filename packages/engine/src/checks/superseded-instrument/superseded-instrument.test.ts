// Superseded laws and schemes still relied on: a UK charity's privacy notice on the 1998 Act, an
// Australian insurer's continuity plan on CPS 232, a US agency contractor's plan on FISMA 2002;
// decoys: a sentence telling the history, an audit dated before the replacement, a successor that
// only looks like its predecessor. The audit date decides, not the documents' dates: an undated
// set, or one last touched years ago, is what the organisation follows on the day of the audit.
import { BLANK_INTAKE, runCheck } from '../../../test/helpers/check-harness';
import { supersededInstrumentCheck } from '.';

async function keys(files: Record<string, string>, asOf = '2026-11-26'): Promise<string[]> {
  const { candidates } = await runCheck(supersededInstrumentCheck, files, BLANK_INTAKE, asOf);
  return candidates.map((c) => c.key);
}

const DATED_2026 = { 'Minutes.txt': 'Minutes of the trustees, 14 May 2026.\n' };

test("a UK charity's privacy notice still relies on the Data Protection Act 1998", async () => {
  expect(
    await keys({
      ...DATED_2026,
      'Supporter-Privacy-Notice.md':
        '# Supporter Privacy Notice\n\nWe process donor records in line with the Data Protection Act 1998 and answer requests within 40 days.\n',
    }),
  ).toEqual(['instrument:uk-dpa-1998']);
});

test("an Australian insurer's continuity plan is written to CPS 232; a US contractor cites FISMA 2002", async () => {
  expect(
    (
      await keys({
        ...DATED_2026,
        'Claims-Continuity-Plan.md':
          '# Claims Continuity Plan\n\nThis plan meets the requirements of APRA CPS 232 for critical business operations.\n',
        'System-Security-Plan.md':
          '# System Security Plan\n\nThe system is categorised under the Federal Information Security Management Act.\n',
      })
    ).sort(),
  ).toEqual(['instrument:au-cps-232', 'instrument:us-fisma-2002']);
});

test('decoys: history told in the sentence, a corpus dated before the replacement, the successors', async () => {
  expect(
    await keys({
      ...DATED_2026,
      'Records-Policy.md': [
        '# Records Policy',
        '',
        'The Data Protection Act 2018 replaced the Data Protection Act 1998.',
        '',
        'Operational resilience follows APRA CPS 230 and the Federal Information Security Modernization Act of 2014.',
      ].join('\n'),
    }),
  ).toEqual([]);
  expect(
    await keys(
      {
        'Minutes.txt': 'Minutes of the board, 3 March 2024.\n',
        'Outsourcing-Policy.md': '# Outsourcing Policy\n\nMaterial outsourcing follows CPS 231.\n',
      },
      '2024-06-30',
    ),
  ).toEqual([]);
});

test('an undated set, or one whose newest date is old, is judged on the audit date', async () => {
  expect(
    await keys({
      'Minutes.txt': 'Minutes of the board, 3 March 2009.\n',
      'Breach-Policy.md':
        '# Breach Policy\n\nA disclosure is a breach when it poses a significant risk of financial, reputational, or other harm to the individual.\n',
      'Dental-Practice-Privacy-Procedure.md':
        '# Privacy Procedure\n\nThe privacy lead decides whether there is significant risk of harm to the individual before notifying anyone.\n',
    }),
  ).toEqual(['instrument:us-hipaa-harm-standard']);
});
