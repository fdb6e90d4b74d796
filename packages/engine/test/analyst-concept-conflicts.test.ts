// Conflicting values for one concept: statements are compared only when they speak about the same
// thing (their topics, the key nouns of what is retained, rotated or restored, overlap), in two
// documents or twice inside one document (running text against its own summary table). Values in
// words and in other units compare by what they mean. Each rule has a decoy that must stay quiet.
import { analyzeCorpus, type CorpusAnalysis } from '../src/analyst/corpus-analysis';
import { conceptConflictCheck } from '../src/checks/concept-conflict';
import { findConceptConflicts } from '../src/checks/concept-conflict/concept-conflicts';
import { recoveryPointIssue } from '../src/checks/recovery-point/recovery-point';
import { describeDays, extractCounts, extractTimeQuantities } from '../src/analyst/quantities';
import { clauseAround, definedAbbreviations, topicWords } from '../src/analyst/topics';
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

async function conflicts(
  files: Record<string, string>,
): Promise<{ issues: Issue[]; texts: Map<string, string> }> {
  const { a, texts } = await analyse(files);
  const roles = new Map(a.documents.map((d) => [d.name, d.role]));
  return { issues: findConceptConflicts(a.facts, roles), texts };
}

function expectVerbatim(issue: Issue, texts: Map<string, string>) {
  for (const quote of issue.quotes)
    expect(texts.get(quote.document)!.slice(quote.start, quote.end)).toBe(quote.text);
}

describe('quantities', () => {
  test('number words, frequency limits and readable month values', () => {
    const values = (text: string) => extractTimeQuantities(text).map((q) => [q.kind, Math.round(q.value)]);
    expect(values('within fourteen calendar days')).toEqual([['duration', 14]]);
    expect(values('every thirty-six months')).toEqual([['period', 1096]]);
    expect(values('not more than once in any twelve-month period')).toEqual([['period', 365]]);
    expect(describeDays(13 * 30.4375)).toBe('13 months');
    expect(describeDays(90)).toBe('90 days');
  });

  test('"twice a day", "three times per week", "twice per 12-hour shift": a frequency, not the unit', () => {
    const values = (text: string) => extractTimeQuantities(text).map((q) => [q.kind, q.phrase, q.value]);
    // A dredging contractor's turbidity readings and a care home's medication rounds; "a day"
    // alone had been read as a length of one day.
    expect(values('Turbidity readings are taken twice per 12-hour shift.')).toEqual([
      ['period', 'twice per 12-hour shift', 0.25],
    ]);
    expect(values('Readings are taken twice a day while pumping.')).toEqual([['period', 'twice a day', 0.5]]);
    expect(values('Medication rounds are done three times per week by the nurse in charge.')).toEqual([
      ['period', 'three times per week', 7 / 3],
    ]);
    // Decoy: a length of time after "a day" is still a length ("within a day").
    expect(values('Faults are reported within a day.')).toEqual([['duration', 'a day', 1]]);
  });

  test('"six-monthly" and months named "each year" are as often as they say, not monthly or yearly', () => {
    const values = (text: string) => extractTimeQuantities(text).map((q) => [q.phrase, Math.round(q.value)]);
    // A credit union's review register title and a garment maker's review calendar.
    expect(values('User Access Review - H2 2026 (six-monthly)')).toEqual([['six-monthly', 183]]);
    expect(values('fire doors are inspected three-monthly')).toEqual([['three-monthly', 91]]);
    expect(values('reviewed in the half-yearly user access review')).toEqual([['half-yearly', 183]]);
    expect(values('In January and July each year, IT sends each owner a list')).toEqual([
      ['January and July each year', 183],
    ]);
    expect(values('in March, June, September and December every year')).toEqual([
      ['March, June, September and December every year', 91],
    ]);
    // One month named is once a year; a bare "monthly" stays monthly (decoys).
    expect(values('In January each year the board reviews the plan')).toEqual([['each year', 365]]);
    expect(values('reconciled monthly')).toEqual([['monthly', 30]]);
  });

  test('fiscal and financial years, and spans said to be whole ("three (3) full fiscal years")', () => {
    const values = (text: string) => extractTimeQuantities(text).map((q) => [q.phrase, Math.round(q.value)]);
    // A foundation's gift files and a council's rates records.
    expect(values('kept for three (3) full fiscal years after the batch closed')).toEqual([
      ['three (3) full fiscal years', 1096],
    ]);
    expect(values('retained for six complete financial years')).toEqual([
      ['six complete financial years', 2192],
    ]);
    // Decoy: "the fiscal year in which" states no span.
    expect(values('after the fiscal year in which the batch closed')).toEqual([]);
  });

  test('working hours, and deadlines written as an ordinal day ("no later than the 15th business day")', () => {
    const values = (text: string) =>
      extractTimeQuantities(text).map((q) => [q.phrase, Math.round(q.value * 10) / 10, q.bound]);
    // An insurer's breach clock in working hours: nine working days, not three.
    expect(values('notified within 72 working hours counted from confirmation')).toEqual([
      ['72 working hours', 12.6, 'max'],
    ]);
    // A hospital's copies deadline and a city's records deadline.
    expect(values('fulfilled no later than the 15th business day after receipt')).toEqual([
      ['no later than the 15th business day', 21, 'max'],
    ]);
    expect(values('answered by the tenth day after the request')).toEqual([['by the tenth day', 10, 'max']]);
    // Decoy: a day of the month is no deadline.
    expect(values('statements are issued on the 15th day of the month')).toEqual([]);
  });

  test('emphasis marks do not hide a bound: "within **one calendar month**", "at least **six years**"', () => {
    const bounds = (text: string) => extractTimeQuantities(text).map((q) => q.bound);
    expect(
      bounds('A hotel answers guest data requests within **one calendar month** after they arrive.'),
    ).toEqual(['max']);
    expect(bounds('Payroll records are kept for at least **six years** after the tax year.')).toEqual([
      'min',
    ]);
    expect(bounds('Keys are rotated every **12 months**.')).toEqual(['exact']);
  });

  test('"every six (6) months" is a frequency; "a minimum length of 14" and "a maximum age of 90 days" are bounds', () => {
    expect(
      extractTimeQuantities('Accounts are recertified every six (6) months.').map((q) => [
        q.kind,
        Math.round(q.value),
      ]),
    ).toEqual([['period', 183]]);
    expect(extractTimeQuantities('Passwords have a maximum age of 90 days.').map((q) => q.bound)).toEqual([
      'max',
    ]);
    expect(
      extractCounts('Passwords must have a minimum length of 14 characters.', /characters?/).map(
        (q) => q.bound,
      ),
    ).toEqual(['min']);
  });

  test('a digit before a capital D names a thing ("8D report", "3D model"); "90d" and "72h" are spans', () => {
    const values = (text: string) => extractTimeQuantities(text).map((q) => [q.phrase, Math.round(q.value)]);
    // A car-parts maker's corrective-action reports and an architect's models.
    expect(values('The supplier returns an 8D report within the agreed period.')).toEqual([]);
    expect(values('The architect issues a 3D model of the ward extension for sign-off.')).toEqual([]);
    // Decoys: table shorthand in lower case is still days and hours.
    expect(values('| Delivery notes | 90d | Depot Manager |')).toEqual([['90d', 90]]);
    expect(values('| Breach notice | 72h | Data Protection Officer |')).toEqual([['72h', 3]]);
  });
});

