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

describe('terms written in the approval e-mail itself', () => {
  const policy = (cap: string) =>
    `# Information Security Policy\n\n10.2 Exceptions are approved in writing by the CISO and ${cap}.\n`;

  test('a research lab: "effective today through 12/31/2027" in an e-mail dated 10 Nov 2026, against "a period not to exceed ninety (90) days"', async () => {
    const issues = await findings({
      'Information-Security-Policy.md': policy('granted for a period not to exceed ninety (90) days'),
      'Security-Exception-Approval.eml': [
        'From: ciso@lab.example',
        'Date: Tue, 10 Nov 2026 16:42:07 -0600',
        'Subject: RE: Exception request EXC-2026-014',
        '',
        'EXC-2026-014 Decision: APPROVED.',
        '',
        'Duration: effective today through 12/31/2027.',
      ].join('\n'),
    });
    expect(issues.map((i) => i.title)).toEqual([
      expect.stringMatching(/^Exception EXC-2026-014 runs 1[34] months/),
    ]);
  });

  test('a distiller: "- validity of 24 months" in a thread whose subject names only the reference, against a 12-month cap', async () => {
    const issues = await findings({
      'Information-Security-Policy.md': policy('granted for a fixed period of no more than 12 months'),
      'OT-Exception-Email.eml': [
        'From: ot.lead@distillery.example',
        'Date: Thu, 26 Nov 2026 09:12:00 +0000',
        'Subject: RE: EX-OT-2026-09 - vendor remote support - APPROVED',
        '',
        "I'm approving EX-OT-2026-09 as the risk owner, on these terms:",
        '',
        '- validity of 24 months, to 30/11/2028, to match the support contract.',
        '',
        '> I am raising this as exception EX-OT-2026-09.',
      ].join('\n'),
    });
    expect(issues.map((i) => i.title)).toEqual([expect.stringMatching(/runs 24 months/)]);
  });

  test('an insurer: a "Valid: 6 October 2026 to 30 June 2027" field mid-line in the approval e-mail, against 90 days (decoy: 5 October to 11 December)', async () => {
    const issues = await findings({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n12.4 No exception may be granted for longer than 90 days.\n',
      'Exception-Approval-Email.eml': [
        'From: it.ops@insurer.example',
        'Date: Mon, 5 Oct 2026 10:00:00 +0200',
        'Subject: Exceptions approved',
        '',
        'EX-2026-031 Broker Portal MFA waiver. Risk rating: High (external access without MFA) Valid: 6 October 2026 to 30 June 2027',
        '',
        'EX-2026-032 legacy switch management. Risk rating: Medium Valid: 5 October 2026 to 11 December 2026',
      ].join('\n'),
    });
    expect(issues.map((i) => i.title)).toEqual([expect.stringMatching(/^Exception EX-2026-031 runs/)]);
  });

  test('decoys: an e-mail term within the cap, and a validity line in a record about no exception', async () => {
    expect(
      await findings({
        'Information-Security-Policy.md': policy('granted for a period not to exceed ninety (90) days'),
        'Exception-Email.eml':
          'From: ciso@lab.example\nDate: Tue, 10 Nov 2026 16:42:07 -0600\nSubject: Exception EXC-2026-015\n\nDuration: effective today through 01/08/2027.\n',
      }),
    ).toEqual([]);
    expect(
      await findings({
        'Information-Security-Policy.md': policy('granted for no more than 12 months'),
        'Certificate-Renewal.eml':
          'From: it@firm.example\nDate: Tue, 10 Nov 2026 16:42:07 -0600\nSubject: TLS certificate renewed\n\n- validity of 24 months, to 30/11/2028.\n',
      }),
    ).toEqual([]);
  });
});

describe('terms in the words of the grant itself', () => {
  const message = (date: string, body: string[], quoted: string[] = []) =>
    [
      'From: director@example.example',
      `Date: ${date}`,
      'Subject: RE: Exception request',
      '',
      ...body,
      '',
      'Regards,',
      'Pat',
      ...(quoted.length ? ['', '-----Original Message-----', ...quoted] : []),
    ].join('\n');

  test('a funeral home: "I approve exception EX-2026-014" and the accounts may go without MFA "from 05/10/2026 until 31/03/2027", against three months', async () => {
    const issues = await findings({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n10.2 Exceptions are approved by the Managing Director. An exception may be granted for a maximum of three (3) months.\n',
      'MFA-Exception-Approval.eml': message('Thu, 1 Oct 2026 10:00:00 +0100', [
        'I approve exception EX-2026-014. The two office accounts may continue to sign in without multi-factor authentication from 05/10/2026 until 31/03/2027.',
      ]),
    });
    expect(issues.map((i) => i.title)).toEqual([
      expect.stringMatching(/^Exception EX-2026-014 runs 6 months \(05\/10\/2026 until 31\/03\/2027\)/),
    ]);
  });

  test('a car-rental firm: "I\'m approving the exception through 04/30/2027" in an e-mail of 10/19/2026, against "no more than ninety (90) days"', async () => {
    const issues = await findings({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n12.2 Exceptions are granted for no more than ninety (90) days.\n',
      'Exception-Approval.eml': message('Mon, 19 Oct 2026 08:05:00 -0700', [
        "Approved. I'm approving the exception through 04/30/2027 - that gives the vendor the runway they asked for.",
      ]),
    });
    expect(issues.map((i) => i.title)).toEqual([expect.stringMatching(/runs 6 months/)]);
  });

  test('a laboratory: the cap by negation, "No exception shall be approved for a period of more than ninety (90) days"', async () => {
    const issues = await findings({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n12.2 No exception shall be approved for a period of more than ninety (90) days. An exception may be renewed once.\n',
      'Exception-Approval.eml': message('Tue, 20 Oct 2026 10:14:32 +0800', [
        'I approve the exception as follows:',
        '',
        '  - Period: six (6) months, from 2026-10-20 to 2027-04-20',
      ]),
    });
    expect(issues.map((i) => i.title)).toEqual([expect.stringMatching(/runs 6 months/)]);
  });

  test('a mobile-money firm: a reply that opens "Approved." and switches the OTP off "from today, 02/11/2026, until 30/04/2027", against ninety days', async () => {
    const issues = await findings({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n11.3 An exception lasts no longer than ninety (90) days.\n',
      'Support-Access-Approval.eml': message('Mon, 2 Nov 2026 08:10:00 +0300', [
        'Approved. We cannot have the support desk locked out during the festive season.',
        '',
        'IT Ops will switch off the OTP prompt for your three support accounts from today, 02/11/2026, until 30/04/2027, while your team moves to the new authenticator app. Please log it in the exceptions register.',
      ]),
    });
    expect(issues.map((i) => i.title)).toEqual([
      expect.stringMatching(/runs 6 months \(02\/11\/2026, until 30\/04\/2027\)/),
    ]);
  });

  test('decoys: a range in the quoted request, a range of log dates in the grant, and a grant within the cap', async () => {
    const policy =
      '# Information Security Policy\n\n10.2 An exception may be granted for a maximum of three (3) months.\n';
    expect(
      await findings({
        'Information-Security-Policy.md': policy,
        'Exception-Approval.eml': message(
          'Thu, 1 Oct 2026 10:00:00 +0100',
          [
            'I approve the exception until 31/12/2026, and the sign-in reports of 01/09/2026 to 30/09/2026 were clean.',
          ],
          ['Could the exception run from 05/10/2026 until 31/03/2027?'],
        ),
      }),
    ).toEqual([]);
  });
});
