// Evidence that contradicts what a policy requires: dated records whose items took longer than
// the policy's deadline, recurring activities last performed longer ago than their frequency
// allows, and correspondence describing a control being bypassed. Each rule has a decoy that
// must stay quiet (an exception recorded, an item within its deadline, a compliant e-mail).
import { analyzeCorpus, type CorpusAnalysis } from '../src/analyst/corpus-analysis';
import { extractDates, extractMonthYears, parseDateCell } from '../src/analyst/dates';
import { findRecordAttributeGaps } from '../src/analyst/checks/record-attributes';
import { findRecordGaps } from '../src/analyst/checks/record-gaps';
import { findControlStateConflicts } from '../src/analyst/checks/control-state';
import type { Issue } from '../src/analyst/issue';
import { snapshotOf } from './helpers/synthetic-corpus';

async function analyse(
  files: Record<string, string>,
): Promise<{ a: CorpusAnalysis; texts: Map<string, string> }> {
  const snapshot = await snapshotOf(files);
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