describe('a labelled list item under a heading that names its subject', () => {
  test('an online retailer: the policy sets 14 characters, the standard\'s item under "Password length" 12', async () => {
    const { issues, texts } = await conflicts({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n5.2 Passwords of user accounts must have a minimum length of 14 characters.\n',
      'Password-and-Authentication-Standard.md': [
        '# Password and Authentication Standard',
        '',
        '## 3. Password length and composition',
        '',
        'a) Standard user accounts: a minimum of 12 characters.',
        '',
        'b) Privileged accounts and service accounts: a minimum of 16 characters.',
      ].join('\n'),
    });
    expect(issues.map((i) => i.title)).toEqual([
      'Conflicting minimum password length: 14 characters in Information-Security-Policy.md vs 12 characters in Password-and-Authentication-Standard.md',
    ]);
    expectVerbatim(issues[0]!, texts);
    // The description says what each document states in its own words, not only the label's.
    expect(issues[0]!.description).toContain(
      'The statements: Information-Security-Policy.md: "5.2 Passwords of user accounts must have a minimum length of 14 characters."',
    );
    expect(issues[0]!.description).toContain(
      'Password-and-Authentication-Standard.md: "a) Standard user accounts',
    );
  });

  test("a building society: the policy sets 12 characters for staff accounts, the standard's item 10", async () => {
    const { issues } = await conflicts({
      'Access-Control-Policy.md':
        '# Access Control Policy\n\n4.1 Passwords for staff accounts must have a minimum length of 12 characters.\n',
      'Authentication-Standard.md':
        '# Authentication Standard\n\n## 2. Password rules\n\n- Staff accounts: at least 10 characters.\n',
    });
    expect(issues).toHaveLength(1);
  });

  test('decoys: an item for privileged accounts, and a labelled item under a heading about something else', async () => {
    const { issues } = await conflicts({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n5.2 Passwords of user accounts must have a minimum length of 12 characters.\n',
      'Service-Desk-Standard.md': [
        '# Service Desk Standard',
        '',
        '## 2. Password length',
        '',
        'b) Privileged accounts: a minimum of 16 characters.',
        '',
        '## 3. Ticket references',
        '',
        'a) Incident tickets: a reference of 10 characters.',
      ].join('\n'),
    });
    expect(issues).toEqual([]);
  });
});

describe('clauses', () => {
  test('a full stop after a single letter ("U.S.", "e.g.") ends an abbreviation, not the clause', () => {
    const around = (text: string, value: string) => clauseAround(text, text.indexOf(value), value.length);
    expect(
      around('The plan is reviewed and filed with the U.S. regulator every 3 years.', 'every 3 years'),
    ).toBe('The plan is reviewed and filed with the U.S. regulator every 3 years');
    expect(around('Removable media (e.g. USB sticks) are wiped within 30 days.', 'within 30 days')).toBe(
      'Removable media (e.g. USB sticks) are wiped within 30 days',
    );
    expect(around('Keys are rotated yearly. Logs are kept 90 days.', '90 days')).toBe(
      'Logs are kept 90 days',
    );
  });
});

describe('topics', () => {
  test('key nouns drop grammar and rule words, fold synonyms and expand defined abbreviations', () => {
    const abbreviations = definedAbbreviations(['The token-signing key (TSK) signs session tokens.']);
    expect(abbreviations.get('TSK')).toBe('token-signing key');
    expect(topicWords('TSK', abbreviations)).toEqual(expect.arrayContaining(['tsk', 'token-signing']));
    expect(topicWords('CCTV recordings are kept for thirty days')).toEqual(['video']);
    expect(topicWords('Supplier session recordings are kept for 90 days')).toEqual(['supplier', 'session']);
    expect(topicWords('footage now kept 3 months')).toEqual(['video']);
  });
});

describe('conflicting values for one concept', () => {
  test('retention of one thing stated twice conflicts across units; other things stay apart', async () => {
    const { issues, texts } = await conflicts({
      'Records-Retention-Schedule.md': [
        '# Records Retention Schedule',
        '',
        '| Ref | Record | System | Retention | Owner |',
        '|---|---|---|---|---|',
        '| R1 | Visitor sign-in sheets | Reception desk | 7 years | Facilities |',
        '| R2 | Infusion pump event data | Biomedical engineering | 2 years | Biomed lead |',
        '| R3 | Wristband scan records | Ward scanners | 3 months | Nursing |',
        '',
      ].join('\n'),
      'Patient-Privacy-Policy.md': [
        '# Patient Privacy Policy',
        '',
        '4.1 Visitor sign-in sheets are kept for thirteen months and then shredded.',
        '',
        '4.2 Wristband scan records are retained for ninety days.',
        '',
        '4.3 Complaint files are retained for six years.',
        '',
      ].join('\n'),
    });
    const retention = issues.filter((i) => i.subject.startsWith('concept:record_retention'));
    expect(retention).toHaveLength(1);
    expect(retention[0]!.subject).toContain('visitor');
    expect(retention[0]!.description).toMatch(/13 months/);
    expect(retention[0]!.description).toMatch(/7 years/);
    expectVerbatim(retention[0]!, texts);
  });

  test('an e-mail naming footage conflicts with CCTV recordings retention of the policies', async () => {
    const { issues } = await conflicts({
      'Site-Security-Standard.md':
        '# Site Security Standard\n\n6.2 CCTV recordings are kept for 31 days and then overwritten.\n',
      'camera-upgrade.eml': [
        'From: site.lead@example.org',
        'To: security@example.org',
        'Subject: camera upgrade done, footage now kept 3 months',
        '',
        'Hi, the recorders are replaced and footage is now kept for three months on the new array.',
        '',
      ].join('\n'),
    });
    const video = issues.find((i) => i.subject.startsWith('concept:record_retention'));
    expect(video).toBeDefined();
    expect(video!.quotes.map((q) => q.document).sort()).toEqual([
      'Site-Security-Standard.md',
      'camera-upgrade.eml',
    ]);
  });

  test('a procedure contradicting its own summary table is found; other rows stay quiet', async () => {
    const { issues, texts } = await conflicts({
      'Signing-Key-Procedure.md': [
        '# Signing Key Procedure',
        '',
        '## 2. Keys',
        '',
        'The token-signing key (TSK) signs session tokens; the root key signs the TSK.',
        '',
        '## 3. Rotation',
        '',
        '3.1 Token-signing keys are rotated at the end of their cryptoperiod, which is eighteen months from first use.',
        '',
        '3.2 Keys are generated in the hardware module.',
        '',
        '3.3 Key usage is logged.',
        '',
        '## 4. Cryptoperiods',
        '',
        '| Key type | Cryptoperiod | Rotation trigger |',
        '|---|---|---|',
        '| Root key | 10 years | Hardware refresh |',
        '| TSK | 36 months | Scheduled |',
        '',
      ].join('\n'),
    });
    const rotation = issues.filter((i) => i.subject.startsWith('concept:key_rotation'));
    expect(rotation).toHaveLength(1);
    expect(rotation[0]!.description).toMatch(/18 months/);
    expect(rotation[0]!.description).toMatch(/3 years|36 months/);
    expect(rotation[0]!.description).not.toMatch(/10 years/);
    expect(rotation[0]!.description).toMatch(/twice/);
    expectVerbatim(rotation[0]!, texts);
  });

  test('recovery time: the RTO column of a table against a restoration deadline in the text', async () => {
    const { issues } = await conflicts({
      'Continuity-Plan.md': [
        '# Continuity Plan',
        '',
        '## 3. Recovery objectives',
        '',
        '| Service | RTO | RPO |',
        '|---|---|---|',
        '| Laboratory information management system (LIMS) | 4 hours | 1 hour |',
        '| Payroll | 24 hours | 24 hours |',
        '',
        '## 5. Strategies',
        '',
        '5.1 Staff work from the second site.',
        '',
        '5.2 The hospital accepts restoration of the LIMS within twelve (12) hours of the declaration.',
        '',
      ].join('\n'),
    });
    const rto = issues.find((i) => i.subject.startsWith('concept:recovery_time_objective'));
    expect(rto).toBeDefined();
    expect(rto!.description).toMatch(/4 hours/);
    expect(rto!.description).toMatch(/12 hours/);
    expect(rto!.description).not.toMatch(/24 hours/);
  });

  test('decoys: a stricter rule for particular logs, tests of different objects, equal values in words', async () => {
    const { issues } = await conflicts({
      'Logging-Standard.md': '# Logging Standard\n\n4.2 Audit logs are retained for at least one year.\n',
      'Calibration-Procedure.md':
        '# Calibration Procedure\n\n7.1 Calibration logs and operator sign-offs are retained for at least three years.\n',
      'Testing-Standard.md':
        '# Testing Standard\n\n3.3 Internal and external penetration tests are performed annually.\n',
      'Network-Overview.md':
        '# Network Overview\n\n4.2 Segmentation controls are verified by penetration testing every six months.\n',
      'Patch-Policy.md':
        '# Patch Policy\n\n5.1 Critical vulnerabilities are remediated within fourteen calendar days.\n',
      'Patch-Procedure.md':
        '# Patch Procedure\n\n4.1 Critical vulnerabilities are remediated within two weeks.\n',
    });
    expect(issues.map((i) => i.title)).toEqual([]);
  });

  test('minutes about one service do not contradict a table row of another service', async () => {
    const { issues } = await conflicts({
      'Continuity-Plan.md': [
        '# Continuity Plan',
        '',
        '## 3. Recovery objectives',
        '',
        '| Service | RTO | RPO |',
        '|---|---|---|',
        '| Order platform | 4 hours | 1 hour |',
        '| Fleet routing | 8 hours | 4 hours |',
        '',
      ].join('\n'),
      'Review-Minutes-2026.txt': [
        'Management review minutes',
        '',
        'The failover test restored the order platform in 3 h; data loss measured at 20 minutes against a 1-hour RPO.',
        '',
      ].join('\n'),
    });
    expect(issues.filter((i) => i.subject.startsWith('concept:recovery_point_objective'))).toEqual([]);
  });

  test('a table row takes its action from its value column, not from another column', async () => {
    const { issues } = await conflicts({
      'Monitoring-Standard.md': [
        '# Monitoring Standard',
        '',
        '| Alert severity | Examples | Acknowledge within | Escalate to |',
        '|---|---|---|---|',
        '| Critical | Malware outbreak on a ward | 15 minutes | Incident commander |',
        '',
      ].join('\n'),
      'contract-signed.eml':
        'From: legal@example.org\nTo: ciso@example.org\nSubject: amendment\n\nThe ward cleaning amendment is signed (24-hour incident notice).\n',
    });
    expect(issues.filter((i) => i.subject.startsWith('concept:incident_notification'))).toEqual([]);
  });

  test('backups of different systems may differ; one system stated two ways may not', async () => {
    const { issues } = await conflicts({
      'Backup-Standard.md': '# Backup Standard\n\n3.1 Pharmacy database backups are taken daily.\n',
      'File-Services-Procedure.md':
        '# File Services Procedure\n\n2.4 Imaging file server backups are taken weekly.\n',
    });
    expect(issues.filter((i) => i.subject.startsWith('concept:backup_frequency'))).toEqual([]);
    const same = await conflicts({
      'Backup-Standard.md': '# Backup Standard\n\n3.1 Pharmacy database backups are taken daily.\n',
      'Pharmacy-Procedure.md': '# Pharmacy Procedure\n\n2.4 The pharmacy database is backed up weekly.\n',
    });
    expect(same.issues.filter((i) => i.subject.startsWith('concept:backup_frequency'))).toHaveLength(1);
  });

  test('a trigger threshold is not a notification deadline', async () => {
    const { issues } = await conflicts({
      'Continuity-Plan.md':
        '# Continuity Plan\n\n4.2 Triggers include an incident with loss of access to a site for more than two hours.\n',
      'Incident-Procedure.md':
        '# Incident Procedure\n\n5.2 Staff report the incident to the incident manager within one hour.\n',
    });
    expect(issues.filter((i) => i.subject.startsWith('concept:incident_notification'))).toEqual([]);
  });
});

