// Section references a set's documents cannot hold: "§12.3.1" or "para 2.4.3.6" in a document
// with no numbered sections at all (a clinic's procedure, a freight forwarder's standard), and a
// set numbered by document, where "§8.6" is chapter 8's section. Decoys: a regulation's
// section ("§164.514"), the notation shown in a code span, a section of a source the sentence
// names, and a reference that resolves in its chapter.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { snapshotOf, INTAKE } from '../../../test/helpers/synthetic-corpus';
import { findBrokenReferences } from './citations';

async function broken(files: Record<string, string>): Promise<string[]> {
  const analysis = analyzeCorpus(await snapshotOf(files), INTAKE);
  return findBrokenReferences(analysis).map((issue) => issue.title);
}

test("a clinic's procedure without numbered sections cites its own §12.3.1", async () => {
  expect(
    await broken({
      'Imaging-Procedure.md': [
        '# Imaging Procedure',
        '',
        '## Storage',
        '',
        'Scans are kept on encrypted volumes using the key process defined in §12.3.1 above.',
      ].join('\n'),
    }),
  ).toEqual(['Broken reference in Imaging-Procedure.md: §12.3.1']);
});

test("a freight forwarder's standard cites a paragraph by number it does not have", async () => {
  expect(
    await broken({
      'Customs-Standard.md': [
        '# Customs Data Standard',
        '',
        'The broker must tell the compliance lead about the events specified at para 2.4.3.6 without delay.',
      ].join('\n'),
    }),
  ).toEqual(['Broken reference in Customs-Standard.md: para 2.4.3.6']);
});

test('in a set numbered by document, §8.6 is the chapter 8 document: missing there is broken', async () => {
  const chapter = (n: number, title: string, sections: string[]) =>
    [`# ${n}. ${title}`, '', ...sections.map((s, i) => `## ${n}.${i + 1} ${s}\n\n${s} rules.\n`)].join('\n');
  expect(
    await broken({
      '07-access.md': chapter(7, 'Access Policy', ['Scope', 'Accounts']),
      '08-logging.md': chapter(8, 'Logging Policy', ['Scope', 'Scan logs are kept for a year']),
      '09-malware.md': [
        chapter(9, 'Malware Policy', ['Scope', 'Scanning']),
        'Scan logs are kept as §8.2 requires. Account records follow §7.5.',
      ].join('\n'),
    }),
  ).toEqual(['Broken reference in 09-malware.md: §7.5']);
});

test('decoys: a regulation section, the notation in a code span, a section of a named source', async () => {
  expect(
    await broken({
      'Breach-Procedure.md': [
        '# Breach Procedure',
        '',
        'Limited data sets follow 45 CFR §164.514(e).',
        '',
        'A statement is cited by its number, such as `§2.1(a)`, in tickets.',
        '',
        'See the carrier SSP, including section 9.7 on isolation.',
      ].join('\n'),
    }),
  ).toEqual([]);
});

test('an appendix whose heading is set in Markdown emphasis exists (a lab and a port operator); one the document lacks is still broken', async () => {
  expect(
    await broken({
      'Sample-Handling-Policy.md': [
        '# Sample Handling Policy',
        '',
        'Storage temperatures are listed in the Cold Storage Table in Appendix B to this policy.',
        '',
        '# **Appendix B – Cold Storage Table**',
        '',
        '| Sample | Temperature |',
      ].join('\n'),
      'Berth-Safety-Standard.md': [
        '# Berth Safety Standard',
        '',
        'Mooring checks use the form in Annex C of this standard; lifting plans follow Appendix D of this standard.',
        '',
        '## __Annex C: Mooring Check Form__',
        '',
        'Line tension, fenders, gangway.',
      ].join('\n'),
    }),
  ).toEqual(['Broken reference in Berth-Safety-Standard.md: Appendix D']);
});

