// Evidence that contradicts what a policy requires: dated records whose items took longer than
// the policy's deadline, recurring activities last performed longer ago than their frequency
// allows, and correspondence describing a control being bypassed. Each rule has a decoy that
// must stay quiet (an exception recorded, an item within its deadline, a compliant e-mail).
import { analyzeCorpus, type CorpusAnalysis } from '../src/analyst/corpus-analysis';
import { extractDates, extractMonthYears, parseDateCell } from '../src/analyst/dates';
import { findRecordAttributeGaps } from '../src/checks/record-attribute/record-attributes';
import { findRecordGaps } from '../src/checks/record-frequency/record-gaps';
import { findControlStateConflicts } from '../src/checks/control-state/control-state';
import type { Issue } from '../src/analyst/issue';
import type { Intake } from '../src/types';
import { snapshotOf } from './helpers/synthetic-corpus';

/** `asOf` (YYYY-MM-DD): the audit date; unset, the wall clock. */
async function analyse(
  files: Record<string, string>,
  asOf?: string,
): Promise<{ a: CorpusAnalysis; texts: Map<string, string> }> {
  const snapshot = await snapshotOf(files, asOf);
  return {
    a: analyzeCorpus(snapshot, null),
    texts: new Map(snapshot.documents.map((d) => [d.name, d.text])),
  };
}

function expectVerbatim(issue: Issue, texts: Map<string, string>) {
  for (const quote of issue.quotes)
    expect(texts.get(quote.document)!.slice(quote.start, quote.end)).toBe(quote.text);
}

describe('dates', () => {
  test('parses ISO, US, day-first, long and month-year forms', () => {
    const iso = (text: string) => extractDates(text).map((d) => d.iso);
    expect(iso('opened 03/14/2021')).toEqual(['2021-03-14']);
    expect(iso('opened 14/03/2021')).toEqual(['2021-03-14']);
    expect(iso('opened 14.03.2021')).toEqual(['2021-03-14']);
    expect(iso('held on 14 March 2025 and March 14, 2025')).toEqual(['2025-03-14', '2025-03-14']);
    expect(iso('release v1.2.2024')).toEqual([]);
    expect(iso('closed 14-Mar-25, reopened 2-Apr-2025')).toEqual(['2025-03-14', '2025-04-02']);
    expect(extractMonthYears('last tested in March 2025').map((d) => d.iso)).toEqual(['2025-03-31']);
    expect(parseDateCell(' 2026-02-03 ')?.iso).toBe('2026-02-03');
    expect(parseDateCell('Rescan done 2026-02-03 by the platform team')).toBeNull();
  });
});

const QUALITY_PROCEDURE = [
  '# Corrective Action Procedure',
  '',
  '4.1 Major nonconformities must be corrected within 30 days of being opened.',
  '',
  '4.2 Minor nonconformities must be corrected within 90 days of being opened.',
  '',
  '4.3 Where a correction cannot be made in time, the owner raises an exception before the deadline.',
].join('\n');

const CAPA_LOG = [
  'capa_id,nonconformity,priority,opened,closed,exception_ref',
  'CAPA-101,Calibration overdue on press 4,Major,01/06/2025,02/20/2025,',
  'CAPA-102,Missing batch signature,Major,01/10/2025,03/01/2025,EXC-7 (QA director)',
  'CAPA-103,Label template outdated,Minor,02/01/2025,04/02/2025,',
  'CAPA-104,Torque record incomplete,Major,03/03/2025,03/20/2025,',
].join('\n');

describe('deadlines in dated records', () => {
  test('flags rows closed later than the deadline for their category, skipping recorded exceptions', async () => {
    const { a, texts } = await analyse({
      'Corrective-Action-Procedure.md': QUALITY_PROCEDURE,
      'Nonconformity-CAPA-Log-2025.csv': CAPA_LOG,
    });
    const issues = findRecordAttributeGaps(a).filter((i) => i.subject.endsWith(':deadline'));
    expect(issues).toHaveLength(1);
    const issue = issues[0]!;
    expect(issue.primitive).toBe('conflict_check');
    expect(issue.description).toContain('CAPA-101');
    expect(issue.description).toMatch(/45 days/);
    expect(issue.description).toContain('Corrective-Action-Procedure.md');
    // CAPA-102 is late but covered by an exception; CAPA-103 (minor, 60 days) and CAPA-104 are in time.
    expect(issue.description).not.toMatch(/CAPA-10[234]/);
    expectVerbatim(issue, texts);
  });

  test('stays quiet when every late row carries an exception', async () => {
    const { a } = await analyse({
      'Corrective-Action-Procedure.md': QUALITY_PROCEDURE,
      'Nonconformity-CAPA-Log-2025.csv': CAPA_LOG.replace('02/20/2025,', '02/20/2025,EXC-9 (risk accepted)'),
    });
    expect(findRecordAttributeGaps(a).filter((i) => i.subject.endsWith(':deadline'))).toEqual([]);
  });
});

const PREPAREDNESS_PLAN = [
  '# Emergency Preparedness Plan',
  '',
  '6.1 The disaster recovery plan must be tested at least once every twelve months.',
].join('\n');

function minutes(lastTest: string): string {
  return [
    'OPERATIONS COMMITTEE - MINUTES',
    'Meeting date: 12 November 2025',
    '',
    '3. Resilience',
    `   - The last disaster recovery test was performed on ${lastTest} (failover of the patient record system).`,
    '   - The next test was postponed because of the ward relocation.',
  ].join('\n');
}

describe('recurring activities last performed too long ago', () => {
  test('a record of the last occurrence older than the required interval is a missed cycle', async () => {
    const { a, texts } = await analyse({
      'Emergency-Preparedness-Plan.md': PREPAREDNESS_PLAN,
      'Operations-Committee-Minutes-2025-11-12.txt': minutes('March 3, 2024'),
    });
    const issue = findRecordGaps(a, a.facts).find((i) => i.subject.includes('Operations-Committee-Minutes'));
    expect(issue).toBeDefined();
    expect(issue!.description).toContain('2024-03-03');
    expect(issue!.description).toMatch(/disaster recovery test was performed/);
    expect(issue!.quotes.map((q) => q.document)).toContain('Emergency-Preparedness-Plan.md');
    expectVerbatim(issue!, texts);
  });

  test('"not performed since" and month-year phrasing count; "performed since" does not', async () => {
    const policy =
      '# Access Control Policy\n\n5.1 User access reviews must be performed quarterly for all production systems.\n';
    const notes = (line: string) => `IT STEERING MINUTES\nDate: June 30, 2025\n\n2. Access\n - ${line}\n`;
    const overdue = await analyse({
      'Access-Control-Policy.md': policy,
      'IT-Steering-Minutes-2025-06-30.txt': notes(
        'No user access review has been performed since October 2024.',
      ),
    });
    const issue = findRecordGaps(overdue.a, overdue.a.facts).find((i) =>
      i.subject.includes('IT-Steering-Minutes'),
    );
    expect(issue?.description).toContain('2024-10-31');
    const ongoing = await analyse({
      'Access-Control-Policy.md': policy,
      'IT-Steering-Minutes-2025-06-30.txt': notes(
        'User access reviews have been performed every quarter since October 2024.',
      ),
    });
    expect(
      findRecordGaps(ongoing.a, ongoing.a.facts).filter((i) => i.subject.includes('IT-Steering-Minutes')),
    ).toEqual([]);
  });

  test('a recent last occurrence is within the interval', async () => {
    const { a } = await analyse({
      'Emergency-Preparedness-Plan.md': PREPAREDNESS_PLAN,
      'Operations-Committee-Minutes-2025-11-12.txt': minutes('09/09/2025'),
    });
    expect(
      findRecordGaps(a, a.facts).filter((i) => i.subject.includes('Operations-Committee-Minutes')),
    ).toEqual([]);
  });
});

const CHANGE_PROCEDURE = [
  '# Payments Change Procedure',
  '',
  '3.1 Every production change must be approved by the Change Advisory Board before deployment.',
  '',
  '3.2 The implementer may not be one of the approvers.',
].join('\n');

function email(body: string): string {
  return [
    'From: Dana Ruiz <dana@bank.example>',
    'To: Sam Lee <sam@bank.example>',
    'Date: Tue, 4 Mar 2025 21:10:00 +0000',
    'Subject: Re: ledger rounding fix',
    '',
    body,
  ].join('\n');
}

describe('controls bypassed in correspondence', () => {
  test('self-deployment without prior approval contradicts the change procedure', async () => {
    const { a, texts } = await analyse({
      'Payments-Change-Procedure.md': CHANGE_PROCEDURE,
      'rounding-fix.eml': email(
        "Sam, go ahead and deploy the rounding fix to production yourself tonight. I don't want to wait for the CAB on Thursday.\n\nWe will raise the change request afterwards.\n",
      ),
    });
    const issue = findControlStateConflicts(a).find((i) => i.subject === 'control:change_approval_bypass');
    expect(issue).toBeDefined();
    expect(issue!.description).toContain('Payments-Change-Procedure.md');
    expect(issue!.description).toMatch(/deploy the rounding fix to production yourself/);
    expectVerbatim(issue!, texts);
  });

  test('an e-mail about an approved change stays quiet', async () => {
    const { a } = await analyse({
      'Payments-Change-Procedure.md': CHANGE_PROCEDURE,
      'rounding-fix.eml': email(
        'The CAB approved CR-1142 on Tuesday; Priya will deploy it on Thursday in the change window.\n',
      ),
    });
    expect(
      findControlStateConflicts(a).filter((i) => i.subject === 'control:change_approval_bypass'),
    ).toEqual([]);
  });

  test('a quarry and a hospital: the advance notice a rule requires, to be given only once the work is done', async () => {
    const cases = [
      {
        rule: '# Blasting Policy\n\n5.2 The Site Manager must notify neighbouring residents of every blast at least 24 hours before the blast is fired.\n',
        mail: "Blast B-114 goes ahead at 14:00 today; the charge was only approved this morning so we can't give the usual notice.\n\nI will send the residents' notice once the blast is completed.\n",
        quote: /can't give the usual notice/,
      },
      {
        rule: '# Estates Policy\n\n3.4 Estates must give the ward manager no less than two (2) days notice before planned water shutdowns, so that patients can be moved.\n',
        mail: 'The valve on Ward 7 is failing, so the contractor shuts the water off tomorrow. Notification to the ward manager will be made retrospectively.\n',
        quote: /made retrospectively/,
      },
    ];
    for (const { rule, mail, quote } of cases) {
      const { a, texts } = await analyse({ 'Policy.md': rule, 'work.eml': email(mail) });
      const issue = findControlStateConflicts(a).find((i) => i.subject === 'control:advance_notice_bypass');
      expect(issue?.description).toMatch(quote);
      expectVerbatim(issue!, texts);
    }
  });

  test('decoy: notice given in time, and a report due only after the work', async () => {
    const { a } = await analyse({
      'Policy.md':
        '# Blasting Policy\n\n5.2 The Site Manager must notify neighbouring residents of every blast at least 24 hours before the blast is fired.\n',
      'work.eml': email(
        "Residents were notified on Monday for Wednesday's blast B-115. I will send the vibration readings once the blast is completed.\n",
      ),
    });
    expect(findControlStateConflicts(a).filter((i) => i.subject === 'control:advance_notice_bypass')).toEqual(
      [],
    );
  });

  test('a gold lender and a casino: a key register remark shows one person holding both keys of a dual-custody lock', async () => {
    for (const [rule, row] of [
      [
        '6.2 Under no circumstances shall both keys of the strong room be held by the same person, even temporarily.',
        '11,16/10/2026,Key B,V. Saravanan (ABM),P. Mohanraj (BM),Casual leave,BM holding Key A and Key B till ABM resumes',
      ],
      [
        '4.1 The cage vault is kept under dual custody: the two combination parts are held by different supervisors.',
        '7,03/11/2026,Combination 2,R. Aquilina,J. Borg,Night shift cover,J. Borg holding combination 1 and 2 for the weekend',
      ],
    ] as const) {
      const { a } = await analyse({
        'Vault-Procedure.md': `# Vault Procedure\n\n${rule}\n`,
        'Key-Register.csv': ['Sl,Date,Key,Handed over by,Taken over by,Reason,Remarks', row].join('\n'),
      });
      const issue = findControlStateConflicts(a).find((i) => i.subject === 'control:dual_control_bypass');
      expect(issue?.quotes.map((q) => q.document)).toContain('Key-Register.csv');
    }
  });

  test('decoy: a register whose keys change hands between two people', async () => {
    const { a } = await analyse({
      'Vault-Procedure.md':
        '# Vault Procedure\n\n6.2 Under no circumstances shall both keys of the strong room be held by the same person, even temporarily.\n',
      'Key-Register.csv': [
        'Sl,Date,Key,Handed over by,Taken over by,Reason,Remarks',
        '12,18/10/2026,Key B,P. Mohanraj (BM),K. Devi (Officer),Leave cover,Key A stays with the BM; Key B held by the officer',
      ].join('\n'),
    });
    expect(findControlStateConflicts(a).filter((i) => i.subject === 'control:dual_control_bypass')).toEqual(
      [],
    );
  });

  test('one person doing a dual-control task contradicts the dual-control rule', async () => {
    const { a, texts } = await analyse({
      'Branch-Cash-Procedure.md':
        '# Branch Cash Procedure\n\n2.1 Dual control: the cash vault may only be opened with two authorised officers present.\n',
      'vault-thread.eml': email(
        'Kim was off sick, so I opened the vault alone and did the count myself. Logged it as usual.\n',
      ),
    });
    const issue = findControlStateConflicts(a).find((i) => i.subject === 'control:dual_control_bypass');
    expect(issue).toBeDefined();
    expect(issue!.description).toContain('Branch-Cash-Procedure.md');
    expectVerbatim(issue!, texts);
  });

  test('an unattended remote-access tool contradicts the remote-access standard; its removal does not', async () => {
    const standard =
      '# Plant Network Standard\n\n5.1 Remote access to plant networks is only permitted through the jump host, with multi-factor authentication.\n';
    const installed = await analyse({
      'Plant-Network-Standard.md': standard,
      'line3-support.eml': email(
        'I installed AnyDesk on the line 3 PLC workstation with unattended access so the vendor can connect at night.\n',
      ),
    });
    const issue = findControlStateConflicts(installed.a).find(
      (i) => i.subject === 'control:remote_access_bypass',
    );
    expect(issue).toBeDefined();
    expect(issue!.description).toMatch(/AnyDesk/);
    expectVerbatim(issue!, installed.texts);

    const removed = await analyse({
      'Plant-Network-Standard.md': standard,
      'line3-support.eml': email(
        'We removed AnyDesk from the line 3 PLC workstation as the standard requires.\n',
      ),
    });
    expect(
      findControlStateConflicts(removed.a).filter((i) => i.subject === 'control:remote_access_bypass'),
    ).toEqual([]);
  });
});

