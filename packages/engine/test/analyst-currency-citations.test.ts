// Currency, citation integrity and term/version consistency on small inline documents: each rule
// fires on its defect and stays silent on the decoy next to it.
import { analyzeCorpus, type CorpusAnalysis } from '../src/analyst/corpus-analysis';
import { findEditionInconsistencies, findSupersededCitations } from '../src/checks/standards/standards';
import {
  anchorBefore,
  findBrokenReferences,
  findInvalidRegulationCitations,
} from '../src/checks/citation/citations';
import { findStaleDocuments } from '../src/checks/review-currency/review-currency';
import {
  classificationLabelIssues,
  definedTermIssues,
  retiredTermIssues,
} from '../src/checks/defined-term/defined-terms';
import { extractStandardCitations } from '../src/analyst/standards';
import { snapshotOf } from './helpers/synthetic-corpus';

/** `asOf` (YYYY-MM-DD): the audit date; unset, the wall clock. */
async function corpus(files: Record<string, string>, asOf?: string): Promise<CorpusAnalysis> {
  return analyzeCorpus(await snapshotOf(files, asOf), null);
}

const CORPUS_DATE = 'Minutes of the committee, 5 November 2026.\n';

describe('superseded standards', () => {
  test('PCI DSS written out in full is read with its edition; v4.0.1 and v4.0 are one edition', () => {
    const [long] = extractStandardCitations(
      'It implements the Payment Card Industry Data Security Standard (PCI DSS) v3.2.1 for stored PAN.',
    );
    expect(long!.edition).toBe('3.2.1');
    expect(extractStandardCitations('PCI DSS v4.0.1 Req. 12.10')[0]!.edition).toBe('4.0');
    expect(extractStandardCitations('PCI DSS v4.0')[0]!.edition).toBe('4.0');
  });

  // The later of the corpus's newest date and the audit date decides: a set audited before the
  // retirement cites the edition correctly; one followed after it (even if last written before) does not.
  test('a retired edition is superseded only once the corpus or its audit is dated after its retirement', async () => {
    const old = await corpus(
      {
        'Card-Standard.md': '# Card Standard\n\nThis standard implements PCI DSS v3.2.1 Requirement 3.\n',
        'Minutes.txt': 'Minutes of the committee, 5 March 2023.\n',
      },
      '2023-06-30',
    );
    expect(findSupersededCitations(old.citations, undefined, old)).toHaveLength(0);
    const recent = await corpus({
      'Card-Standard.md': '# Card Standard\n\nThis standard implements PCI DSS v3.2.1 Requirement 3.\n',
      'Minutes.txt': CORPUS_DATE,
    });
    const issues = findSupersededCitations(recent.citations, undefined, recent);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.description).toMatch(/3\.2\.1/);
  });

  test('revision history, transition and prohibition mentions are not reliance on an old edition', async () => {
    const a = await corpus({
      'Security-Policy.md':
        '# Security Policy\n\n1. Scope\n\nThe ISMS follows ISO/IEC 27001:2022.\n' +
        'The ISMS was migrated from ISO/IEC 27001:2013 in 2023.\n\n' +
        '## Revision history\n\n| 1.0 | 2019-01-10 | Aligned with ISO/IEC 27001:2013 |\n',
      'Minutes.txt': CORPUS_DATE,
    });
    expect(findSupersededCitations(a.citations, undefined, a)).toHaveLength(0);
    expect(findEditionInconsistencies(a.citations, undefined, a)).toHaveLength(0);
  });

  test('a document accepting an older TLS floor than the rest is one conflict finding (two floors for the same traffic), not a currency one', async () => {
    const a = await corpus({
      'Security-Policy.md':
        '# Security Policy\n\nData in transit is encrypted with TLS 1.2 or higher. SSL and early TLS are prohibited.\n',
      'Network-Overview.md':
        '# Network Overview\n\nTLS 1.1 or higher is accepted on internal links for the legacy batch client (planned for retirement).\n',
      'Minutes.txt': CORPUS_DATE,
    });
    expect(findSupersededCitations(a.citations, undefined, a)).toHaveLength(0);
    const [issue] = findEditionInconsistencies(a.citations, undefined, a);
    expect(issue!.primitive).toBe('conflict_check');
    expect(issue!.description).toMatch(/Network-Overview\.md accepts "TLS 1\.1"/);
    expect(issue!.quotes.map((q) => q.document)).toContain('Security-Policy.md');
  });

  test("a courier's hosting contract that accepts TLS 1.0 against its policy's TLS 1.2 is a conflict", async () => {
    const a = await corpus({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\nParcel data in transit is protected with TLS 1.2 or later.\n',
      'Hosting-Agreement.md':
        '# Hosting Agreement\n\nSchedule 2, item 4: all Customer Data sent over public networks shall be encrypted using TLS 1.0 or higher.\n',
      'Minutes.txt': CORPUS_DATE,
    });
    const [issue] = findEditionInconsistencies(a.citations, undefined, a);
    expect(issue!.primitive).toBe('conflict_check');
    expect(issue!.title).toBe('TLS minimum version inconsistent: TLS 1.0 accepted in Hosting-Agreement.md');
  });

  test.each([
    [
      'a claims administrator',
      'KCA Data transmitted over any network is encrypted using SFTP or Transport Layer Security (TLS) version 1.0 or higher.',
    ],
    [
      'a dental group',
      'Patient data in transit is protected by Transport Layer Security version 1.1 or later.',
    ],
  ])(
    '%s: the protocol spelled out ("Transport Layer Security (TLS) version 1.0") is read as TLS',
    async (_label, clause) => {
      const a = await corpus({
        'Information-Security-Policy.md':
          '# Information Security Policy\n\nData in transit is protected with TLS 1.2 or higher.\n',
        'Services-Agreement.md': `# Services Agreement\n\nExhibit B, row B-5: ${clause}\n`,
        'Minutes.txt': CORPUS_DATE,
      });
      const [issue] = findEditionInconsistencies(a.citations, undefined, a);
      expect(issue!.title).toMatch(
        /^TLS minimum version inconsistent: Transport Layer Security .*accepted in Services-Agreement\.md$/,
      );
    },
  );

  test('decoy: the contract spells out the same floor ("Transport Layer Security (TLS) version 1.2 or higher")', async () => {
    const a = await corpus({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\nData in transit is protected with TLS 1.2 or higher.\n',
      'Services-Agreement.md':
        '# Services Agreement\n\nAll data is encrypted using Transport Layer Security (TLS) version 1.2 or higher.\n',
      'Minutes.txt': CORPUS_DATE,
    });
    expect(findEditionInconsistencies(a.citations, undefined, a)).toEqual([]);
  });

  test.each([
    [
      'a wealth manager',
      'Controls are mapped to the SWIFT Customer Security Controls Framework (CSCF) v2023, the baseline for the 2026 attestation.',
    ],
    ['a payments bureau', 'The bureau attests each year against CSCF v2024 (all mandatory controls).'],
  ])('%s: a SWIFT CSCF version no longer current on the audit day', async (_label, sentence) => {
    const a = await corpus(
      {
        'SWIFT-Controls-Standard.md': `# SWIFT Controls Standard\n\n1.2 ${sentence}\n`,
        'Minutes.txt': CORPUS_DATE,
      },
      '2026-11-29',
    );
    const found = findSupersededCitations(a.citations, undefined, a);
    expect(found.map((i) => i.title)).toEqual([
      'Superseded edition of SWIFT CSCF cited in SWIFT-Controls-Standard.md',
    ]);
  });

  test('decoys: control ids ("CSCF 5.1"), the current version, and last year\'s version before July', async () => {
    const current = await corpus(
      {
        'SWIFT-Controls-Standard.md':
          '# SWIFT Controls Standard\n\nTR-03 maps to CSCF 5.1 and TR-04 to CSCF 4.2 of the CSCF v2026.\n',
        'Minutes.txt': CORPUS_DATE,
      },
      '2026-11-29',
    );
    expect(findSupersededCitations(current.citations, undefined, current)).toEqual([]);
    const spring = await corpus(
      {
        'SWIFT-Controls-Standard.md':
          '# SWIFT Controls Standard\n\nWe attested against CSCF v2025 in 2025.\n',
        'Minutes.txt': 'Minutes of the committee, 5 March 2026.\n',
      },
      '2026-03-31',
    );
    expect(findSupersededCitations(spring.citations, undefined, spring)).toEqual([]);
  });

  test('"TLS 1.0 and 1.1 are disabled" is not a use of TLS 1.0', async () => {
    const a = await corpus({
      'Hardening.md': '# Hardening\n\nTLS 1.0 and TLS 1.1 are disabled on every endpoint.\n',
      'Minutes.txt': CORPUS_DATE,
    });
    expect(findSupersededCitations(a.citations, undefined, a)).toHaveLength(0);
  });
});