describe('backups against the recovery point objective', () => {
  test('hourly replication meets a one-hour RPO even when daily backups are also kept', async () => {
    const { a } = await analyse({
      'Continuity-Plan.md':
        '# Continuity Plan\n\n3.1 The recovery point objective (RPO) of the order platform is 1 hour.\n',
      'Hosting-Agreement.md':
        '# Hosting Agreement\n\n8.1 The provider shall replicate the order platform data every hour and retain daily backups for 35 days.\n',
    });
    expect(recoveryPointIssue(a.facts)).toBeNull();
  });

  test('weekly backups of the system with a one-day RPO are found', async () => {
    const { a } = await analyse({
      'Continuity-Plan.md':
        '# Continuity Plan\n\n3.1 The recovery point objective (RPO) of the order platform is 24 hours.\n',
      'ops-change.eml':
        'From: ops@example.org\nTo: it@example.org\nSubject: backups\n\nThe order platform backups are taken weekly from now on.\n',
    });
    const issue = recoveryPointIssue(a.facts);
    expect(issue).not.toBeNull();
    expect(issue!.title).toMatch(/weekly/);
  });
});

describe('round 2: units, table context and general rules', () => {
  test('seconds, calendar months and "next business day" deadlines are read as durations', () => {
    const first = (text: string) => extractTimeQuantities(text)[0]!;
    expect(describeDays(first('Screen saver timeout: 900 seconds').value)).toBe('15 minutes');
    expect(Math.round(first('answered within one calendar month of receipt').value)).toBe(30);
    const nextDay = first('the branch informs the depot by close of business on the following working day');
    expect(nextDay.bound).toBe('max');
    expect(nextDay.value).toBeGreaterThanOrEqual(1);
    expect(nextDay.value).toBeLessThan(2);
  });

  test('a shop-floor setting in seconds conflicts with the policy lock time; equal values stay quiet', async () => {
    const policy =
      '# Plant IT Policy\n\n3.2 Operator terminals lock the session after 10 minutes of inactivity.\n';
    const { issues } = await conflicts({
      'Plant-IT-Policy.md': policy,
      'Terminal-Hardening-Guide.md':
        '# Terminal Hardening Guide\n\n## 2. Settings\n\nConsole idle limit: 2400 seconds\n',
    });
    const lock = issues.find((i) => i.subject.startsWith('concept:session_timeout'));
    expect(lock).toBeDefined();
    expect(lock!.description).toMatch(/40 minutes/);
    const decoy = await conflicts({
      'Plant-IT-Policy.md': policy,
      'Terminal-Hardening-Guide.md':
        '# Terminal Hardening Guide\n\n## 2. Settings\n\nConsole idle limit: 600 seconds\n',
    });
    expect(decoy.issues.filter((i) => i.subject.startsWith('concept:session_timeout'))).toHaveLength(0);
  });

  test('a fast removal rule against "by the end of the next business day" for leavers conflicts', async () => {
    const { issues, texts } = await conflicts({
      'Trading-Desk-Access-Standard.md':
        '# Trading Desk Access Standard\n\n4.1 When a trader resigns, all trading platform entitlements are revoked within two hours of the resignation being recorded.\n',
      'Branch-Offboarding-Procedure.md':
        '# Branch Offboarding Procedure\n\n2.3 The branch administrator disables the departing employee trading platform accounts by the end of the next business day.\n',
    });
    const leavers = issues.find((i) => i.subject.startsWith('concept:access_revocation'));
    expect(leavers).toBeDefined();
    expectVerbatim(leavers!, texts);
  });

  test('a lost badge reported within an hour in the text but next day on the card conflicts', async () => {
    const card = (deadline: string) =>
      [
        '# Site Badge Standard',
        '',
        '## 3. Lost or stolen badges',
        '',
        '3.1 A contractor whose access badge is lost or stolen must report it to Site Security within one hour so that the badge can be cancelled.',
        '',
        'Badges are printed at the gatehouse.',
        '',
        'Visitors are escorted at all times.',
        '',
        '## Appendix A. Pocket card',
        '',
        '| If this happens | Do this |',
        '|---|---|',
        `| Your badge is lost or stolen | Phone Site Security ${deadline} |`,
        '',
      ].join('\n');
    const { issues } = await conflicts({
      'Site-Badge-Standard.md': card('by the end of the next business day'),
    });
    const loss = issues.find((i) => i.subject.startsWith('concept:loss_report_deadline'));
    expect(loss).toBeDefined();
    expect(loss!.description).toMatch(/in a table/);
    const decoy = await conflicts({ 'Site-Badge-Standard.md': card('within one hour') });
    expect(decoy.issues.filter((i) => i.subject.startsWith('concept:loss_report_deadline'))).toHaveLength(0);
  });

  test('a response time in text against its service-level table row conflicts', async () => {
    const doc = (row: string) =>
      [
        '# Planning Enquiries Procedure',
        '',
        '3.1 The council responds to every planning enquiry within one calendar month of receipt.',
        '',
        'Enquiries are logged in the case system.',
        '',
        'Exemptions are approved by the head of planning.',
        '',
        '## 6. Service levels',
        '',
        'The following service levels apply to enquiries:',
        '',
        '| Stage | Service level |',
        '|---|---|',
        '| Acknowledge receipt | 2 working days from receipt |',
        `| Full response | ${row} |`,
        '',
      ].join('\n');
    const { issues } = await conflicts({
      'Planning-Enquiries-Procedure.md': doc('30 working days from receipt'),
    });
    expect(issues.find((i) => i.subject.startsWith('concept:request_response_deadline'))).toBeDefined();
    const decoy = await conflicts({ 'Planning-Enquiries-Procedure.md': doc('4 weeks from receipt') });
    expect(
      decoy.issues.filter((i) => i.subject.startsWith('concept:request_response_deadline')),
    ).toHaveLength(0);
  });

  test('a remediation table introduced by a caption is read against the text for the same severity', async () => {
    const doc = (critical: string) =>
      [
        '# Fleet Telematics Patch Procedure',
        '',
        '## 3. Critical fixes',
        '',
        '3.1 Critical vulnerabilities in roadside units are patched within 72 hours of the vendor fix.',
        '',
        'Units out of contact are patched on return to the depot.',
        '',
        'The depot manager keeps the unit list.',
        '',
        '## 6. Timeframes',
        '',
        'The table below sets the longest time allowed to remediate a vulnerability:',
        '',
        '| Severity | Roadside units | Depot systems |',
        '|---|---|---|',
        `| Critical | ${critical} | within one month |`,
        '| Medium | within one month | within one month |',
        '',
      ].join('\n');
    const { issues } = await conflicts({ 'Patch-Procedure.md': doc('within 21 days') });
    const critical = issues.find((i) => i.subject === 'concept:vulnerability_remediation:critical');
    expect(critical).toBeDefined();
    const decoy = await conflicts({ 'Patch-Procedure.md': doc('within 72 hours') });
    expect(
      decoy.issues.filter((i) => i.subject.startsWith('concept:vulnerability_remediation')),
    ).toHaveLength(0);
  });

  test('a general minimum for the document subject is broken by a shorter table row; longer rows are fine', async () => {
    const doc = (archive: string) =>
      [
        '# Dispatch Recording Standard',
        '',
        '## 2. Retention',
        '',
        '2.1 Dispatch recordings are retained for at least two years from the date of the call.',
        '',
        'Recordings are encrypted at rest.',
        '',
        'Access is limited to supervisors.',
        '',
        '## 5. Recording sources',
        '',
        '| Source | Online | Total retention |',
        '|---|---|---|',
        '| Radio channels | 30 days | 3 years |',
        `| Emergency line | 30 days | ${archive} |`,
        '',
      ].join('\n');
    const { issues } = await conflicts({ 'Dispatch-Recording-Standard.md': doc('9 months') });
    const shorter = issues.find((i) => i.subject.startsWith('concept:record_retention'));
    expect(shorter).toBeDefined();
    expect(shorter!.description).toMatch(/9 months/);
    const decoy = await conflicts({ 'Dispatch-Recording-Standard.md': doc('2 years') });
    expect(decoy.issues.filter((i) => i.subject.startsWith('concept:record_retention'))).toHaveLength(0);
  });

  test('a fixed-width text schedule is read per row and aligned with an "includes" list', async () => {
    const schedule = (years: string) =>
      [
        'LAB RECORDS PROCEDURE',
        '',
        '4  RETENTION SCHEDULE',
        '',
        '   Record                          Start           Keep',
        '   -----------------------------   -------------   --------',
        '   Batch release certificates      release         15 years',
        `   Stability study raw data        study close     ${years}`,
        '     and chromatograms',
        '   Training records                leaving          2 years',
        '',
      ].join('\n');
    const manual =
      '# Laboratory Manual\n\n5.2 Laboratory quality records are retained for a minimum of fifteen (15) years after batch release. This includes stability study raw data, chromatograms and batch release certificates.\n';
    const { issues, texts } = await conflicts({
      'Laboratory-Manual.md': manual,
      'Lab-Records-Procedure.txt': schedule(' 8 years'),
    });
    const short = issues.find((i) => i.subject.startsWith('concept:record_retention'));
    expect(short).toBeDefined();
    expect(short!.description).toMatch(/8 years/);
    expectVerbatim(short!, texts);
    const decoy = await conflicts({
      'Laboratory-Manual.md': manual,
      'Lab-Records-Procedure.txt': schedule('15 years'),
    });
    expect(decoy.issues.filter((i) => i.subject.startsWith('concept:record_retention'))).toHaveLength(0);
  });
});