test('an e-mail and the minutes of a meeting cite clauses of a contract, not of themselves; a policy citing its own missing section is still broken', async () => {
  expect(
    await broken({
      'Cleaning-contract-email.txt': [
        'From: contracts@facilities.example',
        'To: estates@college.example',
        'Subject: Notice period',
        '',
        'Two points on the cleaning contract:',
        '',
        '1. Night shift',
        '',
        'Under clause 7.2 we must give 30 days notice before changing the night shift.',
        '',
        '2. Keys',
        '',
        'Keys are returned to the lodge each morning.',
      ].join('\n'),
      'Board-Minutes-March.md': [
        '# Minutes of the board meeting, March',
        '',
        'Present: chair, finance director, head of fleet',
        '',
        '1. Matters arising',
        '',
        '2. Lease renewal',
        '',
        'The board noted that paragraph 14.3 of the vehicle lease allows early return; clause 9.1 sets the mileage cap.',
      ].join('\n'),
      'Fleet-Policy.md': [
        '# Fleet Policy',
        '',
        '## 1. Scope',
        '',
        '## 2. Vehicles',
        '',
        'Pool cars are booked as set out in section 2.4 below.',
      ].join('\n'),
    }),
  ).toEqual(['Broken reference in Fleet-Policy.md: section 2.4']);
});

describe("a part of another document that it does not have, cited by the document's code or with the part's title", () => {
  const policy = (citing: string) =>
    [
      '# Sample Handling Policy',
      '',
      '## 1 Purpose',
      '',
      '1.1 This policy sets how laboratory samples are handled.',
      '',
      '## 2 Custody',
      '',
      `2.1 ${citing}`,
    ].join('\n');
  const standard = [
    '# Custody Transfer Standard',
    '',
    '## 1 Scope',
    '',
    '1.1 Every sample transfer is signed for.',
    '',
    '## Appendix A Custody form',
    '',
    'The form records sender, receiver and seal number.',
    '',
    '## Appendix B Seal register',
    '',
    'Seals are issued from a numbered register.',
  ].join('\n');

  test('a laboratory cites Appendix D of a standard by its code and title', async () => {
    expect(
      await broken({
        'LAB-POL-001_Sample-Handling-Policy.md': policy(
          'Transfers between sites follow Appendix D of LAB-STD-004 Custody Transfer Standard.',
        ),
        'LAB-STD-004_Custody-Transfer-Standard.md': standard,
      }),
    ).toEqual([
      'Broken reference in LAB-POL-001_Sample-Handling-Policy.md: Appendix D of LAB-STD-004 Custody Transfer Standard',
    ]);
  });

  test("a pension fund's procedure cites Schedule 6 (its title) of an agreement with Schedules 1 to 3", async () => {
    expect(
      await broken({
        'Incident-Procedure.md': [
          '# Incident Procedure',
          '',
          '## 1 Notice',
          '',
          '1.1 Incidents at the administrator are notified under Schedule 6 (Incident Notice) of the Administration Agreement.',
          '',
          '## 2 Review',
          '',
          '2.1 The committee reviews each incident.',
        ].join('\n'),
        'Administration-Agreement.md': [
          '# Administration Agreement',
          '',
          '## 1 Services',
          '',
          '1.1 The administrator provides the services.',
          '',
          '## 2 Fees',
          '',
          '2.1 Fees are paid monthly.',
          '',
          '## Schedule 1 Services',
          '',
          '## Schedule 2 Service Levels',
          '',
          '## Schedule 3 Fees',
        ].join('\n'),
      }),
    ).toEqual([
      'Broken reference in Incident-Procedure.md: Schedule 6 (Incident Notice) of the Administration Agreement',
    ]);
  });

  test('decoy: an appendix the coded document has is no broken reference', async () => {
    expect(
      await broken({
        'LAB-POL-001_Sample-Handling-Policy.md': policy(
          'Transfers between sites follow Appendix B of LAB-STD-004 Custody Transfer Standard.',
        ),
        'LAB-STD-004_Custody-Transfer-Standard.md': standard,
      }),
    ).toEqual([]);
  });
});

