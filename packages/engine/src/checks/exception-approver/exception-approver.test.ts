// Exceptions granted in correspondence by someone the policy does not let approve them: a credit
// union's Head of IT where only the Chief Risk Officer may, and a gold lender's Head of IT where the
// CISO and the CRO approve jointly ("the undersigned approves"). Decoys: the CRO's own approval,
// and an e-mail that approves a change, not an exception.
import { candidateIssues } from '../../../test/helpers/check-harness';
import { exceptionApproverCheck } from '.';

const issues = (files: Record<string, string>) => candidateIssues(exceptionApproverCheck, files);

const email = (subject: string, body: string, name: string, post: string) =>
  [
    'From: Sender <sender@example.example>',
    'To: Service Desk <servicedesk@example.example>',
    'Date: Wed, 07 Oct 2026 16:42:10 -0500',
    `Subject: ${subject}`,
    '',
    body,
    '',
    'Regards,',
    '',
    name,
    post,
    'Blue Mahoe Co-operative Credit Union Limited',
    '',
    '-----Original Message-----',
    'From: Requester <req@example.example>',
    'Subject: Exception request',
    '',
    'Can you approve an exception? Only the Chief Risk Officer may approve exceptions.',
  ].join('\n');

const creditUnionPolicy =
  '# Information Security Policy\n\n11.2 Exceptions to this Policy shall be approved by the Chief Risk Officer. No other officer may approve an exception.\n';

test('a credit union: the Head of IT approves an MFA exception that only the Chief Risk Officer may approve', async () => {
  const found = await issues({
    'Information-Security-Policy.md': creditUnionPolicy,
    'RE-Remote-Support-Exception.eml': email(
      'RE: Exception request - vendor remote support access (MFA)',
      'Thanks for the background. We cannot go into month-end without vendor support, so I approve the exception until 31/03/2027.',
      'Garfield Spence',
      'Head of IT',
    ),
  });
  expect(found).toHaveLength(1);
  expect(found[0]!.title).toBe(
    'RE-Remote-Support-Exception.eml: an exception approved by the Head of IT, though Information-Security-Policy.md reserves exception approval to the Chief Risk Officer',
  );
  expect(found[0]!.description).toContain('(MFA)');
});

test('a gold lender: "the undersigned approves" MFA off, where the CISO and the CRO approve jointly', async () => {
  const found = await issues({
    'Information-Security-Policy.md':
      '# Information Security Policy\n\n13.1 Any exception to this Policy shall be supported by a risk assessment and shall be approved jointly by the CISO and the CRO.\n',
    'Email-VPN-Access.eml': email(
      'RE: L2 support - VPN login failures',
      'Hence the\nundersigned approves that MFA on the six support VPN accounts may be disabled till 31/03/2027. This mail may be treated as the approval; no separate exception note is required.',
      'Arun Krishnamoorthy',
      'Head - Information Technology',
    ),
  });
  expect(found.map((i) => i.title)).toEqual([
    'Email-VPN-Access.eml: an exception approved by the Head - Information Technology, though Information-Security-Policy.md reserves exception approval to the CISO and CRO',
  ]);
});

test("decoy: the Chief Risk Officer's own approval, a change approved by e-mail, an exception report", async () => {
  expect(
    await issues({
      'Information-Security-Policy.md': creditUnionPolicy,
      'RE-Remote-Support-Exception.eml': email(
        'RE: Exception request - vendor remote support access (MFA)',
        'I approve the exception until 31/03/2027, recorded in the Policy Exception Register.',
        'Kirk Ellington',
        'Chief Risk Officer',
      ),
      'RE-Change-1204.eml': email(
        'RE: CHG-1204 firewall rule',
        'I approve the change for Saturday night.',
        'Garfield Spence',
        'Head of IT',
      ).replace(
        /Can you approve an exception\? Only the Chief Risk Officer may approve exceptions\./,
        'Please approve.',
      ),
      // A report that lists a system's exceptions is no exception granted.
      'RE-Dividend-Run.eml': email(
        'RE: October dividend run',
        'I have checked the dividend exception report against the share register.\n\nApproved.',
        'Marcia Brown',
        'Finance Manager',
      ).replace(
        /Can you approve an exception\? Only the Chief Risk Officer may approve exceptions\./,
        'Please approve the run.',
      ),
    }),
  ).toEqual([]);
});