describe('round 2: keeping statements about different things apart', () => {
  test('a list item takes its actor from the lead-in sentence', async () => {
    const { issues } = await conflicts({
      'Carrier-Management-Policy.md': [
        '# Carrier Management Policy',
        '',
        '## 3. Contract terms',
        '',
        'Every haulage contract must require the carrier to:',
        '',
        '1. report to the company any security incident within five calendar days, so that the company can notify customers;',
        '2. keep driver records for two years.',
        '',
      ].join('\n'),
      'Customer-Charter.md':
        '# Customer Charter\n\n4.1 Customers are notified of a confirmed security incident affecting their consignments within thirty days.\n',
    });
    expect(issues.filter((i) => i.subject.startsWith('concept:incident_notification'))).toHaveLength(0);
  });

  test('"this plan" gives a test frequency the scope of the document it stands in', async () => {
    const { issues } = await conflicts({
      'Incident-Response-Plan.md':
        '# Incident Response Plan\n\n9.1 This plan is exercised through a tabletop exercise twice a year.\n',
      'Warehouse-Services-Agreement.md':
        '# Warehouse Services Agreement\n\n5.2 The provider keeps a documented business continuity plan tested annually.\n',
    });
    expect(issues.filter((i) => i.subject.startsWith('concept:plan_testing_frequency'))).toHaveLength(0);
  });

  test('a frequency belongs to the action of its own clause', async () => {
    const { issues } = await conflicts({
      'Clinic-IT-Policy.md':
        '# Clinic IT Policy\n\n5.1 Patient database backups run nightly, and restoration is tested at least once every six months.\n',
      'steering-minutes.txt':
        'Steering minutes\n\n- Backups: nightly backups in place; last restoration test 3 March was successful.\n',
    });
    expect(issues.filter((i) => i.subject.startsWith('concept:restore_test_frequency'))).toHaveLength(0);
  });
});

describe('robustness and the corpus date', () => {
  test('a word broken at a line end before an abbreviation neither throws nor hides the abbreviation', () => {
    const abbreviations = definedAbbreviations([
      'Remote staff must use multi-\nfactor authentication (MFA) for every login.',
    ]);
    expect(abbreviations.get('MFA')).toMatch(/factor authentication$/);
  });

  test("the corpus's newest date is taken as of the snapshot's pinned date, not the wall clock", async () => {
    const snapshot = await snapshotOf({
      'Records-Standard.md':
        '# Records Standard\n\nApproved on 2026-01-10.\n\nThe archive moves on 2030-05-01.',
    });
    const newest = (asOf: string) =>
      analyzeCorpus({ ...snapshot, asOf: Date.parse(asOf) }, null).referenceDate?.iso ?? null;
    expect(newest('2027-01-01')).toBe('2026-01-10');
    expect(newest('2031-01-01')).toBe('2030-05-01');
  });
});

