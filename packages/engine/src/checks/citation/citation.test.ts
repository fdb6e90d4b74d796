// Section references a set's documents cannot hold: "§12.3.1" or "para 2.4.3.6" in a document
// with no numbered sections at all (a clinic's procedure, a freight forwarder's standard), and a
// set numbered by document, where "§8.6" is chapter 8's section. Decoys: a regulation's
// section ("§164.514"), the notation shown in a code span, a section of a source the sentence
// names, and a reference that resolves in its chapter.
import { analyzeCorpus, type LocatedSegment } from '../../analyst/corpus-analysis';
import { snapshotOf, INTAKE } from '../../../test/helpers/synthetic-corpus';
import { findBrokenReferences } from './citations';
import { citationCheck } from '.';
import { runCheck } from '../../../test/helpers/check-harness';

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

describe('a schedule cited by number is the schedule, not the clause of that number', () => {
  const agreement = (schedule2: string) =>
    [
      '# Haulage Services Agreement',
      '',
      '1. Definitions',
      '1.1 Terms used in this agreement have the meanings given in Schedule 1.',
      '2. Term',
      '2.1 This agreement runs for three years from the commencement date and may be renewed once.',
      '3. Services',
      '3.1 The carrier provides the services in Schedule 1.',
      '',
      'Schedule 1 - Services',
      'S1.1 Bulk tanker haulage between the depot and customer sites.',
      '',
      `Schedule 2 - ${schedule2}`,
      'S2.1 Drivers use multi-factor authentication on the dispatch portal.',
      'S2.2 Trip data is encrypted at rest and kept within the country.',
    ].join('\n');
  const citing = {
    'Driver-Access-Procedure.md':
      '# Driver Access Procedure\n\n1. Purpose\n1.1 Dispatch portal accounts for drivers use multi-factor authentication, as Schedule 2 of the Haulage Services Agreement requires for trip data.\n2. Scope\n2.1 All drivers.\n',
    'Dispatch-Security-Standard.md':
      '# Dispatch Security Standard\n\n1. Encryption\n1.1 Trip data held by the carrier is encrypted at rest under Schedule 2 of the Haulage Services Agreement.\n2. Review\n2.1 Yearly.\n',
  };

  test('a haulier and a dispatcher cite Schedule 2 (security requirements); clause 2 is the term: no finding', async () => {
    const titles = await broken({
      'Haulage-Services-Agreement.md': agreement('Security Requirements'),
      ...citing,
    });
    expect(titles.filter((t) => t.includes('schedule 2'))).toEqual([]);
  });
});

test("a lettered section of a form the procedure has just named is the form's (a laboratory and a lender); the procedure's own missing lettered section is still broken", async () => {
  const titles = await broken({
    'Sample-Release-Procedure.md': [
      '# Sample Release Procedure',
      '',
      '1. Requests',
      '1.1 The analyst completes the Sample Release Form LAB-F-09 for each batch.',
      '1.2 The section head countersigns Section B of the form.',
      // A sentence wrapped so that "Section C" opens a line is no lettered heading of the procedure's own.
      '1.3 Quality assurance checks the results and signs',
      'Section C in place of the section head when the head is absent.',
      '2. Records',
      '2.1 Forms are filed with the batch record.',
    ].join('\n'),
    'Loan-Drawdown-Procedure.md': [
      '# Loan Drawdown Procedure',
      '',
      '1. Drawdown',
      '1.1 The borrower submits the drawdown request template with the invoices.',
      '1.2 The credit officer completes Section D and the branch manager signs Section E.',
      '2. Payment',
      '2.1 Funds are released the next business day.',
    ].join('\n'),
    'Vendor-Standard.md': [
      '# Vendor Standard',
      '',
      '## Section A - Scope',
      'Applies to all suppliers.',
      '## Section B - Due diligence',
      'Suppliers are assessed before contract award; exit terms are set out in Section D.',
    ].join('\n'),
  });
  expect(titles).toEqual(['Broken reference in Vendor-Standard.md: Section D']);
});

test('section 6.4 of a document whose section 6 is a list numbered 1 to 4 exists (a port and a school); 6.5 does not, nor 5.4 where section 5 has paragraphs 5.1 to 5.3', async () => {
  const gateProcedure = [
    '# Gate Log Procedure',
    '',
    '## 5. Retention',
    '',
    '5.1 Gate logs are kept for ninety days.',
    '5.2 Exports are encrypted.',
    '5.3 Deletion is logged.',
    '',
    '## 6. Disclosure',
    '',
    '1. Police requests are accepted in writing.',
    '2. Rail operators may see records of their own trains.',
    '3. Data subject requests go to the DPO.',
    '4. The security officer may request records.',
    '',
    '## 7. Review',
    '',
    'Security officer requests follow section 6.4; data subjects are answered under section 6.5; exports under section 5.4.',
  ].join('\n');
  const titles = await broken({ 'Gate-Log-Procedure.md': gateProcedure });
  expect(titles.sort()).toEqual([
    'Broken reference in Gate-Log-Procedure.md: section 5.4',
    'Broken reference in Gate-Log-Procedure.md: section 6.5',
  ]);
  const school = await broken({
    'Safeguarding-Procedure.md': [
      '# Safeguarding Procedure',
      '',
      '## 3. Reporting a concern',
      '',
      '1. Write down what was seen or said.',
      '2. Tell the designated safeguarding lead the same day.',
      '',
      '## 4. Records',
      '',
      'Notes made under section 3.1 are kept in the locked cabinet.',
    ].join('\n'),
  });
  expect(school).toEqual([]);
});