describe('segregation of duties in registers', () => {
  const policy = [
    '# Treasury Payments Procedure',
    '',
    '4.2 Segregation of duties: the preparer of a payment may not approve it; a second officer approves every payment.',
  ].join('\n');
  const register = (thirdApprover: string) =>
    [
      'payment_id,prepared_by,approved_by,approved_on,amount',
      'PAY-201,l.moreau,k.osei,2025-05-02,12000',
      'PAY-202,a.varga,a.varga,2025-05-03,48000',
      `PAY-203,t.nakamura,${thirdApprover},2025-05-04,9000`,
    ].join('\n');

  test('rows whose approver is the preparer contradict the rule', async () => {
    const { a, texts } = await analyse({
      'Treasury-Payments-Procedure.md': policy,
      'Payment-Register-2025-05.csv': register('k.osei'),
    });
    const issue = findRecordAttributeGaps(a).find((i) => i.subject.endsWith(':self_approval'));
    expect(issue).toBeDefined();
    expect(issue!.title).toContain('PAY-202');
    expect(issue!.description).not.toContain('PAY-201');
    expect(issue!.description).toContain('Treasury-Payments-Procedure.md');
    expectVerbatim(issue!, texts);
  });

  test('independent approvers, or no segregation rule, stay quiet', async () => {
    const clean = await analyse({
      'Treasury-Payments-Procedure.md': policy,
      'Payment-Register-2025-05.csv': register('k.osei').replace('a.varga,a.varga', 'a.varga,k.osei'),
    });
    expect(findRecordAttributeGaps(clean.a).filter((i) => i.subject.endsWith(':self_approval'))).toEqual([]);
    const noRule = await analyse({
      'Treasury-Payments-Procedure.md': '# Treasury Payments Procedure\n\n4.2 Payments are recorded daily.\n',
      'Payment-Register-2025-05.csv': register('k.osei'),
    });
    expect(findRecordAttributeGaps(noRule.a).filter((i) => i.subject.endsWith(':self_approval'))).toEqual([]);
  });
});

describe('segregation of duties in registers: the rule and the two columns it names', () => {
  test('a funeral home: the same person "Authorised by" and "Released by" a release, against "The same person must never both authorise and release the same items" (not the access rule)', async () => {
    const { a, texts } = await analyse({
      'Access-Control-Procedure.md':
        '# Access Control Procedure\n\n4. A manager may not approve a request for their own account.\n',
      'Deceased-Property-Procedure.md':
        '# Deceased Property Procedure\n\n11. Releases are authorised by the Funeral Home Manager. The same person must never both authorise and release the same items.\n',
      'Deceased-Property-Register.csv': [
        'Register ref,Funeral home,Date released,Released to,Authorised by,Released by',
        'HB-VR-2026-0004,Halifax,12/01/2026,Mr P. Whitworth,A. Crowther,D. Mitchell',
        'HB-VR-2026-0117,Keighley,19/03/2026,Mrs J. Lund,K. Bairstow,K. Bairstow',
      ].join('\n'),
    });
    const issue = findRecordAttributeGaps(a).find((i) => i.subject.endsWith(':self_approval'));
    expect(issue?.title).toContain('HB-VR-2026-0117');
    expect(issue!.title).toContain('against Deceased-Property-Procedure.md');
    expectVerbatim(issue!, texts);
  });

  test('a dairy and an airline: an approval given by the person who carried out the assessment or the audit', async () => {
    for (const [rule, name, rows, bad] of [
      [
        '# Supplier Procedure\n\n5. The Quality Manager approves each supplier. The approver must not be the person who carried out the assessment.\n',
        'Supplier-Register.csv',
        'supplier_id,supplier_name,assessed_by,approved_by,approval_date\nS-01,Valley Milk Haulage,R. Dunn,M. Okafor,2026-04-02\nS-02,Cream Packaging Ltd,M. Okafor,M. Okafor,2026-05-11\n',
        'S-02',
      ],
      [
        '# Maintenance Organisation Procedure\n\n8.2 A certificate of release is signed by the certifying engineer. The approver shall not be the person who performed the audit of the work package.\n',
        'Work-Package-Audits.csv',
        'Package,Aircraft,Audited by,Approved by\nWP-771,ZK-MCA,T. Reihana,L. Fox\nWP-774,ZK-MCF,L. Fox,L. Fox\n',
        'WP-774',
      ],
    ] as const) {
      const { a } = await analyse({ 'Procedure.md': rule, [name]: rows });
      const issue = findRecordAttributeGaps(a).find((i) => i.subject.endsWith(':self_approval'));
      expect(issue?.title).toContain(bad);
    }
    // Decoy: every approval given by someone other than the assessor.
    const { a } = await analyse({
      'Procedure.md':
        '# Supplier Procedure\n\n5. The Quality Manager approves each supplier. The approver must not be the person who carried out the assessment.\n',
      'Supplier-Register.csv':
        'supplier_id,supplier_name,assessed_by,approved_by,approval_date\nS-01,Valley Milk Haulage,R. Dunn,M. Okafor,2026-04-02\nS-02,Cream Packaging Ltd,R. Dunn,M. Okafor,2026-05-11\n',
    });
    expect(findRecordAttributeGaps(a).filter((i) => i.subject.endsWith(':self_approval'))).toEqual([]);
  });

  test('a laboratory: a reviewer who confirmed their own account, against "No reviewer shall be assigned, or shall confirm, his or her own account"', async () => {
    const { a } = await analyse({
      'Portal-Access-Review-Procedure.md':
        '# Portal Access Review Procedure\n\n5.2 The Client Services Manager shall assign each account to a reviewer. No reviewer shall be assigned, or shall confirm, his or her own account.\n',
      'Portal-Access-Review-Register.csv': [
        'review_id,account_id,user_name,reviewer,review_date,review_outcome',
        'PAR-001,DR-0231,Dr Ho Ka-yan,Eddie Lam Chi-wai (Supervisor),2026-10-14,Retain',
        'PAR-003,ADM-003,Joyce Leung Pui-shan,Joyce Leung Pui-shan (Client Services Manager),2026-11-04,Retain',
      ].join('\n'),
    });
    const issue = findRecordAttributeGaps(a).find((i) => i.subject.endsWith(':self_approval'));
    expect(issue?.title).toContain('PAR-003');
    expect(issue!.description).not.toContain('PAR-001');
  });

  test.each([
    [
      'a ski field: a safety-critical repair signed off by the technician who carried it out',
      '# Lift Safety Policy\n\n5.3 The person who signs off the repair must not be the technician who carried it out.\n',
      'Lift-Maintenance-Register.csv',
      'Ref,Lift,Work,Carried out by,Signed off by\nLMR-019,CH1,Grip inspection,R. Ngata,J. Tamihana\nLMR-021,CH2,Sheave liners replaced,J. Tamihana,J. Tamihana\n',
      'LMR-021',
    ],
    [
      'a water utility: a chlorination change checked by the operator who made it',
      '# Treatment Works Procedure\n\n7. The person who checks a dosing change shall not be the operator who made it.\n',
      'Dosing-Change-Log.csv',
      'Change,Works,Completed by,Checked by\nDC-104,Moorside,P. Hale,S. Iqbal\nDC-105,Moorside,S. Iqbal,S. Iqbal\n',
      'DC-105',
    ],
  ])('%s', async (_label, rule, register, rows, offending) => {
    const { a, texts } = await analyse({ 'Rule.md': rule, [register]: rows });
    const issue = findRecordAttributeGaps(a).find((i) => i.subject.endsWith(':self_approval'));
    expect(issue?.title).toContain(offending);
    expect(issue!.quotes.map((q) => q.document)).toContain('Rule.md');
    expectVerbatim(issue!, texts);
  });

  test('decoy: a rule that the same person must never both authorise and release, and every release authorised by another', async () => {
    const { a } = await analyse({
      'Deceased-Property-Procedure.md':
        '# Deceased Property Procedure\n\n11. The same person must never both authorise and release the same items.\n',
      'Deceased-Property-Register.csv':
        'Register ref,Authorised by,Released by\nHB-VR-2026-0004,A. Crowther,D. Mitchell\nHB-VR-2026-0005,K. Bairstow,A. Crowther\n',
    });
    expect(findRecordAttributeGaps(a).filter((i) => i.subject.endsWith(':self_approval'))).toEqual([]);
  });
});

describe('access registers: an account approved by its own holder', () => {
  const register = [
    'Account,Holder,System,Approved by,Approval date',
    'adm-okafor,Ngozi Okafor,Core banking,"Emeka Eze (Head of IT); Chief Risk Officer",2026-03-02',
    'adm-bello,Tunde Bello,Card switch,T. Bello (Switch Lead),2026-04-11',
    'adm-adeyemi,Kemi Adeyemi,Data warehouse,"Kemi Adeyemi (Data Lead); Emeka Eze (Head of IT)",2026-05-20',
  ].join('\n');

  test.each([
    [
      'a bank: "No person may approve his or her own access request."',
      'No person may approve his or her own access request.',
    ],
    [
      'a hospital: "A request approved by its own subject is rejected."',
      'A request approved by its own subject is rejected.',
    ],
    [
      'a car maker: "The requester and the approver must be two different persons."',
      'The requester and the approver must be two different persons.',
    ],
    [
      'a microfinance bank: "no person may approve, or provision, their own access"',
      'The requester and the approvers must be different individuals; no person may approve, or provision, their own access.',
    ],
  ])('%s', async (_name, rule) => {
    const { a, texts } = await analyse({
      'Access-Control-Policy.md': `# Access Control Policy\n\n6.4 Access is approved by the system owner. ${rule}\n`,
      'Privileged-Access-Register.csv': register,
    });
    const issue = findRecordAttributeGaps(a).find((i) => i.subject.endsWith(':self_approval'));
    expect(issue).toBeDefined();
    // The holder approving alone, under initial and surname; a second, independent approver clears a row.
    expect(issue!.title).toContain('adm-bello');
    expect(issue!.title).not.toContain('adm-okafor');
    expect(issue!.title).not.toContain('adm-adeyemi');
    expectVerbatim(issue!, texts);
  });
});

