// Role titles across documents, on fixtures in two industries' wording (a hospital and a road
// haulier), with decoys: two posts a document names side by side, a title that only looks alike,
// plural and well-known combined titles, and a standard's name that spells like a role's initials.
import { candidateIssues } from '../../../test/helpers/check-harness';
import { roleInventoryCheck } from '.';

const issuesOf = (files: Record<string, string>) => candidateIssues(roleInventoryCheck, files);

describe('one post under two titles', () => {
  test('a hospital names its privacy lead a Manager in one policy and an Officer in another', async () => {
    const issues = await issuesOf({
      'Records-Policy.md':
        '# Health Records Policy\n\nRequests for access to a patient record are logged and approved by the Data Protection Manager within 5 days.\n',
      'Subject-Access-Procedure.md':
        '# Subject Access Procedure\n\nThe Data Protection Officer signs every disclosure before it is released to the patient.\n',
    });
    expect(issues.map((i) => i.title)).toEqual([
      'One role under two titles: "Data Protection Manager" and "Data Protection Officer"',
    ]);
    expect(issues[0]!.quotes.map((q) => q.text)).toEqual([
      'Requests for access to a patient record are logged and approved by the Data Protection Manager within 5 days.',
      'The Data Protection Officer signs every disclosure before it is released to the patient.',
    ]);
  });

  test('a haulier names its fleet safety post two ways', async () => {
    const issues = await issuesOf({
      'Vehicle-Safety-Policy.md':
        '# Vehicle Safety Policy\n\nDefects are reported to the Fleet Compliance Lead before the vehicle leaves the depot.\n',
      'Driver-Hours-Procedure.md':
        '# Driver Hours Procedure\n\nThe Fleet Compliance Manager reviews tachograph downloads every 28 days.\n',
      'Tyre-Checks.md': '# Tyre Checks\n\nThe Fleet Compliance Manager keeps the tyre log.\n',
    });
    expect(issues.map((i) => i.subject)).toEqual(['role:titles:fleet compliance']);
    expect(issues[0]!.description).toContain(
      'Driver-Hours-Procedure.md and Tyre-Checks.md assign duties to the "Fleet Compliance Manager"',
    );
  });

  test('decoy: a document that names both posts treats them as two', async () => {
    const issues = await issuesOf({
      'Roles.md':
        '# Roles\n\nThe Data Protection Officer advises the board; the Data Protection Manager runs the subject access team.\n',
      'Subject-Access-Procedure.md': '# Subject Access\n\nThe Data Protection Manager logs each request.\n',
      'Board-Reporting.md':
        '# Board Reporting\n\nThe Data Protection Officer reports to the board each quarter.\n',
    });
    expect(issues).toEqual([]);
  });

  test('decoy: a chief post and a manager post are different titles', async () => {
    const issues = await issuesOf({
      'Security-Policy.md':
        '# Security Policy\n\nThe Chief Information Security Officer owns this policy and reports to the board.\n',
      'Patching-Procedure.md': '# Patching\n\nThe Information Security Manager approves emergency patches.\n',
    });
    expect(issues).toEqual([]);
  });
});

describe('a combined post beside separate ones', () => {
  test('a haulier gives duties to a "Fleet and Depot Manager" and also names each post', async () => {
    const issues = await issuesOf({
      'Depot-Security.md':
        '# Depot Security\n\nThe Depot Manager holds the yard keys. The Fleet Manager allocates vehicles to drivers.\n',
      'Incident-Procedure.md':
        '# Incident Procedure\n\nA lost load is reported at once to the Fleet and Depot Manager, who informs the insurer.\n',
    });
    expect(issues.map((i) => i.title)).toEqual([
      '"Fleet and Depot Manager" named as one role beside a separate "Fleet Manager" and "Depot Manager"',
    ]);
    expect(issues[0]!.quotes.map((q) => q.document)).toEqual([
      'Incident-Procedure.md',
      'Depot-Security.md',
      'Depot-Security.md',
    ]);
  });

  test('a hospital merges its governance leads in one procedure', async () => {
    const issues = await issuesOf({
      'Governance-Roles.md':
        '# Governance Roles\n\n- The Clinical Governance Lead chairs the audit committee.\n- The Information Governance Lead signs off data sharing agreements.\n',
      'Incident-Reporting.md':
        '# Incident Reporting\n\nSerious incidents are reviewed by the Clinical and Information Governance Lead within 2 working days.\n',
    });
    expect(issues.map((i) => i.subject)).toEqual(['role:combined:clinical and information governance lead']);
  });

  test('decoy: "both the ... Officer" is two posts, and a combined title with no separate posts is one', async () => {
    const issues = await issuesOf({
      'Policy-Review.md':
        '# Policy Review\n\nPolicies are reviewed yearly by both the Security and Privacy Officer. The Security Officer keeps the log and the Privacy Officer signs it.\n',
      'Site-Safety.md': '# Site Safety\n\nThe Health and Safety Officer inspects the workshop every month.\n',
    });
    expect(issues).toEqual([]);
  });
});

describe('a team abbreviation cut short', () => {
  test('a hospital runs "the IMT" and defines a Major Incident Management Team (MIMT)', async () => {
    const issues = await issuesOf({
      'Major-Incident-Plan.md':
        '# Major Incident Plan\n\nOn declaration the duty director convenes the Major Incident Management Team (MIMT) in the control room.\n',
      'Ward-Evacuation.md': '# Ward Evacuation\n\nThe IMT decides which wards are evacuated first.\n',
    });
    expect(issues.map((i) => i.subject)).toEqual(['role:abbreviation:IMT']);
    expect(issues[0]!.quotes.map((q) => q.document)).toEqual([
      'Ward-Evacuation.md',
      'Major-Incident-Plan.md',
    ]);
  });

  test('a haulier refers to "the RT" beside its Cargo Recovery Team (CRT)', async () => {
    const issues = await issuesOf({
      'Theft-Response.md':
        '# Theft Response\n\nStolen trailers are traced by the Cargo Recovery Team (CRT).\n',
      'Tracking-Procedure.md': '# Tracking\n\nThe RT is called when a tracker goes silent for 30 minutes.\n',
    });
    expect(issues.map((i) => i.subject)).toEqual(['role:abbreviation:RT']);
  });

  test('decoy: a standard named like a role, and a shorter name that is spelled out too', async () => {
    const issues = await issuesOf({
      'Security-Policy.md':
        '# Security Policy\n\nThe Chief Information Security Officer (CISO) maintains the certificate against the ISO 27001 standard.\n',
      'Major-Incident-Plan.md':
        '# Major Incident Plan\n\nThe Major Incident Management Team (MIMT) meets in the control room; each site keeps an Incident Management Team (IMT).\n',
      'Ward-Evacuation.md': '# Ward Evacuation\n\nThe IMT decides which wards are evacuated first.\n',
    });
    expect(issues).toEqual([]);
  });
});

