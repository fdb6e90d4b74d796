// The offline analyst on small synthetic documents: each check finds its planted defect, quotes
// exact document text from each side, and writes its description from the extracted facts.
import { analyzeCorpus } from '../src/analyst/corpus-analysis';
import { findConceptConflicts } from '../src/checks/concept-conflict/concept-conflicts';
import { findRecordGaps } from '../src/checks/record-frequency/record-gaps';
import { findSupersededCitations, findEditionInconsistencies } from '../src/checks/standards/standards';
import { findBrokenReferences } from '../src/checks/citation/citations';
import { findStaleDocuments } from '../src/checks/review-currency/review-currency';
import { findCoverageGaps } from '../src/checks/coverage/coverage';
import { findFlowDownGaps } from '../src/checks/flow-down/flow-down';
import { elementsFor } from '../src/analyst/frameworks';
import { extractTimeQuantities, extractStrengths } from '../src/analyst/quantities';
import type { Issue } from '../src/analyst/issue';
import { findControlStateConflicts } from '../src/checks/control-state/control-state';
import { definedTermIssues } from '../src/checks/defined-term/defined-terms';
import { findRecordAttributeGaps } from '../src/checks/record-attribute/record-attributes';
import { recoveryPointIssue } from '../src/checks/recovery-point/recovery-point';
import { versionReferenceIssues } from '../src/checks/version-reference/version-references';
import { INTAKE, PLANTED, snapshotOf } from './helpers/synthetic-corpus';

async function analysis() {
  const snapshot = await snapshotOf(PLANTED);
  return { snapshot, analysis: analyzeCorpus(snapshot, INTAKE) };
}

function expectVerbatim(issue: Issue, texts: Map<string, string>) {
  for (const quote of issue.quotes)
    expect(texts.get(quote.document)!.slice(quote.start, quote.end)).toBe(quote.text);
}

describe('quantities', () => {
  test('normalises durations and periods written in words, digits and frequencies', () => {
    const values = (text: string) => extractTimeQuantities(text).map((q) => [q.kind, Math.round(q.value)]);
    expect(values('rotated every six months')).toEqual([['period', 183]]);
    expect(values('within thirty (30) days of discovery')).toEqual([['duration', 30]]);
    expect(values('reviewed quarterly')).toEqual([['period', 91]]);
    expect(values('retained for 72 hours')).toEqual([['duration', 3]]);
    expect(values('backups move from daily to weekly')).toEqual([['period', 7]]);
    // A deadline on the day of its trigger is at most a day; a run of consecutive days is days.
    expect(values('reported on the same day it is detected')).toEqual([['duration', 1]]);
    expect(values('disabled no later than the end of their last working day')).toEqual([['duration', 1]]);
    expect(values('no sign-in activity for forty-five (45) consecutive days')).toEqual([['duration', 45]]);
    expect(values('on the last day of each month')).toEqual([['period', 30]]);
    // The calendar's quarter, month or week is still one (an electricity co-op, a school board).
    expect(values('verified at least once each calendar quarter')).toEqual([['period', 91]]);
    expect(values('reconciled every calendar month')).toEqual([['period', 30]]);
    expect(extractStrengths('full-disk encryption with AES-128')[0]!.value).toBe(128);
  });
});

