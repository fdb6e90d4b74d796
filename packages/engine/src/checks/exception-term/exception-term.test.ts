// Exceptions granted for longer than the policy allows, in a credit union's (month-first dates, a
// date range) and a hospital's (day-first dates, a number of months) wording; decoys: a term
// within the cap, a policy's second, looser cap for another kind of exception, and no cap at all.
import { runCheck } from '../../../test/helpers/check-harness';
import { exceptionTermCheck } from '.';

async function findings(files: Record<string, string>) {
  const { candidates, verdict } = await runCheck(exceptionTermCheck, files);
  return candidates.flatMap((c) => verdict(c.params).issues);
}

const creditUnion = (period: string) => ({
  'Information-Security-Policy.md':
    '# Information Security Policy\n\n10.1 Exceptions are approved by the ISO and reported to the Board Technology Committee. No exception may be approved for longer than twelve (12) months; an exception may be renewed only after a new risk assessment.\n',
  'Exception-Request-EX-2026-07.txt': [
    'INFORMATION SECURITY EXCEPTION REQUEST',
    '',
    'Exception number: EX-2026-07',
    '',
    'System: ITM controller (Windows Server 2012 R2)',
    '',
    `Exception period: ${period}`,
    '',
    'Reported to Board Technology Committee on: 10/15/2026',
  ].join('\n'),
});

describe('exceptions granted beyond the cap', () => {
  test('a credit union: an exception from 10/05/2026 through 06/30/2028 against a 12-month cap', async () => {
    const issues = await findings(creditUnion('10/05/2026 through 06/30/2028'));
    expect(issues).toHaveLength(1);
    expect(issues[0]!.title).toMatch(
      /^Exception EX-2026-07 runs 21 months \(10\/05\/2026 through 06\/30\/2028\)/,
    );
    expect(issues[0]!.quotes.map((q) => q.document).sort()).toEqual([
      'Exception-Request-EX-2026-07.txt',
      'Information-Security-Policy.md',
    ]);
  });

  test('a hospital: a 36-month exception on the request form against "no more than 12 months"', async () => {
    const issues = await findings({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n9.2 The system owner applies for an exception on form FRM-020. The CISO may approve an exception for no more than 12 months; after that it must be re-assessed.\n',
      'Security-Exception-Form.txt':
        'SECURITY EXCEPTION REQUEST\n\nException ref: EXC-2026-014\n\nException period: 36 months, from 01/10/2026 to 30/09/2029 Decision: APPROVED\n',
    });
    expect(issues.map((i) => i.title)).toEqual([
      expect.stringMatching(/^Exception EXC-2026-014 runs 36 months/),
    ]);
  });
});

describe('decoys', () => {
  test('a term within the cap', async () => {
    expect(await findings(creditUnion('10/05/2026 through 10/04/2027'))).toEqual([]);
  });

  test("a policy's looser cap for another kind of exception is no exception granted", async () => {
    const issues = await findings({
      'Technology-Risk-Policy.md':
        '# Technology Risk Policy\n\n15.1 Patch exceptions are approved by the CISO for up to 90 days.\n\n15.2 Other dispensations may be approved by the Chief Risk Officer for up to six months and reported to the next committee.\n',
    });
    expect(issues).toEqual([]);
  });

  test('no cap stated: a long exception is not measured against anything', async () => {
    const issues = await findings({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\nExceptions are approved by the ISO.\n',
      'Exception-Request-EX-2026-07.txt': creditUnion('10/05/2026 through 06/30/2028')[
        'Exception-Request-EX-2026-07.txt'
      ],
    });
    expect(issues).toEqual([]);
  });
});
