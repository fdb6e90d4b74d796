// Requirements read from table rows, list items and bounded clauses, and compared across a policy
// and its procedure. Covered, each in two industries' wording with a decoy that must not fire:
// 1. rows of one table restated in another document, keyed by one level ("High"), conflict when
//    what frames both tables (heading, column) is the same; tables about different things do not;
// 2. a value followed by "and then <verb>" belongs to the first verb ("kept ... and then purged");
// 3. a step label without punctuation ("Step 12 ") is numbering, not part of the topic;
// 4. "location data" and "location history", "access records" and "access logs" name the same
//    records; records with different modifiers ("payroll records", "visitor logs") do not;
// 5. "No driver shall drive for more than ..." is a prohibition, not a span of inactivity;
// 6. a bounding verb ("daily driving time does not exceed ...") bounds the gerund's action.
import { analyzeCorpus, type CorpusAnalysis } from '../../analyst/corpus-analysis';
import { snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { conflictIssue, findRequirementConflicts } from './conflicts';
import { requirementsOf, type Requirement } from '../../analyst/requirements';

async function conflicts(files: Record<string, string>) {
  const analysis = analyzeCorpus(await snapshotOf(files), null);
  const segments = analysis.documents.flatMap((d) => d.segments);
  return { analysis, found: findRequirementConflicts(analysis, segments) };
}

/** Two Markdown documents titled after their file names, each with one body. */
function twoDocuments(nameA: string, bodyA: string, nameB: string, bodyB: string): Record<string, string> {
  const titled = (name: string, body: string) =>
    `# ${name.replace(/-/g, ' ').replace('.md', '')}\n\n${body}\n`;
  return { [nameA]: titled(nameA, bodyA), [nameB]: titled(nameB, bodyB) };
}

/** The requirements read from the segment that holds `phrase`. */
function readingsOf(analysis: CorpusAnalysis, phrase: string) {
  const segment = analysis.documents.flatMap((d) => d.segments).find((s) => s.text.includes(phrase))!;
  return requirementsOf(segment);
}

/** Each requirement's action and value. */
const actions = (rs: Requirement[]) => rs.map((r) => [r.action, r.quantity.phrase]);

/** The two values of each conflict, in alphabetical order. */
const values = (found: Awaited<ReturnType<typeof conflicts>>['found']) =>
  found.map((c) => [c.a.quantity.phrase, c.b.quantity.phrase].sort());

describe('1. a table restated in another document: rows keyed by one level', () => {
  test('a bank: "| High | At least every 12 months |" in the CDD policy, "High risk: every two years" in the procedure', async () => {
    const { found } = await conflicts(
      twoDocuments(
        'Customer-Due-Diligence-Policy.md',
        '## 5. Periodic customer due diligence reviews\n\nThe Bank refreshes the due diligence of each customer on a cycle set by the customer risk rating.\n\n| Risk rating | Review frequency |\n|---|---|\n| High | At least every 12 months |\n| Medium | At least every 36 months |\n| Low | At least every 60 months |',
        'Customer-Due-Diligence-Procedure.md',
        '## 3. Periodic customer due diligence reviews\n\nThe onboarding team schedules the reviews in the case system as follows:\n\n- High risk: every two years;\n- Medium risk: every three years;\n- Low risk: every five years.',
      ),
    );
    expect(found.map((c) => c.key)).toEqual(['requirement:review:period:high']);
    expect(values(found)).toEqual([['every 12 months', 'every two years']]);
    // The issue names what frames both tables, not only the level.
    expect(conflictIssue(found[0]!).description).toMatch(/high.*due diligence|due diligence.*high/i);
  });

  test('a food manufacturer: supplier audit tables in the policy and the procedure, High every 12 and every 24 months', async () => {
    const { found } = await conflicts(
      twoDocuments(
        'Supplier-Approval-Policy.md',
        '## 4. Supplier food safety audits\n\n| Supplier risk | Audit frequency |\n|---|---|\n| High | Every 12 months |\n| Low | Every 36 months |',
        'Supplier-Audit-Procedure.md',
        '## 2. Supplier food safety audits\n\n| Risk category | Audit interval | Auditor |\n|---|---|---|\n| High risk | Every 24 months | Technical manager |\n| Low risk | Every 36 months | Technical manager |',
      ),
    );
    expect(values(found)).toEqual([['Every 12 months', 'Every 24 months']]);
  });

  test('decoy: a "High" row of patching deadlines and a "High priority" row of incident response times', async () => {
    const { found } = await conflicts(
      twoDocuments(
        'Vulnerability-Management-Policy.md',
        '## 6. Patching deadlines for server vulnerabilities\n\n| Severity | Resolve within |\n|---|---|\n| High | 14 days |\n| Low | 90 days |',
        'Incident-Response-Procedure.md',
        '## 2. Incident response times\n\n| Priority | Resolve within |\n|---|---|\n| High priority | 8 hours |\n| Low priority | 5 days |',
      ),
    );
    expect(found).toEqual([]);
  });
});

describe('2. "... for 36 months and is then purged": the value is the first verb\'s', () => {
  test.each([
    [
      'a haulier',
      'Fleet-Camera-Policy.md',
      '3.2 Dashcam footage shall be retained for 30 days unless it is needed for an open claim.',
      'Fleet-Camera-Procedure.md',
      'This procedure implements the Fleet Camera Policy.\n\n4.1 Dashcam footage is kept on the telematics platform for 36 months and is then purged.',
      '36 months',
    ],
    [
      'an insurer',
      'Call-Recording-Policy.md',
      '2.1 Claims call recordings must be retained for five years.',
      'Call-Recording-Procedure.md',
      'This procedure implements the Call Recording Policy.\n\n3.3 Claims call recordings are stored in the voice archive for 18 months and then deleted by the archive job.',
      '18 months',
    ],
  ])('%s: kept, then disposed of, against the retention rule', async (_, a, bodyA, b, bodyB, kept) => {
    const { analysis, found } = await conflicts(twoDocuments(a, bodyA, b, bodyB));
    expect(actions(readingsOf(analysis, kept))).toEqual([['retain', kept]]);
    expect(found.map((c) => c.a.action)).toEqual(['retain']);
  });

  test('decoy: a deadline to purge footage on request is no rule of how long it is kept', async () => {
    const { found } = await conflicts(
      twoDocuments(
        'Fleet-Camera-Policy.md',
        '3.2 Dashcam footage shall be purged within 30 days of a request from the driver.',
        'Fleet-Camera-Procedure.md',
        'This procedure implements the Fleet Camera Policy.\n\n4.1 Dashcam footage is kept on the telematics platform for 36 months and is then purged.',
      ),
    );
    expect(found).toEqual([]);
  });
});

describe('3. a step label without punctuation ("Step 12 ") is numbering, not topic', () => {
  test('a facilities team: extinguishers inspected monthly by the policy, every six months at "Step 12"', async () => {
    const { analysis, found } = await conflicts(
      twoDocuments(
        'Fire-Safety-Policy.md',
        '4.2 Extinguishers shall be inspected every month.',
        'Facilities-Checks-Procedure.md',
        'Step 12 Extinguishers are inspected every six months by the site warden.',
      ),
    );
    expect(readingsOf(analysis, 'Step 12').map((r) => r.topic)).toEqual([['extinguisher']]);
    expect(values(found)).toEqual([['every month', 'every six months']]);
  });

  test('a laboratory: autoclaves tested weekly in one section of the standard, monthly at "Step 12" in another', async () => {
    const { analysis, found } = await conflicts({
      'Laboratory-Safety-Standard.md':
        '# Laboratory Safety Standard\n\n## 3. Sterilisation\n\n3.1 Autoclaves must be tested every week.\n\n## 8. Decontamination steps\n\nStep 12 Autoclaves are tested every month.\n',
    });
    expect(readingsOf(analysis, 'Step 12')[0]!.topic).not.toContain('step');
    expect(values(found)).toEqual([['every month', 'every week']]);
  });

  test('decoy: two "Step 12" lines about different equipment', async () => {
    const { found } = await conflicts(
      twoDocuments(
        'Fire-Safety-Policy.md',
        'Step 12 Fire blankets are inspected every month.',
        'Facilities-Checks-Procedure.md',
        'Step 12 Extinguishers are inspected every six months by the site warden.',
      ),
    );
    expect(found).toEqual([]);
  });
});

describe('4. records named by another noun of information held (sameRecordsNamed)', () => {
  test.each([
    [
      'a haulier: "location data" and "location history"',
      'Telematics-Policy.md',
      '6.1 Vehicle location data shall be retained for 12 months.',
      'Telematics-Procedure.md',
      'This procedure implements the Telematics Policy.\n\n2.4 Location history is kept for 36 months.',
      ['12 months', '36 months'],
    ],
    [
      'a hospital: "access records" and "access logs"',
      'Physical-Security-Policy.md',
      '7.2 Door access records must be retained for 12 months.',
      'Badge-Administration-Procedure.md',
      'This procedure implements the Physical Security Policy.\n\n5.1 Access logs are kept for 90 days on the badge server.',
      ['12 months', '90 days'],
    ],
  ])('%s in a policy and its procedure', async (_, nameA, bodyA, nameB, bodyB, expected) => {
    const { found } = await conflicts(twoDocuments(nameA, bodyA, nameB, bodyB));
    expect(values(found)).toEqual([expected]);
  });

  test('decoy: payroll records and visitor logs', async () => {
    const { found } = await conflicts(
      twoDocuments(
        'Records-Policy.md',
        '3.1 Payroll records shall be retained for six years.',
        'Reception-Procedure.md',
        'This procedure implements the Records Policy.\n\n2.2 Visitor logs are kept for 12 months.',
      ),
    );
    expect(found).toEqual([]);
  });
});

describe('5. "No driver shall drive for more than ..." is a prohibition, not inactivity', () => {
  test.each([
    [
      'a haulier',
      'Drivers-Hours-Policy.md',
      '3.1 No driver shall drive for more than nine (9) hours in any 24-hour period.',
      'Trip-Planning-Procedure.md',
      'This procedure implements the Drivers Hours Policy.\n\n2.3 Drivers must not drive for more than 11 hours in any 24-hour period.',
      ['drive', 'nine (9) hours'],
    ],
    [
      'an airline',
      'Flight-Time-Limitations-Policy.md',
      '4.2 No pilot may fly for more than eight (8) hours in a single duty period.',
      'Crew-Rostering-Procedure.md',
      'This procedure implements the Flight Time Limitations Policy.\n\n5.1 Pilots shall not fly for more than ten hours in a single duty period.',
      ['fly', 'eight (8) hours'],
    ],
  ])('%s: the prohibition is read and conflicts', async (_, a, bodyA, b, bodyB, reading) => {
    const { analysis, found } = await conflicts(twoDocuments(a, bodyA, b, bodyB));
    expect(actions(readingsOf(analysis, reading[1]!))).toEqual([reading]);
    expect(found.map((c) => c.a.action)).toEqual([reading[0]]);
  });

  test('decoy: "accounts with no logon for 90 days are disabled" keeps its dormant-account reading', async () => {
    const { analysis } = await conflicts({
      'Access-Control-Procedure.md':
        '# Access Control Procedure\n\n7.5 Accounts with no logon for 90 days are disabled by the service desk.\n',
    });
    expect(actions(readingsOf(analysis, 'no logon'))).toEqual([['revoke', '90 days']]);
  });
});

describe('6. "daily driving time does not exceed 11 hours" bounds driving', () => {
  // A two-column table with no header of its own: its first row is the Markdown header row.
  test.each([
    [
      'a haulier',
      'Drivers-Hours-Policy.md',
      '## 3. Driving limits\n\n| Daily driving time | Not more than 9 hours |\n|---|---|\n| Weekly driving time | Not more than 56 hours |',
      'Trip-Planning-Procedure.md',
      'This procedure implements the Drivers Hours Policy.\n\n2.3 Daily driving time does not exceed 11 hours.',
      ['drive', '11 hours'],
    ],
    [
      'an airline',
      'Flight-Time-Limitations-Policy.md',
      '## 4. Flight time limits\n\n| Daily flying time | Not more than 8 hours |\n|---|---|\n| Flying time in 28 days | Not more than 100 hours |',
      'Crew-Rostering-Procedure.md',
      'This procedure implements the Flight Time Limitations Policy.\n\n5.1 Daily flying time does not exceed ten hours.',
      ['fly', 'ten hours'],
    ],
  ])('%s: the bound conflicts with the policy table row', async (_, nameA, bodyA, nameB, bodyB, reading) => {
    const { analysis, found } = await conflicts(twoDocuments(nameA, bodyA, nameB, bodyB));
    const bounded = readingsOf(analysis, 'does not exceed');
    expect(actions(bounded)).toEqual([reading]);
    expect(bounded[0]!.topic).toEqual(['daily']);
    expect(found.map((c) => c.key)).toEqual([`requirement:${reading[0]}:duration:daily`]);
  });

  test('decoy: a bound on loading time at the depot is no rule of driving time', async () => {
    const { found } = await conflicts(
      twoDocuments(
        'Drivers-Hours-Policy.md',
        '| Daily driving time | Not more than 9 hours |\n|---|---|',
        'Trip-Planning-Procedure.md',
        'This procedure implements the Drivers Hours Policy.\n\n2.3 Daily loading time does not exceed 2 hours.',
      ),
    );
    expect(found).toEqual([]);
  });
});