describe('a value belongs to the action its sentence attaches it to', () => {
  const factsOf = async (files: Record<string, string>, concept: string) =>
    (await analyse(files)).a.facts
      .filter((f) => f.concept.id === concept)
      .map((f) => [f.segment.document, f.quantity.phrase]);

  test('an insurer: indicators reported monthly under the Backup Standard are no backup frequency; nightly backups are', async () => {
    expect(
      await factsOf(
        {
          'Risk-Framework.md':
            '# Risk Framework\n\nTolerances follow the Backup Standard, and key risk indicators are reported monthly to the Executive Risk Committee.\n',
          'Backup-Standard.md': '# Backup Standard\n\nPolicy administration databases are backed up daily.\n',
        },
        'backup_frequency',
      ),
    ).toEqual([['Backup-Standard.md', 'daily']]);
  });

  test('a housing association: the DPO reports quarterly on training; staff are trained annually', async () => {
    expect(
      await factsOf(
        {
          'Data-Protection-Policy.md':
            '# Data Protection Policy\n\nThe DPO reports quarterly to the Audit Committee on data protection training completion.\n\nAll staff complete data protection awareness training annually.\n',
        },
        'training_frequency',
      ),
    ).toEqual([['Data-Protection-Policy.md', 'annually']]);
  });
});