describe("a law's sections are the law's, whichever document carries its acronym in its name", () => {
  test("a mine's POPIA policy cites sections of the Act, in a list and bare after naming it; its own missing section is still broken", async () => {
    expect(
      await broken({
        'POPIA-Privacy-Policy.md': [
          '# POPIA Privacy Policy',
          '',
          '1. Scope',
          '',
          '1.1 The Company complies with the Protection of Personal Information Act 4 of 2013 (POPIA).',
          '',
          '2. Security',
          '',
          '2.1 Measures are those required by section 19 of POPIA.',
          '2.2 Operators are bound by contracts, as sections 20 and 21 of POPIA require, to keep the measures referred to in section 19.',
          '2.3 Transfers abroad follow section 72 of POPIA and the procedure in section 14 of this Policy.',
        ].join('\n'),
      }),
    ).toEqual(['Broken reference in POPIA-Privacy-Policy.md: section 14']);
  });

  test("a clinic's DPA policy cites the Data Protection Act 2018 (DPA) by section", async () => {
    expect(
      await broken({
        'DPA-Data-Protection-Policy.md': [
          '# DPA Data Protection Policy',
          '',
          '1. Purpose',
          '',
          '1.1 Patient data is processed under the Data Protection Act 2018 (DPA).',
          '',
          '2. Research',
          '',
          '2.1 Research use relies on section 19 of DPA and its safeguards.',
        ].join('\n'),
      }),
    ).toEqual([]);
  });
});

test("a part's own heading line in a form or contract is no reference to it (two industries)", async () => {
  expect(
    await broken({
      'Batch-Release-Form.md': [
        '# Batch Release Form',
        '',
        'Section A - Batch details',
        'Batch number and product code.',
        '',
        'Section B: QP certification',
        'Signature of the Qualified Person.',
      ].join('\n'),
      'Haulage-Agreement.md': [
        '# Haulage Agreement',
        '',
        '1. Services',
        '',
        'Schedule 2 - Rates',
        '',
        'Rates are fixed for a year.',
      ].join('\n'),
    }),
  ).toEqual([]);
});

describe('an appendix of a named document whose attachments are all of another kind', () => {
  const agreement = (name: string) =>
    [
      `# ${name}`,
      '',
      '## 1 Services',
      '',
      '1.1 The provider runs the services.',
      '',
      '## 2 Term',
      '',
      '2.1 Three years.',
      '',
      '## Schedule A Services',
      '',
      '## Schedule B Service Levels',
      '',
      '## Schedule C Fees',
    ].join('\n');
  const procedure = (cited: string) =>
    [
      '# Incident Procedure',
      '',
      '## 1 Escalation',
      '',
      `1.1 ${cited}`,
      '',
      '## 2 Review',
      '',
      '2.1 Lessons are recorded.',
    ].join('\n');

  test("a telecom's procedure sends readers to Appendix D of an agreement with Schedules A to C", async () => {
    expect(
      await broken({
        'Incident-Procedure.md': procedure(
          'Escalation contacts are in Appendix D of the Network Operations Master Services Agreement.',
        ),
        'Network-Operations-Master-Services-Agreement.md': agreement(
          'Network Operations Master Services Agreement',
        ),
      }),
    ).toEqual([
      'Broken reference in Incident-Procedure.md: Appendix D of the Network Operations Master Services Agreement',
    ]);
  });

  test('decoy: a schedule the agreement has; an appendix cited without naming the document', async () => {
    expect(
      await broken({
        'Incident-Procedure.md': procedure(
          'Service levels are in Schedule B of the Network Operations Master Services Agreement; the contact list is Appendix D.',
        ),
        'Network-Operations-Master-Services-Agreement.md': agreement(
          'Network Operations Master Services Agreement',
        ),
      }),
    ).toEqual([]);
  });
});

test("a hospital's standard cites Annex 2 of a cleaning contract whose attachments are Schedules 1 to 2", async () => {
  expect(
    await broken({
      'Infection-Control-Standard.md': [
        '# Infection Control Standard',
        '',
        '## 1 Cleaning',
        '',
        '1.1 Theatre cleaning frequencies are set in Annex 2 of the Cleaning Services Contract.',
        '',
        '## 2 Audit',
        '',
        '2.1 Wards are audited monthly.',
      ].join('\n'),
      'Cleaning-Services-Contract.md': [
        '# Cleaning Services Contract',
        '',
        '## 1 Scope',
        '',
        '1.1 Wards and theatres.',
        '',
        '## 2 Price',
        '',
        '2.1 Monthly in arrears.',
        '',
        '## Schedule 1 Areas',
        '',
        '## Schedule 2 Frequencies',
      ].join('\n'),
    }),
  ).toEqual(['Broken reference in Infection-Control-Standard.md: Annex 2 of the Cleaning Services Contract']);
});