describe('review currency', () => {
  test('long-form approval date, "Review cycle: Annually" and a month-only next review date', async () => {
    const a = await corpus({
      'Site-Security-Standard.txt':
        'SITE SECURITY STANDARD\n\nApproved on:     14 March 2021\nReview cycle:    Annually\nNext review due: March 2022\n\n1. Scope\n\nAll sites.\n\n2. Access\n\nBadges are reviewed quarterly.\n',
      'Minutes.txt': CORPUS_DATE,
    });
    const [issue] = findStaleDocuments(a);
    expect(issue!.primitive).toBe('currency_check');
    expect(issue!.description).toContain('2022-03-31');
    expect(issue!.description).toContain('2021-03-14');
    expect(issue!.description).toMatch(/annually/);
  });

  test('a plan whose parts are updated monthly is reviewed on its longest cycle (decoy)', async () => {
    const a = await corpus({
      'Continuity-Plan.md':
        '# Continuity Plan\n\nApproved: 9 March 2026\n\n1. Scope\n\nAll sites.\n\n2. Maintenance\n\n' +
        'The plan owner updates contact lists monthly and the full plan at least annually.\n',
      'Minutes.txt': CORPUS_DATE,
    });
    expect(findStaleDocuments(a)).toHaveLength(0);
  });
});