describe('analyst checks', () => {
  test('conflict: one concept, incompatible values in two documents, quoted from both sides', async () => {
    const { snapshot, analysis: a } = await analysis();
    const roles = new Map(a.documents.map((d) => [d.name, d.role]));
    const issues = findConceptConflicts(a.facts, roles);
    const password = issues.find((i) => i.subject.startsWith('concept:password_expiry'));
    expect(password).toBeDefined();
    expect(password!.primitive).toBe('conflict_check');
    expect(password!.description).toContain('Identity-Policy.md');
    expect(password!.description).toContain('Access-Procedure.txt');
    expect(password!.description).toMatch(/every 60 days|60 days/);
    expect(password!.description).toMatch(/annually|12 months|twelve months/);
    expect(new Set(password!.quotes.map((q) => q.document))).toEqual(
      new Set(['Identity-Policy.md', 'Access-Procedure.txt']),
    );
    expectVerbatim(password!, new Map(snapshot.documents.map((d) => [d.name, d.text])));
  });

  test('currency: a superseded standard edition is named with its successor', async () => {
    const { analysis: a } = await analysis();
    const issues = findSupersededCitations(a.citations);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.description).toContain('3.2.1');
    expect(issues[0]!.description).toContain('4.0');
    expect(issues[0]!.quotes[0]!.document).toBe('Identity-Policy.md');
    expect(findEditionInconsistencies(a.citations)).toHaveLength(0);
  });

  test('citation integrity: a section reference the cited document does not have', async () => {
    const { analysis: a } = await analysis();
    const issues = findBrokenReferences(a);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.primitive).toBe('citation_integrity_check');
    expect(issues[0]!.description).toContain('Section 7.2 of the Continuity Plan');
    expect(issues[0]!.description).toContain('sections 1 to 3');
    expect(issues[0]!.quotes.map((q) => q.document)).toEqual(['Access-Procedure.txt', 'Continuity-Plan.txt']);
  });

  test('currency: a document past its stated review cycle relative to the newest corpus date', async () => {
    const { analysis: a } = await analysis();
    const issues = findStaleDocuments(a);
    expect(issues.map((i) => i.subject)).toEqual(['review:Supplier-Policy.md']);
    expect(issues[0]!.description).toContain('2021-05-04');
    expect(issues[0]!.description).toContain('2025-03-01');
  });

  test('coverage: a required element of an in-scope framework missing from the whole corpus', async () => {
    const { analysis: a } = await analysis();
    const ids = findCoverageGaps(a, elementsFor(INTAKE.frameworks), INTAKE.frameworks).map((i) => i.subject);
    expect(ids).toContain('coverage:gdpr_breach_72h');
    // Present elements are not reported.
    expect(ids).not.toContain('coverage:mfa');
    expect(ids).not.toContain('coverage:gdpr_processor_agreements');
  });

  test('flow-down: a parent obligation weaker or missing in the child contract', async () => {
    const { analysis: a } = await analysis();
    const issues = findFlowDownGaps(a);
    const window = issues.find((i) => i.subject.endsWith(':incident_notification'));
    expect(window?.description).toContain('48 hours');
    expect(window?.description).toContain('14 days');
    const dpa = issues.find((i) => i.subject.endsWith(':dpa'));
    expect(dpa?.primitive).toBe('flow_down_check');
    expect(dpa?.title).toContain('ByteHost Ltd');
    expect(new Set(dpa!.quotes.map((q) => q.document))).toEqual(
      new Set(['Supplier-Policy.md', 'Hosting-Services-Agreement.txt']),
    );
  });
});