test('a paragraph of an abbreviated schedule ("Sch 2 para 16", "Sch 3 para 4") is that schedule\'s, not the document\'s (two industries)', async () => {
  expect(
    await broken({
      'Subject-Access-Procedure.md': [
        '# Subject Access Procedure',
        '',
        '## 1 Exemptions',
        '',
        '1.1 Legal privilege (DPA 2018 Sch 2 para 19) and negotiations (Sch 2 para 23) may apply.',
        '',
        '## 2 Response',
        '',
        '2.1 Reply within one month.',
      ].join('\n'),
      'Tenancy-Data-Standard.md': [
        '# Tenancy Data Standard',
        '',
        '## 1 Sharing',
        '',
        '1.1 Data is shared with the police under Sch 3 para 4 of the Act, on a signed request.',
        '',
        '## 2 Records',
        '',
        '2.1 Requests are logged.',
      ].join('\n'),
    }),
  ).toEqual([]);
});

test('a name joined by "and" or "of" is read whole: a water utility and a school trust cite a section their standard lacks; one it has resolves', async () => {
  const standard = (title: string) =>
    `# ${title}\n\n## 1. Scope\n\nAll remote sessions.\n\n## 2. Authentication\n\nTokens for every session.\n`;
  expect(
    await broken({
      'OT-Remote-Access-Standard.md': standard('OT Remote Access and Hardening Standard'),
      'Backup-Procedure.md':
        '# Backup Procedure\n\n## 7. Access\n\n7.1 Access to the backup server follows the authentication rules in section 9 of the OT Remote Access and Hardening Standard (MW-OT-STD-007).\n',
    }),
  ).toEqual([
    'Broken reference in Backup-Procedure.md: section 9 of the OT Remote Access and Hardening Standard',
  ]);
  expect(
    await broken({
      'Code-of-Conduct-Standard.md': standard('Code of Conduct for Staff Standard'),
      'Safeguarding-Procedure.md':
        '# Safeguarding Procedure\n\n## 3. Reporting\n\n3.1 Staff report concerns as section 12 of the Code of Conduct for Staff Standard requires.\n\n3.2 Staff authenticate as section 2 of the Code of Conduct for Staff Standard says.\n',
    }),
  ).toEqual([
    'Broken reference in Safeguarding-Procedure.md: section 12 of the Code of Conduct for Staff Standard',
  ]);
});

describe('a document cited by a name it does not carry, with its code in brackets; an appendix cited before another phrase with "of"', () => {
  test("an ambulance trust's device procedure cites Section 11 of a procedure (by code) that ends at section 9", async () => {
    expect(
      await broken({
        'Device-Procedure.md':
          '# Device Procedure\n\n9.4 The team follows Section 11 of the Information Security Incident and Data Breach Procedure (CCAS-IG-PRO-006).\n',
        'Incident-Procedure.md': [
          '# Cymru Coast Ambulance Service',
          '',
          '## Incident Management Procedure',
          '',
          'Document reference: CCAS-IG-PRO-006',
          '',
          ...Array.from(
            { length: 9 },
            (_, i) => `## ${i + 1}. Part ${i + 1}\n\n${i + 1}.1 Text of part ${i + 1}.\n`,
          ),
        ].join('\n'),
      }),
    ).toEqual([
      'Broken reference in Device-Procedure.md: Section 11 of the Information Security Incident and Data Breach Procedure',
    ]);
  });

  test('a lender\'s plan uses a template in Appendix D "and shall be approved by the Head of Legal" but has Appendices A to C (decoy: Appendix C)', async () => {
    expect(
      await broken({
        'Incident-Response-Plan.md': [
          '# Incident Response Plan',
          '',
          '## 1. Notification',
          '',
          '1.1 Notices use the template in Appendix D, and shall be approved by the Head of Legal Services before release.',
          '',
          '1.2 Incidents are recorded on the form in Appendix C.',
          '',
          '## 2. Records',
          '',
          '2.1 Records are kept.',
          '',
          'Appendix A — Contact roster',
          '',
          'Appendix B — Severity matrix',
          '',
          'Appendix C — Incident report form',
        ].join('\n'),
      }),
    ).toEqual(['Broken reference in Incident-Response-Plan.md: Appendix D']);
  });
});