describe('citation integrity', () => {
  test('the name written before a reference decides whose section it is', () => {
    expect(anchorBefore('as set out in the Information Security Policy, ')).toEqual({
      kind: 'document',
      name: 'Information Security Policy',
    });
    expect(anchorBefore('the requirements of ISO/IEC 27001:2022 clause 7.3 and ')).toEqual({
      kind: 'external',
    });
    expect(anchorBefore('Escalate as described in ')).toBeNull();
  });

  test('a missing appendix is flagged in a document that has appendices; external annexes are not', async () => {
    const a = await corpus({
      'Incident-Plan.md':
        '# Incident Plan\n\n1. Roles\n\nContacts are kept in the contact matrix in Appendix B.\n\n2. Exercises\n\nAnnual.\n\n' +
        '## Appendix A — Record content\n\nIncident ID.\n',
      'Training-Programme.md':
        '# Training Programme\n\n1. Purpose\n\nMeets ISO/IEC 27001:2022 clause 7.3 and Annex A control 6.3.\n\n2. Audiences\n\nAll staff.\n',
      'Minutes.txt': 'All 93 Annex A controls were assessed.\n',
    });
    const issues = findBrokenReferences(a);
    expect(issues.map((i) => i.title)).toEqual(['Broken reference in Incident-Plan.md: Appendix B']);
    expect(issues[0]!.description).toContain('only Appendix A');
  });

  test('a clause of an external annex, a publication volume and a dated schedule are not own references (decoys)', async () => {
    const a = await corpus({
      'Laboratory-Systems-SOP.md':
        '# Laboratory Systems SOP\n\n1. Scope\n\nFollows EudraLex Volume 4, Annex 11, Computerised Systems.\n\n' +
        '2. Signatures\n\nAs Annex 11 clause 14 requires, signatures are linked to their records.\n\n' +
        '3. Missing\n\nDeviations are handled as set out in section 7.\n',
      'Haulage-Terms.md':
        '# Haulage Terms\n\n1. Parties\n\nDate of this Schedule 22/09/2025. See Article 28, paragraph 3 of the Regulation.\n\n2. Rates\n\nFixed.\n',
    });
    expect(findBrokenReferences(a).map((i) => i.title)).toEqual([
      'Broken reference in Laboratory-Systems-SOP.md: section 7',
    ]);
  });

  test('"Policy, section 5.1" resolves to that policy, whose numbered clause exists (decoy)', async () => {
    const a = await corpus({
      'Supplier-Security-Policy.md':
        '# Supplier Security Policy\n\n## 5. Contract requirements\n\n5.1 **Incident notification.** Within 24 hours.\n\n## 6. Monitoring\n\nYearly.\n',
      'Incident-Procedure.md':
        '# Incident Procedure\n\n1. Scope\n\nSuppliers notify within 24 hours (Supplier Security Policy, section 5.1).\n\n2. Triage\n\nBy the duty manager.\n',
    });
    expect(findBrokenReferences(a)).toHaveLength(0);
  });

  test('"Clause 9 of the Agreement" inside an agreement is checked against that agreement, not another one', async () => {
    const a = await corpus({
      'Hosting-Agreement.md':
        '# Hosting Agreement\n\n1. Services\n\nTermination follows Clause 9 of the Agreement.\n\n2. Fees\n\nMonthly.\n',
      'Support-Agreement.md':
        '# Support Agreement\n\n1. Services\n\nSupport.\n\n9. Termination\n\nOn notice.\n',
    });
    const issues = findBrokenReferences(a);
    expect(issues.map((i) => i.title)).toEqual([
      'Broken reference in Hosting-Agreement.md: Clause 9 of the Agreement',
    ]);
  });

  test('a same-document section that does not exist is flagged', async () => {
    const a = await corpus({
      'Patch-Procedure.md':
        '# Patch Procedure\n\n## 1. Scope\n\nAll servers.\n\n## 2. Timelines\n\nMissed deadlines follow Section 8 (Exceptions).\n\n## 3. Reporting\n\nMonthly.\n',
    });
    const [issue] = findBrokenReferences(a);
    expect(issue!.title).toContain('Section 8');
  });
});