test('a form\'s lettered blocks in capitals ("SECTION D - PAYMENT CARD ON FILE") are its sections (a car-rental firm and a clinic)', async () => {
  const titles = await broken({
    'Customer-Data-Correction-Form.txt': [
      'CUSTOMER DATA CORRECTION REQUEST',
      'SECTION A - CUSTOMER',
      'Name Dana Ruiz',
      'SECTION B - CHANGE REQUESTED',
      'New card on file: see Section D.',
      'SECTION D - PAYMENT CARD ON FILE (complete only if changing the card)',
      'Card ending 4421',
    ].join('\n'),
    'Results-Release-Consent.txt': [
      'CONSENT TO RELEASE RESULTS',
      'Section A: Patient',
      'Section C: Results to be released',
      'The recipient named in Section C and in Section F may collect the results.',
    ].join('\n'),
  });
  expect(titles).toEqual(['Broken reference in Results-Release-Consent.txt: Section F']);
});

test('a part cited with its title in brackets belongs to the document named after it (a ground handler and a pharmacy); "section 38 of that Act" is the law\'s (a housing association and a charity)', async () => {
  const policy = (title: string) =>
    `# ${title}\n\n1. Scope\n1.1 All staff.\n2. Roles\n2.1 The manager.\n3. Security\n3.1 Badges.\n3.2 Airside security is enforced at every gate.\n6. Access control\n6.1 Access is approved.\n`;
  const titles = await broken({
    'Information-Security-Policy.md': policy('Information Security Policy'),
    'Fuel-Farm-Procedure.md':
      '# Fuel Farm Procedure\n\n1. Purpose\n1.1 It implements section 3.2 (airside security) and section 6 (access control) of the Information Security Policy.\n',
    'Controlled-Drugs-Procedure.md':
      '# Controlled Drugs Procedure\n\n1. Purpose\n1.1 Keys follow section 6 (access control) of the Information Security Policy and section 9.9 (key safes) of the Information Security Policy.\n',
    'Data-Protection-Policy.md':
      '# Data Protection Policy\n\n1. Requests\n1.1 As a public authority under the Freedom of Information (Scotland) Act 2002, we consider third-party data under section 38 of that Act.\n',
    'Donor-Privacy-Policy.md':
      '# Donor Privacy Policy\n\n1. Marketing\n1.1 Consent follows the Privacy and Electronic Communications Regulations 2003, in particular regulation 22 of those Regulations and section 11 of the said Regulations.\n',
  });
  expect(titles).toEqual([
    'Broken reference in Controlled-Drugs-Procedure.md: section 9.9 (key safes) of the Information Security Policy',
  ]);
});

test('"Annex A" beside ISO/IEC 27001 or "the standard" is the standard\'s (a wealth manager and a credit union); a contract\'s own missing Annex A is still broken', async () => {
  const titles = await broken({
    'Information-Security-Policy.md':
      '# Information Security Policy\n\n1. Controls\n1.1 Controls use the Annex A numbering of ISO/IEC 27001:2022.\n\n## Appendix 1 - Control mapping\n\n| Control | Owner |\n|---|---|\n| 5.15 | CISO |\n',
    'Members-Security-Policy.md':
      '# Members Security Policy\n\n1. Controls\n1.1 Our controls follow Annex A of the standard.\n\n## Appendix 1 - Owners\n\nThe CIO owns all controls.\n',
    'Courier-Agreement.md':
      '# Courier Agreement\n\n1. Services\n1.1 The courier delivers the parcels listed in Annex A.\n\n## Annex B - Fees\n\nFees are fixed.\n\n## Annex C - Contacts\n\nThe depot manager.\n',
  });
  expect(titles).toEqual(['Broken reference in Courier-Agreement.md: Annex A']);
});

test('"Code of Conduct para 3.9" and "Code of Practice, section 4" are a regulator\'s code (a broker and a letting agent); a paragraph of the schedule\'s own missing is still broken', async () => {
  const titles = await broken({
    'Records-Retention-Schedule.md': [
      '# Records Retention Schedule',
      '',
      '1. Scope',
      '1.1 All client records.',
      '2. Periods',
      '2.1 Recorded dealing-line calls: 6 months (basis: Code of Conduct para 3.9).',
      '2.2 Tenancy deposits: 6 years (basis: Code of Practice, section 4).',
      '2.3 Complaints: 7 years (see paragraph 2.9).',
    ].join('\n'),
  });
  expect(titles).toEqual(['Broken reference in Records-Retention-Schedule.md: paragraph 2.9']);
});