test('a bank export: a request-reference column before "requested_by" is no person; the requester approved her own superuser role', async () => {
  const { a } = await analyse({
    'Access-Control-Procedure.md':
      '# Access Control Procedure\n\n5.2.2 A request for a privileged role must be approved by the Head of ICT. No person may approve, or provision, their own access.\n',
    'Core-Banking-Access-Review.csv': [
      'user_id,full_name,role_profile,request_ref,requested_by,approved_by,approval_date',
      'GCHEBET,Grace Chebet,CBS_SUPERUSER,SR-2026-08841,Grace Chebet,Grace Chebet (for Head of ICT),21/08/2026',
      'DOUMA,Daniel Ouma,CBS_AUDITOR,SR-2026-08850,Mary Wanjiru,Peter Kamau (Head of ICT),22/08/2026',
    ].join('\n'),
  });
  const issue = findRecordAttributeGaps(a).find((i) => i.subject.endsWith(':self_approval'));
  expect(issue?.title).toContain('GCHEBET');
  expect(issue?.title).not.toContain('DOUMA');
});

test('a day-surgery group: the pharmacy manager reviewed and retained his own admin account (a "Full name" column), against "must not review or attest to their own account"', async () => {
  const { a } = await analyse({
    'Access-Control-Procedure.md':
      "# Access Control Procedure\n\n7.3 A reviewer must not review or attest to their own account; that line is reviewed by the reviewer's manager.\n",
    'User-Access-Review-Register.csv': [
      'Line ref,System,User ID,Full name,Access profile,Reviewer,Review date,Decision',
      'UAR-26-218,PharmaTrack,jmathew,Joseph Mathew,PT-Admin,Joseph Mathew (Pharmacy Manager),2026-09-22,Retain',
      'UAR-26-219,PharmaTrack,snair,Sara Nair,PT-User,Joseph Mathew (Pharmacy Manager),2026-09-22,Retain',
    ].join('\n'),
  });
  const issue = findRecordAttributeGaps(a).find((i) => i.subject.endsWith(':self_approval'));
  expect(issue?.title).toContain('UAR-26-218');
  expect(issue?.title).not.toContain('UAR-26-219');
});

describe('registers: accounts of people who have left', () => {
  const rule = (body: string) => `# Information Security Policy\n\n6.5 ${body}\n`;

  test('a payments firm: a holder "Exited 30/06/2026" whose superuser account is still Enabled', async () => {
    const { a, texts } = await analyse({
      'Information-Security-Policy.md': rule(
        'All access of a departing employee, including privileged access, shall be revoked within twenty-four (24) hours of the exit date.',
      ),
      'Privileged-Access-Register.csv': [
        'Ref,Account ID,Account holder,HR status,Account status,Last login',
        'PA-001,k.ade.adm,Kemi Ade,Active,Enabled,26/11/2026',
        'PA-004,t.bakare.dba,Tunde Bakare,Exited 30/06/2026,Enabled,09/11/2026',
        'PA-007,s.obi.adm,Sade Obi,Exited 14/08/2026,Disabled (14/08/2026),14/08/2026',
      ].join('\n'),
    });
    const issue = findRecordAttributeGaps(a).find((i) => i.subject.endsWith(':departed_access'));
    expect(issue?.title).toContain('t.bakare.dba');
    expect(issue?.title).not.toContain('s.obi.adm');
    expect(issue?.description).toMatch(/Exited 2026-06-30/);
    expectVerbatim(issue!, texts);
  });

  test('a school district: a separated coordinator kept at the fall review and signed in after separating', async () => {
    const { a } = await analyse({
      'Information-Security-Policy.md': rule(
        'Access for departing employees and contractors shall be disabled no later than the end of their last working day.',
      ),
      'Access-Review-Register.csv': [
        'Review ID,Account ID,Account holder,HR status at review,Separation date,Last sign-in,Review date,Decision,Notes',
        'AR-F-01,jmorrow,Jordan Morrow,Separated,2026-06-12,2026-09-21,2026-10-16,Retain,Helping with enrollment reporting',
        'AR-F-08,lpaz,Luis Paz,Retired,2026-06-12,2026-10-09,2026-10-16,Retain,Rehired as a long-term substitute; new account issued',
        'AR-F-09,kcho,Kim Cho,Active,,2026-11-02,2026-10-16,Retain,',
      ].join('\n'),
    });
    const issue = findRecordAttributeGaps(a).find((i) => i.subject.endsWith(':departed_access'));
    expect(issue?.title).toMatch(/1 account of people who have left still live \(jmorrow\)/);
    expect(issue?.description).toMatch(/Retain at a review after the departure/);
  });

  test('decoys: leavers disabled on their last day, and no rule about leavers', async () => {
    const register = [
      'Account ID,Holder status,Holder end date,Last login,Account status',
      'adm-ebrooks,Terminated,2026-08-14,2026-08-14,Disabled (2026-08-14)',
    ].join('\n');
    const disabled = await analyse({
      'Information-Security-Policy.md': rule(
        'Leavers have their accounts disabled on their last working day.',
      ),
      'Account-Register.csv': register,
    });
    expect(findRecordAttributeGaps(disabled.a).filter((i) => i.subject.endsWith(':departed_access'))).toEqual(
      [],
    );
    const noRule = await analyse({
      'Information-Security-Policy.md': rule('Accounts are reviewed every quarter.'),
      'Account-Register.csv': register.replace('Disabled (2026-08-14)', 'Enabled'),
    });
    expect(findRecordAttributeGaps(noRule.a).filter((i) => i.subject.endsWith(':departed_access'))).toEqual(
      [],
    );
  });
});

describe("registers: leavers read from a departure date column under a sheet's title rows", () => {
  const policy = (body: string) => `# Information Security Policy\n\n6.3 ${body}\n`;

  test('a hospital group: an "HR exit date" in the past beside "Status Enabled", below key-value title rows', async () => {
    const { a, texts } = await analyse({
      'Information-Security-Policy.md': policy(
        'Privileged accounts of leavers shall be disabled on their last working day.',
      ),
      'Privileged-Access-Register.csv': [
        'Document,Privileged Access Register',
        'Owner,Head of IT Infrastructure',
        'Last quarterly review completed,2026-09-30',
        'Account ID,Holder,System,Privilege,Status,HR exit date,Last login,Last reviewed',
        'PA-003,Suresh Mohan (DBA),PACS database,sysadmin,Enabled,,2026-11-25,2026-09-30',
        'PA-004,R. Karthikeyan (Senior DBA),HIS integration DB,sysadmin,Enabled,2026-07-31,2026-09-19,2026-09-30',
        'PA-009,A. Menon (DBA),Lab DB,sysadmin,Enabled,2027-03-31,2026-11-20,2026-09-30',
      ].join('\n'),
    });
    const issue = findRecordAttributeGaps(a).find((i) => i.subject.endsWith(':departed_access'));
    expect(issue?.title).toContain('PA-004');
    // PA-009 leaves next year: a planned departure, not a leaver.
    expect(issue?.title).not.toMatch(/PA-00[39]/);
    expectVerbatim(issue!, texts);
  });

  test('a pharmacy benefit manager and a port: a title merged across the sheet (one text in every cell) is no header', async () => {
    const title = (text: string, cells: number) => Array.from({ length: cells }, () => text).join(',');
    for (const [org, rows] of [
      [
        'Mapleton Rx - Privileged Account Register',
        [
          'Register ID,Account,System,Account owner,HR / engagement status,Last logon,Review decision',
          'PA-001,aadmin-adm,Active Directory,Ann Admin,Active,2026-11-20,Retain',
          'PA-003,jk-adm,Active Directory,Jan Kowal,Separated 2026-09-18,2026-10-27,Retain',
        ],
      ],
      [
        'Harbour Authority - Access Register',
        [
          'Ref,Account,System,Holder,Employment status,Last login,Decision',
          'AR-01,pilot-ops,Vessel traffic system,Ola Berg,Active,2026-11-21,Retain',
          'AR-02,crane-adm,Crane control,Nils Dahl,Terminated 2026-08-01,2026-10-02,Retain',
        ],
      ],
    ] as const) {
      const { a } = await analyse({
        'Information-Security-Policy.md': policy(
          'Privileged accounts of a departing worker are disabled within four hours of the separation.',
        ),
        'Register.csv': [title(org, 7), ...rows].join('\n'),
      });
      const issue = findRecordAttributeGaps(a).find((i) => i.subject.endsWith(':departed_access'));
      expect(issue?.title).toMatch(/1 account of people who have left still live \((?:jk-adm|crane-adm)\)/);
    }
  });

  test('an online retailer: a review after the leaving date decided "Revoke" and recorded no completion', async () => {
    const { a } = await analyse({
      'Password-and-Authentication-Standard.md':
        '# Password and Authentication Standard\n\n4.2 Accounts of leavers must be disabled within one working day of the leaving date.\n',
      'User-Access-Review-Register.csv': [
        'Review id,System,Account,Account holder,Review date,Leaving date,Decision,Action completed',
        'UAR-079,Customer service platform,atl.mferreira,M. Ferreira,2026-11-04,2026-09-12,Revoke,',
        'UAR-080,Customer service platform,atl.jsilva,J. Silva,2026-11-04,2026-10-30,Revoke,Yes (2026-10-30)',
      ].join('\n'),
    });
    const issue = findRecordAttributeGaps(a).find((i) => i.subject.endsWith(':departed_access'));
    expect(issue?.title).toMatch(/1 account of people who have left still live \(atl\.mferreira\)/);
    expect(issue?.description).toMatch(/still listed at the review of 2026-11-04/);
  });
});

describe('leaver deadlines in dated logs', () => {
  const policy = [
    '# Store Systems Access Standard',
    '',
    '6.1 When an employee leaves, their till and back-office accounts must be deactivated within 24 hours of the termination date.',
  ].join('\n');
  const log = [
    'case,store,termination_date,accounts_deactivated,notes',
    'T-11,Leeds,2025-02-03,2025-02-03,',
    'T-12,York,2025-02-05,2025-02-17,manager on leave',
    'T-13,Hull,2025-02-10,2025-02-11,',
  ].join('\n');

  test('a separation-to-removal gap longer than the deadline is reported', async () => {
    const { a, texts } = await analyse({
      'Store-Systems-Access-Standard.md': policy,
      'Store-Leavers-Log-2025.csv': log,
    });
    const issue = findRecordAttributeGaps(a).find((i) => i.subject.endsWith(':deadline'));
    expect(issue).toBeDefined();
    expect(issue!.description).toContain('T-12');
    expect(issue!.description).not.toMatch(/T-1[13]/);
    expectVerbatim(issue!, texts);
  });

  test('removals within a day stay quiet', async () => {
    const { a } = await analyse({
      'Store-Systems-Access-Standard.md': policy,
      'Store-Leavers-Log-2025.csv': log.replace('2025-02-17', '2025-02-06'),
    });
    expect(findRecordAttributeGaps(a).filter((i) => i.subject.endsWith(':deadline'))).toEqual([]);
  });
});