describe('classification labels', () => {
  const scheme =
    '# Asset Standard\n\n5.1 We use four classification levels:\n\n| Level | Meaning |\n|---|---|\n' +
    '| Public | Approved for release |\n| Internal | Staff |\n| Confidential | Harm if disclosed |\n| Restricted | Serious harm |\n';

  test('a label outside the scheme is flagged with both documents quoted', async () => {
    const a = await corpus({
      'Asset-Standard.md': scheme,
      'Privacy-Policy.md': '# Privacy Policy\n\nAll driver data are classified **Strictly Confidential**.\n',
    });
    const issues = classificationLabelIssues(a.documents.flatMap((d) => d.segments));
    expect(issues).toHaveLength(1);
    expect(issues[0]!.description).toContain('Strictly Confidential');
    expect(new Set(issues[0]!.quotes.map((q) => q.document))).toEqual(
      new Set(['Privacy-Policy.md', 'Asset-Standard.md']),
    );
  });

  test('labels of the scheme, in other words ("Confidential Information", "Internal Use"), are not flagged', async () => {
    const a = await corpus({
      'Asset-Standard.md': scheme,
      'Privacy-Policy.md':
        '# Privacy Policy\n\n| Classification | Internal |\n\nCustomer records are classified as Confidential Information. ' +
        'Unlabelled files default to classification Internal Use.\n',
    });
    expect(classificationLabelIssues(a.documents.flatMap((d) => d.segments))).toHaveLength(0);
  });
});

