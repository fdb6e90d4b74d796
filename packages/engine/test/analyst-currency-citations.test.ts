// Currency, citation integrity and term/version consistency on small inline documents: each rule
// fires on its defect and stays silent on the decoy next to it.
import { analyzeCorpus, type CorpusAnalysis } from '../src/analyst/corpus-analysis';
import { findEditionInconsistencies, findSupersededCitations } from '../src/analyst/checks/standards';
import { anchorBefore, findBrokenReferences } from '../src/analyst/checks/citations';
import { findStaleDocuments } from '../src/analyst/checks/review-currency';
import { classificationLabelIssues } from '../src/analyst/checks/defined-terms';
import { extractStandardCitations } from '../src/analyst/standards';
import { snapshotOf } from './helpers/synthetic-corpus';

async function corpus(files: Record<string, string>): Promise<CorpusAnalysis> {
  return analyzeCorpus(await snapshotOf(files), null);
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

  test('a retired edition is superseded only once the corpus is dated after its retirement', async () => {
    const old = await corpus({
      'Card-Standard.md': '# Card Standard\n\nThis standard implements PCI DSS v3.2.1 Requirement 3.\n',
      'Minutes.txt': 'Minutes of the committee, 5 March 2023.\n',
    });
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

  test('a document accepting an older TLS floor than the rest is one consistency finding, not a currency one', async () => {
    const a = await corpus({
      'Security-Policy.md':
        '# Security Policy\n\nData in transit is encrypted with TLS 1.2 or higher. SSL and early TLS are prohibited.\n',
      'Network-Overview.md':
        '# Network Overview\n\nTLS 1.1 or higher is accepted on internal links for the legacy batch client (planned for retirement).\n',
      'Minutes.txt': CORPUS_DATE,
    });
    expect(findSupersededCitations(a.citations, undefined, a)).toHaveLength(0);
    const [issue] = findEditionInconsistencies(a.citations, undefined, a);
    expect(issue!.primitive).toBe('consistency_check');
    expect(issue!.description).toMatch(/Network-Overview\.md accepts "TLS 1\.1"/);
    expect(issue!.quotes.map((q) => q.document)).toContain('Security-Policy.md');
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