describe('sections headed with their kind ("## Section 4.11 Action by Consent")', () => {
  const bylaws = (cited: string) =>
    [
      '# Bylaws of the Foundation',
      '',
      '## Section 4.1 Powers',
      '',
      'The Board manages the affairs of the Foundation.',
      '',
      '## Section 4.11 Action by Consent',
      '',
      `(a) Directors may act by written consent, except as provided in ${cited}.`,
      '',
      '## Section 5.1 Officers',
      '',
      'The officers are elected by the Board.',
    ].join('\n');

  test("a non-profit's bylaws: headings are no references, and a cited section they have is no broken one", async () => {
    expect(await broken({ 'Bylaws.md': bylaws('Section 4.1') })).toEqual([]);
  });

  test('a clause of the same bylaws that cites a section they do not have is broken', async () => {
    expect(await broken({ 'Bylaws.md': bylaws('Section 4.14') })).toEqual([
      'Broken reference in Bylaws.md: Section 4.14',
    ]);
  });
});

describe('codes on a line of their own and annexures', () => {
  test('a railroad\'s procedure cites "Section 10.4 of GLO-CS-POL-001"; the policy, whose title block sets its code on a line of its own, ends section 10 at 10.3 (decoy: 10.3 cited)', async () => {
    const policy = [
      'GREAT LAKES RAILROAD',
      '',
      'GLO-CS-POL-001',
      '',
      'Cybersecurity Policy',
      '',
      '10. Breach notification',
      '',
      '10.1 Personal information is held by HR.',
      '',
      '10.3 The General Counsel decides on notification.',
    ].join('\n');
    expect(
      await broken({
        'Cybersecurity-Policy.md': policy,
        'Incident-Procedure.md':
          '# Incident Procedure\n\n7.4 Signing authority is governed by Section 10.4 of GLO-CS-POL-001.\n',
      }),
    ).toEqual([expect.stringMatching(/Section 10\.4 of GLO-CS-POL-001/)]);
    expect(
      await broken({
        'Cybersecurity-Policy.md': policy,
        'Incident-Procedure.md':
          '# Incident Procedure\n\n7.4 Signing authority is governed by Section 10.3 of GLO-CS-POL-001.\n',
      }),
    ).toEqual([]);
  });

  test("an insurer's procedure points to Annexure D but ends with Annexures A to C (decoy: Annexure C)", async () => {
    const procedure = (cited: string) =>
      [
        '# Cyber Incident Response Procedure',
        '',
        `6.3 Templates for the regulator's notification are in ${cited}.`,
        '',
        '## Annexure A — Severity classification',
        '',
        '## Annexure B — Contact list',
        '',
        '## Annexure C — Review template',
      ].join('\n');
    expect(await broken({ 'Cyber-Incident-Response-Procedure.md': procedure('Annexure D') })).toEqual([
      expect.stringMatching(/Annexure D/),
    ]);
    expect(await broken({ 'Cyber-Incident-Response-Procedure.md': procedure('Annexure C') })).toEqual([]);
  });

  test('decoy: "Annexure I to the CERT-In Directions" and "Schedule 3 to the Building Regulations" are parts of other texts; "Annexure D to the Agreement" is still checked', async () => {
    const document = (sentence: string) =>
      ['# Incident Policy', '', `3.4 ${sentence}`, '', '## Annexure 1 — Control mapping'].join('\n');
    expect(
      await broken({
        'Incident-Policy.md': document(
          'A Reportable Incident is one of a type listed in Annexure I to the CERT-In Directions.',
        ),
      }),
    ).toEqual([]);
    expect(
      await broken({
        'Incident-Policy.md': document('Fire doors meet Schedule 3 to the Building Regulations.'),
      }),
    ).toEqual([]);
    const agreement = [
      '# Hosting Services Agreement',
      '',
      '7.2 Service credits are set out in Annexure D to the Agreement.',
      '',
      '## Annexure A — Services',
      '',
      '## Annexure B — Fees',
      '',
      '## Annexure C — Contacts',
    ].join('\n');
    expect(await broken({ 'Hosting-Services-Agreement.md': agreement })).toEqual([
      expect.stringMatching(/Annexure D/),
    ]);
  });
});