describe('round 2: superseded editions of whole standard families', () => {
  test('ISO 19011:2011, NIST SP 800-37 Rev. 1 and FIPS 186-4 are stale in a 2026 corpus; current editions are not', async () => {
    const a = await corpus({
      'Audit-Charter.md':
        '# Audit Charter\n\nInternal audits of the food safety system follow ISO 19011:2011.\n' +
        'System authorisation follows NIST SP 800-37 Rev. 1. Signatures use FIPS 186-4.\n',
      'Lab-Manual.md': '# Lab Manual\n\nAudits follow ISO 19011:2018 and NIST SP 800-37 Revision 2.\n',
      'Minutes.txt': CORPUS_DATE,
    });
    const titles = findSupersededCitations(a.citations, undefined, a)
      .filter((i) => i.primitive === 'currency_check')
      .map((i) => i.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Superseded edition of ISO 19011 cited in Audit-Charter.md',
        'Superseded edition of NIST SP 800-37 cited in Audit-Charter.md',
        'Superseded edition of FIPS 186 cited in Audit-Charter.md',
      ]),
    );
    expect(titles.some((t) => t.includes('Lab-Manual.md'))).toBe(false);
  });

  test('NIST SP 800-53A is its own family, not an undated SP 800-53 citation', () => {
    const [citation] = extractStandardCitations('Assessed with NIST SP 800-53A Rev. 4 procedures.');
    expect(citation!.family.id).toBe('nist-800-53a');
    expect(citation!.edition).toBe('4');
  });

  test('"CVSS 7.0 or higher" is a score, not an edition', () => {
    expect(extractStandardCitations('Patch anything with CVSS 7.0 or higher.')).toHaveLength(0);
    expect(extractStandardCitations('Scores use CVSS v2.')[0]!.edition).toBe('2.0');
  });

  test('an older revision the corpus says it keeps on purpose is not stale (decoy)', async () => {
    const text =
      '# Utility Security Plan\n\nOur contracts are assessed against NIST SP 800-171 Revision 2. ' +
      'NIST issued Revision 3 in 2024, but the regulator keeps Revision 2 as the contractual baseline until further notice.\n';
    const a = await corpus({
      'Utility-Security-Plan.md': text,
      'Access-Standard.md': '# Access Standard\n\nImplements NIST SP 800-171 Rev. 2 family 3.1.\n',
      'Minutes.txt': CORPUS_DATE,
    });
    expect(findSupersededCitations(a.citations, undefined, a)).toHaveLength(0);
    const stale = await corpus({
      'Access-Standard.md': '# Access Standard\n\nImplements NIST SP 800-171 Rev. 2 family 3.1.\n',
      'Minutes.txt': CORPUS_DATE,
    });
    expect(findSupersededCitations(stale.citations, undefined, stale)).toHaveLength(1);
  });
});

describe('round 2: reference resolution', () => {
  test('a section missing from a named "Framework" document is flagged; one it has is not', async () => {
    const framework =
      '# Safety Management Framework\n\n## 1. Purpose\n\nSafety.\n\n## 2. Hazard review\n\n2.1 Hazards are rated.\n\n## 3. Records\n\nKept.\n';
    const a = await corpus({
      'Safety-Management-Framework.md': framework,
      'Maintenance-Procedure.md':
        '# Maintenance Procedure\n\n1. Scope\n\nHazards are rated as set out in Section 5.2 of the Safety Management Framework.\n\n' +
        '2. Review\n\nRatings follow Section 2.1 of the Safety Management Framework.\n',
    });
    const titles = findBrokenReferences(a).map((i) => i.title);
    expect(titles).toEqual([
      'Broken reference in Maintenance-Procedure.md: Section 5.2 of the Safety Management Framework',
    ]);
  });

  test('document codes in brackets, "of that plan", statute sections and heading mappings do not break references (decoys)', async () => {
    const a = await corpus({
      'Fleet-Policy.md':
        '# Fleet Policy\n\n## 1. Scope\n\nAll vehicles.\n\n## 2. Servicing\n\n2.4 Vehicles are serviced yearly.\n',
      'Depot-Procedure.md':
        '# Depot Procedure\n\n## 1. Parent\n\nParent policy: Fleet Policy (FLT-POL-01), section 2.4\n\n' +
        '## 2. Lessons\n\nLessons go to the Depot Recovery Plan revision cycle (Section 4 of that plan).\n\n' +
        '## 3. Law\n\nNotices are given under section 26WB of the Road Transport Act.\n\n' +
        '## 4. Improvement (clause 10)\n\nContinual improvement.\n',
      'Depot-Recovery-Plan.md':
        '# Depot Recovery Plan\n\n## 1. Scope\n\nDepots.\n\n## 4. Revision cycle\n\nLessons learned are folded in yearly.\n',
    });
    expect(findBrokenReferences(a)).toHaveLength(0);
  });
});