describe('analyst checks on controls, terms, records and versions', () => {
  const files: Record<string, string> = {
    'Security-Policy.md': [
      '# Security Policy',
      '',
      '| Field | Value |',
      '|---|---|',
      '| Version | 3.0 |',
      '| Last reviewed | 2025-01-10 |',
      '',
      'a. "Restricted Data" means cardholder data and authentication secrets.',
      '',
      'a. Multi-factor authentication is required for all remote access.',
      '',
      'a. Vendors that process personal data must sign a data processing agreement before access is granted.',
      '',
      'a. The recovery point objective (RPO) of the platform is 4 hours.',
    ].join('\n'),
    'Handling-Standard.md': [
      '# Handling Standard',
      '',
      'a. "Restricted Data" means any document labelled restricted by its owner.',
      '',
      'a. Handling rules follow the Security Policy v2.1.',
      '',
      'a. Database backups are taken daily at midnight.',
    ].join('\n'),
    'ops-update.eml': [
      'From: ops@example.test',
      'To: it@example.test',
      'Subject: VPN',
      'Date: Mon, 3 Feb 2025 10:00:00 +0000',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Hi all, multi-factor authentication is disabled on the VPN until the token vendor recovers.',
    ].join('\n'),
    'Supplier-Register.csv': [
      'supplier,processes_personal_data,dpa_signed',
      'ByteHost Ltd,yes,no',
      'MailCo,yes,yes',
      'PrintCo,no,no',
    ].join('\n'),
  };

  test('control state, defined terms, record attributes, RPO and version references', async () => {
    const snapshot = await snapshotOf(files);
    const a = analyzeCorpus(snapshot, INTAKE);
    const texts = new Map(snapshot.documents.map((d) => [d.name, d.text]));

    const [mfa] = findControlStateConflicts(a);
    expect(mfa?.subject).toBe('control:mfa');
    expect(mfa!.quotes.map((q) => q.document)).toEqual(['Security-Policy.md', 'ops-update.eml']);
    expectVerbatim(mfa!, texts);

    const [term] = definedTermIssues(a.documents.flatMap((d) => d.segments));
    expect(term?.primitive).toBe('consistency_check');
    expect(term!.description).toContain('Restricted Data');

    const records = findRecordAttributeGaps(a);
    expect(records).toHaveLength(1);
    expect(records[0]!.description).toContain('ByteHost Ltd');
    expect(records[0]!.description).not.toContain('PrintCo');
    expectVerbatim(records[0]!, texts);

    const rpo = recoveryPointIssue(a.facts);
    // Daily backups cannot meet a 4-hour recovery point objective.
    expect(rpo?.quotes.map((q) => q.document)).toEqual(['Security-Policy.md', 'Handling-Standard.md']);
    const versions = versionReferenceIssues(
      a,
      a.documents.flatMap((d) => d.segments),
    );
    expect(versions.map((v) => v.title)).toEqual([
      expect.stringContaining('version 2.1 but the document is version 3.0'),
    ]);
  });

  test('backups less frequent than the recovery point objective', async () => {
    const snapshot = await snapshotOf({
      'Continuity-Plan.md': '# Continuity Plan\n\na. The recovery point objective (RPO) is 24 hours.\n',
      'backup-note.eml':
        'From: a@example.test\nTo: b@example.test\nSubject: backups\nDate: Mon, 3 Feb 2025 10:00:00 +0000\n\nFrom Monday the database backups move from daily to weekly.\n',
    });
    const rpo = recoveryPointIssue(analyzeCorpus(snapshot, INTAKE).facts);
    expect(rpo?.description).toContain('24 hours');
    expect(rpo?.description).toContain('weekly');
  });
});

describe('references and review dates', () => {
  test('a reference to an existing section about something else; an internal reference that does not resolve', async () => {
    const snapshot = await snapshotOf({
      'Recovery-Plan.txt':
        'Recovery Plan\n\n1. Purpose\n1.1 Keeps services running.\n\n2. Crisis team\n2.1 The crisis team is led by the COO.\n',
      'Operations-Procedure.txt':
        'Operations Procedure\n\n1. Restores\n1.1 Database restoration steps and verification checks are listed in Section 2 of the Recovery Plan.\n1.2 Escalations are described in section 4.1.\n',
    });
    const a = analyzeCorpus(snapshot, INTAKE);
    const issues = findBrokenReferences(a);
    expect(issues.map((i) => i.title).sort()).toEqual([
      expect.stringContaining('Broken reference in Operations-Procedure.txt: section 4.1'),
      expect.stringContaining('to section 2 of Recovery-Plan.txt points to unrelated content'),
    ]);
  });

  test('a passed next-review date, and an approval date older than the stated cycle', async () => {
    const snapshot = await snapshotOf({
      'Privacy-Policy.md':
        '# Privacy Policy\n\n| Field | Value |\n|---|---|\n| Next review date | 2022-01-01 |\n\na. Personal data is processed lawfully.\n',
      'Scanning-Standard.md':
        '# Scanning Standard\n\nApproved: 2021-01-15\n\na. This standard is reviewed every two years.\n',
      'Recent-Policy.md':
        '# Recent Policy\n\n| Field | Value |\n|---|---|\n| Last reviewed | 2024-06-01 |\n\na. This policy is reviewed annually.\n',
    });
    const issues = findStaleDocuments(analyzeCorpus(snapshot, INTAKE));
    expect(issues.map((i) => i.subject).sort()).toEqual([
      'review:Privacy-Policy.md',
      'review:Scanning-Standard.md',
    ]);
    expect(issues.find((i) => i.subject === 'review:Privacy-Policy.md')!.description).toContain(
      'due for its next review on 2022-01-01',
    );
    expect(issues.find((i) => i.subject === 'review:Scanning-Standard.md')!.description).toContain(
      'last approved',
    );
  });
});