test('decoy: "the Annex A controls of ISO/IEC 27001:2022" and a column named "Annex A control(s)" are the standard\'s annex, in a document with an Appendix A of its own', async () => {
  expect(
    await broken({
      'Information-Security-Policy.md': [
        '# Information Security Policy',
        '',
        '## 1. Scope',
        '',
        'Appendix A maps the sections of this Policy to the Annex A controls of ISO/IEC 27001:2022.',
        '',
        '## Appendix A - Control mapping',
        '',
        '| Policy section | Annex A control(s) |',
        '|---|---|',
        '| 1 | 5.1 Policies for information security |',
      ].join('\n'),
    }),
  ).toEqual([]);
});

describe('a form cited by its number and the part that holds it', () => {
  const procedure = (where: string) =>
    [
      '# Spill Response Procedure',
      '',
      `3. The shift supervisor records the spill on the Spill Report (Form SR-7, ${where}) before the end of the shift.`,
      '',
      '## Annex A – Contacts',
      '',
      'Site emergency line and the environmental officer.',
      '',
      '## Annex B – Spill Kit Locations',
      '',
      'Loading bays 1 to 4.',
    ].join('\n');

  test("a chemical plant's procedure keeps its form in an annex it does not have", async () => {
    expect(await broken({ 'Spill-Response-Procedure.md': procedure('Annex D') })).toEqual([
      'Broken reference in Spill-Response-Procedure.md: Annex D',
    ]);
  });

  test("a lender's checklist in an appendix the procedure does not have", async () => {
    expect(
      await broken({
        'Loan-Closing-Procedure.md': [
          '# Loan Closing Procedure',
          '',
          'The closer completes the file review (Checklist LC-04, Appendix C) before funds are released.',
          '',
          '## Appendix A – Fee Table',
          '',
          '## Appendix B – Signing Authorities',
        ].join('\n'),
      }),
    ).toEqual(['Broken reference in Loan-Closing-Procedure.md: Appendix C']);
  });

  test('the annex the form is kept in exists (decoy)', async () => {
    expect(await broken({ 'Spill-Response-Procedure.md': procedure('Annex B') })).toEqual([]);
  });
});

describe('a reference wrapped onto its own line is no heading of the part it cites', () => {
  const agreement = (wrapped: string) =>
    [
      '# Subscription Agreement',
      '',
      '## 2 Services',
      '',
      ...wrapped.split('\n'),
      '',
      '## 3 Fees',
      '',
      '3.1 Fees are set out in Schedule C.',
      '',
      '## Schedule A Services',
      '',
      '## Schedule B Data Security',
      '',
      '## Schedule C Fees',
    ].join('\n');

  test.each([
    [
      'a college',
      '2.2 If the Vendor misses this commitment, the College shall be entitled to the service credits set out in\nSchedule D (Service Level Credits).',
      'Schedule D',
    ],
    [
      'a logistics firm',
      '2.2 Where a shipment is lost, the Carrier shall pay the compensation stated in\nSchedule E (Loss Compensation).',
      'Schedule E',
    ],
  ])(
    '%s: the cited schedule does not exist, though the line break puts it at the start of a line',
    async (_, text, cited) => {
      expect(await broken({ 'Subscription-Agreement.md': agreement(text) })).toEqual([
        `Broken reference in Subscription-Agreement.md: ${cited}`,
      ]);
    },
  );

  test('decoy: a schedule heading after a sentence that ends is a heading', async () => {
    expect(
      await broken({
        'Subscription-Agreement.md':
          `${agreement('2.2 The Vendor keeps the service available.')}\n\n## Schedule D Service Level Credits\n\nCredits are 5% a month.`.replace(
            '3.1 Fees are set out in Schedule C.',
            '3.1 Fees are set out in Schedule C and credits in Schedule D.',
          ),
      }),
    ).toEqual([]);
  });
});