test('a laboratory: "shall be requested in writing, assessed for risk, ... and approved in writing by the Information Security Manager"; the IT Services Manager approves', async () => {
  const found = await issues({
    'Information-Security-Policy.md':
      '# Information Security Policy\n\n12.1 Any exception to this Policy shall be requested in writing, assessed for risk, recorded in the exception register, and approved in writing by the Information Security Manager before it takes effect.\n',
    'MFA-Exception.eml': email(
      'RE: Exception request - MFA for clinic portal accounts',
      'Given the clinic cannot install an authenticator, I approve the exception as follows: MFA may be switched off for three accounts.',
      'Kelvin Ho',
      'IT Services Manager',
    ),
  });
  expect(found.map((i) => i.title)).toEqual([
    'MFA-Exception.eml: an exception approved by the IT Services Manager, though Information-Security-Policy.md reserves exception approval to the Information Security Manager',
  ]);
});

test('a car-rental firm: "I\'m approving the exception", signed under a "--" line by a Vice President, where only the CISO approves', async () => {
  const found = await issues({
    'Information-Security-Policy.md':
      '# Information Security Policy\n\n12.1 Any exception must be requested in writing, risk-assessed, and approved in writing by the CISO before it takes effect.\n',
    'MFA-Exception.eml': email(
      'FleetView admin accounts - MFA exception',
      "Approved. I'm approving the exception through 04/30/2027.",
      '--\nTeresa Holloway',
      'Vice President, Branch Operations',
    ).replace('Regards,', 'Thanks,\nTeresa\n'),
  });
  expect(found.map((i) => i.title)).toEqual([
    'MFA-Exception.eml: an exception approved by the Vice President, Branch Operations, though Information-Security-Policy.md reserves exception approval to the CISO',
  ]);
});

test('decoy: the present-tense rule names the Managing Director, who approves', async () => {
  expect(
    await issues({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n10.2 Exceptions are approved by the Managing Director on the recommendation of the Information Security Manager.\n',
      'MFA-Exception.eml': email(
        'RE: Exception request EX-2026-014',
        'I approve exception EX-2026-014 for the two office accounts.',
        'Eleanor Hollins',
        'Managing Director',
      ),
    }),
  ).toEqual([]);
});

test('a mobile-money firm: a reply that opens "Approved." from the Head of IT Operations, where only the CISO approves exceptions', async () => {
  const found = await issues({
    'Information-Security-Policy.md':
      '# Information Security Policy\n\n11.2 The exception is approved by the CISO. No other role may approve an exception to a security requirement.\n',
    'Support-Access-Approval.eml': email(
      'RE: OTP for Sipi support accounts',
      'Approved. We cannot have the support desk locked out.\n\nIT Ops will switch off the OTP prompt for your three support accounts from today, 02/11/2026, until 01/05/2027. Please log it in the exceptions register.',
      'Brian Tumusiime',
      'Head of IT Operations',
    ),
  });
  expect(found.map((i) => i.title)).toEqual([
    expect.stringMatching(
      /^Support-Access-Approval\.eml: an exception approved by the Head of IT Operations/,
    ),
  ]);
});