describe('deadlines counted from an event the rule names, on two dates of the same row', () => {
  test('a university card office: cards cancelled days after the loss was reported, against a 48-hour rule', async () => {
    const { a, texts } = await analyse({
      'Campus-Card-Standard.md': [
        '# Campus Card Standard',
        '',
        '4.2 Lost or stolen ID cards are cancelled no later than 48 hours after the loss is reported to the Card Office.',
      ].join('\n'),
      'Card-Loss-Register-2026.csv': [
        'Card ID,Holder,Loss reported,Card cancelled,Notes',
        'C-3301,Student,2026-02-02,2026-02-03,',
        'C-3317,Staff,2026-02-09,2026-02-19,weekend backlog',
        'C-3342,Student,2026-03-04,2026-03-12,EXC-2026-04 card office closed',
        'C-3360,Visitor,2026-03-20,2026-03-21,',
      ].join('\n'),
    });
    const issue = findRecordAttributeGaps(a).find((i) => i.subject.endsWith(':deadline'));
    expect(issue).toBeDefined();
    expect(issue!.description).toContain(
      'C-3317 (Loss reported 2026-02-09, Card cancelled 2026-02-19: 10 days later)',
    );
    expect(issue!.description).not.toMatch(/C-3301|C-3342|C-3360/);
    expectVerbatim(issue!, texts);
  });

  test('a customs broker: a disclosure lodged weeks after the error was confirmed, against "within fourteen (14) days of"', async () => {
    const { a, texts } = await analyse({
      'Customs-Compliance-Procedure.md': [
        '# Customs Compliance Procedure',
        '',
        '3. The Compliance Lead lodges a voluntary disclosure within fourteen (14) days of the date the error is confirmed.',
      ].join('\n'),
      'Disclosure-Log.csv': [
        'Entry,Importer,Error confirmed on,Disclosure lodged,Status',
        'VD-101,Atlas Textiles,12/01/2026,20/01/2026,Closed',
        'VD-102,Harbour Foods,03/02/2026,27/03/2026,Closed',
      ].join('\n'),
    });
    const issue = findRecordAttributeGaps(a).find((i) => i.subject.endsWith(':deadline'));
    expect(issue?.description).toContain(
      'VD-102 (Error confirmed on 2026-02-03, Disclosure lodged 2026-03-27: 52 days later)',
    );
    expect(issue!.description).not.toContain('VD-101');
    expectVerbatim(issue!, texts);
  });

  test("decoys: a category the rule does not name, an earlier cycle's date, and headers without the rule's words", async () => {
    const rule = [
      '# Product Security Standard',
      '',
      '5.1 For Critical findings, a fix is deployed within 7 days of triage, and Low findings within 90 days.',
      '5.2 Access changes agreed at a review are completed within five (5) working days of the review.',
    ].join('\n');
    const { a } = await analyse({
      'Product-Security-Standard.md': rule,
      'Finding-Tracker.csv': [
        'Finding,Severity,Triaged on,Fix deployed',
        'F-1,Critical,2026-05-04,2026-05-08',
        'F-2,Low,2026-05-04,2026-06-30',
      ].join('\n'),
      'Access-Review-Sheet.csv': [
        'Ref,Account,Previous review,This review,Change completed',
        'R-1,jdoe,2026-01-12,2026-07-13,2026-07-15',
      ].join('\n'),
      'Ticket-Export.csv': ['Ticket,Opened,Closed', 'T-9,2026-01-05,2026-04-30'].join('\n'),
    });
    expect(findRecordAttributeGaps(a).filter((i) => i.subject.endsWith(':deadline'))).toEqual([]);
    // The same tracker with a late Critical fix is reported.
    const late = await analyse({
      'Product-Security-Standard.md': rule,
      'Finding-Tracker.csv': [
        'Finding,Severity,Triaged on,Fix deployed',
        'F-1,Critical,2026-05-04,2026-05-29',
      ].join('\n'),
    });
    const issue = findRecordAttributeGaps(late.a).find((i) => i.subject.endsWith(':deadline'));
    expect(issue?.description).toContain(
      'F-1 (Triaged on 2026-05-04, Fix deployed 2026-05-29: 25 days later)',
    );
  });
});

describe('exports with title rows and "last completed" columns', () => {
  const policy = '# Lab Safety Standard\n\n3.1 Radiation safety training is repeated every 12 months.\n';
  const exportCsv = (lastDate: string) =>
    [
      'Report,Training export - radiation safety,,',
      'Generated,2025-09-30,,',
      'Staff ID,Name,Training last completed,Status',
      'S-01,Ines Dufour,2025-03-10,Active',
      `S-02,Omar Haddad,${lastDate},Active`,
    ].join('\n');

  test('reads the header below the title rows and flags stale rows', async () => {
    const { a, texts } = await analyse({
      'Lab-Safety-Standard.md': policy,
      'Radiation-Training-Export-2025.csv': exportCsv('2024-05-02'),
    });
    const issue = findRecordGaps(a, a.facts).find((i) => i.subject.includes('Radiation-Training-Export'));
    expect(issue).toBeDefined();
    expect(issue!.description).toContain('S-02');
    expect(issue!.description).not.toContain('S-01');
    expectVerbatim(issue!, texts);
  });

  test('a refresher a few weeks late is within the grace period', async () => {
    const { a } = await analyse({
      'Lab-Safety-Standard.md': policy,
      'Radiation-Training-Export-2025.csv': exportCsv('2024-09-10'),
    });
    expect(findRecordGaps(a, a.facts).filter((i) => i.subject.includes('Radiation-Training-Export'))).toEqual(
      [],
    );
  });
});

describe("activities named by the requirement's own words", () => {
  test('minutes calling the activity by its name ("evacuation drill") are a record of it', async () => {
    const plan =
      '# Site Emergency Plan\n\n4.1 The business continuity plan is exercised through a full-site evacuation drill at least once every twelve months.\n';
    const notes = (date: string) =>
      `SITE SAFETY COMMITTEE - MINUTES\nMeeting date: 20 October 2025\n\n2. Drills\n - The evacuation drill, last carried out on ${date}, is postponed to next spring.\n`;
    const late = await analyse({
      'Site-Emergency-Plan.md': plan,
      'Safety-Committee-Minutes-2025-10-20.txt': notes('2 May 2024'),
    });
    const issue = findRecordGaps(late.a, late.a.facts).find((i) => i.subject.includes('Safety-Committee'));
    expect(issue).toBeDefined();
    expect(issue!.description).toContain('2024-05-02');
    expectVerbatim(issue!, late.texts);
    const recent = await analyse({
      'Site-Emergency-Plan.md': plan,
      'Safety-Committee-Minutes-2025-10-20.txt': notes('2 May 2025'),
    });
    expect(
      findRecordGaps(recent.a, recent.a.facts).filter((i) => i.subject.includes('Safety-Committee')),
    ).toEqual([]);
  });
});

describe('practices in correspondence and minutes', () => {
  const accessPolicy =
    '# Pharmacy Systems Access Policy\n\n2.1 Unique user IDs: every pharmacist signs in with an individual account. Shared or generic logins are not permitted.\n';

  test('a group login adopted for a counter contradicts the unique-ID rule', async () => {
    const { a, texts } = await analyse({
      'Pharmacy-Systems-Access-Policy.md': accessPolicy,
      'dispensary-logins.eml': email(
        'From Monday the dispensary will use one login per counter so nobody waits at shift change.\n\nThe counter login password is taped inside the drawer.\n',
      ),
    });
    const issue = findControlStateConflicts(a).find((i) => i.subject === 'control:shared_credentials');
    expect(issue).toBeDefined();
    expect(issue!.description).toContain('Pharmacy-Systems-Access-Policy.md');
    expectVerbatim(issue!, texts);
  });

  test('an e-mail about individual accounts stays quiet', async () => {
    const { a } = await analyse({
      'Pharmacy-Systems-Access-Policy.md': accessPolicy,
      'dispensary-logins.eml': email('Each new locum now gets an individual account on day one.\n'),
    });
    expect(findControlStateConflicts(a).filter((i) => i.subject === 'control:shared_credentials')).toEqual(
      [],
    );
  });

  const leaverRule =
    '# Branch Access Standard\n\n7.1 When an employee leaves, all system access must be revoked within 24 hours of the termination date.\n';

  test('leaver removals moved to a monthly run contradict a 24-hour rule', async () => {
    const { a, texts } = await analyse({
      'Branch-Access-Standard.md': leaverRule,
      'leaver-process.eml': email(
        'To save effort, terminated tellers will have their access revoked in a monthly sweep from next quarter.\n',
      ),
    });
    const issue = findControlStateConflicts(a).find((i) => i.subject === 'control:timely_access_removal');
    expect(issue).toBeDefined();
    expect(issue!.description).toContain('Branch-Access-Standard.md');
    expectVerbatim(issue!, texts);
  });

  test('a monthly report on leavers, with removal on time, stays quiet', async () => {
    const { a } = await analyse({
      'Branch-Access-Standard.md': leaverRule,
      'leaver-process.eml': email(
        'The monthly report is attached. All leavers had their access revoked on their last day.\n\nThe monthly reconciliation found one leaver account still enabled; it was disabled at once.\n',
      ),
    });
    expect(findControlStateConflicts(a).filter((i) => i.subject === 'control:timely_access_removal')).toEqual(
      [],
    );
  });

  test('a policy that only mentions MFA next to unrelated "bypass" words is not switched off', async () => {
    const { a } = await analyse({
      'Remote-Access-Policy.md':
        '# Remote Access Policy\n\n1.1 Multi-factor authentication is required for all remote access.\n',
      'Awareness-Course-Outline.md':
        '# Awareness Course Outline\n\nThe course covers MFA use, phishing, physical security, reporting incidents, tailgating and the insider threat, including staff who attempt to bypass controls.\n',
    });
    expect(findControlStateConflicts(a).filter((i) => i.subject === 'control:mfa')).toEqual([]);
  });
});

describe('a control something has is not a control switched off', () => {
  const mfaRule =
    '# Remote Access Policy\n\n1.1 Multi-factor authentication is required for all remote and privileged access.\n';

  test.each([
    [
      'an insurer waives password expiry for accounts with MFA',
      '7.2 Password expiry is not enforced for standard accounts with MFA.',
    ],
    [
      "a water utility's risk table: the jump host has MFA, vendor accounts are disabled",
      '| 1 | Remote access attack | SCADA | Jump host with MFA; vendor accounts disabled by default |',
    ],
    [
      'a trustee: privileged accounts are not used for e-mail, and require MFA',
      '5.1 Privileged accounts are not used for email or web browsing, and require multi-factor authentication.',
    ],
    [
      'a ground handler: remote access stays off until MFA enrolment is complete',
      '4.4 Remote access is not enabled until MFA enrolment is complete.',
    ],
    [
      'a hospital: a VPN account is not activated unless two-factor authentication is registered',
      '3.2 A VPN account is not enabled unless two-factor authentication is registered for it.',
    ],
  ])('%s (decoy)', async (_label, statement) => {
    const { a } = await analyse({
      'Remote-Access-Policy.md': mfaRule,
      'Access-Standard.md': `# Access Standard\n\n${statement}\n`,
    });
    expect(findControlStateConflicts(a).filter((i) => i.subject === 'control:mfa')).toEqual([]);
  });

  test('MFA disabled on the depot VPN is still switched off', async () => {
    const { a } = await analyse({
      'Remote-Access-Policy.md': mfaRule,
      'vpn-change.eml': email('From Monday MFA is disabled on the depot VPN until the new tokens arrive.\n'),
    });
    expect(findControlStateConflicts(a).filter((i) => i.subject === 'control:mfa')).toHaveLength(1);
  });
});