describe('evidence records', () => {
  test('a record of a yearly activity far older than the corpus, and gaps in a tabletop log', async () => {
    const snapshot = await snapshotOf({
      'Security-Charter.md':
        '# Security Charter\n\n| Field | Value |\n|---|---|\n| Last reviewed | 2024-05-02 |\n\na. An external penetration test is performed annually.\n\na. The incident response plan is exercised in a tabletop exercise every six months.\n',
      'Penetration-Test-Summary.md':
        '# Penetration Test Summary\n\nReport date: 2022-03-30\n\na. Two medium findings, both fixed.\n',
      'Tabletop-Exercise-Log.csv': 'exercise,date\nTT-1,2022-02-10\nTT-2,2022-08-15\nTT-3,2024-05-20\n',
    });
    const a = analyzeCorpus(snapshot, INTAKE);
    const gaps = findRecordGaps(a, a.facts);
    expect(gaps.map((g) => g.subject).sort()).toEqual([
      'record:penetration_test_frequency:Penetration-Test-Summary.md',
      'record:plan_testing_frequency:Tabletop-Exercise-Log.csv',
    ]);
    const tabletop = gaps.find((g) => g.subject.includes('Tabletop'))!;
    expect(tabletop.description).toContain('2022-08-15 and 2024-05-20');
    const pentest = gaps.find((g) => g.subject.includes('Penetration'))!;
    expect(pentest.description).toContain('the newest date in the corpus');
  });
});

describe('tables', () => {
  test('a retention schedule row is read with its header and conflicts with a policy sentence', async () => {
    const snapshot = await snapshotOf({
      'Retention-Schedule.md':
        '# Retention Schedule\n\n| Record | Retention period |\n|---|---|\n| Audit logs | 90d |\n| Invoices | 7 yrs |\n',
      'Logging-Policy.md': '# Logging Policy\n\na. Audit logs must be retained for at least one year.\n',
    });
    const a = analyzeCorpus(snapshot, INTAKE);
    const roles = new Map(a.documents.map((d) => [d.name, d.role]));
    const [conflict] = findConceptConflicts(a.facts, roles);
    expect(conflict?.subject).toBe('concept:log_retention:general');
    expect(conflict!.description).toContain('90 days');
    expect(conflict!.quotes.map((q) => q.text).sort()).toEqual([
      'a. Audit logs must be retained for at least one year.',
      '| Audit logs | 90d |',
    ]);
  });
});