describe('a "Chief" title one document uses for a post the others name without it', () => {
  test("a council's breach procedure and a mine's OT procedure give decisions to a Chief ... Officer the policies never name", async () => {
    const council = await issuesOf({
      'Privacy-Policy.md':
        '# Privacy Policy\n\n3. The Privacy Officer decides whether a privacy breach is notified to the Commissioner.',
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n3.5 The Privacy Officer advises on personal information in security incidents.',
      'Breach-Procedure.md':
        '# Breach Procedure\n\n2. The Chief Privacy Officer decides within 24 hours whether affected people are told.',
    });
    expect(council.map((i) => i.title)).toEqual([
      'One role under two titles: "Privacy Officer" and "Chief Privacy Officer"',
    ]);
    const mine = await issuesOf({
      'Security-Policy.md':
        '# Security Policy\n\nThe Security Officer approves remote access to the plant network.',
      'OT-Procedure.md':
        '# OT Procedure\n\nVendor sessions are approved by the Chief Security Officer before they start.',
    });
    expect(mine.map((i) => i.title)).toEqual([
      'One role under two titles: "Security Officer" and "Chief Security Officer"',
    ]);
  });

  test('decoy: a set that names both posts side by side has two posts', async () => {
    expect(
      await issuesOf({
        'Roles.md':
          '# Roles\n\nThe Chief Information Security Officer sets the programme; the Information Security Officer runs it day to day.',
        'Access-Standard.md':
          '# Access Standard\n\nThe Information Security Officer approves privileged access.',
        'Risk-Policy.md':
          '# Risk Policy\n\nThe Chief Information Security Officer reports risks to the board.',
      }),
    ).toEqual([]);
  });
});