test('a statute or code of regulations cited in its own form ("34 C.F.R. § 99.31", "65 P.S. § 67.101") is no section of the citing document (a college and a water authority)', async () => {
  const titles = await broken({
    'Student-Records-Policy.md':
      '# Student Records Policy\n\n1. Disclosure\n1.1 Records are disclosed to school officials under 34 C.F.R. § 99.31(a)(1).\n1.2 See § 4.4 for directory information.\n',
    'Records-Access-Policy.md':
      '# Records Access Policy\n\n1. Requests\n1.1 Requests are answered under the Right-to-Know Law, 65 P.S. § 67.101 et seq.\n',
  });
  expect(titles).toEqual(['Broken reference in Student-Records-Policy.md: § 4.4']);
});

test("a bare section number far past the document's own, in a document applying a named Act, is the Act's (a housing association and a credit union); a near one is still broken", async () => {
  const procedure = (body: string) =>
    [
      '# Information Requests Procedure',
      '',
      '1. Scope',
      '1.1 Requests for information.',
      '2. Steps',
      body,
      '3. Records',
      '3.1 Kept for three years.',
    ].join('\n');
  const titles = await broken({
    'Information-Requests-Procedure.md': procedure(
      '2.1 As a public authority under the Freedom of Information (Scotland) Act 2002, consider the exemptions (for example section 38 personal information, or section 30 prejudice to public affairs).',
    ),
    'AML-Procedure.md':
      '# AML Procedure\n\n1. Scope\n1.1 Applies the Criminal Justice Act 2010.\n2. Due diligence\n2.1 Enhanced due diligence applies to politically exposed persons (section 37).\n',
    'Complaints-Procedure.md': procedure('2.1 Complaints are escalated as set out in section 5.'),
  });
  expect(titles).toEqual(['Broken reference in Complaints-Procedure.md: section 5']);
});

// The verdict quotes the cited document's last part only once it has been shown that part: a
// colocation provider's change procedure citing Schedule C of a services agreement with Schedules
// A and B, and a bank's outsourcing procedure citing Appendix 4 of a contract with Appendices 1 to 3.
describe('the verdict quotes only what it was shown', () => {
  const cases: Array<[string, Record<string, string>, string]> = [
    [
      'a colocation provider',
      {
        'Change-Procedure.md':
          '# Change Procedure\n\n## 2 Contacts\n\n2.1 Technicians check the authorized contacts listed in Schedule C of the Master Services Agreement.\n',
        'Master-Services-Agreement.md':
          '# Master Services Agreement\n\n## 1 Services\n\n1.1 The provider supplies space and power.\n\n## Schedule A Security\n\nA.1 Access is logged.\n\n## Schedule B Service Levels\n\nB.1 Power is available 99.99% of the time.\n',
      },
      'Schedule B Service Levels',
    ],
    [
      'a bank',
      {
        'Outsourcing-Procedure.md':
          '# Outsourcing Procedure\n\n## 3 Exit\n\n3.1 The exit plan follows Appendix 4 of the Cloud Services Contract.\n',
        'Cloud-Services-Contract.md':
          '# Cloud Services Contract\n\n## 1 Scope\n\n1.1 The supplier hosts the core ledger.\n\n## Appendix 1 Services\n\n## Appendix 2 Charges\n\n## Appendix 3 Data Locations\n',
      },
      'Appendix 3 Data Locations',
    ],
  ];

  test.each(cases)('%s: the last part unseen is asked for, not quoted', async (_label, files, last) => {
    const { analysis, candidates } = await runCheck(citationCheck, files);
    const [candidate] = candidates;
    expect(candidate).toBeDefined();
    const segments = analysis.documents.flatMap((d) => d.segments);
    const verdictShown = (visible: Set<LocatedSegment>) =>
      citationCheck.verdict(candidate!.params, {
        analysis,
        chunks: analysis.snapshot.chunks,
        segments: segments.filter((s) => visible.has(s)),
        visible,
        facts: [],
        citations: [],
        frameworks: [],
        documents: [],
      });
    // Shown only the citing document: the finding quotes the citing sentence and asks for the rest.
    const blind = verdictShown(new Set(analysis.documents[0]!.segments));
    expect(blind.issues).toHaveLength(1);
    expect(blind.issues[0]!.quotes.map((q) => q.document)).toEqual([analysis.documents[0]!.name]);
    expect(blind.hints?.map((h) => h.query)).toEqual([expect.stringContaining(last)]);
    // Shown everything: the last part is quoted too, and nothing more is asked for.
    const seen = verdictShown(new Set(segments));
    expect(seen.issues[0]!.quotes.map((q) => q.document)).toEqual(analysis.documents.map((d) => d.name));
    expect(seen.hints).toEqual([]);
  });
});