describe("the sentence's own reading keeps different populations and kinds apart", () => {
  test.each([
    [
      'a building society: privileged and standard user access',
      {
        'Access-Policy.md':
          '# Access Policy\n\n5.1 Privileged access reviews are performed quarterly by the platform owner.\n',
        'Branch-Systems-Standard.md':
          '# Branch Systems Standard\n\n3.2 **Ordinary user access reviews.** Each branch manager reviews user access to the teller systems every six months.\n',
      },
    ],
    [
      'a freight forwarder: external and application penetration tests',
      {
        'Security-Testing-Standard.md':
          '# Security Testing Standard\n\n2.1 Application penetration tests of the booking portal run every three years.\n',
        'Operations-Committee-Minutes.txt':
          'Operations Committee minutes\n\n4.2 The annual external penetration test of the booking portal raised three minor points.\n',
      },
    ],
    [
      'a water utility: a hyphenated kind ("intelligence-led") against external penetration tests',
      {
        'Resilience-Framework.md':
          '# Resilience Framework\n\n2.1 Intelligence-led penetration testing of the telemetry platform happens every three years.\n',
        'Board-Minutes.txt':
          'Board minutes\n\n4.2 Members noted that the annual external penetration test of the telemetry platform raised no high issues.\n',
      },
    ],
    [
      'a housing association: passive clauses about risks and about waivers in one register',
      {
        'Information-Security-Policy.md':
          '# Information Security Policy\n\n4.1 Operational risks are entered in the risk register, rated on a five-point scale and reviewed by the audit committee every quarter.\n',
        'Patch-Procedure.md':
          '# Patch Procedure\n\n7.2 Waivers are entered in the risk register and reviewed monthly.\n',
      },
    ],
    [
      'a port authority: the resilience assessment and the remaining operator accounts, each reviewed passively',
      {
        'Cyber-Policy.md':
          '# Cyber Policy\n\n3.3 The resilience risk assessment is re-examined and re-certified with the port regulator every 5 years.\n',
        'Account-Procedure.md':
          '# Account Procedure\n\n7.2 Every remaining crane operator account is reviewed once a year.\n',
      },
    ],
  ])('%s', async (_name, files) => {
    const { issues } = await conflicts(files);
    expect(issues.filter((i) => i.primitive === 'conflict_check')).toEqual([]);
  });

  test('a hospital trust: the same population stated with two values still conflicts', async () => {
    const { issues, texts } = await conflicts({
      'Access-Policy.md':
        '# Access Policy\n\n5.1 Privileged access reviews of clinical systems are performed quarterly by the system owner.\n',
      'Clinical-Systems-Procedure.md':
        '# Clinical Systems Procedure\n\n3.2 Privileged access reviews of clinical systems are performed every six months by the system owner.\n',
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.description).toMatch(/quarterly|3 months/);
    expectVerbatim(issues[0]!, texts);
  });
});

describe('reviewing the accounts a vendor holds is not reviewing the vendor', () => {
  test("decoy: a telecom's and a hospital's privileged-account reviews that include supplier accounts", async () => {
    const { issues } = await conflicts({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n7.3 All privileged accounts, including supplier accounts, are reviewed by the system owner every quarter.\n',
      'Access-Control-Standard.md':
        '# Access Control Standard\n\n6.2 Privileged accounts, including supplier accounts on network elements, are reviewed by the system owner every six months.\n',
      'Supplier-Policy.md': '# Supplier Policy\n\n4.1 Critical suppliers are reassessed every year.\n',
    });
    expect(issues.filter((i) => /vendor risk review/.test(i.title))).toEqual([]);
  });

  test('a supplier reassessment stated twice with different frequencies is still a conflict', async () => {
    const { issues } = await conflicts({
      'Supplier-Policy.md': '# Supplier Policy\n\n4.1 Critical suppliers are reassessed every year.\n',
      'Procurement-Procedure.md':
        '# Procurement Procedure\n\n3.2 Critical suppliers are reassessed every two years by procurement.\n',
    });
    expect(issues.map((i) => i.title)).toEqual([expect.stringMatching(/vendor risk review frequency/)]);
  });
});

describe('register rows are records: a value counts only where its cell or column names the concept', () => {
  test('decoys: a plantation\'s service-account row with an annual password rotation, and a bank\'s "auto-disabled after 60 days without log-in"', async () => {
    const { issues } = await conflicts({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n10.2 Backups of business systems are taken daily.\n\n6.4 Access of leavers is revoked within 1 day of the termination date.\n\n9.1 Audit logs are retained for 1 year.\n',
      'Privileged-Account-Register.csv': [
        'Account ID,Description,Owner,Notes',
        'PA-011,Service account — SQL backup jobs,Infrastructure,Password rotated 10/03/2026 (annual)',
        'PA-020,Vendor — mill DCS support (terminated contract),OT,Auto-disabled after 60 days without log-in',
      ].join('\n'),
    });
    expect(issues).toEqual([]);
  });

  test("a hospital's backup register whose \"Backup frequency\" column says weekly against the policy's daily (and a school's in the cell itself)", async () => {
    const { issues } = await conflicts({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n10.2 Backups of clinical systems are taken daily.\n',
      'Backup-Register.csv': ['System,Owner,Backup frequency', 'PACS,Radiology,Weekly'].join('\n'),
    });
    expect(issues.map((i) => i.subject)).toEqual([expect.stringMatching(/^concept:backup_frequency/)]);
    const school = await conflicts({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n10.2 Backups of student systems are taken daily.\n',
      'Systems-Register.csv': ['System,Owner,Notes', 'MIS,Bursar,Backups taken weekly to the cloud'].join(
        '\n',
      ),
    });
    expect(school.issues.map((i) => i.subject)).toEqual([expect.stringMatching(/^concept:backup_frequency/)]);
  });
});

describe('a scoped rule against a table of several general values', () => {
  test("decoy: a distiller's processors notify within 24 hours; its incident table escalates internally in 4 to 48 hours by severity", async () => {
    const { issues } = await conflicts({
      'Data-Protection-Policy.md':
        '# Data Protection Policy\n\n9.2 Processors must notify Kinloch of any personal data breach within 24 hours of becoming aware of it.\n',
      'Incident-Response-Procedure.md': [
        '# Incident Response Procedure',
        '',
        '| Severity | Notify | Within |',
        '|---|---|---|',
        '| 1 — Critical | Executive Sponsor | 1 hour |',
        '| 2 — High | Executive Sponsor | 4 hours |',
        '| 3 — Medium | IT Manager | 48 hours |',
      ].join('\n'),
    });
    expect(issues.filter((i) => i.subject.startsWith('concept:incident_notification'))).toEqual([]);
  });
});

describe('a record of practice within the bound of the rule it follows', () => {
  const breachProcedure =
    '# Privacy Breach Procedure\n\n5.1 If serious harm is likely, the Chief Privacy Officer notifies the Privacy Commissioner as soon as practicable, with a target of 72 hours from the time the Council becomes aware of the breach.\n';

  test("decoy: a council's minutes note a breach notified two days after discovery, within the 72-hour target", async () => {
    const { issues } = await conflicts({
      'Privacy-Breach-Procedure.md': breachProcedure,
      'Committee-Minutes.eml': minutesEmail(
        '6.1 One privacy breach was assessed as notifiable and was notified to the Office of the Privacy Commissioner two days after discovery.',
      ),
    });
    expect(issues.filter((i) => /notif/i.test(i.title))).toEqual([]);
  });

  test('the same minutes noting a notice five days after discovery: the practice misses the target', async () => {
    const { issues } = await conflicts({
      'Privacy-Breach-Procedure.md': breachProcedure,
      'Committee-Minutes.eml': minutesEmail(
        '6.1 One privacy breach was assessed as notifiable and was notified to the Office of the Privacy Commissioner five days after discovery.',
      ),
    });
    expect(issues.map((i) => i.title)).toEqual([expect.stringMatching(/72 hours .* vs 5 days/)]);
  });

  test("decoy: a wholesaler's e-mail records an incident reported to its bank in 6 hours, under a 24-hour limit", async () => {
    const { issues } = await conflicts({
      'Incident-Procedure.md':
        '# Incident Procedure\n\n4.1 Security incidents affecting card data must be reported to the acquiring bank within 24 hours of detection.\n',
      'Incident-Note.eml': minutesEmail(
        'The security incident affecting card data on 2 October was reported to the acquiring bank 6 hours after detection.',
      ),
    });
    expect(issues.filter((i) => /notif/i.test(i.title))).toEqual([]);
  });
});

/** A short plain-text e-mail (evidence) whose body is one line. */
function minutesEmail(line: string): string {
  return [
    'From: secretary@example.com',
    'To: committee@example.com',
    'Subject: Minutes',
    'Date: Mon, 3 Nov 2025 10:00:00 +0000',
    'Content-Type: text/plain; charset=utf-8',
    '',
    line,
    '',
  ].join('\r\n');
}

describe('a statement about the rest of a kind', () => {
  const logConflicts = async (policy: string, row: string) =>
    (
      await conflicts({
        'Security-Policy.md': `# Security Policy\n\n7.2 ${policy}\n`,
        'Records-Retention-Schedule.md': `# Records Retention Schedule\n\n| Code | Record series | Retention period |\n|---|---|---|\n${row}\n`,
      })
    ).issues.filter((i) => i.subject.startsWith('concept:log_retention'));

  test('decoys: a pharmacy benefit manager\'s logs of components "that hold no ePHI" and a school district\'s kiosks "without student data" are not the logs the policy keeps', async () => {
    expect(
      await logConflicts(
        'Audit logs of ePHI systems are kept for not less than six (6) years.',
        '| SEC-02 | Audit logs of payment components that hold no ePHI | 12 months |',
      ),
    ).toEqual([]);
    expect(
      await logConflicts(
        'Audit logs of student information systems are retained for three years.',
        '| IT-04 | Audit logs of library kiosks without student data | 90 days |',
      ),
    ).toEqual([]);
  });

  test('the same rows about the very logs the policy keeps conflict with it', async () => {
    expect(
      await logConflicts(
        'Audit logs of ePHI systems are kept for not less than six (6) years.',
        '| SEC-01 | Audit logs of ePHI systems | 12 months |',
      ),
    ).toHaveLength(1);
    expect(
      await logConflicts(
        'Audit logs of student information systems are retained for three years.',
        '| IT-04 | Audit logs of student information systems | 90 days |',
      ),
    ).toHaveLength(1);
  });
});

describe('access reviews written as "access to <systems>, ..., is reviewed <how often>"', () => {
  const reviewsOf = (issues: Issue[]) =>
    issues.filter((i) => i.subject.startsWith('concept:access_review_frequency'));

  test('a freight forwarder and a water authority: the procedure reviews the access less often than the policy', async () => {
    const freight = await conflicts({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n6.5 User access to the TMS, the customs gateway and the carrier portal, including all privileged accounts, is reviewed quarterly by the system owner.\n',
      'Access-Control-Procedure.md':
        '# Access Control Procedure\n\n7.1 User access to the TMS, the customs gateway and the carrier portal is reviewed every six months, in March and September.\n',
    });
    expect(reviewsOf(freight.issues)).toHaveLength(1);
    expectVerbatim(reviewsOf(freight.issues)[0]!, freight.texts);
    const water = await conflicts({
      'Cybersecurity-Policy.md':
        '# Cybersecurity Policy\n\n7.5 Access to the SCADA servers and the billing system shall be reviewed every quarter.\n',
      'Access-Procedure.md':
        '# Access Procedure\n\n5.1 Access to all systems, including the SCADA servers and the billing system, is reviewed once a year.\n',
    });
    expect(reviewsOf(water.issues)).toHaveLength(1);
  });

  test('access logs reviewed at another frequency are no access review (decoy)', async () => {
    const { issues } = await conflicts({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n6.5 User access to the TMS and the customs gateway is reviewed quarterly by the system owner.\n',
      'Monitoring-Procedure.md':
        '# Monitoring Procedure\n\n4.2 Access to the TMS is recorded in access logs, and the logs are reviewed weekly by the service desk.\n',
    });
    expect(reviewsOf(issues)).toEqual([]);
  });
});

describe('privileged access reviews: one rule for privileged accounts, however the sentence names them', () => {
  test('a shipping line: "privileged access rights" quarterly against administrator accounts on a list of systems every six months', async () => {
    const { issues, texts } = await conflicts({
      'Security-Policy.md':
        '# Security Policy\n\n6.3 Standard user access rights are reviewed at least every six (6) months.\n\n6.4 Privileged access rights are reviewed at least quarterly by the Security Lead.\n',
      'Access-Procedure.md':
        '# Access Procedure\n\n9.1 Standard user access is reviewed every six (6) months by line managers.\n\n9.2 Administrator accounts on the booking platform, the vessel network and the HR system are reviewed every six (6) months by the Security Lead.\n',
    });
    const review = issues.filter((i) => i.subject.startsWith('concept:access_review_frequency'));
    expect(review.map((i) => i.subject)).toEqual([
      'concept:access_review_frequency:privileged and system accounts',
    ]);
    expect(review[0]!.quotes.map((q) => q.text).join(' ')).toMatch(
      /quarterly[\s\S]*Administrator accounts|Administrator accounts[\s\S]*quarterly/,
    );
    expectVerbatim(review[0]!, texts);
  });

  test('a school trust: the policy sets privileged accounts quarterly in a sentence that gives standard users six months; the procedure reviews both every six months', async () => {
    const { issues } = await conflicts({
      'Trust-Security-Policy.md':
        '# Trust Security Policy\n\n5.2 Heads of IT shall review privileged accounts quarterly and standard user accounts every six (6) months.\n',
      'Account-Review-Procedure.md':
        '# Account Review Procedure\n\n1. The IT Manager reviews all privileged and standard user accounts on each school system every six (6) months.\n',
    });
    expect(
      issues.filter((i) => i.subject === 'concept:access_review_frequency:privileged and system accounts'),
    ).toHaveLength(1);
  });

  test('a water utility: the procedure reviews access to all systems once a year and sets nothing apart for privileged accounts', async () => {
    const { issues } = await conflicts({
      'Cyber-Policy.md':
        '# Cyber Policy\n\n7.5 System owners shall review privileged accounts and all accounts in the control network every quarter.\n',
      'Access-Procedure.md':
        '# Access Procedure\n\n5.1 Access to all systems, including the control network and the billing platform, is reviewed once a year.\n',
    });
    expect(issues.filter((i) => i.subject.startsWith('concept:access_review_frequency'))).toHaveLength(1);
  });

  test("decoy: a supplier's notice time against the firm's own notice to the regulator is two rules, not a general one falling short", async () => {
    const { issues } = await conflicts({
      'Supplier-Policy.md':
        '# Supplier Policy\n\n4.1 Suppliers must notify the Company of any security incident within 24 hours of discovery.\n',
      'Incident-Procedure.md':
        '# Incident Procedure\n\n6.2 The Company notifies the supervisory authority of a personal data breach within 72 hours of becoming aware of it.\n',
    });
    expect(issues.filter((i) => i.subject.startsWith('concept:incident_notification'))).toEqual([]);
  });

  test('decoys: each kind of account at its own frequency, and a stricter review of administrator accounts', async () => {
    const { issues } = await conflicts({
      'Security-Policy.md':
        '# Security Policy\n\n6.3 Standard user access rights are reviewed at least every six (6) months.\n\n6.4 Privileged access rights are reviewed at least quarterly.\n',
      'Access-Procedure.md':
        '# Access Procedure\n\n9.1 Standard user accounts are reviewed every six (6) months.\n\n9.2 Administrator accounts, including service accounts, are reviewed every month.\n',
    });
    expect(issues.filter((i) => i.subject.startsWith('concept:access_review_frequency'))).toEqual([]);
  });
});

describe('notice to a regulator: a commissioner is a regulator, a cybersecurity event an incident', () => {
  test('a wealth manager: the Commissioner told within 72 hours in the policy, within five (5) business days in the procedure', async () => {
    const { issues, texts } = await conflicts({
      'Data-Protection-Policy.md':
        "# Data Protection Policy\n\n8.3 The DPO notifies the Commissioner of any personal data breach that compromises a data subject's privacy within 72 hours of the Firm becoming aware of it.\n",
      'Incident-Procedure.md':
        '# Incident Procedure\n\n**Step 7 - Notify the Commissioner.** Notifiable personal data breaches are reported to the Commissioner of Data Protection within five (5) business days of the incident being confirmed.\n',
    });
    const notice = issues.filter((i) => i.subject.startsWith('concept:incident_notification'));
    expect(notice.map((i) => i.subject)).toEqual([
      'concept:incident_notification:affected individuals and regulators',
    ]);
    expectVerbatim(notice[0]!, texts);
  });

  test('a claims administrator: a Cybersecurity Event reported "in no event later than 72 hours" against five (5) business days', async () => {
    const { issues } = await conflicts({
      'Security-Policy.md':
        '# Security Policy\n\n10.2 When the Company determines that a Cybersecurity Event has occurred, the Compliance Officer shall notify the Insurance Commissioner as promptly as possible but in no event later than 72 hours after that determination.\n',
      'Response-Procedure.md':
        '# Response Procedure\n\nStep 6. Within five (5) business days of the determination that a Cybersecurity Event has occurred, the Compliance Officer files the notice with the state insurance regulator.\n',
    });
    expect(issues.filter((i) => i.subject.startsWith('concept:incident_notification'))).toHaveLength(1);
  });

  test("decoys: an audit on thirty (30) days' written notice after a breach is no notice of the breach; 72 hours and three days agree", async () => {
    const { issues } = await conflicts({
      'Data-Protection-Policy.md':
        '# Data Protection Policy\n\n8.1 Processors must notify the Company of any personal data breach within 72 hours of becoming aware of it.\n',
      'Hosting-Agreement.md':
        "# Hosting Agreement\n\n8.4 The Supplier shall notify the Customer of a Personal Data Breach within three (3) days of becoming aware of it.\n\n9.1 The Supplier shall allow the Customer to audit its premises once in any twelve (12) month period on at least thirty (30) days' written notice, and at any time following a Personal Data Breach.\n",
    });
    expect(issues.filter((i) => i.subject.startsWith('concept:incident_notification'))).toEqual([]);
  });
});

describe('an access review stated with another verb of the same clause', () => {
  test('an airline ground handler: "approved by the ISM and reviewed at least quarterly" against every six months', async () => {
    const { issues } = await conflicts({
      'Security-Policy.md':
        '# Security Policy\n\n6.4 Privileged access must be approved by the ISM and reviewed at least quarterly.\n',
      'Access-Procedure.md':
        '# Access Procedure\n\n8.3 The IT Operations Manager reviews all privileged accounts and service accounts every six months.\n',
    });
    expect(issues.map((i) => i.subject)).toContain(
      'concept:access_review_frequency:privileged and system accounts',
    );
  });

  test('a hospital: "granted by the unit manager and reviewed every six months" against quarterly', async () => {
    const { issues } = await conflicts({
      'Access-Policy.md':
        '# Access Policy\n\n4.2 Clinical system access is reviewed quarterly by the system owner.\n',
      'Security-Policy.md':
        '# Security Policy\n\n7.1 Clinical system access must be granted by the unit manager and reviewed every six months by the system owner.\n',
    });
    expect(issues.filter((i) => i.subject.startsWith('concept:access_review_frequency'))).toHaveLength(1);
  });
});

describe('frequencies written as "once in any period of"', () => {
  test('"once in any period of thirty-six (36) months" is once every three years; "once in any 12-month period" once a year', () => {
    const [audit] = extractTimeQuantities('not more than once in any period of thirty-six (36) months');
    expect(audit).toMatchObject({ kind: 'period', value: 1095.75 });
    const [year] = extractTimeQuantities('once in any 12-month period');
    expect(year).toMatchObject({ kind: 'period', value: 365.25 });
  });

  test('"in no event later than 72 hours" is a limit; "no longer than 30 days" too', () => {
    expect(extractTimeQuantities('but in no event later than 72 hours after')[0]!.bound).toBe('max');
    expect(extractTimeQuantities('kept no longer than 30 days')[0]!.bound).toBe('max');
  });
});

describe('a schedule whose table rows came out of a PDF one cell per line', () => {
  // The row's first cell ("7 ICT system and security logs") reads as a numbered heading; the value
  // cell below it, in the same block, is that row's value.
  const schedule = (title: string, label: string, value: string) =>
    [
      title,
      '',
      '1. Application',
      '1.1 This Schedule prescribes the period for which each category of record shall be retained.',
      '',
      '2. Schedule',
      '',
      `7 ${label}`,
      'Head - Information',
      'Technology',
      value,
      'Automatic roll-over /',
      'overwrite',
      '',
      '8 Board minutes and resolutions',
      'Company Secretary',
      'Permanent',
    ].join('\n');

  test('a gold lender and a water utility: the policy keeps logs 180 days, the schedule row 90', async () => {
    for (const [title, label, policy] of [
      [
        'Record Retention Schedule',
        'ICT system and security logs (incl. VPN, firewall)',
        '7.1 Logs of all ICT systems, including servers and network devices, shall be enabled and maintained securely for a rolling period of 180 days.',
      ],
      [
        'Records Retention Schedule',
        'SCADA historian and telemetry logs',
        '7.1 SCADA and telemetry logs shall be retained for at least one hundred and eighty (180) days.',
      ],
    ] as const) {
      const { issues } = await conflicts({
        'Retention-Schedule.txt': schedule(title, label, '90 days Date of log entry'),
        'Information-Security-Policy.md': `# Information Security Policy\n\n${policy}\n`,
      });
      expect(issues.map((i) => i.title).join('\n')).toMatch(
        /Conflicting log retention period: (180 days in Information-Security-Policy\.md vs 90 days in Retention-Schedule\.txt|90 days in Retention-Schedule\.txt vs 180 days in Information-Security-Policy\.md)/,
      );
    }
  });

  test('decoy: a value cell in a block of its own is not read as the row above', async () => {
    const { a } = await analyse({
      'Retention-Schedule.txt': schedule(
        'Record Retention Schedule',
        'ICT system and security logs (incl. VPN, firewall)',
        '\n90 days Date of log entry',
      ),
    });
    expect(a.facts.filter((f) => f.concept.id === 'log_retention')).toEqual([]);
  });
});

describe('what a time to act is not', () => {
  const deadlines = async (text: string) => {
    const { a } = await analyse({ 'Collections-Procedure.md': `# Collections Procedure\n\n${text}\n` });
    return a.facts
      .filter((f) => f.concept.id === 'request_response_deadline' || f.concept.id === 'incident_notification')
      .map((f) => [f.concept.id, f.quantity.phrase, f.scope]);
  };

  test('a collection agency: notice to the client in five business days is no response to the request', async () => {
    expect(
      await deadlines(
        'The Agency shall notify the Client within five (5) Business Days after receiving a request from a Debtor for access to personal information, and shall respond to the request within the time required by law.',
      ),
    ).toEqual([]);
    // Decoy: the response deadline in its own clause is read.
    expect(
      await deadlines(
        'The Agency shall respond to requests for access to personal information within thirty (30) days.',
      ),
    ).toEqual([['request_response_deadline', 'thirty (30) days', 'requests about personal data']]);
  });

  test('a retention row "request files | two years | response to the request" is no response deadline', async () => {
    expect(
      await deadlines(
        '| C-5 | Debtor access and correction request files | Two (2) years | Response to the request |',
      ),
    ).toEqual([]);
  });

  test("requests for copies of the requester's own recordings are requests about personal data", async () => {
    expect(
      await deadlines(
        'Requests from debtors for copies of their own call recordings are answered within 45 days of receipt.',
      ),
    ).toEqual([['request_response_deadline', '45 days', 'requests about personal data']]);
  });

  test('a court clerk: a "vendor-reported incident" binds no vendor', async () => {
    const found = await deadlines(
      'Severity 2 includes a vendor-reported incident involving court data; the Chief Deputy Clerk is notified within 4 hours.',
    );
    expect(found).toEqual([['incident_notification', '4 hours', null]]);
  });
});

describe('a conflict the search did not rank: the verdict asks for both statements', () => {
  // The verdict sees only what the search returned; here the policy's statement alone.
  const verdictOnPolicy = async (scheduleValue: string) => {
    const { a } = await analyse({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n7.1 Audit logs shall be retained for at least twelve (12) months.\n',
      'Logging-Standard.md': `# Logging Standard\n\n4.2 Firewall and VPN audit logs are retained for ${scheduleValue} and then overwritten.\n`,
    });
    const visible = new Set(a.documents.find((d) => d.name === 'Information-Security-Policy.md')!.segments);
    const segments = [...visible];
    return conceptConflictCheck.verdict(
      { conceptId: 'log_retention', scope: null },
      {
        analysis: a,
        chunks: a.snapshot.chunks,
        segments,
        visible,
        facts: segments.flatMap((s) => a.factsBySegment.get(s) ?? []),
        citations: [],
        frameworks: [],
        documents: [],
      },
    );
  };

  test('an airline and a hospital: logs kept 12 months by policy, 90 days by the standard', async () => {
    for (const value of ['90 days', 'three (3) months']) {
      const verdict = await verdictOnPolicy(value);
      expect(verdict.issues).toEqual([]);
      expect(verdict.hints?.map((h) => h.document)).toEqual([
        'Information-Security-Policy.md',
        'Logging-Standard.md',
      ]);
    }
  });

  test('decoy: values further apart than a year and a month (12 months against 2 days) are not asked for', async () => {
    const verdict = await verdictOnPolicy('two (2) days');
    expect(verdict.hints ?? []).toEqual([]);
  });
});

describe('how long a consent or authorisation stays valid', () => {
  test('a laboratory: the policy lets a release consent lapse after ninety days, the consent form says twelve months', async () => {
    const { issues, texts } = await conflicts({
      'Personal-Data-Privacy-Policy.md':
        "# Personal Data Privacy Policy\n\n6.3 A consent covers only the third party and the purpose stated on the form, and lapses ninety (90) days after the date of the patient's signature.\n",
      'Third-Party-Release-Consent-Form.txt':
        'THIRD-PARTY RELEASE CONSENT FORM\n\nThis consent remains valid for twelve (12) months from the date of my signature unless I withdraw it earlier.\n',
    });
    const issue = issues.find((i) => i.subject.startsWith('concept:consent_validity'));
    expect(issue?.title).toMatch(
      /90 days in Personal-Data-Privacy-Policy\.md vs 1 year in Third-Party-Release-Consent-Form\.txt/,
    );
    expectVerbatim(issue!, texts);
  });

  test("an insurer: a claimant's consent to release medical records lapses after six months in the procedure, twelve in the policy", async () => {
    const { issues } = await conflicts({
      'Claims-Handling-Procedure.md':
        "# Claims Handling Procedure\n\n4.1 A claimant's consent to the release of medical records expires six (6) months after it is signed.\n",
      'Data-Protection-Policy.md':
        "# Data Protection Policy\n\n7.2 A claimant's consent to the release of medical records remains valid for twelve (12) months.\n",
    });
    expect(issues.filter((i) => i.subject.startsWith('concept:consent_validity'))).toHaveLength(1);
  });

  test("decoys: a certificate's validity and a password's expiry are no consent's", async () => {
    const { a } = await analyse({
      'Security-Standard.md':
        '# Security Standard\n\nA TLS certificate issued under this authorisation is valid for twelve (12) months. Access authorisations are reviewed quarterly and passwords expire after ninety (90) days.\n',
    });
    expect(a.facts.filter((f) => f.concept.id === 'consent_validity')).toEqual([]);
  });
});

describe("a tier table's row is compared only with statements about its tier", () => {
  const procedure = [
    '# Supplier Management Procedure',
    '',
    '## 4.1 Identify and tier the supplier',
    '',
    'The Contract Owner assigns a tier using the table below.',
    '',
    '| Tier | Description | Review frequency |',
    '|---|---|---|',
    '| Tier 1 — Critical | Hosts or processes Restricted information | At least every 12 months |',
    '| Tier 2 — Important | Processes personal data but can be replaced within weeks | At least every 24 months |',
  ].join('\n');

  test('a funeral home: the Tier 2 row (every 24 months) is no conflict with an annual Tier 1 supplier review', async () => {
    const { issues } = await conflicts({
      'Supplier-Management-Procedure.md': procedure,
      'Software-Agreement.txt':
        'SOFTWARE AGREEMENT\n\nSchedule 4 Governance\n\nService review meeting Quarterly\n\nContract review Annual Tier 1 supplier review under the Supplier Management Procedure\n',
    });
    expect(issues.filter((i) => i.subject.startsWith('concept:vendor_review'))).toEqual([]);
  });

  test("decoy: a mobile-money firm's monthly review of Critical suppliers' service levels is no vendor risk review (a caterer's reassessment is)", async () => {
    const { a } = await analyse({
      'Third-Party-Risk-Policy.md':
        '# Third-Party Risk Policy\n\n- **Performance.** Service levels of Critical suppliers are reviewed monthly by the business owner.\n\n- **Reassessment.** Critical suppliers are reassessed every twelve (12) months.\n',
    });
    expect(
      a.facts.filter((f) => f.concept.id === 'vendor_review_frequency').map((f) => f.quantity.phrase),
    ).toEqual(['every twelve (12) months']);
  });

  test('an airline caterer: a statement about Tier 1 suppliers that loosens their cycle is still a conflict', async () => {
    const { issues } = await conflicts({
      'Supplier-Management-Procedure.md': procedure,
      'Supplier-Security-Policy.md':
        '# Supplier Security Policy\n\n5.1 Tier 1 suppliers are reviewed every 36 months by the Procurement Manager.\n',
    });
    expect(issues.filter((i) => i.subject.startsWith('concept:vendor_review'))).toHaveLength(1);
  });
});