describe('a control waived rather than switched off', () => {
  const mfaOf = (a: CorpusAnalysis) =>
    findControlStateConflicts(a).filter((i) => i.subject === 'control:mfa');
  const noExceptionRule =
    '# Remote Access Policy\n\n4.1 Remote access by suppliers requires multi-factor authentication.\n\n4.2 No exception to this requirement may be granted.\n';
  const plainRule =
    '# Remote Access Policy\n\n4.1 Remote access by suppliers requires multi-factor authentication.\n\n4.2 Exceptions are approved by the Security Manager.\n';

  test("a logistics contract exempts the provider's gateway from the MFA requirement", async () => {
    const { a, texts } = await analyse({
      'Remote-Access-Policy.md': plainRule,
      'Support-Services-Agreement.md':
        '# Support Services Agreement\n\n7.4 Remote sessions through the Support Gateway shall not be subject to the multi-factor authentication requirement of clause 7.2.\n',
    });
    const [issue] = mfaOf(a);
    expect(issue?.quotes.map((q) => q.document).sort()).toEqual([
      'Remote-Access-Policy.md',
      'Support-Services-Agreement.md',
    ]);
    expectVerbatim(issue!, texts);
  });

  test('a pharmacy grants a supplier password-only access by e-mail where the policy admits no exception', async () => {
    const { a } = await analyse({
      'Remote-Access-Policy.md': noExceptionRule,
      'vendor-exception.eml': email(
        'Exception approved: until the upgrade the dispensing-system vendor connects with a shared password, without MFA.\n',
      ),
    });
    expect(mfaOf(a)).toHaveLength(1);
  });

  test('the same exception is the process working where the policy allows exceptions (decoy)', async () => {
    const { a } = await analyse({
      'Remote-Access-Policy.md': plainRule,
      'vendor-exception.eml': email(
        'Exception approved: until the upgrade the dispensing-system vendor connects with a shared password, without MFA.\n',
      ),
    });
    expect(mfaOf(a)).toEqual([]);
  });

  test('a plant procedure lets a tool that cannot enforce MFA in, against a rule without exception', async () => {
    const rule =
      '# OT Security Policy\n\n6.1 Remote access to the plant network is permitted only through the jump host, with MFA and without exception.\n';
    const procedure =
      "# Contractor Access Procedure\n\n3.2 Where a contractor's diagnostic laptop cannot enforce MFA, the shift engineer may allow a password session.\n";
    const { a } = await analyse({
      'OT-Security-Policy.md': rule,
      'Contractor-Access-Procedure.md': procedure,
    });
    expect(mfaOf(a)).toHaveLength(1);
    const softer = await analyse({
      'OT-Security-Policy.md': rule.replace(' and without exception', ''),
      'Contractor-Access-Procedure.md': procedure,
    });
    expect(mfaOf(softer.a)).toEqual([]);
  });

  test.each([
    ['a rule in a procedure', '3.1 No supplier may connect to the network without MFA.'],
    [
      'a condition the system enforces',
      'If operators try to use their keys without MFA, the API refuses the request.',
    ],
    ['a fact about service accounts', '5.6 Service accounts cannot use MFA; their keys are vaulted.'],
  ])('%s is no waiver (decoy)', async (_label, statement) => {
    const { a } = await analyse({
      'Remote-Access-Policy.md': plainRule,
      'Access-Standard.md': `# Access Standard\n\n${statement}\n`,
    });
    expect(mfaOf(a)).toEqual([]);
  });

  test("a defined term's gloss calling a service optional switches no control off (decoy)", async () => {
    const { a } = await analyse({
      'Backup-Policy.md': '# Backup Policy\n\n2.1 Backups of production databases are required daily.\n',
      'Hosting-Agreement.md':
        '# Hosting Agreement\n\n1.4 "Managed Backup Service" means the optional service described in Schedule 2.\n',
    });
    expect(findControlStateConflicts(a).filter((i) => i.subject === 'control:backups')).toEqual([]);
  });
});

describe('rules reversed or bypassed in correspondence', () => {
  const inductionRule =
    '# Laboratory Access Standard\n\n3.2 Biosafety induction training must be completed before a badge or system account is granted to any new starter.\n';

  test('accounts enabled before the induction is done contradict the precondition', async () => {
    const { a, texts } = await analyse({
      'Laboratory-Access-Standard.md': inductionRule,
      'new-starters.eml': email(
        'We no longer wait with accounts until the induction is booked.\n\nNew starters have their accounts enabled on day one and finish the biosafety training during their first weeks.\n',
      ),
    });
    const issue = findControlStateConflicts(a).find(
      (i) => i.subject === 'control:prerequisite_before_access',
    );
    expect(issue).toBeDefined();
    expect(issue!.description).toContain('Laboratory-Access-Standard.md');
    expectVerbatim(issue!, texts);
  });

  test('training finished before the account is granted stays quiet', async () => {
    const { a } = await analyse({
      'Laboratory-Access-Standard.md': inductionRule,
      'new-starters.eml': email(
        'All five new starters passed the biosafety training last week; their accounts are granted today.\n',
      ),
    });
    expect(
      findControlStateConflicts(a).filter((i) => i.subject === 'control:prerequisite_before_access'),
    ).toEqual([]);
  });

  const exceptionRule =
    '# Food Safety Policy\n\n9.1 Exceptions to any food safety standard must be requested in writing on form FS-12. E-mail or verbal approvals are not valid exceptions.\n';

  test('an e-mail that declares itself the approval contradicts the exception route', async () => {
    const { a, texts } = await analyse({
      'Food-Safety-Policy.md': exceptionRule,
      'chiller-exception.eml': email(
        'Fine to keep using the old chiller for now.\n\nNo need for a form, this email is the approval.\n',
      ),
    });
    const issue = findControlStateConflicts(a).find((i) => i.subject === 'control:informal_exception');
    expect(issue).toBeDefined();
    expect(issue!.description).toContain('Food-Safety-Policy.md');
    expectVerbatim(issue!, texts);
  });

  test('a request pointed to the exception form stays quiet', async () => {
    const { a } = await analyse({
      'Food-Safety-Policy.md': exceptionRule,
      'chiller-exception.eml': email(
        'Please raise form FS-12 for the chiller; I will sign it once it arrives.\n',
      ),
    });
    expect(findControlStateConflicts(a).filter((i) => i.subject === 'control:informal_exception')).toEqual(
      [],
    );
  });

  const environmentRule =
    '# Claims Platform Data Standard\n\n5.1 Live policyholder data must not be loaded into test environments; only masked extracts are allowed.\n';

  test('a copy of live data loaded into a test environment contradicts the rule', async () => {
    const { a, texts } = await analyse({
      'Claims-Platform-Data-Standard.md': environmentRule,
      'claims-defect.eml': email(
        'I copied the production claims database into the UAT environment last night so we can replay the defect.\n',
      ),
    });
    const issue = findControlStateConflicts(a).find(
      (i) => i.subject === 'control:production_data_in_nonproduction',
    );
    expect(issue).toBeDefined();
    expect(issue!.description).toContain('Claims-Platform-Data-Standard.md');
    expectVerbatim(issue!, texts);
  });

  test('a masked extract in the test environment stays quiet', async () => {
    const { a } = await analyse({
      'Claims-Platform-Data-Standard.md': environmentRule,
      'claims-defect.eml': email(
        'I loaded a masked extract of the production claims database into the UAT environment.\n',
      ),
    });
    expect(
      findControlStateConflicts(a).filter((i) => i.subject === 'control:production_data_in_nonproduction'),
    ).toEqual([]);
  });

  const investigationRule =
    '# Product Complaint Procedure\n\n4.3 Each complaint is logged on receipt. The investigation, which must be completed within 20 days of receipt, is signed off by Quality.\n';
  const thread = (closedOn: string) =>
    [
      'From ana@devices.example Mon Feb 03 09:00:00 2025',
      'From: Ana Silva <ana@devices.example>',
      'Date: Mon, 3 Feb 2025 09:00:00 +0000',
      'Subject: Complaint C-88 - cracked housing',
      '',
      'Logging complaint C-88 from the distributor.',
      '',
      'From ben@devices.example Fri Mar 28 16:00:00 2025',
      'From: Ben Ode <ben@devices.example>',
      `Date: ${closedOn}`,
      'Subject: RE: Complaint C-88 - cracked housing',
      '',
      'The investigation for C-88 is now complete and signed off.',
    ].join('\n');

  test('a thread reporting the activity done after the time limit is a missed deadline', async () => {
    const { a, texts } = await analyse({
      'Product-Complaint-Procedure.md': investigationRule,
      'complaint-c88.mbox': thread('Fri, 28 Mar 2025 16:00:00 +0000'),
    });
    const issue = findControlStateConflicts(a).find(
      (i) => i.subject === 'control:deadline_in_correspondence',
    );
    expect(issue).toBeDefined();
    expect(issue!.description).toContain('2025-03-28');
    expectVerbatim(issue!, texts);
  });

  test('completion within the time limit stays quiet', async () => {
    const { a } = await analyse({
      'Product-Complaint-Procedure.md': investigationRule,
      'complaint-c88.mbox': thread('Fri, 14 Feb 2025 16:00:00 +0000'),
    });
    expect(
      findControlStateConflicts(a).filter((i) => i.subject === 'control:deadline_in_correspondence'),
    ).toEqual([]);
  });
});

describe('registers: leavers recorded in a status sentence or an engagement end date', () => {
  const policy = (body: string) => `# Information Security Policy\n\n6.4 ${body}\n`;
  const departed = (a: Awaited<ReturnType<typeof analyse>>['a']) =>
    findRecordAttributeGaps(a).find((i) => i.subject.endsWith(':departed_access'));

  test('a telecom: "Franchise terminated by Company notice 15-08-2026" with the account kept and used', async () => {
    const { a, texts } = await analyse({
      'Information-Security-Policy.md': policy(
        'Accounts of leavers and of terminated franchisees shall be disabled within one working day of the termination.',
      ),
      'Access-Review-Register.csv': [
        'Ref,User ID,Account Status,Last Login,Employment / Contract Status,Review Date,Decision',
        'AR-118,rop.0233.01,Active,21-10-2026,Franchise terminated by Company notice 15-08-2026,13-10-2026,Retain',
        'AR-121,rop.0417.01,Active,27-11-2026,Franchise in force (renewed 01-07-2026),13-10-2026,Retain',
      ].join('\n'),
    });
    const issue = departed(a);
    expect(issue?.title).toMatch(/1 account of people who have left still live \(rop\.0233\.01\)/);
    expect(issue?.description).toMatch(/terminated 2026-08-15/);
    expectVerbatim(issue!, texts);
  });

  test('a credit union: a contractor whose "Engagement End" has passed, still Active and used since', async () => {
    const { a } = await analyse({
      'Information-Security-Policy.md': policy(
        'When a person leaves, all of their access shall be removed no later than the end of the next business day.',
      ),
      'Privileged-Accounts.csv': [
        'Account_ID,Account_Name,Holder,Holder_Type,Engagement_End,Last_Used,Status',
        'PA-012,adm.kwhyte,Keisha Whyte,Employee,,26/11/2026,Active',
        'PA-013,adm.rgrant,Ricardo Grant,Contractor,30/06/2026,12/09/2026,Active',
        'PA-014,adm.lfoster,Lloyd Foster,Contractor,31/03/2027,20/11/2026,Active',
      ].join('\n'),
    });
    const issue = departed(a);
    expect(issue?.title).toMatch(/1 account of people who have left still live \(PA-013\)/);
    expect(issue?.description).toMatch(/Engagement End/);
  });

  test('decoy: a status sentence about a renewal, and an engagement that ends next year', async () => {
    const { a } = await analyse({
      'Information-Security-Policy.md': policy(
        'Accounts of leavers shall be disabled on their last working day.',
      ),
      'Access-Review-Register.csv': [
        'Ref,User ID,Account Status,Employment / Contract Status,Engagement End,Decision',
        'AR-200,ops.lead,Active,Contract renewed 01-07-2026,30-06-2027,Retain',
        'AR-201,svc.batch,Active,Service account (no holder),,Retain',
      ].join('\n'),
    });
    expect(departed(a)).toBeUndefined();
  });
});

describe('registers without a control: recorded exceptions, and rows of another shape', () => {
  const mfaGaps = async (policy: string, register: string) => {
    const { a } = await analyse({
      'Information-Security-Policy.md': policy,
      'Account-Register.csv': register,
    });
    return findRecordAttributeGaps(a).filter((i) => i.subject.endsWith(':mfa'));
  };
  const register = [
    'Account ID,Holder,Access,MFA,Exception Ref',
    'BP-001,Broker One,Portal,Y,',
    'BP-002,Broker Two,Portal,N,EX-2026-031',
    'BP-003,Broker Three,Portal,N,EX-2026-031',
  ].join('\n');

  test("an insurer's broker accounts without MFA under a recorded exception are excused where the policy allows exceptions", async () => {
    const gaps = await mfaGaps(
      '# Information Security Policy\n\n7.3 MFA is required for all remote access. Exceptions are approved by the CISO and recorded in the exception register.\n',
      register,
    );
    expect(gaps).toEqual([]);
  });

  test('a credit union and a railroad: the same rows are reported where the rule allows no exception', async () => {
    const waived = await mfaGaps(
      '# Information Security Policy\n\n8.2 Multi-factor authentication (MFA) is required for all remote access. The requirements in this paragraph may not be waived by exception.\n',
      register,
    );
    expect(waived.map((i) => i.title)).toEqual([expect.stringMatching(/2 records without the multi-factor/)]);
    const without = await mfaGaps(
      '# Cybersecurity Policy\n\n6.5 MFA is required for all access by third parties to OT, without exception.\n',
      register,
    );
    expect(without).toHaveLength(1);
  });

  test.each([
    ["a solar contractor's remote-access log", 'RA-2026-0219', 'RA-2026-0231'],
    ["a port's vendor session log", 'EX-SESS-0412', 'EX-SESS-0415'],
  ])(
    '%s: row ids that look like exception refs ("%s") excuse nothing; a row with its exception ref is excused',
    async (_label, bare, excused) => {
      const gaps = await mfaGaps(
        '# Information Security Policy\n\n7.3 MFA is required for all remote access. Exceptions are approved by the CISO and recorded in the exception register.\n',
        [
          'Request ID,Vendor,MFA Used (Y/N),Exception Ref,Remarks',
          `${bare},Helios Services,N,,OTP token not received; MFA bypassed on jump server`,
          `${excused},Kiran Automation,N,EXC-OT-2026-009,Supervised live`,
        ].join('\n'),
      );
      expect(gaps).toHaveLength(1);
      expect(gaps[0]!.description).toContain(bare);
      expect(gaps[0]!.description).not.toContain(excused);
    },
  );

  test("decoy: a register's sign-off rows below the accounts are no accounts", async () => {
    const gaps = await mfaGaps(
      '# Information Security Policy\n\n7.3 MFA is required for all remote access, without exception.\n',
      [
        'Account ID,Holder,Access,MFA,Last review,Reviewer',
        'SC-001,Paramedic One,CAD,Y,2026-10-01,Ops Manager',
        'Quarter,Q3 2026',
        'Compiled by,IAO',
      ].join('\n'),
    );
    expect(gaps).toEqual([]);
  });
});