describe('round 2: documents cited by their code', () => {
  test('"section 9 of HR-POL-03" resolves through the document ID in the header; an existing section is quiet', async () => {
    const a = await corpus({
      'Leave-Policy.md':
        '# Leave Policy\n\nDocument ID: HR-POL-03\n\n## 1. Scope\n\nStaff.\n\n## 2. Annual leave\n\n2.1 Booked ahead.\n',
      'Rostering-Procedure.md':
        '# Rostering Procedure\n\nParent: HR-POL-03\n\n## 1. Leave\n\nLeave is booked per section 2.1 of HR-POL-03. ' +
        'Disputes go to section 9 of HR-POL-03.\n\n## 2. Shifts\n\nPublished weekly.\n',
    });
    const issues = findBrokenReferences(a);
    expect(issues.map((i) => i.subject)).toEqual([
      'citation:Rostering-Procedure.md:section:9:Leave-Policy.md',
    ]);
  });
});

describe('round 2: "of that plan"', () => {
  test('resolves to the document named earlier in the sentence', async () => {
    const a = await corpus({
      'Depot-Procedure.md':
        '# Depot Procedure\n\n## 1. Lessons\n\nLessons go to the Depot Recovery Plan revision cycle (Section 7 of that plan).\n\n## 2. Scope\n\nDepots.\n',
      'Depot-Recovery-Plan.md':
        '# Depot Recovery Plan\n\n## 1. Scope\n\nDepots.\n\n## 4. Revision cycle\n\nYearly.\n',
    });
    const [issue] = findBrokenReferences(a);
    expect(issue!.subject).toBe('citation:Depot-Procedure.md:section:7:Depot-Recovery-Plan.md');
  });
});

describe('round 2: regulation provisions that do not exist', () => {
  const segmentsOf = async (text: string) =>
    (await corpus({ 'Pharmacy-Logging-Standard.md': text })).documents.flatMap((d) => d.segments);

  test('a HIPAA Security Rule paragraph outside (a)-(e) is flagged; valid ones are not', async () => {
    const segments = await segmentsOf(
      '# Pharmacy Logging Standard\n\nIntegrity controls per 45 C.F.R. § 164.312(g) apply to dispensing records.\n\n' +
        'Audit controls follow 45 CFR 164.312(b) and risk analysis 164.308(a)(1)(ii)(A).\n',
    );
    const issues = findInvalidRegulationCitations(segments);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.primitive).toBe('citation_integrity_check');
    expect(issues[0]!.description).toMatch(/164\.312 has no paragraph \(g\)/);
  });

  test('GDPR articles beyond 99 or paragraphs an article lacks are flagged; Art. 33(3) is not', async () => {
    const segments = await segmentsOf(
      '# Pharmacy Logging Standard\n\nBreach content follows Art. 33(3) GDPR. Objections follow Article 21(9) of the GDPR.\n\n' +
        'Portability is handled under GDPR Article 120.\n',
    );
    const descriptions = findInvalidRegulationCitations(segments).map((i) => i.description);
    expect(descriptions).toHaveLength(2);
    expect(descriptions.join(' ')).toMatch(/Article 21 of the GDPR has no paragraph 9/);
    expect(descriptions.join(' ')).toMatch(/no Article 120/);
  });
});