describe('an e-mail that switches a required control off is an exception, whatever it calls it', () => {
  const skiPolicy =
    '# Information Security Policy\n\n5.5 Any exception to this policy must be approved in writing by the Information Security Manager and must not exceed 90 days.\n';
  const winePolicy =
    '# Cardholder Data Security Policy\n\n9.1 Any exception to this policy must be approved in writing by the Financial Director and may not exceed thirty (30) days.\n';
  const noQuotedException = (text: string) =>
    text.replace(
      /Can you approve an exception\? Only the Chief Risk Officer may approve exceptions\./,
      'Are you OK with this?',
    );

  test('a ski resort and a wine co-operative: "Approved - ... turn off MFA" by an operations manager, "switch off MFA" by an IT manager signing "IT Manager | <company>"', async () => {
    const found = await issues({
      'Information-Security-Policy.md': skiPolicy,
      'MFA-Lockouts.eml': noQuotedException(
        email(
          'RE: MFA lockouts - lift crew logins',
          'Approved - go with option 2. Please turn off MFA on the staff portal for the seasonal lift crew accounts until 04/10/2026.',
          'Callum Fraser',
          'Mountain Operations Manager',
        ),
      ),
    });
    expect(found.map((i) => i.title)).toEqual([
      'MFA-Lockouts.eml: an exception approved by the Mountain Operations Manager, though Information-Security-Policy.md reserves exception approval to the Information Security Manager',
    ]);
    const wine = await issues({
      'Cardholder-Data-Security-Policy.md': winePolicy,
      'Shop-Admin-Logins.eml': noQuotedException(
        email(
          'RE: Festive season temp staff - back-office logins',
          'Approved. Please go ahead and switch off MFA on the wineclub-orders and svc-dispatch accounts from 2026-11-09 until 2027-01-31.',
          'Sipho Ndlovu',
          'IT Manager | Cape Vintners Co-operative Ltd',
        ),
      ),
    });
    expect(wine.map((i) => i.title)).toEqual([
      'Shop-Admin-Logins.eml: an exception approved by the IT Manager, though Cardholder-Data-Security-Policy.md reserves exception approval to the Financial Director',
    ]);
  });

  test('decoys: the Financial Director switches MFA off; an IT manager asks for MFA to be turned on', async () => {
    expect(
      await issues({
        'Cardholder-Data-Security-Policy.md': winePolicy,
        'Shop-Admin-Logins.eml': noQuotedException(
          email(
            'RE: back-office logins',
            'Approved. Please switch off MFA on the two dispatch accounts until 2026-12-01.',
            'Nomsa Dlamini',
            'Financial Director',
          ),
        ),
        'New-Accounts.eml': noQuotedException(
          email(
            'RE: new back-office accounts',
            'Approved. Please turn on MFA for the four new accounts before they are issued.',
            'Sipho Ndlovu',
            'IT Manager',
          ),
        ),
      }),
    ).toEqual([]);
  });
});

describe('a decision a policy reserves to named posts ("may be released only by"), taken in an e-mail by another', () => {
  test('a dairy: the Engineering Manager releases held cheese that only the Technical Manager or the QA Lead may release', async () => {
    const found = await issues({
      'Food-Safety-Policy.md':
        '# Food Safety Policy\n\n6.4 Held product may be released only by the Technical Manager, or in the Technical Manager\u2019s absence by the QA Lead, after a documented assessment.\n',
      'RE-Held-Cheese.eml': email(
        'RE: Chiller 3 alarm - batches on hold',
        'I have looked at the chart and the cheese is fine. I approve the release of batches C-2201 and C-2202 from hold so they ship tonight.',
        'Owen Pryce',
        'Engineering Manager',
      ),
    });
    expect(found.map((i) => i.title)).toEqual([
      'RE-Held-Cheese.eml: release of held product approved by the Engineering Manager, though Food-Safety-Policy.md reserves it to the Technical Manager or QA Lead',
    ]);
  });

  test('a ship manager: a dispensation approved by the Marine Superintendent, where approval is given by the DPA or, in the DPA\u2019s absence, the Deputy DPA', async () => {
    const found = await issues({
      'Safety-Management-Policy.md':
        "# Safety Management Policy\n\n10.3 Company approval of a dispensation shall be given in writing by the DPA or, in the DPA's absence, by the Deputy DPA.\n",
      'RE-Dispensation.eml': email(
        'RE: Dispensation request DSP-2026-031',
        'As the DPA is travelling, I approve Company dispensation DSP-2026-031 for sixty days.',
        'Nikos Charalambous',
        'Marine Superintendent',
      ),
    });
    expect(found.map((i) => i.title)).toEqual([
      'RE-Dispensation.eml: an exception approved by the Marine Superintendent, though Safety-Management-Policy.md reserves exception approval to the DPA or Deputy DPA',
    ]);
  });

  test('decoys: the QA Lead releasing held product, and the Engineering Manager approving the release of software', async () => {
    const policy =
      '# Food Safety Policy\n\n6.4 Held product may be released only by the Technical Manager, or in the Technical Manager\u2019s absence by the QA Lead, after a documented assessment.\n';
    expect(
      await issues({
        'Food-Safety-Policy.md': policy,
        'RE-Held-Cheese.eml': email(
          'RE: Chiller 3 alarm',
          'I approve the release of batches C-2201 and C-2202 from hold.',
          'Ffion Rees',
          'QA Lead',
        ),
      }),
    ).toEqual([]);
    expect(
      await issues({
        'Food-Safety-Policy.md': policy,
        'RE-Label-Software.eml': email(
          'RE: Label printer software',
          'I approve the release of version 4.2 of the label software to the packing line.',
          'Owen Pryce',
          'Engineering Manager',
        ),
      }),
    ).toEqual([]);
  });
});