describe('access reviews: a reviewer who holds the account ("Name" beside "Reviewer")', () => {
  const selfReviews = async (policy: string, rows: string[]) => {
    const { a } = await analyse({
      'Information-Security-Policy.md': policy,
      'Access-Review-Export.csv': ['Review ID,User ID,Name,System,Reviewer,Decision', ...rows].join('\n'),
    });
    return findRecordAttributeGaps(a).filter((i) => i.subject.endsWith(':self_approval'));
  };

  test('a court clerk and a utility: the manager who holds Domain Admins reviews and retains it himself', async () => {
    for (const policy of [
      '# Information Security Policy\n\n6.3 Privileged access is reviewed quarterly by the ISO; no one may review or certify their own access.\n',
      '# Cybersecurity Policy\n\n5.2 Segregation of duties: access reviewers must be independent of the accounts they review.\n',
    ]) {
      const issues = await selfReviews(policy, [
        'AR-410,adm_washby,Wendell Ashby,Active Directory,W. Ashby,Retain',
        'AR-412,adm_jcole,Jo Cole,Active Directory,W. Ashby,Retain',
      ]);
      expect(issues.map((i) => i.title)).toEqual([expect.stringContaining('AR-410')]);
    }
  });

  test('decoy: every account reviewed by someone else', async () => {
    const issues = await selfReviews(
      '# Information Security Policy\n\n6.3 No one may review or certify their own access.\n',
      [
        'AR-410,adm_washby,Wendell Ashby,Active Directory,R. Ortiz,Retain',
        'AR-412,adm_jcole,Jo Cole,Active Directory,W. Ashby,Retain',
      ],
    );
    expect(issues).toEqual([]);
  });
});

describe('register cells that say a required control is off', () => {
  const policy =
    '# Remote Access Standard\n\n4.2 Multi-factor authentication is required for every privileged and vendor account.\n';
  test('a port operator\'s "Not enforced" and a pharmacy chain\'s "Disabled" are rows without MFA; "Enforced" is not', async () => {
    for (const [register, absent] of [
      ['Vendor-Account-Register.csv', 'Not enforced'],
      ['Pharmacy-Admin-Accounts.csv', 'Disabled'],
    ] as const) {
      const { a, texts } = await analyse({
        'Remote-Access-Standard.md': policy,
        [register]: [
          'Account,Holder,Type,MFA,Reviewed',
          `svc.crane01,Harbour Cranes Ltd,Vendor,${absent},03/11/2026`,
          'adm.jpatel,J. Patel,Privileged,Enforced,03/11/2026',
        ].join('\n'),
      });
      const issues = findRecordAttributeGaps(a).filter((i) => i.subject.endsWith(':mfa'));
      expect(issues).toHaveLength(1);
      expect(issues[0]!.description).toContain('svc.crane01');
      expect(issues[0]!.description).not.toContain('adm.jpatel');
      expectVerbatim(issues[0]!, texts);
    }
  });
});

describe('a record of an agreement left pending, against the rule that requires it', () => {
  test('a school district\'s "Pending - awaiting countersignature" and a clinic\'s "No (requested)" are rows without the agreement; the rule quoted is the one that requires it', async () => {
    for (const [register, absent] of [
      ['Vendor-Inventory.csv', 'Pending - awaiting vendor countersignature'],
      ['Lab-Vendors.csv', 'No (requested 03/2026)'],
    ] as const) {
      const { a, texts } = await analyse({
        'Vendor-Privacy-Procedure.md': [
          '# Vendor Privacy Procedure',
          '',
          '3.1 Tools that hold no personal data: approved by the Privacy Officer; no DPA required.',
          '3.2 A data processing agreement must be signed before any vendor receives personal data.',
        ].join('\n'),
        [register]: [
          'Vendor,Service,DPA status',
          `Quizly Ltd,Maths practice,${absent}`,
          'Rostr Inc,Rostering,Signed',
        ].join('\n'),
      });
      const issues = findRecordAttributeGaps(a).filter((i) => i.subject.endsWith(':dpa'));
      expect(issues).toHaveLength(1);
      expect(issues[0]!.description).toContain('Quizly Ltd');
      expect(issues[0]!.description).toContain('must be signed before any vendor');
      expect(issues[0]!.description).not.toContain('no DPA required');
      expectVerbatim(issues[0]!, texts);
    }
  });
});

describe('a register row named by what it is about, not only by its id', () => {
  test("a school district's app inventory and an insurer's account register: the row id with the application or the holder", async () => {
    const school = await analyse({
      'App-Privacy-Procedure.md':
        '# App Privacy Procedure\n\n2.1 A data processing agreement must be signed before any application receives student data.\n',
      'App-Inventory.csv': [
        'App ID,Application,Vendor,DPA status',
        'APP-007,Spellwise,Lexa Ltd,Pending',
        'APP-008,Rostr,Rostr Inc,Signed',
      ].join('\n'),
    });
    const dpa = findRecordAttributeGaps(school.a).find((i) => i.subject.endsWith(':dpa'));
    expect(dpa?.description).toContain('for APP-007 (Spellwise)');
    const insurer = await analyse({
      'Access-Standard.md':
        '# Access Standard\n\n4.2 Multi-factor authentication is required for every broker portal account.\n',
      'Broker-Accounts.csv': [
        'Account,Account holder,MFA',
        'BRK-0931,Dana Okoye,No',
        'BRK-0932,Lee Park,Yes',
      ].join('\n'),
    });
    const mfa = findRecordAttributeGaps(insurer.a).find((i) => i.subject.endsWith(':mfa'));
    expect(mfa?.description).toContain('for BRK-0931 (Dana Okoye)');
  });
});

describe('forms whose field switches off a control the policies require', () => {
  const policy = (rule: string) => `# Security Policy\n\n5.1 ${rule}\n`;
  const findingsOn = async (files: Record<string, string>) => {
    const { a, texts } = await analyse(files);
    return { issues: findRecordAttributeGaps(a).filter((i) => i.title.includes('the form records')), texts };
  };

  test('a courier\'s device form ("Disk encryption enabled NO - next visit") and a clinic\'s access form (MFA "NOT ENABLED" printed below its label)', async () => {
    const courier = await findingsOn({
      'Security-Policy.md': policy(
        'Full-disk encryption must be enabled on every handheld before it is issued.',
      ),
      'Handheld-Issue-Form.txt': [
        'HANDHELD ISSUE FORM',
        'Driver name Tomasz Wojcik',
        '1. Screen lock set YES',
        '2. Disk encryption enabled NO - next visit to depot',
        'Issued by Ana Costa',
      ].join('\n'),
    });
    expect(courier.issues.map((i) => i.subject)).toEqual([
      'record-attribute:Handheld-Issue-Form.txt:encryption',
    ]);
    expect(courier.issues[0]!.quotes.map((q) => q.text).join(' ')).toContain(
      '2. Disk encryption enabled NO - next visit to depot',
    );
    expectVerbatim(courier.issues[0]!, courier.texts);
    const clinic = await findingsOn({
      'Security-Policy.md': policy('MFA must be enabled on every clinician account before first login.'),
      'Clinician-Access-Form.txt': [
        'CLINICIAN ACCESS FORM',
        'Part D - Account security',
        'NOT ENABLED - no work phone issued yet',
        'Multi-factor authentication (MFA)',
        'Approved by Grace Oduya',
      ].join('\n'),
    });
    expect(clinic.issues.map((i) => i.subject)).toEqual(['record-attribute:Clinician-Access-Form.txt:mfa']);
  });

  test.each([
    ['a ticked Yes beside an unticked No', 'MFA on account: [X] Yes [ ] No'],
    ['the options printed in the label', 'MFA enrolled (Yes/No) Yes'],
    ['a blank template leaving the choice', 'MFA enabled: Yes / No'],
  ])('decoy: %s', async (_label, field) => {
    const { issues } = await findingsOn({
      'Security-Policy.md': policy('MFA must be enabled on every remote access account.'),
      'Remote-Access-Form.txt': ['REMOTE ACCESS FORM', 'Requester name Ivo Petrov', field].join('\n'),
    });
    expect(issues).toEqual([]);
  });

  test('an insurer\'s removable media form and a school\'s laptop form: the question over its options, "[X]No" ticked on the line below', async () => {
    const insurer = await findingsOn({
      'Security-Policy.md': policy(
        'Restricted information copied to removable media must be encrypted with AES-256.',
      ),
      'Removable-Media-Form.txt': [
        'REMOVABLE MEDIA AUTHORISATION FORM',
        'Media encrypted with AES-256?',
        '[] Yes [X]No IfNo, reason: recipient cannot open encrypted drive',
        'Approved by Dilani Abeysekera',
      ].join('\n'),
    });
    expect(insurer.issues.map((i) => i.subject)).toEqual([
      'record-attribute:Removable-Media-Form.txt:encryption',
    ]);
    const school = await findingsOn({
      'Security-Policy.md': policy('Staff laptops must be encrypted before they leave the school.'),
      'Laptop-Loan-Form.txt': [
        'LAPTOP LOAN FORM',
        'Device encryption checked?',
        '[ ] Yes [X] No',
        'Issued by R. Tane',
      ].join('\n'),
    });
    expect(school.issues).toHaveLength(1);
  });

  test('decoy: "[X] Yes [ ] No" on the line below the question', async () => {
    const { issues } = await findingsOn({
      'Security-Policy.md': policy('Staff laptops must be encrypted before they leave the school.'),
      'Laptop-Loan-Form.txt': ['LAPTOP LOAN FORM', 'Device encryption checked?', '[X] Yes [ ] No'].join('\n'),
    });
    expect(issues).toEqual([]);
  });

  test('decoy: a form with MFA off where no document requires MFA', async () => {
    const { issues } = await findingsOn({
      'Security-Policy.md': policy('Passwords are at least 12 characters long.'),
      'Remote-Access-Form.txt': ['REMOTE ACCESS FORM', 'MFA on account: NO'].join('\n'),
    });
    expect(issues).toEqual([]);
  });
});