describe('round 2: control catalogue numbers that do not exist', () => {
  const issuesOf = async (text: string) => {
    const a = await corpus({ 'Plant-Controls-Standard.md': text });
    const doc = a.documents[0]!;
    return findInvalidRegulationCitations(doc.segments, doc.text);
  };

  test('an SP 800-53 control beyond its family is flagged; AC-2 and SC-28 are not', async () => {
    const issues = await issuesOf(
      '# Plant Controls Standard\n\nThis standard implements NIST SP 800-53 Rev. 5.\n\n' +
        'Accounts are managed per AC-2 and data at rest per SC-28. Session ends per AC-31.\n',
    );
    expect(issues.map((i) => i.title)).toEqual([
      'Invalid regulation citation in Plant-Controls-Standard.md: AC-31',
    ]);
  });

  test('without an SP 800-53 anchor nothing is judged (decoy)', async () => {
    const issues = await issuesOf(
      '# Plant Controls Standard\n\nPump PS-12 and valve AC-31 are inspected weekly.\n',
    );
    expect(issues).toHaveLength(0);
  });
});

describe('round 2: classification schemes and retired markings', () => {
  test('two documents laying out different classification level sets are one consistency finding', async () => {
    const a = await corpus({
      'Bank-Data-Policy.md':
        '# Bank Data Policy\n\n## 3. Classification\n\n| Level | Meaning |\n|---|---|\n| PUBLIC | Anyone |\n| INTERNAL | Staff |\n' +
        '| CONFIDENTIAL | Harm |\n| HIGHLY CONFIDENTIAL | Serious harm |\n',
      'Hosting-Standard.md':
        '# Hosting Standard\n\n## 2. Data hosting\n\n| Data | Where |\n|---|---|\n| Unrestricted data | Anywhere |\n' +
        '| Restricted data (client files) | Approved clouds |\n| Protected data (card data) | On premises |\n',
    });
    const segments = a.documents.flatMap((d) => d.segments);
    const issues = classificationLabelIssues(segments).filter((i) => i.subject.includes('scheme:'));
    expect(issues).toHaveLength(1);
    expect(issues[0]!.description).toMatch(/Unrestricted, Restricted, Protected/);
    // The verdict re-runs the check by key.
    const key = issues[0]!.subject.replace(/^term:/, '');
    expect(definedTermIssues(segments, key)).toHaveLength(1);
  });

  test('a table repeating the same levels is not a second scheme (decoy)', async () => {
    const a = await corpus({
      'Bank-Data-Policy.md':
        '# Bank Data Policy\n\n| Level | Meaning |\n|---|---|\n| Public | Anyone |\n| Internal | Staff |\n| Confidential | Harm |\n',
      'Disposal-Standard.md':
        '# Disposal Standard\n\n| Level | Disposal |\n|---|---|\n| Public | Recycle |\n| Internal | Shred |\n| Confidential | Certified shred |\n',
    });
    expect(classificationLabelIssues(a.documents.flatMap((d) => d.segments))).toHaveLength(0);
  });

  test('a label a policy retired and another document still applies is a currency finding', async () => {
    const a = await corpus({
      'Records-Marking-Policy.md':
        '# Records Marking Policy\n\n4.2 Legacy labels such as "Company Private" (CPV) were retired in 2024; new records carry the Restricted label.\n',
      'Lab-Report-Procedure.md':
        '# Lab Report Procedure\n\n3.1 Each batch report is stamped COMPANY PRIVATE in the footer.\n',
      'Archive-Procedure.md':
        '# Archive Procedure\n\n2.1 Boxes of legacy records marked CPV are treated as Restricted.\n',
    });
    const issues = retiredTermIssues(a.documents.flatMap((d) => d.segments));
    expect(issues.map((i) => i.title)).toEqual([
      'Retired marking or term "Company Private" (CPV) still applied in Lab-Report-Procedure.md',
    ]);
    expect(issues[0]!.primitive).toBe('currency_check');
  });
});