describe('a rule on when an exception takes effect, and an e-mail signed without a closing line', () => {
  /** A reply that ends in its signature block, with no "Regards," above the name. */
  const unsigned = (subject: string, body: string, signature: string[]) =>
    [
      'From: Sender <sender@example.example>',
      'To: IT Service Desk <servicedesk@example.example>',
      'Date: Tue, 10 Nov 2026 08:15:42 -0700',
      `Subject: ${subject}`,
      '',
      body,
      '',
      ...signature,
      '',
      '-----Original Message-----',
      'From: Requester <req@example.example>',
      'Subject: Exception request',
      '',
      'The weighbridge vendor has not certified Windows 11 yet. Can we keep the scale house PCs as they are?',
    ].join('\n');
  const grainPolicy =
    '# Information Security Policy\n\n10.4 Every exception is recorded with a risk assessment and an expiry date. A policy exception takes effect only once approved in writing by the President & CEO, and lapses after 180 days.\n';
  const scaleHouse = (signature: string[]) =>
    unsigned(
      'RE: Exception request - scale house PCs on Windows 10',
      'We cannot stop weighing trucks at harvest. I approve the exception for the two scale house PCs through 31 March 2027; put it on the agenda for the December operations review.',
      signature,
    );

  test('a grain co-operative: a Vice President approves an exception the President & CEO must approve, signing "Gordon / Gordon Achterberg / Vice President, Operations"', async () => {
    const found = await issues({
      'Information-Security-Policy.md': grainPolicy,
      'RE-Scale-House-Exception.eml': scaleHouse([
        'Gordon',
        '',
        'Gordon Achterberg',
        'Vice President, Operations',
        'Prairie Gateway Grain Co-operative',
        'Lethbridge, Alberta',
      ]),
    });
    expect(found.map((i) => i.title)).toEqual([
      'RE-Scale-House-Exception.eml: an exception approved by the Vice President, Operations, though Information-Security-Policy.md reserves exception approval to the President & CEO',
    ]);
    expect(found[0]!.description).toContain(
      'takes effect only once approved in writing by the President & CEO',
    );
  });

  test('a housing association: a Deputy Director of Finance grants a waiver only the Director of Finance may approve', async () => {
    const found = await issues({
      'Procurement-Policy.md':
        '# Procurement Policy\n\n5.6 A waiver of the tendering rules is valid only if approved in writing by the Director of Finance.\n',
      'RE-Roofing-Waiver.eml': unsigned(
        'RE: Waiver request - emergency roof repairs at Ashgrove Court',
        'Given the storm damage I approve the waiver, so the existing roofing contractor can start on Monday without a tender.',
        ['Priya', 'Priya Raman', 'Deputy Director of Finance', 'Northfield Homes'],
      ),
    });
    expect(found.map((i) => i.title)).toEqual([
      'RE-Roofing-Waiver.eml: an exception approved by the Deputy Director of Finance, though Procurement-Policy.md reserves exception approval to the Director of Finance',
    ]);
  });

  test('decoy: the same e-mail signed by the President & CEO', async () => {
    expect(
      await issues({
        'Information-Security-Policy.md': grainPolicy,
        'RE-Scale-House-Exception.eml': scaleHouse([
          'Helen',
          '',
          'Helen Vandermeer',
          'President & CEO',
          'Prairie Gateway Grain Co-operative',
        ]),
      }),
    ).toEqual([]);
  });
});