describe('a designated role given to two different posts', () => {
  const holderIssues = async (files: Record<string, string>) =>
    (await issuesOf(files)).filter((i) => i.subject.startsWith('role:holder:'));

  test('a microfinance bank: the privacy policy designates the Head of Legal Services as DPO, the security policy the Head of Compliance', async () => {
    const issues = await holderIssues({
      'Data-Protection-Policy.md':
        '# Data Protection Policy\n\n3.2 **Data Protection Officer.** The Bank has designated the Head of Legal Services as its Data Protection Officer under section 24 of the Act.\n',
      'Information-Security-Policy.md':
        "# Information Security Policy\n\n4.6 The Head of Compliance is designated as the Bank's Data Protection Officer.\n",
    });
    expect(issues.map((i) => i.title)).toEqual([
      'The Data Protection Officer is the Head of Legal Services in Data-Protection-Policy.md but the Head of Compliance in Information-Security-Policy.md',
    ]);
  });

  test("a 911 center: the policy's LASO is the ECC IT Manager, the CJIS procedure's the Deputy Director – Operations (a roles table and an abbreviation)", async () => {
    const issues = await holderIssues({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n4.3 Local Agency Security Officer (LASO): the ECC IT Manager is designated as the LASO.\n',
      'CJIS-Security-Procedure.md':
        '# CJIS Security Procedure\n\n| Role | Held by | Duties |\n|---|---|---|\n| LASO | Deputy Director – Operations | Approves CJI access |\n',
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.description).toMatch(/ECC IT Manager/);
    expect(issues[0]!.description).toMatch(/Deputy Director – Operations/);
  });

  test('a railroad: the plan\'s coordinator "is the Chief Information Security Officer", the policy designates "the CISO as its primary" one, the procedure\'s "Director, Network Operations serves as" it', async () => {
    const issues = await holderIssues({
      'Cybersecurity-Policy.md':
        '# Cybersecurity Policy\n\n2.1 The Chief Information Security Officer (CISO) owns this policy.\n\n4.4 GLO designates the CISO as its primary Cybersecurity Coordinator and the Manager, OT Security as alternate Cybersecurity Coordinator.\n',
      'Implementation-Plan.md':
        "# Implementation Plan\n\n1.3 GLO's Cybersecurity Coordinator is the Chief Information Security Officer.\n",
      'Incident-Reporting-Procedure.md':
        "# Incident Reporting Procedure\n\n4.2 The Director, Network Operations serves as GLO's Cybersecurity Coordinator for this procedure.\n",
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.description).toMatch(/Director, Network Operations/);
    expect(issues[0]!.description).toMatch(/Chief Information Security Officer/);
  });

  test('an aged-care provider: "Wattle Grove\'s Privacy Officer is the General Counsel" against a plan that designates the Chief Information Officer', async () => {
    const issues = await holderIssues({
      'Privacy-Policy.md':
        "# Privacy Policy\n\n13.1 Wattle Grove's Privacy Officer is the General Counsel & Company Secretary.\n",
      'Data-Breach-Response-Plan.md':
        '# Data Breach Response Plan\n\n3.1 The Chief Information Officer is designated as the Privacy Officer for breach response.\n',
    });
    expect(issues).toHaveLength(1);
  });

  test('an ambulance trust: "4.3 Caldicott Guardian – the Medical Director." against "4.3 **Caldicott Guardian** – the Director of Quality and Nursing, who ..."', async () => {
    const issues = await holderIssues({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n4.3 Caldicott Guardian – the Medical Director.\n',
      'Records-Management-Policy.md':
        '# Records Management Policy\n\n4.3 **Caldicott Guardian** – the Director of Quality and Nursing, who authorises the release of patient records.\n',
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.description).toMatch(/Medical Director/);
    expect(issues[0]!.description).toMatch(/Director of Quality and Nursing/);
  });

  test('a caterer and a laboratory: a responsibilities row "| Head of IT | Acts as the Company\'s Data Protection Officer; ... |", and a row "| System Owner — Director of IT | ... |"', async () => {
    const dpo = await holderIssues({
      'Information-Security-Policy.md':
        "# Information Security Policy\n\n| Post | Responsibilities |\n|---|---|\n| Director of Information Technology | Acts as the Company's Data Protection Officer; runs the IT service desk. |\n",
      'Data-Protection-Policy.md':
        '# Data Protection Policy\n\n3.2 The Data Protection Officer is the Head of Legal and Compliance.\n',
    });
    expect(dpo).toHaveLength(1);
    expect(dpo[0]!.description).toMatch(/Director of Information Technology/);
    const owner = await holderIssues({
      'Validation-SOP.md':
        '# Validation SOP\n\n| Role | Responsibilities |\n|---|---|\n| System Owner — Director of Information Technology | Accountable for the validated state of the platform |\n',
      'Access-Control-SOP.md':
        '# Access Control SOP\n\n3.1 The System Owner is the Director of Clinical Data Management.\n',
    });
    expect(owner).toHaveLength(1);
  });

  test('decoy: a responsibilities row whose duties mention a role without holding it', async () => {
    const issues = await holderIssues({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n| Post | Responsibilities |\n|---|---|\n| Director of Information Technology | Reports breaches to the Data Protection Officer at once. |\n',
      'Data-Protection-Policy.md':
        '# Data Protection Policy\n\n3.2 The Data Protection Officer is the Head of Legal and Compliance.\n',
    });
    expect(issues).toEqual([]);
  });

  test('decoys: one post holding two roles, one post written shorter, and an abbreviation spelled out', async () => {
    const issues = await holderIssues({
      'Security-Policy.md':
        '# Security Policy\n\nThe Head of IT serves as the Information Security Officer. The Information Security Manager (ISM) advises on risk.\n',
      'Change-Procedure.md':
        '# Change Procedure\n\nChanges are approved by the Change Controller (Head of IT).\n',
      'Privacy-Policy.md':
        '# Privacy Policy\n\nThe Data Protection Officer (Head of Legal and Company Secretary) answers requests.\n',
      'Breach-Procedure.md':
        '# Breach Procedure\n\n| Role | Held by |\n|---|---|\n| Data Protection Officer | Head of Legal |\n| Information Security Officer | Head of IT |\n',
    });
    expect(issues).toEqual([]);
  });
});

describe('a designated role stated as "is also the Company\'s designated ..."', () => {
  const holderIssues = async (files: Record<string, string>) =>
    (await issuesOf(files)).filter((i) => i.subject.startsWith('role:holder:'));

  test('a garment maker: the incident procedure\'s CISO "is also the Company\'s designated Data Protection Officer"', async () => {
    const issues = await holderIssues({
      'Information-Security-Policy.md':
        "# Information Security Policy\n\n4.4 The Group Head of Legal & Compliance is designated as the Company's Data Protection Officer (DPO) under the Act.\n",
      'Incident-Response-Procedure.md':
        "# Incident Response Procedure\n\n3.3 The Chief Information Security Officer is also the Company's designated Data Protection Officer under the Act, and in that capacity is the single point of contact with the Authority.\n",
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.description).toMatch(/Chief Information Security Officer/);
  });

  test('a port: the security plan\'s Harbourmaster "also serves as the Port Facility Security Officer"', async () => {
    const issues = await holderIssues({
      'Port-Security-Policy.md':
        '# Port Security Policy\n\n2.1 The Marine Services Manager is appointed as the Port Facility Security Officer.\n',
      'Port-Facility-Security-Plan.md':
        '# Port Facility Security Plan\n\n1.4 The Operations Manager also serves as the Port Facility Security Officer during cruise season.\n',
    });
    expect(issues).toHaveLength(1);
  });

  test('decoy: "is also the designated ..." of the same post in both documents', async () => {
    const issues = await holderIssues({
      'Information-Security-Policy.md':
        "# Information Security Policy\n\n4.4 The Head of Legal is designated as the Company's Data Protection Officer.\n",
      'Incident-Response-Procedure.md':
        "# Incident Response Procedure\n\n3.3 The Head of Legal is also the Company's designated Data Protection Officer for breach notifications.\n",
    });
    expect(issues).toEqual([]);
  });
});

describe('designated roles written as an abbreviated title, a bracketed holder, a post list or a table cell of two roles', () => {
  const holderIssues = async (files: Record<string, string>) =>
    (await issuesOf(files)).filter((i) => i.subject.startsWith('role:holder:'));

  test('a brokerage: "The **Data Protection Officer (DPO)** is the Head of Legal" against "Data Protection Officer (the Head of Compliance)"', async () => {
    const issues = await holderIssues({
      'Privacy-Policy.md':
        '# Privacy Policy\n\n4.2 The **Data Protection Officer (DPO)** is the Head of Legal and Company Secretary (currently D. Yip).\n',
      'Incident-Response-Procedure.md':
        '# Incident Response Procedure\n\n3.3 Data Protection Officer (the Head of Compliance) - assesses whether personal data are affected.\n',
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.description).toMatch(/Head of Legal and Company Secretary/);
    expect(issues[0]!.description).toMatch(/Head of Compliance/);
  });

  test('a hospital district: "Director of Information Services. Designated HIPAA Security Official" against a roles table cell "IRT Lead and HIPAA Security Official"', async () => {
    const issues = await holderIssues({
      'Security-Policy.md':
        '# Security Policy\n\n4.4 Director of Information Services. Designated HIPAA Security Official under 45 CFR 164.308(a)(2).\n',
      'Incident-Response-Plan.md':
        '# Incident Response Plan\n\n| Role | Held by | Duties |\n|---|---|---|\n| IRT Lead and HIPAA Security Official | Chief Compliance & Privacy Officer (M. Trevino) | Convenes the IRT |\n',
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.title).toMatch(/HIPAA Security Official/);
  });

  test('decoy: the same post written with and without its abbreviation and emphasis', async () => {
    const issues = await holderIssues({
      'Privacy-Policy.md':
        '# Privacy Policy\n\n4.2 The **Data Protection Officer (DPO)** is the Head of Legal.\n',
      'Incident-Response-Procedure.md':
        '# Incident Response Procedure\n\n3.3 Data Protection Officer (the Head of Legal) - decides on notification.\n',
    });
    expect(issues).toEqual([]);
  });
});

describe('a point of contact for a named party, its holder in brackets or on a wrapped line', () => {
  const holderIssues = async (files: Record<string, string>) =>
    (await issuesOf(files)).filter((i) => i.subject.startsWith('role:holder:'));

  test('a software house: the policy\'s CISO "is the designated Point of Contact ... with CERT-In", the procedure\'s Head - IT Operations (Mr. ...) on a wrapped line', async () => {
    const issues = await holderIssues({
      'Security-Policy.md':
        '# Security Policy\n\n4.3 Chief Information Security Officer (CISO) - owns this Policy. The CISO is the designated Point of Contact of the Company for interaction with CERT-In.\n',
      'Incident-Procedure.txt':
        'INCIDENT PROCEDURE\n\n3.4 Reporting - the Head - IT Operations\n    (Mr. Arvind Rao) is the designated Point of Contact with\n    CERT-In and files every report.\n',
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.description).toMatch(/Head - IT Operations/);
    expect(issues[0]!.description).toMatch(/Chief Information Security Officer/);
  });

  test('an airline: the Compliance Manager is the Point of Contact with the Authority in one document, the Director of Safety in another', async () => {
    const issues = await holderIssues({
      'Safety-Policy.md':
        '# Safety Policy\n\n2.2 The Compliance Manager is the designated Point of Contact with the Civil Aviation Authority.\n',
      'Occurrence-Reporting-Procedure.md':
        '# Occurrence Reporting Procedure\n\n1.3 The Director of Safety is the Point of Contact for the Civil Aviation Authority on every mandatory report.\n',
    });
    expect(issues).toHaveLength(1);
  });

  test('decoy: points of contact for two different parties, and one for no named party', async () => {
    const issues = await holderIssues({
      'Safety-Policy.md':
        '# Safety Policy\n\n2.2 The Compliance Manager is the designated Point of Contact with the Civil Aviation Authority.\n\n2.3 The Head of Procurement is the Point of Contact for suppliers.\n',
      'Occurrence-Reporting-Procedure.md':
        '# Occurrence Reporting Procedure\n\n1.3 The Director of Safety is the Point of Contact for Airport Operators.\n',
    });
    expect(issues).toEqual([]);
  });
});

describe('a chief officer the organisation says it does not have', () => {
  const absent = (issues: Awaited<ReturnType<typeof issuesOf>>) =>
    issues.filter((i) => i.subject.startsWith('role:absent:'));

  test('a school district: the privacy procedure hands approvals to a post the policy rules out', async () => {
    const issues = absent(
      await issuesOf({
        'Student-Records-Policy.md':
          '# Student Records Policy\n\n4.2 The District does not have a chief privacy officer position; the Records Manager performs that function.\n',
        'Records-Request-Procedure.md':
          '# Records Request Procedure\n\n3.1 The Chief Privacy Officer approves every disclosure to a third party.\n',
      }),
    );
    expect(issues.map((i) => i.title)).toEqual([
      '"Chief Privacy Officer" in Records-Request-Procedure.md is a post Student-Records-Policy.md says the organisation does not have',
    ]);
    expect(issues[0]!.quotes.map((q) => q.text)).toEqual([
      '3.1 The Chief Privacy Officer approves every disclosure to a third party.',
      '4.2 The District does not have a chief privacy officer position; the Records Manager performs that function.',
    ]);
  });

  test('a hospital: "there is no separate chief information security officer role"', async () => {
    const issues = absent(
      await issuesOf({
        'Information-Security-Policy.md':
          '# Information Security Policy\n\n2.3 There is no separate chief information security officer role at the Trust; the Head of Digital Security leads the programme.\n',
        'Incident-Response-Plan.md':
          '# Incident Response Plan\n\n1.4 The Chief Information Security Officer declares a major incident and chairs the response team.\n',
      }),
    );
    expect(issues).toHaveLength(1);
  });

  test.each([
    [
      'a chief officer no document rules out',
      {
        'Information-Security-Policy.md':
          '# Information Security Policy\n\n2.3 The Head of Digital Security leads the programme and reports to the Chief Risk Officer.\n',
        'Incident-Response-Plan.md':
          '# Incident Response Plan\n\n1.4 The Chief Risk Officer is told of every major incident.\n',
      },
    ],
    [
      'a post ruled out and named only where it is ruled out',
      {
        'Student-Records-Policy.md':
          '# Student Records Policy\n\n4.2 The District does not have a chief privacy officer position; the Records Manager performs that function, not a Chief Privacy Officer.\n',
      },
    ],
  ])('%s (decoy)', async (_label, files) => {
    expect(absent(await issuesOf(files))).toEqual([]);
  });
});

describe('a post the roles table lacks, given a duty the table gives to another', () => {
  const utilityPolicy = [
    '# Information Governance Policy',
    '',
    '## 4. Roles and responsibilities',
    '',
    '| Role | Responsibilities |',
    '| --- | --- |',
    '| Records Manager | Authorises the disposal of records at the end of their retention period; maintains the retention schedule. |',
    '| Operations Director | Approves changes to treatment works telemetry. |',
    '| Information Security Officer | Investigates security incidents and grants remote access. |',
    '',
  ].join('\n');

  test('a water utility: disposal authorised by an "Archive Compliance Officer" the table does not have', async () => {
    const issues = await issuesOf({
      'Information-Governance-Policy.md': utilityPolicy,
      'Records-Disposal-Procedure.md':
        '# Records Disposal Procedure\n\n4. The Archive Compliance Officer authorises the disposal of each batch of records once the retention period has ended.\n',
    });
    expect(issues.map((i) => i.title)).toEqual([
      '"Archive Compliance Officer" in Records-Disposal-Procedure.md is not a role of the roles table in Information-Governance-Policy.md',
    ]);
    expect(issues[0]!.description).toContain('to the Records Manager');
    expect(issues[0]!.quotes.map((q) => q.document)).toEqual([
      'Records-Disposal-Procedure.md',
      'Information-Governance-Policy.md',
    ]);
  });

  test('an insurer: large settlements approved by a "Claims Settlement Manager" instead of the Claims Director', async () => {
    const issues = await issuesOf({
      'Claims-Governance-Policy.md': [
        '# Claims Governance Policy',
        '',
        '| Role | Holder | Responsibilities |',
        '| --- | --- | --- |',
        '| Claims Director | R. Osei | Approves claim settlements above the delegated authority limit. |',
        '| Fraud Officer | T. Marsh | Refers suspected fraud to the insurer fraud bureau. |',
        '| Chief Underwriting Officer | L. Brandt | Sets underwriting appetite. |',
      ].join('\n'),
      'Settlement-Procedure.md':
        '# Settlement Procedure\n\nSettlements above the delegated authority limit are approved by the Claims Settlement Manager before payment.\n',
    });
    expect(issues.map((i) => i.title)).toEqual([
      '"Claims Settlement Manager" in Settlement-Procedure.md is not a role of the roles table in Claims-Governance-Policy.md',
    ]);
    expect(issues[0]!.description).toContain('to the Claims Director');
  });

  test('a gold lender and a water utility: a numbered roles item ("4.5 Chief Technology Officer (CTO) - approves ...") gives the duty to a post the table lacks', async () => {
    for (const [policy, procedure, title] of [
      [
        [
          '# Information Security Policy',
          '',
          '| Role | Responsibilities |',
          '| --- | --- |',
          '| Head - Information Technology | Approves privileged access requests after review by the CISO. |',
          '| Chief Information Security Officer (CISO) | Reviews privileged access; owns this Policy. |',
          '| Chief Risk Officer (CRO) | Independent oversight of IT risk. |',
        ].join('\n'),
        'USER ACCESS MANAGEMENT PROCEDURE\n\n4. ROLES\n4.4 Chief Information Security Officer (CISO) - reviews privileged access requests.\n4.5 Chief Technology Officer (CTO) - approves all privileged access requests after review by the CISO.\n',
        'Chief Technology Officer',
      ],
      [
        utilityPolicy,
        'RECORDS DISPOSAL PROCEDURE\n\n3. ROLES\n3.2 Archive Compliance Officer - authorises the disposal of each batch of records at the end of the retention period.\n',
        'Archive Compliance Officer',
      ],
    ] as const) {
      const issues = await issuesOf({ 'Security-Policy.md': policy, 'Access-Procedure.txt': procedure });
      expect(issues.filter((i) => i.subject.startsWith('role:untabled:')).map((i) => i.title)).toEqual([
        `"${title}" in Access-Procedure.txt is not a role of the roles table in Security-Policy.md`,
      ]);
    }
  });

  test("decoys: a post two documents name, an unrelated duty, a response-team part, a supplier's post", async () => {
    const issues = await issuesOf({
      'Information-Governance-Policy.md': utilityPolicy,
      // Named in two documents: a post the organisation has, whether or not the table lists it.
      'Depot-Procedure.md':
        '# Depot Procedure\n\nThe Depot Manager authorises the disposal of records held at the depot.\n',
      'Site-Security-Policy.md': '# Site Security Policy\n\nThe Depot Manager keeps the key register.\n',
      // A duty the table gives to no one.
      'Facilities-Procedure.md':
        '# Facilities Procedure\n\nThe Facilities Manager unlocks the plant room for contractors.\n',
      // The incident plan's own part.
      'Incident-Procedure.md':
        '# Incident Procedure\n\nThe Incident Manager investigates security incidents and keeps the incident log.\n',
      // Another organisation's post.
      'Telemetry-Procedure.md':
        "# Telemetry Procedure\n\nThe Supplier's Service Manager grants remote access to the telemetry outstations.\n",
    });
    expect(issues.filter((i) => i.subject.startsWith('role:untabled:'))).toEqual([]);
  });
});

describe('a post the roles table lacks, where the table writes its posts "Head – Field" or "Director, Field"', () => {
  const solarPolicy = [
    '# Information Security Policy',
    '',
    '| Role | Holder | Responsibilities |',
    '| --- | --- | --- |',
    '| Chief Information Security Officer (CISO) | A. Menon | Owns the ISMS; approves exceptions. |',
    '| Head – OT Systems | K. Choudhary | Owns SCADA and OT security at all plants; approves OT remote access and OT changes, including patches. |',
    '| Site In-charge | Appointed per site | Controls physical access to the site; issues permits to work. |',
  ].join('\n');
  const hospitalPolicy = [
    '# Medical Device Security Policy',
    '',
    '| Role | Responsibilities |',
    '| --- | --- |',
    '| Director, Clinical Engineering | Approves changes to medical device networks, including patches and firmware. |',
    '| Privacy Officer | Investigates privacy complaints. |',
    '| Chief Nursing Officer | Sets clinical priorities for device downtime. |',
  ].join('\n');

  test('a solar contractor and a hospital: an OT change approved by a "Plant Security Officer", a device patch by a "Device Security Officer"', async () => {
    for (const [policy, procedure, title, holder] of [
      [
        solarPolicy,
        '# OT Patch Management Procedure\n\n6. The change request shall be approved by the Plant Security Officer before deployment.\n',
        'Plant Security Officer',
        'Head – OT Systems',
      ],
      [
        hospitalPolicy,
        '# Device Patching Procedure\n\n3. Each firmware change is approved by the Device Security Officer before the patches are released to the ward devices.\n',
        'Device Security Officer',
        'Director, Clinical Engineering',
      ],
    ] as const) {
      const issues = await issuesOf({ 'Security-Policy.md': policy, 'Patch-Procedure.md': procedure });
      const untabled = issues.filter((i) => i.subject.startsWith('role:untabled:'));
      expect(untabled.map((i) => i.title)).toEqual([
        `"${title}" in Patch-Procedure.md is not a role of the roles table in Security-Policy.md`,
      ]);
      expect(untabled[0]!.description).toContain(`to the ${holder}`);
    }
  });

  test('decoy: the same post given a duty the table gives no one', async () => {
    const issues = await issuesOf({
      'Security-Policy.md': solarPolicy,
      'Canteen-Procedure.md':
        '# Canteen Procedure\n\n2. The Plant Security Officer keeps the canteen rota.\n',
    });
    expect(issues.filter((i) => i.subject.startsWith('role:untabled:'))).toEqual([]);
  });
});

describe('a post the roles table lacks, named like a post it has', () => {
  const untabled = (issues: Awaited<ReturnType<typeof issuesOf>>) =>
    issues.filter((i) => i.subject.startsWith('role:untabled:'));

  test('an airport ground handler: the supplier policy has the "Chief Information Security Officer" approve; the table has an Information Security Manager', async () => {
    const issues = untabled(
      await issuesOf({
        'Information-Security-Policy.md': [
          '# Information Security Policy',
          '',
          '| Role | Responsibilities |',
          '| --- | --- |',
          '| Chief Executive Officer (CEO) | Approves this policy. |',
          '| Information Security Manager (ISM) | Owns the ISMS; keeps the exception register. |',
          '| Station Manager | Runs the station. |',
          '| Privacy Officer | Leads the response to data breaches. |',
        ].join('\n'),
        'Supplier-Security-Policy.md':
          '# Supplier Security Policy\n\n5.1 Supplier remote access must be approved by the Chief Information Security Officer (CISO) and is enabled only for the agreed window.\n',
      }),
    );
    expect(untabled(issues).map((i) => i.title)).toEqual([
      '"Chief Information Security Officer" in Supplier-Security-Policy.md is not a role of the roles table in Information-Security-Policy.md',
    ]);
    expect(issues[0]!.description).toContain('is the Information Security Manager');
  });

  test('a life insurer: the procedure has an "Information Security Manager" approve where the table has a Chief Information Security Officer', async () => {
    const issues = untabled(
      await issuesOf({
        'Information-Security-Policy.md': [
          '# Information Security Policy',
          '',
          '| Role | Responsibilities |',
          '| --- | --- |',
          '| Chief Risk Officer | Owns the risk register. |',
          '| Chief Information Security Officer (CISO) | Owns this policy. |',
          '| Data Protection Officer | Advises on personal data. |',
        ].join('\n'),
        'Access-Control-Procedure.md':
          '# Access Control Procedure\n\n5.2 Privileged access requests are approved by the System Owner and then by the Information Security Manager before the account is created.\n',
      }),
    );
    expect(issues.map((i) => i.subject)).toEqual(['role:untabled:information security manager']);
  });

  test('decoys: one field word in common ("Operational Risk Manager" and the Chief Risk Officer), two posts as near as each other', async () => {
    const issues = untabled(
      await issuesOf({
        'Information-Security-Policy.md': [
          '# Information Security Policy',
          '',
          '| Role | Responsibilities |',
          '| --- | --- |',
          '| Chief Risk Officer | Owns the risk register. |',
          '| Information Security Operations Lead | Runs the security operations centre. |',
          '| Information Security Architecture Lead | Designs security controls. |',
        ].join('\n'),
        'Incident-Procedure.md':
          '# Incident Procedure\n\n3.1 The Operational Risk Manager records each loss event.\n\n3.2 Severity 1 incidents are handed to the Information Security Manager.\n',
      }),
    );
    expect(issues).toEqual([]);
  });
});

describe('a post the roles table lacks: a higher rank, the same duty said another way, the same holder', () => {
  const untabled = (issues: Awaited<ReturnType<typeof issuesOf>>) =>
    issues.filter((i) => i.subject.startsWith('role:untabled:'));

  test('a community college: the procedure reports to a "Chief Information Security Officer"; the table has an Information Security Officer', async () => {
    const issues = untabled(
      await issuesOf({
        'Information-Security-Policy.md': [
          '# Information Security Policy',
          '',
          '| Role | Responsibilities |',
          '| --- | --- |',
          '| Chief Information Officer | Approves this policy. |',
          '| Information Security Officer (ISO) | Runs the security programme; decides breach notifications. |',
          '| Registrar | Owns student records. |',
        ].join('\n'),
        'Incident-Response-Procedure.md':
          '# Incident Response Procedure\n\n7.1 The breach is reported by the College Counsel and the Chief Information Security Officer (CISO).\n',
      }),
    );
    expect(issues.map((i) => i.subject)).toEqual(['role:untabled:chief information security officer']);
  });

  test('a mobile money operator: "gives second approval for super-agents" is the duty the table words as "approves super-agents"', async () => {
    const issues = untabled(
      await issuesOf({
        'Information-Security-Policy.md': [
          '# Information Security Policy',
          '',
          '| Role | Responsibilities |',
          '| --- | --- |',
          '| Managing Director | Accountable for information security. |',
          '| Head of Risk and Compliance | Owns the risk register; approves critical suppliers and super-agents. |',
          '| Head of Agent Network | Owns the agent register. |',
        ].join('\n'),
        'Agent-Onboarding-Procedure.md':
          '# Agent Onboarding Procedure\n\n5. The Chief Risk Officer gives second approval for super-agents before activation.\n',
      }),
    );
    expect(issues.map((i) => i.subject)).toEqual(['role:untabled:chief risk officer']);
    expect(issues[0]!.description).toContain('to the Head of Risk and Compliance');
  });

  test('a reinsurer: the response plan\'s roles table names Naomi Swan its "Data Protection Officer"; the policy\'s table names her Privacy Officer', async () => {
    const issues = untabled(
      await issuesOf({
        'Information-Security-Policy.md': [
          '# Information Security Policy',
          '',
          '| Role | Holder | Responsibilities |',
          '| --- | --- | --- |',
          '| Chief Executive Officer | Alan Reid | Approves this policy. |',
          '| Chief Information Security Officer | Tom Bell | Owns the ISMS. |',
          '| Privacy Officer | Naomi Swan | Designated under the privacy law; advises on personal information. |',
        ].join('\n'),
        'Cyber-Incident-Response-Procedure.md': [
          '# Cyber Incident Response Procedure',
          '',
          '| Role | Who | Responsibilities |',
          '| --- | --- | --- |',
          '| Data Protection Officer | Naomi Swan | Assesses each incident for notification. |',
        ].join('\n'),
      }),
    );
    expect(issues.map((i) => i.subject)).toEqual(['role:untabled:data protection officer']);
    expect(issues[0]!.description).toContain('the table names Naomi Swan as the Privacy Officer');
  });

  test('an electricity co-op and a hospital: the table\'s post is titled "<noun> of <field>" ("Manager of Information Technology", "Director of Finance"); the plan names its holder under another title', async () => {
    for (const [tabled, holder, renamed] of [
      ['Manager of Information Technology', 'Priya Nandakumar', 'Chief Information Security Officer'],
      ['Director of Finance', 'Sam Odera', 'Chief Financial Officer'],
    ]) {
      const issues = untabled(
        await issuesOf({
          'Cyber-Security-Policy.md': [
            '# Cyber Security Policy',
            '',
            '| Role | Holder (11/2026) | Responsibilities |',
            '| --- | --- | --- |',
            '| General Manager | Alan Reid | Approves this policy. |',
            '| CIP Senior Manager | Karen Lind | Leads compliance. |',
            `| ${tabled} | ${holder} | Operates the infrastructure and authorizes access. |`,
          ].join('\n'),
          'Incident-Response-Plan.md': [
            '# Incident Response Plan',
            '',
            '| Role | Person | Responsibilities |',
            '| --- | --- | --- |',
            `| ${renamed} | ${holder} | Classifies each event and authorizes containment. |`,
          ].join('\n'),
        }),
      );
      expect(issues.map((i) => i.description)).toEqual([
        expect.stringContaining(`the table names ${holder} as the ${tabled}`),
      ]);
    }
  });

  test('decoys: a "Group Information Security Officer" is the tabled post; a deputy held by another person; a duty sharing one word', async () => {
    const issues = untabled(
      await issuesOf({
        'Information-Security-Policy.md': [
          '# Information Security Policy',
          '',
          '| Role | Holder | Responsibilities |',
          '| --- | --- | --- |',
          '| Chief Executive Officer | Alan Reid | Approves this policy. |',
          '| Information Security Officer | Tom Bell | Owns the ISMS. |',
          '| Privacy Officer | Naomi Swan | Advises on personal information. |',
        ].join('\n'),
        'Access-Procedure.md': [
          '# Access Procedure',
          '',
          '| Role | Who | Responsibilities |',
          '| --- | --- | --- |',
          '| Facilities Coordinator Officer | Ravi Patel | Issues building passes. |',
          '',
          '4. The Group Information Security Officer approves firewall changes.',
        ].join('\n'),
      }),
    );
    expect(issues).toEqual([]);
  });
});

describe("a procedure's own roles table that renames a post of the organisation's roles table", () => {
  const standard = (rows: string[]) =>
    [
      '# Roles and Responsibilities Standard',
      '',
      '| Role | Holder | Key responsibilities |',
      '|---|---|---|',
      ...rows,
    ].join('\n');

  test('a dairy: the standard\'s "Withdrawal Coordinator" leads withdrawals; the withdrawal procedure has a "Withdrawal Team Leader" doing it', async () => {
    const issues = await issuesOf({
      'Roles-and-Responsibilities-Standard.md': standard([
        '| Site Director | Ana Ruiz | Approves policies; decides on withdrawals. |',
        '| Quality Manager | Ben Ogle | Approves suppliers; releases held stock. |',
        '| Withdrawal Coordinator | Held by the Quality Manager | Leads product withdrawals and mock withdrawals; single point of contact for the food authority. |',
        '| Hygiene Supervisor | Cara Lin | Runs the cleaning crew. |',
      ]),
      'Product-Withdrawal-Procedure.md': [
        '# Product Withdrawal Procedure',
        '',
        '| Withdrawal role | Normally held by | Main duties |',
        '|---|---|---|',
        '| Withdrawal Team Leader | Quality Manager | Opens the withdrawal file, is the single point of contact for the food authority, leads the mock withdrawals and closes the file. |',
        '| Withdrawal decision-maker | Site Director | Decides whether to withdraw. |',
      ].join('\n'),
    });
    expect(issues.map((i) => i.title)).toEqual([
      '"Withdrawal Team Leader" in Product-Withdrawal-Procedure.md is not a role of the roles table in Roles-and-Responsibilities-Standard.md',
    ]);
    expect(issues[0]!.description).toContain('Withdrawal Coordinator');
  });

  test('a ski resort: the policy\'s Information Security Manager approves privileged access; the access procedure has an "IT Security Lead" for it', async () => {
    const issues = await issuesOf({
      'Information-Security-Policy.md': [
        '# Information Security Policy',
        '',
        '| Role | Responsibilities |',
        '|---|---|',
        '| Information Security Manager | Owns the ISMS; approves privileged access and exceptions; leads incident response. |',
        '| Line Manager | Requests and approves access for direct reports; confirms access at each review. |',
        '| Service Desk | Creates and removes accounts. |',
      ].join('\n'),
      'Staff-Access-Procedure.md': [
        '# Staff Access Procedure',
        '',
        '| Role | What they do in this procedure |',
        '|---|---|',
        '| Line Manager | Completes and approves the access request. |',
        '| IT Security Lead | Approves privileged access requests; reviews privileged access each month. |',
      ].join('\n'),
    });
    expect(issues.map((i) => i.subject)).toEqual(['role:untabled:it security lead']);
  });

  test("decoys: a procedure's part with no post of that field, a deputy, and a title the table has", async () => {
    const issues = await issuesOf({
      'Roles-and-Responsibilities-Standard.md': standard([
        '| Site Director | Ana Ruiz | Approves policies; decides on withdrawals. |',
        '| Quality Manager | Ben Ogle | Approves suppliers; releases held stock; leads product withdrawals. |',
        '| Hygiene Supervisor | Cara Lin | Runs the cleaning crew. |',
      ]),
      'Product-Withdrawal-Procedure.md': [
        '# Product Withdrawal Procedure',
        '',
        '| Role | Main duties |',
        '|---|---|',
        '| Traceability Analyst Lead | Runs the traceability search for the product withdrawals and reports to the Quality Manager. |',
        '| Deputy Quality Manager | Leads product withdrawals when the Quality Manager is absent; releases held stock. |',
        '| Quality Manager | Leads product withdrawals; releases held stock. |',
      ].join('\n'),
    });
    expect(issues).toEqual([]);
  });
});

test('decoys: a per-asset owner and a post the table lists in the plural', async () => {
  const issues = await issuesOf({
    'Information-Security-Policy.md': [
      '# Information Security Policy',
      '',
      '| Role | Responsibilities |',
      '|---|---|',
      '| Information Security Manager | Owns the ISMS; approves privileged access and exceptions. |',
      '| Branch Managers | Approve access for branch staff; take part in access reviews at their branch. |',
      '| Service Desk | Creates and removes accounts. |',
    ].join('\n'),
    'Access-Procedure.md': [
      '# Access Procedure',
      '',
      '| Role | Duties |',
      '|---|---|',
      '| Security System Owner | Approves privileged access to the system; reviews privileged access each quarter. |',
      '| Branch Manager | Approves access for branch staff; takes part in the access reviews. |',
    ].join('\n'),
  });
  expect(issues).toEqual([]);
});

describe("one person under two titles: a charter's roles table and a procedure's owner field", () => {
  const charter = (rows: string[], title = 'Governance Roles Charter') =>
    [
      `# ${title}`,
      '',
      '| Role title (abbreviation) | Current holder | Reports to | Principal responsibilities |',
      '|---|---|---|---|',
      ...rows,
    ].join('\n');

  test('a bank: the procedure owner is the "Data Protection Officer (DPO) - Layla Haddad", whom the charter calls the Data Protection Guardian', async () => {
    const issues = await issuesOf({
      'Governance-Roles-Charter.md': charter([
        '| Chief Executive Officer (CEO) | Omar Saleh | Board | Runs the bank. |',
        '| Chief Risk Officer (CRO) | Huda Naser | Board Risk Committee | Owns the risk framework. |',
        '| Data Protection Guardian (DPG) | Layla Haddad | CEO | Personal data breach assessment and notification to the Authority. |',
      ]),
      'Breach-Response-Procedure.txt':
        'PERSONAL DATA BREACH RESPONSE PROCEDURE\n\nProcedure owner ....... Data Protection Officer (DPO) - Layla Haddad\n\n1. Staff report a suspected breach at once.\n',
    });
    expect(issues.map((i) => i.subject)).toEqual(['role:untabled:data protection officer']);
    expect(issues[0]!.description).toContain('names Layla Haddad as the Data Protection Guardian');
  });

  test('a hospital: "Owner: Records Access Manager - Dr Ana Silva", whom the roles standard calls the Caldicott Guardian', async () => {
    const issues = await issuesOf({
      'Roles-Standard.md': charter(
        [
          '| Medical Director (MD) | Dr Ian Ross | Chief Executive | Clinical leadership. |',
          '| Director of Nursing (DoN) | Mary Kent | Chief Executive | Nursing standards. |',
          '| Caldicott Guardian (CG) | Dr Ana Silva | Medical Director | Approves uses of patient information. |',
        ],
        'Roles and Responsibilities Standard',
      ),
      'Information-Sharing-Procedure.md':
        '# Information Sharing Procedure\n\nOwner: Records Access Manager - Dr Ana Silva\n\n1. Requests are logged before any record is released.\n',
    });
    expect(issues.map((i) => i.subject)).toEqual(['role:untabled:records access manager']);
  });

  test("decoy: a document-control field's post beside other fields, held by no one the table names", async () => {
    const issues = await issuesOf({
      'Information-Security-Policy.md': [
        '# Information Security Policy',
        '',
        '| Role | Responsibilities |',
        '|---|---|',
        '| Head of OT Systems | Owns OT security; approves OT remote access and OT changes. |',
        '| IT Manager | Runs the network. |',
        '| Site Manager | Runs the site. |',
      ].join('\n'),
      'Permit-to-Work-Procedure.txt':
        'PERMIT TO WORK PROCEDURE\n\nDocument owner   : HSE Manager (Naveen Yadav)\nApproved by      : Head of Projects (Vikram Rao)\nChange log       : approved changes listed below\n',
    });
    expect(issues).toEqual([]);
  });

  test('decoy: the owner field names the tabled post itself, with its holder', async () => {
    const issues = await issuesOf({
      'Governance-Roles-Charter.md': charter([
        '| Chief Executive Officer (CEO) | Omar Saleh | Board | Runs the bank. |',
        '| Chief Risk Officer (CRO) | Huda Naser | Board Risk Committee | Owns the risk framework. |',
        '| Data Protection Guardian (DPG) | Layla Haddad | CEO | Personal data breach assessment. |',
      ]),
      'Breach-Response-Procedure.txt':
        'PERSONAL DATA BREACH RESPONSE PROCEDURE\n\nProcedure owner ....... Data Protection Guardian (DPG) - Layla Haddad\n',
    });
    expect(issues).toEqual([]);
  });
});

// A roles list with each title on its own line and its duties on the next, the steps naming the
// post by its abbreviation: the title is judged by those duties.
describe('a post the roles table lacks, listed alone on its line with its duties below', () => {
  const untabled = (issues: Awaited<ReturnType<typeof issuesOf>>) =>
    issues.filter((i) => i.subject.startsWith('role:untabled:'));
  const pharmaPolicy = [
    '# Quality Policy',
    '',
    '| Role | Responsibilities |',
    '| --- | --- |',
    '| Head of Quality | Approves each deviation and reviews the deviation log every month. |',
    '| Production Director | Plans the batch schedule. |',
    '| Validation Officer | Signs validation protocols. |',
  ].join('\n');
  const deviationProcedure = (title: string, abbreviation: string, duty: string) =>
    [
      '# Deviation Handling Procedure',
      '',
      '## 3. Roles',
      '',
      `${title} (${abbreviation})`,
      '',
      duty,
      '',
      '## 4. Steps',
      '',
      `4.1 The ${abbreviation} approves the deviation and reviews the log each month.`,
    ].join('\n');

  test('a drug manufacturer (the duty in the steps, by abbreviation) and a bus operator (the duty on the line below the title)', async () => {
    const pharma = untabled(
      await issuesOf({
        'Quality-Policy.md': pharmaPolicy,
        'Deviation-Procedure.md': deviationProcedure(
          'Quality Systems Manager',
          'QSM',
          'Oversees the handling of deviations on the packaging lines.',
        ),
      }),
    );
    expect(pharma.map((i) => i.title)).toEqual([
      '"Quality Systems Manager" in Deviation-Procedure.md is not a role of the roles table in Quality-Policy.md',
    ]);
    expect(pharma[0]!.description).toContain('to the Head of Quality');
    const buses = untabled(
      await issuesOf({
        'Fleet-Policy.md': [
          '# Fleet Safety Policy',
          '',
          '| Role | Responsibilities |',
          '| --- | --- |',
          '| Fleet Engineering Director | Signs off defect repairs before a vehicle returns to service; keeps the defect register. |',
          '| Network Planning Manager | Sets timetables. |',
          '| Driver Training Officer | Assesses new drivers. |',
        ].join('\n'),
        'Defect-Procedure.md': [
          '# Vehicle Defect Procedure',
          '',
          '## 2. Roles',
          '',
          'Depot Maintenance Manager (DMM)',
          '',
          'Signs off defect repairs and keeps the defect register for the depot.',
          '',
          '## 3. Steps',
          '',
          '3.2 The DMM books the vehicle into the depot garage.',
        ].join('\n'),
      }),
    );
    expect(buses.map((i) => i.subject)).toEqual(['role:untabled:depot maintenance manager']);
  });

  test('decoy: a listed post whose duties match no post of the table', async () => {
    expect(
      untabled(
        await issuesOf({
          'Quality-Policy.md': pharmaPolicy,
          'Canteen-Procedure.md': [
            '# Canteen Procedure',
            '',
            '## 2. Roles',
            '',
            'Catering Services Manager (CSM)',
            '',
            'Plans the staff menus.',
            '',
            '## 3. Steps',
            '',
            '3.1 The CSM orders fresh produce every week.',
          ].join('\n'),
        }),
      ),
    ).toEqual([]);
  });
});

// A procedure with its own roles table that hands a step to a post neither that table nor the
// organisation's has, though the post shares no duty words or field words with any tabled post
// ("Ring the Packaging Quality Manager" beside a table of the Quality Assurance Manager and the
// Packaging Manager). Decoys: a post the procedure's own table lists, a post of a field no table
// names (a Communications Manager), and an unknown post in a procedure without a roles table of its
// own (a set names many posts in passing).
describe("a post missing from a procedure's own roles table and from the organisation's", () => {
  const breweryPolicy = [
    '# Brewing Quality Policy',
    '',
    '| Role | Responsibilities |',
    '| --- | --- |',
    '| Head Brewer | Signs off every brew for release. |',
    '| Quality Assurance Manager | Holds or releases any batch with a quality concern. |',
    '| Packaging Manager | Runs the keg and bottling lines. |',
    '| Logistics Co-ordinator | Books the delivery rounds. |',
  ].join('\n');
  const breweryProcedure = (step: string) =>
    [
      '# Keg Dispatch Procedure',
      '',
      '| Role | Responsibility |',
      '| --- | --- |',
      "| Logistics Co-ordinator | Books rounds; takes drivers' calls. |",
      '| Drayman | Loads and delivers the kegs. |',
      '| Quality Assurance Manager | Decides on any keg held back. |',
      '| Packaging Manager | Replaces damaged kegs. |',
      '',
      step,
    ].join('\n');
  const pharmacyPolicy = [
    '# Medicines Governance Policy',
    '',
    '| Role | Responsibilities |',
    '| --- | --- |',
    '| Chief Pharmacist | Accountable for the safe and secure handling of medicines. |',
    '| Ward Manager | Ensures ward stock is stored as this policy requires. |',
    '| Medicines Safety Officer | Reviews medication incident reports. |',
  ].join('\n');

  test.each([
    [
      'a brewery',
      { 'Brewing-Quality-Policy.md': breweryPolicy },
      'Keg-Dispatch-Procedure.md',
      breweryProcedure(
        '9. If a keg seal is broken, do not load the keg. Ring the Packaging Quality Manager at once and set the keg aside.',
      ),
      'Packaging Quality Manager',
    ],
    [
      'a hospital pharmacy',
      { 'Medicines-Governance-Policy.md': pharmacyPolicy },
      'Controlled-Drugs-Procedure.md',
      [
        '# Controlled Drugs Procedure',
        '',
        '| Role | Responsibility |',
        '| --- | --- |',
        '| Chief Pharmacist | Signs off the controlled drugs register audit. |',
        '| Ward Manager | Holds the controlled drugs cupboard keys. |',
        '| Registered Nurse | Witnesses every administration. |',
        '',
        '6. A discrepancy in the register is reported at once to the Ward Medicines Officer, who seals the cupboard.',
      ].join('\n'),
      'Ward Medicines Officer',
    ],
  ])('%s', async (_industry, policies, name, procedure, title) => {
    const issues = await issuesOf({ ...policies, [name]: procedure });
    const untabled = issues.filter((i) => i.subject.startsWith('role:untabled:'));
    expect(untabled.map((i) => i.title)).toEqual([
      `"${title}" in ${name} is not a role of the roles table in ${Object.keys(policies)[0]}`,
    ]);
    expect(untabled[0]!.description).toContain(`nor does the roles table of ${name} itself`);
    expect(untabled[0]!.quotes[0]!.text).toContain(title);
  });

  test("decoys: a post the procedure's own table lists, a post of a field no table has, an unknown post in a procedure without a table", async () => {
    const issues = await issuesOf({
      'Brewing-Quality-Policy.md': breweryPolicy,
      'Keg-Dispatch-Procedure.md': breweryProcedure(
        '4. If a round is late, ring the Logistics Co-ordinator. Refer any question from a journalist to the Communications Manager.',
      ),
      'Intake-Procedure.md':
        '# Intake Procedure\n\n4. Loads that fail the screen are reported to the Site Hygiene Manager before discharge.\n',
    });
    expect(issues.filter((i) => i.subject.startsWith('role:untabled:'))).toEqual([]);
  });
});