describe('table rows read by their control, across pages', () => {
  const factsOf = async (files: Record<string, string>) =>
    analyzeCorpus(await snapshotOf(files), INTAKE).facts.map(
      (f) => `${f.segment.document} ${f.concept.id} ${f.quantity.phrase}`,
    );

  test("a bank's control table: who approves, in another cell, is not what the frequency is of", async () => {
    expect(
      await factsOf({
        'Control-Standard.md':
          '# Technology Control Standard\n\n| Control ID | Control | Owner | Frequency | Evidence |\n|---|---|---|---|---|\n| TR-03 | Privileged access review | Head of IT; approved by CISO | Semi-annual | Review log |\n',
      }),
    ).toContain('Control-Standard.md access_review_frequency Semi-annual');
  });

  test("a remitter's notification table: its heading names the action its rows' deadlines are for", async () => {
    expect(
      await factsOf({
        'Incident-Plan.md':
          '# Incident Plan\n\n## 6. Regulatory and External Notification\n\nThe clock starts at the time stated in the table, not at the close of the investigation.\n\n| Recipient | Trigger | Deadline | Responsible |\n|---|---|---|---|\n| Data Protection Commission | Personal data breach likely to result in a risk | Within five (5) working days of the breach being confirmed | Data Protection Officer |\n',
      }),
    ).toContain('Incident-Plan.md incident_notification five (5) working days');
  });

  test("a broadband co-op's schedule after its revision history and a line no heading pattern knows is read", async () => {
    expect(
      await factsOf({
        'Retention-Schedule.txt': [
          'Customer Data Retention Schedule',
          '',
          'Revision history',
          '| Version | Date | Summary of changes |',
          '| 1.1 | 2025-02-11 | Shortened call recording retention. |',
          '',
          'How to use this schedule',
          'Periods run from the trigger event shown.',
          '',
          '| Ref | Record category | Retention period | Trigger |',
          '| R-04 | Call recordings | 90 days | Date of call |',
        ].join('\n'),
      }),
    ).toContain('Retention-Schedule.txt record_retention 90 days');
  });

  test("a retention schedule and a contract's data schedule label a row alike: one thing, whatever the other cells say", async () => {
    const snapshot = await snapshotOf({
      'Retention-Schedule.md':
        '# Retention Schedule\n\n| Ref | Record category | Examples | Classification | Retention period | Trigger | Disposal method | System / record owner |\n|---|---|---|---|---|---|---|---|\n| R-04 | Call recordings | Recorded calls to member support and billing lines | Confidential | 90 days | Date of call | Automatic deletion on recording platform | Contractor platform / Billing Manager |\n| R-05 | Interaction notes | Chat transcripts | Confidential | 3 years | Ticket closed | Secure deletion | Billing Manager |\n',
      'Services-Agreement.md':
        '# Services Agreement\n\nSCHEDULE B - DATA HANDLING\n\n| Data | Permitted use | Storage location | Retention by Contractor |\n|---|---|---|---|\n| Call recordings | Quality assurance, training, dispute resolution | Contractor platform (Winnipeg) | Twenty-four (24) months from the date of the call, then deleted automatically |\n',
      // Records are everywhere in the set, so "record" says nothing about which thing a value is for.
      'Privacy-Policy.md': '# Privacy Policy\n\nMember records are kept securely.\n',
      'Security-Policy.md': '# Security Policy\n\nAccess records are reviewed by the manager.\n',
      'Complaints-Procedure.md': '# Complaints Procedure\n\nComplaint records are logged on receipt.\n',
    });
    const a = analyzeCorpus(snapshot, INTAKE);
    const roles = new Map(a.documents.map((d) => [d.name, d.role]));
    expect(findConceptConflicts(a.facts, roles).map((c) => c.title)).toEqual([
      expect.stringMatching(
        /^Conflicting retention period .*90 days .* vs 2 years|^Conflicting retention period .*2 years .* vs 90 days/,
      ),
    ]);
  });

  test("a port's schedule continued on the next page keeps its header; a new table's first row is its own header", async () => {
    const header = '| Ref | Record class | Trigger | Minimum retention | Owner |';
    const analysis = analyzeCorpus(
      await snapshotOf({
        'Retention-Schedule.txt': [
          'RETENTION SCHEDULE',
          '',
          header,
          '| RD-04 | Gate transactions | End of financial year | 7 years | GM Operations |',
          '',
          'Page 1 of 2',
          '',
          '| RD-05 | Access-control system logs | Date of event | 2 years | Port Security Manager |',
          '',
          'Contacts',
          '',
          '| Name | Role |',
          '| Ana | Records |',
        ].join('\n'),
      }),
      INTAKE,
    );
    const segments = analysis.byName.get('Retention-Schedule.txt')!.segments;
    const headerOf = (start: string) => segments.find((s) => s.text.startsWith(start))?.frame?.header;
    expect(headerOf('| RD-05')).toBe(header);
    expect(headerOf('| Ana')).toBe('| Name | Role |');
  });
});

describe('general and scoped statements', () => {
  test('a scoped value weaker than the general rule conflicts; a stricter one is an exception', async () => {
    const snapshot = await snapshotOf({
      'Crypto-Policy.md':
        '# Crypto Policy\n\na. All stored data must be encrypted with AES-256.\n\na. Passwords must be changed every 90 days.\n',
      'Endpoint-Standard.md':
        '# Endpoint Standard\n\na. Laptops use full-disk encryption with AES-128.\n\na. Administrator passwords are changed every 30 days.\n',
    });
    const a = analyzeCorpus(snapshot, INTAKE);
    const roles = new Map(a.documents.map((d) => [d.name, d.role]));
    const subjects = findConceptConflicts(a.facts, roles).map((i) => i.subject);
    expect(subjects).toEqual(['concept:encryption_strength:endpoint devices']);
  });
});