describe('a control the policy calls "mandatory" is required of every register row', () => {
  const register = (rows: string) => `Account,Holder,System,Privileged,MFA,Approved by\n${rows}`;
  test.each([
    [
      'a pension trust',
      '6.3 Multi-factor authentication (MFA) is mandatory for all privileged accounts.',
      'ADM-01,Kofi Mensah,Member database,Y,Enabled,IT Manager\nADM-02,Ama Owusu,Member database,Y,Disabled,IT Manager\n',
    ],
    [
      'a freight forwarder',
      'MFA is compulsory for every account on the customs gateway.',
      'GW-07,Lee Tan,Customs gateway,N,Off,Operations Lead\nGW-08,Raj Pillai,Customs gateway,N,On,Operations Lead\n',
    ],
  ])('%s: a row with MFA off', async (_, rule, rows) => {
    const { a } = await analyse({
      'Access-Policy.md': `# Access Policy\n\n${rule}\n`,
      'Access-Register.csv': register(rows),
    });
    expect(findRecordAttributeGaps(a).filter((i) => i.aspects.includes('instrument:mfa'))).toHaveLength(1);
  });

  test('decoy: a row whose remark names the kind of account a procedure excludes from MFA', async () => {
    const { a } = await analyse({
      'Access-Policy.md': '# Access Policy\n\n6.3 MFA is mandatory for all privileged access.\n',
      'Privileged-Access-Procedure.md':
        '# Privileged Access Procedure\n\n5.6 Emergency access uses two break-glass accounts. They are excluded from MFA so that they remain usable when the identity provider is down.\n',
      'Access-Register.csv': register(
        'BG-01,Break-glass,Domain,Y,No (break-glass),CISO\nADM-03,Siti Aminah,Domain,Y,Enabled,CISO\n',
      ),
    });
    expect(findRecordAttributeGaps(a).filter((i) => i.aspects.includes('instrument:mfa'))).toEqual([]);
  });

  test('decoy: a policy that only recommends MFA', async () => {
    const { a } = await analyse({
      'Access-Policy.md':
        '# Access Policy\n\nMulti-factor authentication (MFA) is recommended for reporting accounts.\n',
      'Access-Register.csv': register('RP-01,Kofi Mensah,Reporting,N,Disabled,IT Manager\n'),
    });
    expect(findRecordAttributeGaps(a).filter((i) => i.aspects.includes('instrument:mfa'))).toEqual([]);
  });
});

describe('an action column mostly "N/A" (the event did not call for it) is still a date column', () => {
  test.each([
    [
      'a dental group: most breaches were not notifiable',
      '4.1 The Privacy Officer notifies the regulator no later than 72 hours after the Determination Date.',
      'Incident,Determination date,Regulator notified\nPB-01,09/01/2026,N/A\nPB-02,10/06/2026,26/06/2026\nPB-03,05/08/2026,07/08/2026\nPB-04,11/09/2026,N/A\nPB-05,05/10/2026,N/A\n',
      'PB-02',
    ],
    [
      'a water utility: most pollution events needed no report',
      '6.3 The duty manager reports the event to the environment agency within five (5) days of its confirmation.',
      'Event,Confirmation date,Agency report\nPE-11,02/03/2026,-\nPE-12,14/04/2026,30/04/2026\nPE-13,20/05/2026,Not required\nPE-14,01/07/2026,-\n',
      'PE-12',
    ],
  ])('%s', async (_, rule, register, late) => {
    const { a } = await analyse({
      'Response-Procedure.md': `# Response Procedure\n\n${rule}\n`,
      'Event-Register.csv': register,
    });
    const issue = findRecordAttributeGaps(a).find((i) => i.subject.endsWith(':deadline'));
    expect(issue?.title).toContain(`(${late})`);
  });

  test('decoy: every dated action within the limit', async () => {
    const { a } = await analyse({
      'Response-Procedure.md':
        '# Response Procedure\n\n4.1 The Privacy Officer notifies the regulator no later than 72 hours after the Determination Date.\n',
      'Event-Register.csv':
        'Incident,Determination date,Regulator notified\nPB-01,09/01/2026,N/A\nPB-02,10/06/2026,12/06/2026\nPB-04,11/09/2026,N/A\n',
    });
    expect(findRecordAttributeGaps(a).filter((i) => i.subject.endsWith(':deadline'))).toEqual([]);
  });
});

describe('register entries in use whose insurance or certificate has expired', () => {
  const AUDIT_DATE = '2026-11-29';
  const expired = (a: CorpusAnalysis) =>
    findRecordAttributeGaps(a).filter((i) => i.subject.endsWith(':expired'));
  test('a facilities firm: an active contractor whose liability insurance lapsed in the summer', async () => {
    const { a, texts } = await analyse(
      {
        'Contractor-Procedure.md':
          '# Contractor Procedure\n\n3.2 Site passes are issued only to contractors whose public liability insurance is current on the day of issue.\n',
        'Contractor-Register.csv': [
          'Contractor,Name,Status,Liability insurance expiry,Last pass issued',
          'K-01,Ridge Roofing,Active,2027-03-31,2026-10-02',
          'K-02,Canal Glazing,Active,2026-06-30,2026-11-17',
          'K-03,Brook Painters,Suspended,2026-07-31,2026-06-22',
        ].join('\n'),
      },
      AUDIT_DATE,
    );
    const [issue] = expired(a);
    expect(issue?.title).toContain('(K-02)');
    expect(issue?.description).not.toMatch(/K-01|K-03/);
    expectVerbatim(issue!, texts);
  });

  test('a care agency: a worker on shifts whose DBS certificate is out of date', async () => {
    const { a } = await analyse(
      {
        'Recruitment-Policy.md':
          '# Recruitment Policy\n\n5.1 No worker may be placed on a shift unless their DBS certificate is valid.\n',
        'Agency-Workers.csv': [
          'Worker,Name,Status,DBS certificate valid until',
          'W-10,Ama Boateng,Active,14/02/2027',
          'W-11,Piotr Nowak,Active,03/09/2026',
        ].join('\n'),
      },
      AUDIT_DATE,
    );
    expect(expired(a).map((i) => i.title)).toEqual([
      'Agency-Workers.csv: 1 entry in use with dbs certificate expired (W-11), against Recruitment-Policy.md',
    ]);
  });

  test('a vessel operator and a haulier: "Expiry date" beside the column naming the certificate, the asset "In service", a rule that none sails or runs with an expired one; an extension granted is no breach', async () => {
    const { a } = await analyse(
      {
        'Safety-Policy.md':
          '# Safety Management Policy\n\n7.3 No vessel shall sail with an expired statutory certificate or lapsed cover.\n',
        'Certificate-Register.csv': [
          'Ref,Vessel,Certificate,Expiry date,Vessel status,Remarks',
          'VC-03,MV Okrika Star,Load Line Certificate,02/11/2026,In service,Extension granted to 01/02/2027 (EXT-2026-011)',
          'VC-07,MV Opobo Trader,Safety Management Certificate,14/10/2026,In service - on charter,Renewal not started',
          'VC-08,MV Bonny Pride,Safety Management Certificate,14/10/2026,Laid up,',
        ].join('\n'),
      },
      AUDIT_DATE,
    );
    expect(expired(a).map((i) => i.title)).toEqual([
      'Certificate-Register.csv: 1 entry in use with certificate expired (VC-07), against Safety-Policy.md',
    ]);
    const { a: haulier } = await analyse(
      {
        'Fleet-Procedure.md':
          '# Fleet Procedure\n\n4.1 No trailer may be operated with an expired operator licence.\n',
        'Trailer-Register.csv': [
          'Trailer,Operator licence no.,Expiry date,Status',
          'T-1,OL-445,2026-05-31,Operational',
          'T-2,OL-446,2027-05-31,Operational',
        ].join('\n'),
      },
      AUDIT_DATE,
    );
    expect(expired(haulier).map((i) => i.title)).toEqual([
      expect.stringMatching(/^Trailer-Register\.csv: 1 entry in use with licence expired \(T-1\)/),
    ]);
  });

  test('a ship manager and a security firm: "no one shall serve / work after the expiry of" a required certificate or licence, dates written 08.11.2026', async () => {
    const { a } = await analyse(
      {
        'Crewing-Policy.md':
          '# Crewing Policy\n\n6.3 No seafarer shall serve on board after the expiry of a required certificate of competency unless a dispensation is approved.\n',
        'Crew-Certificate-Register.csv': [
          'Ref,Vessel,Vessel status,Seafarer,Certificate,Expiry date,Status,Dispensation ref',
          'CR-01,MV Kition,In service,A. Santos,CoC II/2,08.11.2026,Renewal in progress,',
          'CR-02,MV Kition,In service,B. Reyes,CoC III/2,08.11.2026,Renewal in progress,DSP-2026-04',
          'CR-03,MV Paphos,In service,C. Lim,CoC II/1,14.03.2027,Valid,',
        ].join('\n'),
      },
      AUDIT_DATE,
    );
    expect(expired(a).map((i) => i.title)).toEqual([
      'Crew-Certificate-Register.csv: 1 entry in use with certificate expired (CR-01), against Crewing-Policy.md',
    ]);
    const { a: guards } = await analyse(
      {
        'Licensing-Procedure.md':
          '# Licensing Procedure\n\n2.1 No officer may work a shift past the expiry of their security licence.\n',
        'Officer-Register.csv': [
          'Officer,Name,Status,Security licence expiry',
          'G-1,T. Okafor,Active,2026-09-30',
          'G-2,L. Brandt,Active,2027-09-30',
        ].join('\n'),
      },
      AUDIT_DATE,
    );
    expect(expired(guards).map((i) => i.title)).toEqual([expect.stringMatching(/\(G-1\)/)]);
  });

  test('decoys: an expired entry no longer in use, an expiry still ahead, and no rule that it be current', async () => {
    const register = [
      'Contractor,Name,Status,Liability insurance expiry',
      'K-03,Brook Painters,Inactive - agreement ended,2026-07-31',
      'K-04,Weir Electrical,Active,2027-01-05',
    ].join('\n');
    const rule =
      '# Contractor Procedure\n\n3.2 Site passes are issued only to contractors whose public liability insurance is current on the day of issue.\n';
    expect(
      expired(
        (await analyse({ 'Contractor-Procedure.md': rule, 'Contractor-Register.csv': register }, AUDIT_DATE))
          .a,
      ),
    ).toEqual([]);
    const noRule =
      '# Contractor Procedure\n\n3.2 Contractors send a copy of their insurance certificate each year.\n';
    const lapsed =
      'Contractor,Name,Status,Liability insurance expiry\nK-02,Canal Glazing,Active,2026-06-30\n';
    expect(
      expired(
        (await analyse({ 'Contractor-Procedure.md': noRule, 'Contractor-Register.csv': lapsed }, AUDIT_DATE))
          .a,
      ),
    ).toEqual([]);
  });
});

describe('a system report laid out in fixed-width columns of dates', () => {
  // A .txt export whose rows carry dates but no periods is a table too: each line a row.
  const report = (rows: string[]) =>
    [
      'USER ACCESS REPORT (ALL SITES)',
      'Generated: 11/09/2026 06:15   Dates are MM/DD/YYYY.',
      '=====================================================================================',
      'USER ID      NAME                  ROLE                   STATUS    HR STATUS   TERM DATE',
      '=====================================================================================',
      ...rows,
      '=====================================================================================',
      'TOTAL USERS: 3',
    ].join('\n');
  const policy = (body: string) => `# Access Control Procedure\n\nStep 13. ${body}\n`;

  test('a hotel group and a school district: a terminated user still ACTIVE on the report', async () => {
    for (const [user, name] of [
      ['tbasnight', 'Tanya M. Basnight'],
      ['jmorrow', 'Jordan Morrow'],
    ] as const) {
      // The intake files the export as evidence, as a firm's does ("*-User-List.txt").
      const a = analyzeCorpus(
        await snapshotOf({
          'Access-Control-Procedure.md': policy(
            "The service desk disables the user's accounts within twenty-four (24) hours of the termination effective time.",
          ),
          'PMS-User-List.txt': report([
            `metheridge   Marcus D. Etheridge   System Administrator   ACTIVE    ACTIVE      -`,
            `${user.padEnd(12)} ${name.padEnd(21)} Front Desk Supervisor  ACTIVE    TERMINATED  09/14/2026`,
            `rowens       Ryan P. Owens         Night Auditor          DISABLED  TERMINATED  11/06/2026`,
          ]),
        }),
        { doc_hierarchy: { evidence: ['*-User-List.txt'] } } as unknown as Intake,
      );
      const issue = findRecordAttributeGaps(a).find((i) => i.subject.endsWith(':departed_access'));
      expect(issue?.title).toContain(`(${user})`);
      expect(issue?.title).not.toContain('rowens');
    }
  });
});