// A reference that gives its part's title as well as its number, and the two disagree: a lender's
// procedure citing the policy's "Section 11 (Information Security Incident Management)" where
// section 11 is cryptography, and a debt collector's agreement citing its own "Schedule D (Data
// Retention Schedule)" where Schedule D is the fees. Decoy: number and title that agree.
test("a procedure cites the policy's section 11 by a title that is section 9's", async () => {
  const titles = await broken({
    'Information-Security-Policy.md': [
      '# Information Security Policy',
      '',
      '## 9. Information security incident management',
      '',
      '9.1 All employees shall report suspected incidents to the service desk immediately.',
      '',
      '## 10. Business continuity',
      '',
      '10.1 Critical systems shall have tested recovery plans.',
      '',
      '## 11. Cryptography and key management',
      '',
      '11.1 Keys shall be rotated at least once a year under dual control.',
    ].join('\n'),
    'Incident-Response-Procedure.md': [
      '# Incident Response Procedure',
      '',
      '1.1 This procedure gives effect to Section 11 (Information Security Incident Management) of the Information Security Policy.',
    ].join('\n'),
  });
  expect(titles).toEqual([
    'Reference in Incident-Response-Procedure.md to Section 11 (Information Security Incident Management) points to another part',
  ]);
});

test('an agreement cites its own Schedule D for retention periods that Schedule C holds', async () => {
  const analysis = analyzeCorpus(
    await snapshotOf({
      'Collection-Services-Agreement.md': [
        '# Collection Services Agreement',
        '',
        '9.2 The Agency shall retain Client Data only for the periods set out in Schedule D (Data Retention Schedule).',
        '9.3 The Agency shall securely destroy Client Data at the end of each period.',
        '',
        '## Schedule C – Data Retention Schedule',
        '',
        'Call recordings: twenty-four (24) months. Account files: six (6) years.',
        '',
        '## Schedule D – Fees',
        '',
        'Commission of 18% on amounts collected.',
      ].join('\n'),
    }),
    INTAKE,
  );
  const issues = findBrokenReferences(analysis);
  expect(issues.map((i) => i.title)).toEqual([
    'Reference in Collection-Services-Agreement.md to Schedule D (Data Retention Schedule) points to another part',
  ]);
  expect(issues[0]!.description).toContain('Schedule C ("Data Retention Schedule")');
});

test('decoy: a reference whose number and title agree', async () => {
  expect(
    await broken({
      'Information-Security-Policy.md': [
        '# Information Security Policy',
        '',
        '## 9. Information security incident management',
        '',
        '9.1 All employees shall report suspected incidents to the service desk immediately.',
        '',
        '## 11. Cryptography and key management',
        '',
        '11.1 Keys shall be rotated at least once a year under dual control.',
      ].join('\n'),
      'Incident-Response-Procedure.md': [
        '# Incident Response Procedure',
        '',
        '1.1 This procedure gives effect to Section 9 (Information Security Incident Management) of the Information Security Policy.',
      ].join('\n'),
    }),
  ).toEqual([]);
});

test('an insurer\'s agreement wraps "clause" and its number across a line: the number opening the next line is no clause', async () => {
  expect(
    await broken({
      'Service-Agreement.md': [
        '# Managed Service Agreement',
        '',
        '18. TERMINATION',
        '18.4 On termination the Provider shall provide exit assistance in accordance with clause',
        '21 (Exit Assistance).',
        '',
        '19. EXIT ASSISTANCE',
        '19.1 The Provider shall return all Customer Data.',
        '',
        '20. GENERAL',
        '20.1 This Agreement is governed by the laws of Ireland.',
      ].join('\n'),
    }),
  ).toEqual(['Broken reference in Service-Agreement.md: clause 21']);
});

test('decoy: a clause that exists, its number wrapped onto the next line (a school trust)', async () => {
  expect(
    await broken({
      'Catering-Agreement.md': [
        '# Catering Agreement',
        '',
        '4. SERVICES',
        '4.1 The Contractor shall provide meals as set out in clause',
        '5 (Menus) and the service levels.',
        '',
        '5. MENUS',
        '5.1 Menus are agreed each term.',
        '',
        '6. GENERAL',
        '6.1 Notices are in writing.',
      ].join('\n'),
    }),
  ).toEqual([]);
});