describe('MFA off in a register: the rule and the account holder named', () => {
  test('a hotel group: the vendor engineer by name, and the policy rule rather than a step that enrols users "where required"', async () => {
    const { a } = await analyse({
      'Access-Control-Procedure.md':
        '# Access Control Procedure\n\nStep 4. The service desk verifies that every required approval is on the form and enrols the user in MFA where required.\n',
      'Cardholder-Data-Policy.md':
        '# Cardholder Data Policy\n\n6.2 Multi-factor authentication is required for all remote network access that could reach the CDE, including vendor support accounts.\n',
      'Privileged-Account-Review.csv': [
        'Review ID,System,Account ID,Account Holder,Access Path,MFA Enabled,Decision',
        'PAR-11,Jump host,dpugh-adm,Derek A. Pugh,VPN + RDP,Yes,Retain',
        'PAR-12,Jump host,tps-mharrell,"Mark D. Harrell, Tidewater Payments",Remote (vendor VPN),No,Retain',
      ].join('\n'),
    });
    const issue = findRecordAttributeGaps(a).find((i) => i.subject.endsWith(':mfa'));
    expect(issue?.description).toContain('PAR-12 (Mark D. Harrell, Tidewater Payments)');
    expect(issue?.quotes[0]!.document).toBe('Cardholder-Data-Policy.md');
  });
});

describe("registers judged by a rule table's row for their category", () => {
  // The sentence above the table names two of its columns (tier, reassessment frequency), so its
  // rows are read with the section's subject; each row binds the register rows of its tier.
  const tiers = (noun: string) =>
    [
      `# Third-Party Risk Management Policy\n\n## 4. ${noun} Tiering\n`,
      `4.1 Each ${noun.toLowerCase()} is assigned a tier at intake. The tier determines the depth of due diligence and the reassessment frequency.`,
      '',
      '| Tier | Criteria | Reassessment frequency |',
      '|---|---|---|',
      '| Critical | Access to Restricted information, or an outage would stop operations; not the Moderate criteria | Every twelve (12) months |',
      '| Moderate | Access to Confidential information not meeting the Critical criteria | Every twenty-four (24) months |',
      '',
      '## Revision history',
      '',
      '| 2.0 | 03/01/2025 | Annual review; supplier tiering table added | J. Ortiz |',
    ].join('\n');

  test('a car-rental firm: a Critical vendor last assessed 09/12/2024 is overdue; Moderate vendors assessed in 2025 are not', async () => {
    const { a } = await analyse({
      'Third-Party-Risk-Management-Policy.md': tiers('Vendor'),
      'Vendor-Register.csv': [
        'Vendor ID,Vendor Name,Tier,Last Risk Assessment,Status',
        'V-001,Saguaro Payments,Critical,12/15/2025,Active',
        'V-003,Mesa Signal Telematics,Critical,09/12/2024,Active',
        'V-006,Roadrunner Roadside,Moderate,05/06/2025,Active',
        'V-007,Copper State Scanning,Moderate,01/12/2025,Active',
        'V-008,Desert Print,Moderate,11/17/2026,Active',
      ].join('\n'),
    });
    const issue = findRecordGaps(a, a.facts).find((i) => i.subject.includes('Vendor-Register'));
    expect(issue?.title).toMatch(/not met for 1 entry of Vendor-Register\.csv/);
    expect(issue!.description).toContain('V-003');
    expect(issue!.description).not.toContain('V-006');
  });

  test('a funeral home: a Tier 1 supplier reviewed 03/02/2025 is overdue against "At least every 12 months"', async () => {
    const { a } = await analyse({
      'Supplier-Management-Procedure.md': [
        '# Supplier Management Procedure\n\n## 4.1 Identify and tier the supplier\n',
        'Before engaging a new supplier, the Contract Owner assigns a tier using the table below.',
        '',
        '| Tier | Description | Review frequency |',
        '|---|---|---|',
        '| Tier 1 | Hosts or processes Restricted information | At least every 12 months |',
        '| Tier 2 | Processes personal data but can be replaced within weeks | At least every 24 months |',
      ].join('\n'),
      'Supplier-Register.csv': [
        'Supplier ID,Supplier,Tier,Last review,Status',
        'SUP-001,Lychgate Software,Tier 1,08/10/2026,Active',
        'SUP-002,Pennine Plan Administration,Tier 1,03/02/2025,Active',
        'SUP-005,Calder Shredding,Tier 2,14/03/2025,Active',
        'SUP-006,Vale Payroll,Tier 2,20/11/2026,Active',
      ].join('\n'),
    });
    const issue = findRecordGaps(a, a.facts).find((i) => i.subject.includes('Supplier-Register'));
    expect(issue?.description).toContain('SUP-002');
    expect(issue!.description).not.toContain('SUP-005');
  });

  test('decoys: a revision history\'s "Annual review" row is no review rule', async () => {
    const { a } = await analyse({ 'Third-Party-Risk-Management-Policy.md': tiers('Vendor') });
    expect(a.facts.filter((f) => f.segment.text.includes('Annual review; supplier tiering'))).toEqual([]);
  });
});

describe('register entries in use past a due date that a rule says they may not pass', () => {
  const AUDIT_DATE = '2026-11-29';
  const expired = (a: CorpusAnalysis) =>
    findRecordAttributeGaps(a).filter((i) => i.subject.endsWith(':expired'));

  test('a rail depot and a hospital: a lift or a steriliser still in service after its certification or validation due date', async () => {
    const { a, texts } = await analyse(
      {
        'Lifting-Equipment-Procedure.md':
          '# Lifting Equipment Procedure\n\n5.4 No lifting appliance shall be kept in service after its thorough examination due date.\n',
        'Lifting-Register.csv': [
          'Asset,Description,Thorough Exam. - Last,Thorough Exam. - Due,Status',
          'LA-01,Bogie drop lift,2026-02-03,2027-02-03,In service',
          'LA-02,Overhead crane bay 2,2025-09-14,2026-09-14,In service',
          'LA-03,Wheel lathe hoist,2025-08-01,2026-08-01,Out of service',
        ].join('\n'),
      },
      AUDIT_DATE,
    );
    expect(expired(a).map((i) => i.title)).toEqual([
      'Lifting-Register.csv: 1 entry in use with thorough exam past its due date (LA-02), against Lifting-Equipment-Procedure.md',
    ]);
    expectVerbatim(expired(a)[0]!, texts);
    const { a: hospital } = await analyse(
      {
        'Decontamination-Policy.md':
          '# Decontamination Policy\n\n3.2 A steriliser must not be used past the date its annual validation is due.\n\n3.3 No steriliser shall be used beyond its validation due date.\n',
        'Steriliser-Register.csv': [
          'Unit,Location,Validation due,Status',
          'ST-1,Theatre 1,14/01/2027,In use',
          'ST-2,Theatre 4,02/10/2026,In use',
        ].join('\n'),
      },
      AUDIT_DATE,
    );
    expect(expired(hospital).map((i) => i.title)).toEqual([
      expect.stringMatching(
        /^Steriliser-Register\.csv: 1 entry in use with validation past its due date \(ST-2\)/,
      ),
    ]);
  });

  test('a bakery and a water laboratory: "not used once calibration is overdue", "whose calibration due date has passed is withdrawn"', async () => {
    const { a } = await analyse(
      {
        'Food-Safety-Policy.md':
          '# Food Safety Policy\n\n4.3 Probe thermometers shall not be used for oven checks once calibration is overdue.\n',
        'Thermometer-Register.csv': [
          'Probe,Line,Status,Last calibration,Calibration due',
          'PT-01,Oven 1,In use,2026-05-02,2026-11-02',
          'PT-02,Oven 2,In use,2026-09-14,2027-03-14',
        ].join('\n'),
      },
      AUDIT_DATE,
    );
    expect(expired(a).map((i) => i.title)).toEqual([
      'Thermometer-Register.csv: 1 entry in use with calibration past its due date (PT-01), against Food-Safety-Policy.md',
    ]);
    const { a: laboratory } = await analyse(
      {
        'Equipment-Procedure.md':
          '# Equipment Procedure\n\n5.1 A balance whose calibration due date has passed must be withdrawn from use and labelled.\n',
        'Balance-Register.csv': [
          'Balance,Room,Status,Calibration due',
          'BAL-3,Lab 2,Active,14/08/2026',
          'BAL-4,Lab 2,Withdrawn,14/08/2026',
        ].join('\n'),
      },
      AUDIT_DATE,
    );
    expect(expired(laboratory).map((i) => i.title)).toEqual([
      expect.stringMatching(
        /^Balance-Register\.csv: 1 entry in use with calibration past its due date \(BAL-3\)/,
      ),
    ]);
  });

  test('decoy: a review due date passed where no rule bars use after it (overdue reviews are another check)', async () => {
    const { a } = await analyse(
      {
        'Access-Policy.md': '# Access Policy\n\n4.1 Privileged access must be reviewed and kept current.\n',
        'Access-Review-Register.csv': [
          'Account,System,Review due,Status',
          'ADM-1,Payroll,2026-06-30,Active',
        ].join('\n'),
      },
      AUDIT_DATE,
    );
    expect(expired(a)).toEqual([]);
  });
});

describe('a due-date header with a note in brackets, and a rule on whoever "whose ... has lapsed / expired"', () => {
  const AUDIT_DATE = '2026-11-29';
  const expired = (a: CorpusAnalysis) =>
    findRecordAttributeGaps(a).filter((i) => i.subject.endsWith(':expired'));

  const TRAINING_PROCEDURE =
    '# Remote Pilot Training Procedure\n\n3.6 A remote pilot whose recurrent training has lapsed at the end of the month shown in the register may not be assigned to any flight until the training is completed.\n';
  const pilotRegister = [
    'Pilot ID,Name,Status,Type rating,Recurrent Due (End of Month)',
    'RP-01,Keoni Akana,Active,Multirotor < 25 kg,31/01/2027',
    'RP-02,Mereana Tawhiri,Active,Fixed wing BVLOS,31/08/2026',
    'RP-03,Lars Eriksen,Inactive,Multirotor < 25 kg,30/06/2026',
  ].join('\n');

  test('a drone operator: an Active pilot past the month-end of their recurrent training', async () => {
    const { a, texts } = await analyse(
      { 'Remote-Pilot-Training-Procedure.md': TRAINING_PROCEDURE, 'Pilot-Register.csv': pilotRegister },
      AUDIT_DATE,
    );
    const found = expired(a);
    expect(found.map((i) => i.title)).toEqual([
      'Pilot-Register.csv: 1 entry in use with recurrent past its due date (RP-02), against Remote-Pilot-Training-Procedure.md',
    ]);
    expect(found[0]!.description).toContain(
      'RP-02 (Mereana Tawhiri; Recurrent Due (End of Month) 31/08/2026, read as 2026-08-31)',
    );
    expect(found[0]!.description).toContain('whose recurrent training has lapsed');
    expect(found[0]!.description).not.toMatch(/RP-01|RP-03/);
    expectVerbatim(found[0]!, texts);
  });

  test('a crane hire firm: a crane in service whose thorough examination has expired, under "Thorough examination due (see note)"', async () => {
    const { a } = await analyse(
      {
        'Lifting-Operations-Procedure.md':
          '# Lifting Operations Procedure\n\n5.2 A crane whose thorough examination has expired shall not be used for any lift until it has been re-examined by the competent person.\n',
        'Crane-Register.csv': [
          'Crane,Model,Site,Status,Thorough examination due (see note)',
          'CR-11,Liebherr LTM 1060,Harbour Quay,In service,2027-02-14',
          'CR-14,Grove GMK 4100,Northgate Hospital,In service,2026-10-03',
          'CR-17,Tadano AC 3.045,Yard,Out of service,2026-07-22',
        ].join('\n'),
      },
      AUDIT_DATE,
    );
    const found = expired(a);
    expect(found.map((i) => i.title)).toEqual([
      'Crane-Register.csv: 1 entry in use with thorough examination past its due date (CR-14), against Lifting-Operations-Procedure.md',
    ]);
    expect(found[0]!.description).toContain('CR-14 (Thorough examination due (see note) 2026-10-03)');
  });

  test('decoys: an Inactive pilot past due and an Active pilot not yet due', async () => {
    const { a } = await analyse(
      {
        'Remote-Pilot-Training-Procedure.md': TRAINING_PROCEDURE,
        'Pilot-Register.csv': [
          'Pilot ID,Name,Status,Type rating,Recurrent Due (End of Month)',
          'RP-01,Keoni Akana,Active,Multirotor < 25 kg,31/01/2027',
          'RP-03,Lars Eriksen,Inactive,Multirotor < 25 kg,30/06/2026',
        ].join('\n'),
      },
      AUDIT_DATE,
    );
    expect(expired(a)).toEqual([]);
  });
});
