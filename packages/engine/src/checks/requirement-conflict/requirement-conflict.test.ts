// Conflicting requirements in any wording: a haulage firm's driver checks and a hospital's device
// patching, each stated twice with different values; and decoys whose values differ because their
// subjects or scopes do (severity, tiers, staged notifications, RTO and RPO, privileged access).
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { conflictIssue, findRequirementConflicts } from './conflicts';
import { requirementsOf } from '../../analyst/requirements';
import { requirementConflictCheck } from '.';
import { runCheck } from '../../../test/helpers/check-harness';
import { carriedInto, carriedParagraphs } from './carried-paragraphs';

async function conflicts(files: Record<string, string>) {
  const analysis = analyzeCorpus(await snapshotOf(files), null);
  const found = findRequirementConflicts(
    analysis,
    analysis.documents.flatMap((d) => d.segments),
  );
  return { analysis, found };
}

/** Two Markdown documents titled after their file names, each with one body. */
function twoDocuments(nameA: string, bodyA: string, nameB: string, bodyB: string): Record<string, string> {
  const titled = (name: string, body: string) =>
    `# ${name.replace(/-/g, ' ').replace('.md', '')}\n\n${body}\n`;
  return { [nameA]: titled(nameA, bodyA), [nameB]: titled(nameB, bodyB) };
}

describe('conflicting requirements', () => {
  test('a haulage firm: driver licence checks every 12 months in one document, every two years in another', async () => {
    const { analysis, found } = await conflicts({
      'Driver-Compliance-Policy.md':
        '# Driver Compliance Policy\n\n1. Driver licences must be re-checked every 12 months against the licensing authority record.\n',
      'Depot-Operations-Procedure.md':
        '# Depot Operations Procedure\n\n4.2 Driver licences are checked every two years by the depot manager.\n',
    });
    expect(found).toHaveLength(1);
    const issue = conflictIssue(found[0]!);
    expect(issue.primitive).toBe('conflict_check');
    expect(issue.description).toMatch(/12 months|1 year/);
    expect(issue.description).toMatch(/two years|2 years/);
    for (const q of issue.quotes)
      expect(analysis.byName.get(q.document)!.text.slice(q.start, q.end)).toBe(q.text);
  });

  test('a hospital: infusion pump firmware patched within 30 days, and elsewhere in the same standard within 90', async () => {
    const { found } = await conflicts({
      'Medical-Device-Standard.md': [
        '# Medical Device Standard',
        '',
        '3.1 Infusion pump firmware must be patched within 30 days of the vendor release.',
        '',
        '7.4 Infusion pump firmware is patched within 90 days, during planned maintenance.',
      ].join('\n'),
    });
    expect(found.map((c) => c.key)).toEqual([
      expect.stringMatching(/^requirement:patch:duration:.*firmware/),
    ]);
  });
});

describe('decoys: different subjects or scopes', () => {
  test.each([
    [
      'severity levels in one sentence',
      'Critical vulnerabilities must be patched within 7 days, and all other vulnerabilities within 30 days.',
    ],
    [
      'tiers',
      '4.1 Audit records of Tier A systems are retained for six years.\n\n4.2 Tier B and C records are retained for one year.',
    ],
    [
      'staged notifications',
      'The CISO sends an early warning to the authority within 24 hours and an incident notification within 72 hours.',
    ],
    [
      'recovery time and recovery point objectives',
      '3.1 The recovery time objective (RTO) of the booking platform is 4 hours.\n\n3.2 The recovery point objective (RPO) of the booking platform is 24 hours.',
    ],
    [
      'privileged and user access',
      '2.1 Privileged access is reviewed quarterly by the system owner.\n\n2.2 User access is reviewed annually by line managers.',
    ],
    [
      'a party and its performance',
      '4.2 Tier 1 carriers are reassessed every twelve months.\n\n6.1 Carrier performance is reviewed at the service meetings (quarterly for Tier 1).',
    ],
    [
      'two lists of kept evidence',
      'The team keeps the quarterly recertification results. Compliance is measured by the separation log and the monthly access audit.',
    ],
  ])('%s', async (_name, body) => {
    const { found } = await conflicts({ 'Security-Standard.md': `# Security Standard\n\n${body}\n` });
    expect(found).toEqual([]);
  });

  test.each([
    [
      'a school: each policy names its own review cycle',
      'Safeguarding-Policy.md',
      'This policy is reviewed every two years.',
      'Online-Safety-Policy.md',
      'This policy is reviewed every year.',
    ],
    [
      'a dental practice: "the present procedure" against another document\'s own cycle',
      'Sterilisation-Procedure.md',
      'The practice manager reviews the present procedure every three years.',
      'Radiation-Protection-Procedure.md',
      'The practice manager reviews this procedure annually.',
    ],
  ])('%s', async (_name, nameA, bodyA, nameB, bodyB) => {
    const { found } = await conflicts(twoDocuments(nameA, `1. ${bodyA}`, nameB, `1. ${bodyB}`));
    expect(found).toEqual([]);
  });

  test('evidence records are not requirements', async () => {
    const { found } = await conflicts({
      'Driver-Compliance-Policy.md':
        '# Driver Compliance Policy\n\n1. Driver licences must be re-checked every 12 months.\n',
      'licence-checks.csv': 'driver,checked\nA. Jones,every two years\n',
    });
    expect(found).toEqual([]);
  });
});

describe('a value belongs to its own clause', () => {
  test('a telecom operator: regulator notice in two calendar days in the plan, two working days in the procedure', async () => {
    const { found } = await conflicts({
      'Breach-Response-Plan.md':
        '# Outage Plan\n\n4.1 Once the privacy lead has judged an outage report reportable, the privacy lead informs the telecoms regulator as soon as practicable and at the latest within two calendar days of that judgement.\n',
      'Incident-Procedure.md':
        '# Network Operations Procedure\n\n6.2 The privacy lead informs the telecoms regulator of a reportable outage report within two working days of judging it reportable, and tells affected subscribers as described in section 6 of the Outage Plan.\n',
    });
    expect(found).toHaveLength(1);
    expect(conflictIssue(found[0]!).description).toMatch(/working days/);
  });

  test('a hotel group: a response "within **one calendar month**" in the policy, within 40 days in the procedure', async () => {
    const { found } = await conflicts({
      'Privacy-Policy.md':
        '# Privacy Policy\n\n7.2 The Group responds to each guest request for personal data within **one calendar month** after it arrives.\n',
      'Guest-Request-Procedure.md':
        '# Guest Request Procedure\n\n5.1 A response to each guest request for personal data is sent by the Group within 40 calendar days.\n',
    });
    expect(found).toHaveLength(1);
  });

  test('a school trust: "weekly backups" of the pupil database against daily backups is still a frequency', async () => {
    const { found } = await conflicts({
      'Backup-Policy.md':
        '# Backup Policy\n\n3.1 Weekly backups of the pupil database are taken by the IT team.\n',
      'IT-Operations-Procedure.md':
        '# IT Operations Procedure\n\n2.4 The pupil database is backed up daily by the IT team.\n',
    });
    expect(found).toHaveLength(1);
  });

  test.each([
    [
      'a broadcaster: weekly and yearly snapshot sets are kinds of copies, kept for their own periods',
      '2.1 Weekly snapshot sets are kept for 8 weeks.\n\n2.2 Yearly snapshot sets are kept for 10 years.',
    ],
    [
      'a car dealer: a monthly sales bulletin and annual leave are things, not cadences of an action',
      '2.1 The monthly sales bulletin is checked by the showroom manager.\n\n2.2 Annual leave requests are checked by the showroom manager.',
    ],
  ])('decoy: %s', async (_name, body) => {
    const { found } = await conflicts({ 'Operations-Standard.md': `# Operations Standard\n\n${body}\n` });
    expect(found).toEqual([]);
  });

  test('decoy: a courier notifies the shipper in two days, and only then the insurer, whose own deadline is five days', async () => {
    const { found } = await conflicts({
      'Claims-Policy.md':
        '# Claims Policy\n\n2.1 The depot notifies the shipper of a damaged parcel within 2 business days, and notifies the insurer as set out in the claims handbook.\n',
      'Insurance-Procedure.md':
        '# Insurance Procedure\n\n3.1 The depot notifies the insurer of a damaged parcel within 5 business days.\n',
    });
    expect(found).toEqual([]);
  });
});

describe('passive clauses about different things (decoys in analyst-concept-conflicts.test.ts)', () => {
  test('one subject stated passively twice still conflicts', async () => {
    const { found } = await conflicts(
      twoDocuments(
        'Information-Security-Policy.md',
        '4.1 Information risks on the risk register are reviewed by the risk committee every quarter.',
        'Risk-Procedure.md',
        '2.3 Information risks on the risk register are reviewed by the risk committee every six months.',
      ),
    );
    expect(found).toHaveLength(1);
  });
});

describe('list items under different run-in labels', () => {
  test.each([
    [
      'a rail contractor: line checks after planned maintenance and after emergency repairs',
      '- Checks after planned maintenance: a check of the line is run within 2 working days of the work.\n\n- Checks after emergency repairs: a check of the line is run within 4 working days of the work.',
    ],
    [
      'a distribution centre: checks of owned and of hired forklifts',
      '- **Owned forklifts.** Forklift safety checks are carried out every 6 months.\n\n- **Hired forklifts.** Forklift safety checks are carried out every 12 months.',
    ],
  ])('decoy: %s', async (_name, body) => {
    const { found } = await conflicts({ 'Operations-Procedure.md': `# Operations Procedure\n\n${body}\n` });
    expect(found).toEqual([]);
  });

  test('one label, or a label and an unlabelled statement, still compare', async () => {
    const { found } = await conflicts(
      twoDocuments(
        'Operations-Procedure.md',
        '- **Hired forklifts.** Forklift safety checks are carried out every 6 months.',
        'Fleet-Policy.md',
        'Forklift safety checks are carried out every 12 months.',
      ),
    );
    expect(found).toHaveLength(1);
  });
});

describe('sections for different scopes, and values named only to compare', () => {
  test.each([
    [
      'an outage plan: status updates hourly under major outages, daily under minor ones',
      '# Outage Plan\n\n## Major outages\n\n- Status updates are sent to customers every hour.\n\n## Minor outages\n\n- Status updates are sent to customers daily.\n',
    ],
    [
      'a lab: sample checks for Tier 1 and Tier 2 analysers in their own sections',
      '# Lab Procedure\n\n## Tier 1 analysers\n\nCalibration checks are carried out every week.\n\n## Tier 2 analysers\n\nCalibration checks are carried out every month.\n',
    ],
    [
      'a museum: a handset timeout stricter than "the ten-minute kiosk timeout"',
      '# Visitor Devices Procedure\n\n2.1 Guide handsets time out after 3 minutes.\n\n2.2 The handset timeout is stricter than the ten-minute kiosk timeout, since handsets travel round the galleries.\n',
    ],
  ])('decoy: %s', async (_name, text) => {
    const { found } = await conflicts({ 'Operations-Procedure.md': text });
    expect(found).toEqual([]);
  });
});

describe('retrieval finds both statements again', () => {
  test("a conflict's query carries each statement's own words, not only the shared topic", async () => {
    const { candidates } = await runCheck(
      requirementConflictCheck,
      twoDocuments(
        'Warehouse-Safety-Policy.md',
        '3.1 Forklift safety checks are carried out every 6 months by the depot engineer.',
        'Depot-Procedure.md',
        '5.4 Forklift safety checks are carried out every 12 months, starting from the delivery date.',
      ),
    );
    const query = (candidates[0]!.params as { query: string }).query;
    expect(query).toMatch(/engineer/);
    expect(query).toMatch(/delivery/);
  });
});

describe('notices to different people are links of one chain', () => {
  test.each([
    [
      'an airline: the station reports to the duty manager, the duty manager to the regulator',
      'Station-Procedure.md',
      '2.1 The station supervisor must report every safety incident to the duty manager within 15 minutes.',
      'Safety-Policy.md',
      '4.1 The duty manager must report every safety incident to the aviation authority within 72 hours.',
    ],
    [
      'a care home group: staff tell the home manager, the home manager tells the regulator',
      'Care-Staff-Handbook.md',
      '3.2 Staff must report every safeguarding incident to the home manager within one hour.',
      'Safeguarding-Policy.md',
      '5.1 The home manager must report every safeguarding incident to the care regulator within 24 hours.',
    ],
  ])('decoy: %s', async (_name, nameA, bodyA, nameB, bodyB) => {
    const { found } = await conflicts(twoDocuments(nameA, bodyA, nameB, bodyB));
    expect(found).toEqual([]);
  });

  test('the same recipient with two deadlines still conflicts', async () => {
    const { found } = await conflicts({
      'Station-Procedure.md':
        '# Station Procedure\n\n2.1 The station supervisor must report every safety incident to the duty manager within 15 minutes.\n',
      'Operations-Manual.md':
        '# Operations Manual\n\n4.1 The station supervisor must report every safety incident to the duty manager within 2 hours.\n',
    });
    expect(found).toHaveLength(1);
  });
});

describe("a document's text against its own summary table", () => {
  test('a bus operator: brake inspections every 28 days in the text, 42 days in the summary table', async () => {
    const { analysis, found } = await conflicts({
      'Fleet-Maintenance-Standard.md': [
        '# Fleet Maintenance Standard',
        '',
        '## 3. Inspections',
        '',
        '3.1 Brake systems on double-deck vehicles shall be inspected at intervals of no more than 28 days.',
        '',
        '3.2 Tachographs are calibrated every two years by an approved centre.',
        '',
        '## 9. Inspection intervals (summary)',
        '',
        '| Item | Inspect within | Notes |',
        '|---|---|---|',
        '| Brake systems | 42 days | Double-deck and single-deck |',
        '| Tachographs | 2 years | Approved centre |',
      ].join('\n'),
    });
    expect(found).toHaveLength(1);
    const issue = conflictIssue(found[0]!);
    expect(issue.description).toMatch(/28 days/);
    expect(issue.description).toMatch(/42 days/);
    for (const q of issue.quotes)
      expect(analysis.byName.get(q.document)!.text.slice(q.start, q.end)).toBe(q.text);
  });

  test('a pharmacy chain: controlled-drug registers kept seven years in a table, two years in the text', async () => {
    const { found } = await conflicts({
      'Records-Retention-Schedule.md': [
        '# Records Retention Schedule',
        '',
        '2.4 Controlled drug registers are retained for two years after the last entry.',
        '',
        '## Schedule',
        '',
        '| Record | Retention period | Owner |',
        '|---|---|---|',
        '| Controlled drug registers | 7 years | Superintendent pharmacist |',
        '| Staff rotas | 1 year | Store manager |',
      ].join('\n'),
    });
    expect(found.map((c) => c.key)).toEqual([expect.stringMatching(/^requirement:retain:duration:.*drug/)]);
  });

  test('a law firm: a table extracted one cell per line (as from a PDF) against the firm policy', async () => {
    const { found } = await conflicts({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n6.3 Security updates rated critical by the vendor must be installed within 7 days of release.\n',
      'Update-Procedure.md': [
        '# Update Procedure',
        '',
        '## 4. Windows for applying security fixes',
        '',
        'Fixes are installed by the practice within these windows, counted from publication:',
        '',
        'Rating',
        '',
        'Critical',
        '',
        '21 days',
        '',
        'Important',
        '',
        '45 days',
      ].join('\n'),
    });
    expect(found.map((c) => [c.a.quantity.value, c.b.quantity.value].sort((x, y) => x - y))).toEqual([
      [7, 21],
    ]);
  });

  test("decoy: a council's service levels, a row naming its own action under a caption naming another", async () => {
    const { found } = await conflicts({
      'Complaints-Procedure.md': [
        '# Complaints Procedure',
        '',
        '3.2 The complaints officer passes a complaint about a contractor to the contractor within two working days and tells the complainant.',
        '',
        'The team works to the following service levels, which are reported monthly to the board:',
        '',
        'Stage',
        '',
        'Acknowledge receipt to complainant',
        '',
        '5 working days',
      ].join('\n'),
    });
    expect(found).toEqual([]);
  });

  test('decoy: a row for another severity, and a row whose subject the text does not name', async () => {
    const { found } = await conflicts({
      'Patch-Procedure.md': [
        '# Patch Procedure',
        '',
        '4.1 Fixes classed as Urgent (score 9 or above) are installed on the tills within 10 days of publication.',
        '',
        '## 6. Fix deadlines (overview)',
        '',
        '| Class | Install within | Remarks |',
        '|---|---|---|',
        '| Urgent | 10 days | From publication |',
        '| Important | 30 days | From publication |',
        '| Firmware | 90 days | Planned maintenance |',
      ].join('\n'),
    });
    expect(found).toEqual([]);
  });
});

describe('a topic that is only a measure noun ("the recommended value") names no subject', () => {
  test.each([
    [
      'a broadcaster',
      'Keep a short refresh delay (RD) for live pages (scores or results) but not so short that it overloads the servers (1 minute or 60 seconds is the recommended value).\n\nKeep longer delays for other pages (such as fixtures or league tables) - the recommended value is 15 minutes or 900 seconds.',
    ],
    [
      'a laboratory',
      'Set a short alarm delay (AD) for the main store (freezers or cold rooms) but not so short that door openings trip it (10 minutes or 600 seconds is the recommended value).\n\nSet longer delays for other units (such as reagent fridges) - the recommended value is 2 hours or 120 minutes.',
    ],
  ])('%s: two values of different things are no conflict', async (_industry, body) => {
    const { found } = await conflicts({ 'Operations-Standard.md': `# Operations Standard\n\n${body}\n` });
    expect(found).toEqual([]);
  });

  test('a one-word subject stated twice with different values still conflicts', async () => {
    const { found } = await conflicts(
      twoDocuments(
        'Retention-Policy.md',
        'Invoices must be retained for 7 years.',
        'Finance-Procedure.md',
        'Invoices are retained for 3 years.',
      ),
    );
    expect(found).toHaveLength(1);
  });
});

describe('diagram sources state no rules', () => {
  test("a bank's and a transit operator's flowchart labels give no requirement; the same words in prose do", async () => {
    for (const [name, label] of [
      ['Card-Fraud-Response.md', 'Critical Response<br/>< 30 min response<br/>< 4 hr resolution'],
      [
        'Signal-Fault-Response.md',
        'Line closure<br/>Notify control within 15 minutes<br/>Restore within 6 hours',
      ],
    ] as const) {
      const prose = label.replace(/<br\/>/g, '. ');
      const analysis = analyzeCorpus(
        await snapshotOf({
          [name]: `# Response\n\n\`\`\`mermaid\nflowchart TD\n    SEV{Severity} -->|YES| R["${label}"]\n\`\`\`\n\n${prose}.\n`,
        }),
        null,
      );
      const segments = analysis.documents[0]!.segments;
      const inDiagram = segments.filter((s) => s.diagram);
      expect(inDiagram.length).toBeGreaterThan(0);
      expect(inDiagram.flatMap(requirementsOf)).toEqual([]);
      expect(segments.filter((s) => !s.diagram).flatMap(requirementsOf).length).toBeGreaterThan(0);
    }
  });

  test('a value stated outside the diagram still conflicts with another document', async () => {
    const { found } = await conflicts(
      twoDocuments(
        'Backup-Standard.md',
        '```mermaid\nflowchart LR\n  A[Nightly job] --> B[Offsite copy]\n```\n\nBackups of the ledger must be restored in a test every 3 months.',
        'Resilience-Policy.md',
        'Backups of the ledger must be restored in a test every 12 months.',
      ),
    );
    expect(found).toHaveLength(1);
  });
});

describe('a rule restated by the document that implements it', () => {
  // A water utility's policy and the procedure that cites it, a bank's policy and the standard that
  // cites it: the same duty in other words, with a longer deadline in the child.
  const utility = (procedureCitesPolicy: boolean) => ({
    'WU-POL-01_Environmental-Policy.md':
      '# Environmental Policy\n\n3.1 The Network Manager shall report every pollution incident that meets the permit threshold to the environment regulator through the incident portal within 4 hours of the Company becoming aware of it.\n',
    'WU-PRC-07_Pollution-Response-Procedure.md': `# Pollution Response Procedure\n\n${procedureCitesPolicy ? 'This procedure implements WU-POL-01.\n\n' : ''}5.1 After triage, the duty engineer or deputy shall submit the pollution incident report to the environment regulator through the incident portal within 12 hours of receipt of the site report, having first obtained the site supervisor's account.\n`,
  });

  test('a water utility: 4 hours in the policy, 12 hours in the procedure that cites it', async () => {
    const { found } = await conflicts(utility(true));
    expect(found.map((c) => [c.a.quantity.phrase, c.b.quantity.phrase].sort())).toEqual([
      ['12 hours', '4 hours'],
    ]);
  });

  test('a bank: dormant accounts disabled after 60 days in the policy, 90 days in the standard that names it', async () => {
    const { found } = await conflicts({
      'Access-Control-Policy.md':
        '# Access Control Policy\n\n6.2 The IAM team shall disable dormant user accounts on banking platforms after 60 days without a successful login, and shall record each disablement.\n',
      'Identity-Standard.md':
        '# Identity Standard\n\nThis standard gives effect to the Access Control Policy.\n\n4.4 Platform administrators shall disable dormant user accounts after 90 days of inactivity on core banking and payment platforms.\n',
    });
    expect(found.map((c) => [c.a.quantity.phrase, c.b.quantity.phrase].sort())).toEqual([
      ['60 days', '90 days'],
    ]);
  });

  test('decoys: the same two statements in documents that do not name each other; a linked pair about different things', async () => {
    expect((await conflicts(utility(false))).found).toEqual([]);
    const { found } = await conflicts({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n7.1 The Trustee shall notify the regulator within 72 hours after becoming aware of a material information security incident.\n',
      'Incident-Procedure.md':
        '# Incident Procedure\n\nThis procedure implements the Information Security Policy.\n\n3.2 The Trustee shall notify the regulator within 10 days after becoming aware of a material information security control weakness.\n',
    });
    expect(found).toEqual([]);
  });
});

test('decoys: list items whose run-in labels differ only by an identifier ("Zone 3:", "Zone 2:"; "Tier 1:", "Tier 2:")', async () => {
  const mine = await conflicts({
    'OT-Security-Standard.md':
      '# OT Security Standard\n\nSecurity patches are applied within these periods from qualification:\n\n- Zone 3: critical and high patches within 14 days;\n- Zone 2: critical and high patches within 30 days, at a planned stop where the process requires it.\n',
  });
  expect(mine.found).toEqual([]);
  const bank = await conflicts({
    'Supplier-Standard.md':
      '# Supplier Standard\n\nSupplier assurance is repeated as follows:\n\n1. Tier 1: supplier security reviews must be repeated every 12 months.\n2. Tier 2: supplier security reviews must be repeated every 24 months.\n',
  });
  expect(bank.found).toEqual([]);
});

describe('how long records are kept, in the imperative or as a procedure states its practice', () => {
  test('a charity: donor records "maintained" seven years in the policy, six in the procedure that implements it', async () => {
    const { found } = await conflicts({
      'Fundraising-Policy.md':
        '# Fundraising Policy\n\nThe Fundraising Director shall ensure that the charity will:\n\n(c) Maintain documentation of donor consent and gift aid eligibility assessment for a minimum of seven years.\n',
      'Donor-Records-Procedure.md':
        '# Donor Records Procedure\n\nThis procedure implements the Fundraising Policy.\n\n4. Donor consent and gift aid eligibility assessment are documented in the CRM, and the documentation is maintained for six years.\n',
    });
    expect(found.map((c) => [c.a.action, [c.a.quantity.phrase, c.b.quantity.phrase].sort()])).toEqual([
      ['retain', [expect.stringMatching(/seven years/), 'six years'].sort()],
    ]);
  });

  test('a construction firm: site inspection records kept ten years by the policy, five by the procedure', async () => {
    const { found } = await conflicts({
      'Site-Safety-Policy.md':
        '# Site Safety Policy\n\n5.1 Retain site safety inspection records and risk assessment reviews for at least ten years after completion of the works.\n',
      'Site-Inspection-Procedure.md':
        '# Site Inspection Procedure\n\nThis procedure gives effect to the Site Safety Policy.\n\n3.4 The site manager files the site safety inspection records, and they are kept for five years after completion of the works.\n',
    });
    expect(found).toHaveLength(1);
    expect(found[0]!.a.action).toBe('retain');
  });

  test('decoy: a procedure describing another record in the present tense', async () => {
    const { found } = await conflicts({
      'Fundraising-Policy.md':
        '# Fundraising Policy\n\n(c) Maintain documentation of donor consent for a minimum of seven years.\n',
      'Donor-Records-Procedure.md':
        '# Donor Records Procedure\n\nThis procedure implements the Fundraising Policy.\n\n4. Event ticket sales are recorded in the box office system and kept for two years.\n',
    });
    expect(found).toEqual([]);
  });
});

describe('"all other" is the rest of a kind', () => {
  test.each([
    [
      'an airline: crew licence records weekly, all other personnel records yearly',
      '7.1 Crew licence records are reviewed every week by the rostering manager.\n\n7.2 All other personnel records are reviewed once a year.',
    ],
    [
      'a utility: vendor accounts weekly, all other accounts annually',
      '4.1 The OT manager reviews enabled vendor accounts every week.\n\n4.2 All other accounts are reviewed once a year.',
    ],
  ])('decoy: %s', async (_name, body) => {
    const { found } = await conflicts({ 'Access-Procedure.md': `# Access Procedure\n\n${body}\n` });
    expect(found).toEqual([]);
  });

  test('decoy: a water company\'s weekly vendor account review and the yearly review of "all other accounts" in the procedure that implements it', async () => {
    const { found } = await conflicts({
      'Remote-Access-Procedure.md':
        '# Remote Access Procedure\n\n5.3 The OT Engineering Manager reviews the list of enabled vendor accounts every week.\n',
      'Account-Review-Procedure.md':
        '# Account Review Procedure\n\nThis procedure implements the Remote Access Procedure.\n\n7.1 Privileged accounts are reviewed every quarter.\n\n7.2 All other accounts are reviewed once a year.\n',
    });
    expect(found.map((c) => [c.a.quantity.phrase, c.b.quantity.phrase].sort())).not.toContainEqual(
      ['every week', 'once a year'].sort(),
    );
  });

  test('"other" in a clause of its own does not hide a conflict', async () => {
    const { found } = await conflicts({
      'Access-Procedure.md':
        '# Access Procedure\n\n4.1 Vendor accounts are reviewed every week, as other teams require.\n\n4.2 Vendor accounts are reviewed once a year.\n',
    });
    expect(found).toHaveLength(1);
  });
});

test("decoy: a document that states the other's value for the same subject elsewhere has another rule for its second value", async () => {
  const pension = {
    'Operational-Risk-Policy.md':
      '# Operational Risk Policy\n\n4.4 The Trustee must notify the pensions regulator as soon as possible, and not later than 10 days, after a disruption to member payments outside tolerance.\n\n4.5 The Trustee must notify the pensions regulator as soon as possible, and not later than 30 days, after becoming aware of an operational risk incident that is likely to have a material impact on the ability of the Trustee to maintain member payments.\n',
    'Payments-Continuity-Procedure.md':
      '# Payments Continuity Procedure\n\nThis procedure implements the Operational Risk Policy.\n\n7.1 The Chief Risk Officer notifies the pensions regulator as soon as possible, and not later than 10 days, after a disruption to member payments outside its tolerance, describing the disruption and the action taken.\n',
  };
  expect((await conflicts(pension)).found).toEqual([]);
});

test('decoys: "case papers" in a subject access procedure and "case notes" in a complaints procedure belong to those cases, kept as the schedule row for them says', async () => {
  const schedule = (rows: string[]) =>
    [
      '# Data Retention Schedule',
      '',
      '| No. | Record | Retention period | Owner |',
      '|---|---|---|---|',
      ...rows,
    ].join('\n');
  const housing = {
    'Subject-Access-Request-Procedure.md':
      '# Subject Access Request Procedure\n\n9.1 Case papers are kept for two years after closure, as the Data Retention Schedule sets out.\n',
    'Data-Retention-Schedule.md': schedule([
      '| R11 | Subject access and other rights requests | 2 years | Head of Information Governance |',
      '| R12 | Personal data breach log and case papers | 6 years | Head of Information Governance |',
    ]),
  };
  expect((await conflicts(housing)).found).toEqual([]);
  const clinic = {
    'Complaints-Handling-Procedure.md':
      '# Complaints Handling Procedure\n\n5.4 Case notes are retained for three years from the final response, in line with the Data Retention Schedule.\n',
    'Data-Retention-Schedule.md': schedule([
      '| R7 | Patient complaint case records and correspondence | 3 years | Patient Experience Lead |',
      '| R8 | Safeguarding case notes | 25 years | Safeguarding Lead |',
    ]),
  };
  expect((await conflicts(clinic)).found).toEqual([]);
});

describe('plural nouns the tagger reads as verbs, and compounds that share only their head', () => {
  test('decoy: a bank\'s "Security logs are retained" and "Security badges are retained" are two subjects', async () => {
    const { found } = await conflicts({
      'Security-Policy.md':
        '# Security Policy\n\n7.2 Security logs are retained for at least twelve (12) months.\n\n9.4 Security badges are retained for 90 days after the holder leaves.\n',
    });
    expect(found).toEqual([]);
  });

  test('a hospital: "Access logs must be retained for one year" in the policy, 90 days in the standard', async () => {
    const { found } = await conflicts({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n6.1 Access logs must be retained for one year.\n',
      'Logging-Standard.md': '# Logging Standard\n\n3.2 Access logs must be retained for 90 days.\n',
    });
    expect(found.map((c) => c.a.topic)).toEqual([expect.arrayContaining(['access', 'log'])]);
  });

  test("decoy: a ferry operator's visitor logs and its data subject request log, in a procedure and the policy it implements", async () => {
    const { found } = await conflicts({
      'Privacy-Policy.md':
        '# Privacy Policy\n\n4.1 The DPO shall retain the data subject request log for 3 years.\n',
      'Terminal-Security-Procedure.md':
        '# Terminal Security Procedure\n\nThis procedure implements the Privacy Policy.\n\n5.3 Visitor logs are kept for 12 months and then destroyed.\n',
    });
    expect(found).toEqual([]);
  });
});

describe('schedules laid out as lines, retention stated by a policy, rows for one party', () => {
  test('a hospital: the policy retains inpatient records 7 years, the schedule line (a PDF row) says 10', async () => {
    const { found } = await conflicts({
      'Data-Protection-Policy.md':
        '# Data Protection Policy\n\nThis policy is implemented by the Medical Records Retention Schedule.\n\n9.1 Inpatient medical records are retained for 7 years from the date of discharge.\n',
      'Medical-Records-Retention-Schedule.md':
        '# Medical Records Retention Schedule\n\nImplements the Data Protection Policy.\n\n3. Schedule\n\nR1 Inpatient medical records (admission notes, discharge summary) 10 years Date of discharge\n\nR2 Outpatient records 5 years Last visit\n',
    });
    expect(found.map((c) => [c.a.quantity.value, c.b.quantity.value].sort((x, y) => x - y))).toEqual([
      [2556.75, 3652.5],
    ]);
  });

  test('a freight forwarder: the policy keeps customs declarations 5 years, the schedule line says 3', async () => {
    const { found } = await conflicts({
      'Trade-Compliance-Policy.md':
        '# Trade Compliance Policy\n\nSee the Records Retention Schedule.\n\n4.2 Customs export declarations are kept for 5 years after the shipment.\n',
      'Records-Retention-Schedule.md':
        '# Records Retention Schedule\n\nImplements the Trade Compliance Policy.\n\n2. Schedule\n\nRS-4 Customs export declarations and commercial invoices 3 years Shipment date\n',
    });
    expect(found).toHaveLength(1);
    expect(found[0]!.a.action).toBe('retain');
  });

  test('decoy: a schedule line for another class of record (outpatient) does not meet the inpatient rule', async () => {
    const { found } = await conflicts({
      'Data-Protection-Policy.md':
        '# Data Protection Policy\n\nSee the Medical Records Retention Schedule.\n\n9.1 Inpatient medical records are retained for 10 years from discharge.\n',
      'Medical-Records-Retention-Schedule.md':
        '# Medical Records Retention Schedule\n\nImplements the Data Protection Policy.\n\n3. Schedule\n\nR2 Outpatient teleconsultation notes 5 years Last visit\n',
    });
    expect(found).toEqual([]);
  });

  test("a contact centre: the schedule's row for one client's recordings against the agreement with that client", async () => {
    const { found } = await conflicts({
      'Client-Services-Agreement.md': [
        '# Client Services Agreement',
        '',
        'This agreement is made between Harrowgate Health Partners Ltd (the Client) and Bayside Contact Ltd (the Supplier).',
        '',
        '11.3 The Supplier shall retain all call recordings for twelve (12) months from the date of the call.',
      ].join('\n'),
      'Records-Retention-Schedule.md': [
        '# Records Retention Schedule',
        '',
        '| Ref | Record class | Retention period |',
        '|---|---|---|',
        '| RRS-06 | Call recordings — general | 12 months |',
        '| RRS-07 | Call recordings — Harrowgate health programme | 180 days |',
      ].join('\n'),
    });
    expect(found.map((c) => [c.a.quantity.value, c.b.quantity.value].sort((x, y) => x - y))).toEqual([
      [180, 365.25],
    ]);
  });

  test("a utility: the schedule's row for one contractor's meter photos against that contractor's agreement", async () => {
    const { found } = await conflicts({
      'Meter-Services-Agreement.md':
        '# Meter Services Agreement\n\nBetween Northfield Water plc and Kestrel Metering Ltd (the Contractor).\n\n6.1 The Contractor shall retain meter reading photographs for 24 months.\n',
      'Records-Retention-Schedule.md':
        '# Records Retention Schedule\n\n| Ref | Record | Retention |\n|---|---|---|\n| R-12 | Meter reading photographs — Kestrel field readings | 6 months |\n',
    });
    expect(found).toHaveLength(1);
  });

  test("decoy: a row for another client's programme is not the agreement's rule", async () => {
    const { found } = await conflicts({
      'Client-Services-Agreement.md':
        '# Client Services Agreement\n\nBetween Harrowgate Health Partners Ltd (the Client) and Bayside Contact Ltd (the Supplier).\n\n11.3 The Supplier shall retain all call recordings for twelve (12) months.\n',
      'Records-Retention-Schedule.md':
        '# Records Retention Schedule\n\n| Ref | Record class | Retention period |\n|---|---|---|\n| RRS-08 | Call recordings — Meridian bank card programme | 90 days |\n',
    });
    expect(found).toEqual([]);
  });
});

describe('conditions that open a statement', () => {
  test('a county: "Where a breach is determined, the county shall notify ... no later than 30 days" against 60 days in the plan', async () => {
    const { found } = await conflicts({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\nImplemented by the Incident Response Plan.\n\n10.2 Where a breach of personal information is determined, the County shall notify affected residents no later than 30 days after the determination.\n',
      'Incident-Response-Plan.md':
        '# Incident Response Plan\n\nImplements the Information Security Policy.\n\n7.2 Where a breach is determined, the County notifies affected residents within 60 days after the determination.\n',
    });
    expect(found).toHaveLength(1);
    expect(found[0]!.a.action).toBe('notify');
  });

  test('decoy: a mine\'s "Where no approver can be reached within 30 minutes, the supervisor may authorise" states no approval deadline', async () => {
    const { found } = await conflicts({
      'OT-Remote-Access-Procedure.md':
        '# OT Remote Access Procedure\n\n7.1 Where vendor support is needed and no approver can be reached within 30 minutes, the Control Room Supervisor may authorise the session.\n',
      'OT-Security-Standard.md':
        '# OT Security Standard\n\n4.2 Software out of vendor support may be used only under an exception approved by the OT Manager for at most one year.\n',
    });
    expect(found).toEqual([]);
  });
});

describe('a span of inactivity triggers a rule; it is no value of one', () => {
  test('decoys: a distiller\'s "no logon for 90 days" and a clinic\'s "after 45 days without use" beside retention rows', async () => {
    const { found } = await conflicts({
      'Access-Control-Procedure.md':
        '# Access Control Procedure\n\nImplements the Records Retention Procedure.\n\n7.5 Accounts with no logon for 90 days are disabled unless the reviewer records a reason to keep them.\n\n7.6 Portal accounts are locked after 45 days without use and kept for review.\n',
      'Records-Retention-Procedure.md':
        '# Records Retention Procedure\n\nSee the Access Control Procedure.\n\n| Ref | Record | Retention |\n|---|---|---|\n| EX-02 | Warehouse stock accounts and cask records | 6 years |\n| EX-03 | Patient portal accounts | 3 years |\n',
    });
    expect(found).toEqual([]);
  });

  test('a rule that states a period after the trigger still counts: "accounts are deleted 90 days after being disabled" against 30', async () => {
    const { found } = await conflicts({
      'Access-Control-Procedure.md':
        '# Access Control Procedure\n\nImplements the Identity Standard.\n\n7.5 Disabled accounts must be deleted 90 days after being disabled.\n',
      'Identity-Standard.md':
        '# Identity Standard\n\nImplemented by the Access Control Procedure.\n\n4.2 Disabled accounts must be deleted 30 days after being disabled.\n',
    });
    expect(found).toHaveLength(1);
  });
});

describe('a contract that keeps records for less time than the retention rule', () => {
  test("a distiller's bottler keeps movement records 3 years; the retention procedure keeps them 6", async () => {
    const { found } = await conflicts({
      'Bottling-Services-Agreement.md':
        '# Bottling Services Agreement\n\n8.2 The Supplier shall retain the Movement Records for three (3) years from the date of the movement, after which the Supplier may destroy them.\n',
      'Records-Retention-Procedure.md':
        '# Records Retention Procedure\n\n| Ref | Record | Retention |\n|---|---|---|\n| EX-03 | Duty-suspended movement records and reports of receipt | 6 years |\n',
    });
    expect(found.map((c) => [c.a.quantity.value, c.b.quantity.value].sort((x, y) => x - y))).toEqual([
      [1095.75, 2191.5],
    ]);
  });

  test.each([
    [
      'a drug wholesaler\'s 3PL keeps transaction records "for not less than three (3) years"; the schedule keeps them 6',
      '# Third Party Logistics Agreement\n\n11.2 3PL shall retain all Transaction Information, Transaction History and Transaction Statements that it generates for not less than three (3) years from the date of the transaction.\n',
      '| 1 | Transaction Information, Transaction History and Transaction Statements | 6 years |',
    ],
    [
      'a lender\'s collection agency keeps call recordings "for at least two (2) years"; the schedule keeps them 5',
      '# Collection Services Agreement\n\n9.4 The Agency shall retain call recordings and collection notes for at least two (2) years after the account is closed.\n',
      '| 4 | Collection call recordings and collection notes | 5 years |',
    ],
  ])('%s (a minimum below the rule still lets the records go)', async (_label, contract, row) => {
    const { found } = await conflicts({
      'Services-Agreement.md': contract,
      'Records-Retention-Schedule.md': `# Records Retention Schedule\n\n| Ref | Record | Retention |\n|---|---|---|\n${row}\n`,
    });
    expect(found).toHaveLength(1);
  });

  test('decoy: a contract minimum at least as long as the rule', async () => {
    const { found } = await conflicts({
      'Services-Agreement.md':
        '# Collection Services Agreement\n\n9.4 The Agency shall retain call recordings and collection notes for at least five (5) years after the account is closed.\n',
      'Records-Retention-Schedule.md':
        '# Records Retention Schedule\n\n| Ref | Record | Retention |\n|---|---|---|\n| 4 | Collection call recordings and collection notes | 5 years |\n',
    });
    expect(found).toEqual([]);
  });

  test("a 911 center's CAD vendor keeps incident records 7 years; the county keeps them 10", async () => {
    const { found } = await conflicts({
      'CAD-Services-Agreement.md':
        '# CAD Services Agreement\n\n8.1 Vendor shall retain CAD incident records in the hosted environment for seven (7) years after incident close.\n',
      'Records-Retention-Procedure.md':
        '# Records Retention Procedure\n\n| Record | Retention |\n|---|---|\n| CAD incident records (event chronology, narrative) | 10 years |\n',
    });
    expect(found).toHaveLength(1);
  });

  test('a brokerage\'s platform keeps its "Trade Logs" (records of orders and executions, defined before the term) 36 months; the schedule keeps order and execution records 7 years', async () => {
    const { found } = await conflicts({
      'Platform-Services-Agreement.md':
        '# Platform Services Agreement\n\n9.1 The Provider shall keep records of all orders, modifications, cancellations and executions processed by the Platform ("Trade Logs").\n\n9.2 The Provider shall retain Trade Logs for a rolling period of thirty-six (36) months.\n',
      'Records-Retention-Schedule.md':
        '# Records Retention Schedule\n\n| Ref | Record | Retention |\n|---|---|---|\n| R05 | Client orders and executions (order, modification and cancellation records) | 7 years |\n',
    });
    expect(found.map((c) => [c.a.quantity.phrase, c.b.quantity.phrase].sort())).toEqual([
      ['7 years', 'thirty-six (36) months'],
    ]);
  });

  test('an ambulance service\'s dispatch contractor keeps "Service Data" (call recordings and dispatch notes, defined by "means") 90 days; the policy keeps them three years', async () => {
    const { found } = await conflicts({
      'Dispatch-Services-Agreement.md':
        '# Dispatch Services Agreement\n\n1.4 "Service Data" means the call recordings, dispatch notes and vehicle location data generated by the Services.\n\n7.2 The Contractor shall retain Service Data for ninety (90) days and then delete it.\n',
      'Records-Retention-Policy.md':
        '# Records Retention Policy\n\n5.1 Emergency call recordings and dispatch notes must be retained for three years.\n',
    });
    expect(found).toHaveLength(1);
  });

  test('an aircraft parts supplier\'s definitions list ("Documentation: in relation to any Part, its release certificate ...") and "retain copies of all Documentation" for 24 months; the procedure keeps release certificates 5 years', async () => {
    const { found } = await conflicts({
      'Parts-Logistics-Agreement.md':
        '# Parts Logistics Agreement\n\n1. Definitions\n\nDocumentation: in relation to any Part, its release certificate, certificate of conformity and trace documentation.\n\n6.2 The Supplier shall retain copies of all Documentation for twenty-four (24) months from delivery.\n',
      'Maintenance-Records-Procedure.md':
        '# Maintenance Records Procedure\n\n8.1 Release certificates and certificates of conformity shall be retained for at least five years.\n',
    });
    expect(found).toHaveLength(1);
  });

  test('decoys: a defined term about other records ("Billing Records" means invoices and payment receipts), and a defined term named beside what is kept ("back up Service Data daily, retain backups for 35 days")', async () => {
    const beside = await conflicts({
      'Dispatch-Services-Agreement.md':
        '# Dispatch Services Agreement\n\n1.4 "Service Data" means the call recordings, dispatch notes and vehicle location data generated by the Services.\n\n10.2 The Contractor shall back up Service Data daily and retain backups for thirty-five (35) days.\n',
      'Records-Retention-Policy.md':
        '# Records Retention Policy\n\n5.1 Emergency call recordings and dispatch notes must be retained for three years.\n',
    });
    expect(beside.found).toEqual([]);
    const { found } = await conflicts({
      'Dispatch-Services-Agreement.md':
        '# Dispatch Services Agreement\n\n1.4 "Billing Records" means the invoices and payment receipts issued under this Agreement.\n\n7.2 The Contractor shall retain Billing Records for two (2) years.\n',
      'Records-Retention-Policy.md':
        '# Records Retention Policy\n\n5.1 Emergency call recordings and dispatch notes must be retained for three years.\n',
    });
    expect(found).toEqual([]);
  });

  test('decoys: a contract that keeps the records longer, and one about other records', async () => {
    const longer = await conflicts({
      'CAD-Services-Agreement.md':
        '# CAD Services Agreement\n\n8.1 Vendor shall retain CAD incident records for twelve (12) years after incident close.\n',
      'Records-Retention-Procedure.md':
        '# Records Retention Procedure\n\n| Record | Retention |\n|---|---|\n| CAD incident records | 10 years |\n',
    });
    expect(longer.found).toEqual([]);
    const other = await conflicts({
      'Hosting-Agreement.md': '# Hosting Agreement\n\n6.1 Provider shall retain backup media for 90 days.\n',
      'Records-Retention-Procedure.md':
        '# Records Retention Procedure\n\n| Record | Retention |\n|---|---|\n| Patient billing records | 7 years |\n',
    });
    expect(other.found).toEqual([]);
  });
});

describe('a deadline on the day itself, and one scope in other words', () => {
  const pairs = (found: Awaited<ReturnType<typeof conflicts>>['found']) =>
    found.map((c) => [c.a.quantity.phrase, c.b.quantity.phrase].sort());

  test.each([
    [
      'a mobile money operator',
      'Access of leavers, including remote access and access to the core wallet back-office, shall be disabled no later than the end of their last working day.',
      'Step 2. IT Operations disables directory, e-mail, VPN and core wallet back-office accounts within three (3) working days of the exit date notified by HR.',
    ],
    [
      'a law firm',
      'Access of leavers, including remote access to the document management system, shall be removed no later than the end of their last working day.',
      'Step 4. The IT Service Desk removes document management system and remote access accounts within five (5) working days of the leaving date.',
    ],
  ])(
    '%s: leavers lose access by the end of their last day in the policy, days later in the procedure',
    async (_, policy, procedure) => {
      const { found } = await conflicts({
        'Information-Security-Policy.md': `# Information Security Policy\n\n6.3 ${policy}\n`,
        'Access-Management-Procedure.md': `# Access Management Procedure\n\nThis procedure implements the Information Security Policy.\n\n${procedure}\n`,
      });
      expect(pairs(found)).toHaveLength(1);
      const issue = conflictIssue(found[0]!);
      expect(issue.title).toMatch(
        /no later than the end of their last working day in Information-Security-Policy\.md vs \d working days/,
      );
    },
  );

  test.each([
    [
      'a hospital',
      'Accounts with administrative rights on the EHR, the databases and the network devices are reviewed quarterly by the System Owner together with the CISO.',
      'Step 3. Privileged accounts (database administrators, EHR super-users and network administrators) are recertified every six months, in January and July, by the System Owner with the Chief Information Security Officer.',
    ],
    [
      'a freight forwarder',
      'Accounts with administrative rights on the warehouse system, the databases and the directory are reviewed quarterly by the System Owner and the CISO.',
      'Step 5. Privileged accounts (directory administrators, database administrators and warehouse system super-users) are recertified every six months, in March and September, by the System Owner with the Chief Information Security Officer.',
    ],
  ])(
    '%s: administrative accounts reviewed quarterly in the policy, privileged accounts every six months in its procedure',
    async (_, policy, procedure) => {
      const { found } = await conflicts({
        'Information-Security-Policy.md': `# Information Security Policy\n\n6.4 ${policy}\n`,
        'Access-Management-Procedure.md': `# Access Management Procedure\n\nThis procedure implements the Information Security Policy.\n\n${procedure}\n`,
      });
      expect(pairs(found)).toEqual([['every six months', 'quarterly']]);
    },
  );

  test('decoys: standard user accounts every six months beside privileged ones quarterly; a leaver deadline beside a joiner one', async () => {
    const { found } = await conflicts({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n6.4 Accounts with administrative rights on the EHR and the databases are reviewed quarterly by the System Owner together with the CISO.\n\n6.5 Access of leavers shall be removed no later than the end of their last working day.\n',
      'Access-Management-Procedure.md':
        '# Access Management Procedure\n\nThis procedure implements the Information Security Policy.\n\nStep 3. Standard user accounts on the EHR are recertified every six months by their line managers.\n\nStep 4. The IT Service Desk creates joiner accounts within three (3) working days of the start date.\n',
    });
    expect(found).toEqual([]);
  });
});

describe('a schedule row that names its records twice, and the row beside it that agrees about other records', () => {
  const schedule = (rows: string[]) =>
    [
      '# Records Retention Schedule',
      '',
      'This schedule sets how long each class of record is kept.',
      '',
      '| Ref | Record class | Retention | Trigger |',
      '| --- | --- | --- | --- |',
      ...rows,
    ].join('\n');

  test.each([
    [
      'a fund administrator',
      '9.1 CDD records, including copies of the evidence used to verify investors, and the supporting records of investor transactions, must be kept for at least five (5) years after the relationship ends.',
      [
        '| R01 | Investor CDD / KYC file | 3 years | End of relationship |',
        '| R02 | Investor transaction records | 5 years | End of relationship |',
      ],
    ],
    [
      'a money remitter',
      '7.2 EDD records, including source-of-funds evidence for senders, and the supporting records of sender transfers, must be kept for at least seven (7) years after the last transfer.',
      [
        '| R04 | Sender EDD / source-of-funds file | 2 years | Last transfer |',
        '| R05 | Sender transfer records | 7 years | Last transfer |',
      ],
    ],
  ])(
    '%s: the policy keeps due-diligence records longer than the schedule row for them',
    async (_, rule, rows) => {
      const { found } = await conflicts({
        'AML-Policy.md': `# AML Policy\n\n${rule}\n`,
        'Records-Retention-Schedule.md': schedule(rows),
      });
      expect(found.map((c) => conflictIssue(c).title)).toEqual([
        expect.stringMatching(
          /^Conflicting retain requirement for .*: \d years in AML-Policy\.md vs \d years in Records-Retention-Schedule\.md$/,
        ),
      ]);
    },
  );

  test('decoy: the schedule row for the due-diligence file agrees; only the other row differs from a rule about it', async () => {
    const { found } = await conflicts({
      'AML-Policy.md':
        '# AML Policy\n\n9.1 CDD records, including copies of the evidence used to verify investors, must be kept for at least five (5) years after the relationship ends.\n',
      'Records-Retention-Schedule.md': schedule([
        '| R01 | Investor CDD / KYC file | 5 years | End of relationship |',
        '| R02 | Investor newsletters | 1 year | Date of issue |',
      ]),
    });
    expect(found).toEqual([]);
  });
});

describe('an inactivity span belongs to the disabling, and a policy reports to a committee on its own cycle', () => {
  test.each([
    [
      'a college',
      "The contractor's weekly dormancy job disables staff accounts that have not been used for ninety (90) days and notifies the account holder.",
      'ninety (90) days',
    ],
    [
      'a bank',
      'The IAM team suspends teller accounts that have had no logon for sixty (60) days and informs the branch manager.',
      'sixty (60) days',
    ],
  ])(
    "%s: a span of inactivity is the disabling's, though a notice stands nearer to it",
    async (_, text, phrase) => {
      const { analysis } = await conflicts({ 'Access-Procedure.md': `# Access Procedure\n\n${text}\n` });
      const segment = analysis.documents[0]!.segments.find((s) => s.text.includes(phrase))!;
      expect(requirementsOf(segment).map((r) => [r.action, r.quantity.phrase])).toEqual([['revoke', phrase]]);
    },
  );

  test('decoy: a policy reporting to a committee quarterly beside a procedure reporting to it yearly is no cycle of one control', async () => {
    const { found } = await conflicts({
      'Vendor-Risk-Policy.md':
        '# Vendor Risk Policy\n\n8.1 Vendor risk is reported to the Board Audit and Risk Committee annually.\n',
      'Vulnerability-Procedure.md':
        '# Vulnerability Procedure\n\nThis procedure implements the Vendor Risk Policy.\n\n4. Open vulnerabilities are reported to the Board Audit and Risk Committee quarterly.\n',
    });
    expect(found).toEqual([]);
  });
});

describe("a procedure step that opens with its cycle states how often its section's activity is done", () => {
  test.each([
    [
      'a ferry operator',
      'Booking-Security-Policy.md',
      '4.2 Privileged access to the booking platform shall be reviewed every three months by the platform owner.',
      'Access-Procedure.md',
      'This procedure implements the Booking Security Policy.\n\n## 6. Privileged access review\n\nStep 14. Every twelve (12) months, the service desk exports the privileged accounts of the booking platform and sends them to the platform owner.',
    ],
    [
      'a blood bank',
      'Laboratory-Systems-Policy.md',
      '5.1 Backups of the donor database are tested monthly by the systems engineer.',
      'Recovery-Procedure.md',
      'It carries out the Laboratory Systems Policy.\n\n## 3. Backup testing\n\n3.4 Every six (6) months, the systems engineer restores a copy of the donor database to the test server and records the result.',
    ],
  ])('%s: the step against the policy', async (_, policyName, policy, procedureName, procedure) => {
    const { found } = await conflicts({
      [policyName]: `# ${policyName.replace(/-/g, ' ').replace('.md', '')}\n\n${policy}\n`,
      [procedureName]: `# ${procedureName.replace(/-/g, ' ').replace('.md', '')}\n\n${procedure}\n`,
    });
    expect(found.map((c) => c.a.action)).toHaveLength(1);
  });

  test('decoys: a cycle in the middle of a step, and a section named for no recurring activity', async () => {
    const { found } = await conflicts({
      'Booking-Security-Policy.md':
        '# Booking Security Policy\n\n4.2 Privileged access to the booking platform shall be reviewed every three months by the platform owner.\n',
      'Access-Procedure.md':
        '# Access Procedure\n\nThis procedure implements the Booking Security Policy.\n\n## 6. Privileged access review\n\nStep 14. The service desk exports the privileged accounts of the booking platform, keeping each export every twelve (12) months.\n\n## 7. Privileged access onboarding\n\nStep 15. Every year, the service desk sends the privileged accounts of the booking platform to the platform owner.\n',
    });
    expect(found).toEqual([]);
  });
});

describe("a document's own review cycle in its control fields", () => {
  test("a letting agent's control list and a laboratory's control table state the document's own review, no one else's duty", async () => {
    const { analysis, found } = await conflicts({
      'Tenant-Incident-Procedure.md': [
        '# Tenant Incident Procedure',
        '',
        '- Document ID: TL-PRO-004',
        '- Document owner: Ross Baird, IT and Security Manager',
        '- Review cycle: Annual',
        '- Next review date: 07/04/2027',
        '',
        '## 1. Reporting',
        'Staff report incidents to the service desk.',
      ].join('\n'),
      'Information-Security-Policy.md': [
        '# Information Security Policy',
        '',
        '| Control | Owner | Frequency | Evidence |',
        '|---|---|---|---|',
        '| Anti-malware status check | IT and Security Manager | Monthly | Endpoint report |',
      ].join('\n'),
      'Sample-Handling-Procedure.md': [
        '# Sample Handling Procedure',
        '',
        '| Field | Detail |',
        '|---|---|',
        '| Owner | Quality Manager |',
        '| Review frequency | Every two years |',
        '',
        'Samples are logged on receipt.',
      ].join('\n'),
    });
    const own = analysis.documents
      .flatMap((d) => d.segments)
      .filter((s) => /Review (?:cycle|frequency)/.test(s.text))
      .flatMap((s) => requirementsOf(s));
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.selfReference)).toBe(true);
    expect(found.map((c) => conflictIssue(c).title)).toEqual([]);
  });
});

describe('one regulator notice restated in a procedure; a re-verification whose sentence ends on a date', () => {
  test('a solar contractor: incidents of the listed types reported to CERT-In within six hours, the procedure allows 24', async () => {
    const { found } = await conflicts({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n6.5 Cyber security incidents of the types listed in Annexure I of the CERT-In Directions shall be reported to CERT-In within six (6) hours of noticing such incidents.\n',
      'Incident-Response-Procedure.md':
        '# Incident Response Procedure\n\nThis procedure implements the Information Security Policy.\n\n4. Where the incident is a reportable incident, the CISO shall notify CERT-In within 24 hours of the incident being confirmed by the SOC.\n',
    });
    expect(found.map((c) => [c.a.quantity.phrase, c.b.quantity.phrase].sort())).toEqual([
      ['24 hours', 'six (6) hours'],
    ]);
  });

  test('a drug wholesaler: customer registrations re-verified every 30 days, the procedure every 90 days "and on its expiration date"', async () => {
    const { found } = await conflicts({
      'Controlled-Substance-Policy.md':
        '# Controlled Substance Policy\n\n8.1 The registration is verified before the first order is shipped and is re-verified at least every thirty (30) days while the customer remains active.\n',
      'Customer-Verification-Procedure.md':
        '# Customer Verification Procedure\n\nThis procedure implements the Controlled Substance Policy.\n\n6.2 For customers that purchase controlled substances, the registration is re-verified through the registration validation service every ninety (90) days and on its expiration date.\n',
    });
    expect(found).toHaveLength(1);
    expect(found[0]!.a.action).toBe('review');
  });

  test('decoy: a notice to the same regulator of another thing (a change of directors) at another deadline', async () => {
    const { found } = await conflicts({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\n6.5 Cyber security incidents of the types listed in Annexure I of the CERT-In Directions shall be reported to CERT-In within six (6) hours of noticing such incidents.\n',
      'Regulatory-Filings-Procedure.md':
        '# Regulatory Filings Procedure\n\nThis procedure implements the Information Security Policy.\n\n3. The Company Secretary shall notify CERT-In of a change in the designated point of contact within 30 days.\n',
    });
    expect(found).toEqual([]);
  });
});

describe('a thing "carried out" or "conducted" so often: doing it is the action', () => {
  test('a grocer: stock counts carried out every three months in the policy, once every twelve months in the procedure', async () => {
    const { found } = await conflicts(
      twoDocuments(
        'Inventory-Control-Policy.md',
        '5.1 A cycle stock count shall be carried out every three (3) months, rotating between chilled and ambient aisles.',
        'Inventory-Count-Procedure.md',
        '2.4 A cycle stock count shall be performed once every twelve (12) months, using a sample chosen by the Store Manager.',
      ),
    );
    expect(found.map((c) => c.key)).toEqual([expect.stringMatching(/^requirement:perform:period:.*count/)]);
  });

  test('a hospital trust: hand-hygiene walkrounds conducted monthly, the ward procedure every quarter', async () => {
    const { found } = await conflicts(
      twoDocuments(
        'Infection-Prevention-Policy.md',
        '4.3 A hand-hygiene walkround shall be conducted monthly on every inpatient ward, covering all shifts.',
        'Ward-Audit-Procedure.md',
        '3.2 A hand-hygiene walkround is undertaken every quarter on each inpatient ward, recording results on the audit tool.',
      ),
    );
    expect(found.map((c) => c.key)).toEqual([
      expect.stringMatching(/^requirement:perform:period:.*walkround/),
    ]);
  });

  test('decoy: two things carried out at different intervals (a stock count and a site inspection)', async () => {
    const { found } = await conflicts(
      twoDocuments(
        'Inventory-Control-Policy.md',
        '5.1 A cycle stock count shall be carried out every three (3) months, rotating between chilled and ambient aisles.',
        'Store-Safety-Procedure.md',
        '2.4 A fire safety site inspection shall be carried out once every twelve (12) months, using the landlord checklist.',
      ),
    );
    expect(found).toEqual([]);
  });
});

describe('"at least every two months" and a "Minimum frequency" column: two lower bounds on how often', () => {
  test('a ship manager: a drill at least every two months in the policy, a procedure table whose minimum is quarterly', async () => {
    const { found } = await conflicts(
      twoDocuments(
        'Vessel-Safety-Policy.md',
        '8.2 Drills are held on board at not less than the following frequencies:\n\n(a) emergency fire pump and generator drill: at least every two (2) months;',
        'Drill-Programme-Procedure.md',
        '| Drill | Minimum frequency | Led by |\n|---|---|---|\n| Emergency fire pump and generator | Quarterly | Second Engineer |',
      ),
    );
    expect(found.map((c) => c.key)).toEqual([expect.stringMatching(/^requirement:test:period:/)]);
  });

  test('a water utility: reservoir inspections at least annually, a procedure table whose minimum is every two years', async () => {
    const { found } = await conflicts(
      twoDocuments(
        'Asset-Management-Policy.md',
        '6.1 Service reservoirs shall be inspected at least annually by a competent engineer.',
        'Reservoir-Inspection-Procedure.md',
        '| Asset | Minimum frequency | Inspector |\n|---|---|---|\n| Service reservoirs | Every two years | Asset Engineer |',
      ),
    );
    expect(found.map((c) => c.key)).toEqual([
      expect.stringMatching(/^requirement:review:period:.*reservoir/),
    ]);
  });

  test('decoy: "at least annually" met by a procedure that inspects every six months', async () => {
    const { found } = await conflicts(
      twoDocuments(
        'Asset-Management-Policy.md',
        '6.1 Service reservoirs shall be inspected at least annually by a competent engineer.',
        'Reservoir-Inspection-Procedure.md',
        '4.1 Service reservoirs are inspected every six (6) months by the Asset Engineer.',
      ),
    );
    expect(found).toEqual([]);
  });
});

describe("a policy's rule for a kind of third party, restated laxer in a contract with such a party", () => {
  test('a pharmacy chain: courier contractors notify a lost consignment within four hours; the courier contract allows 48', async () => {
    const { found } = await conflicts({
      'Distribution-Policy.md':
        '# Distribution Policy\n\n3.2 Any courier contractor shall notify the Logistics Manager by telephone within four (4) hours of discovering a lost consignment of medicines.\n',
      'Courier-Services-Agreement.md':
        '# Courier Services Agreement\n\nThis agreement is between the Company and Swiftway Couriers Ltd (the "Contractor") for courier services.\n\n7.1 The Contractor shall notify the Company\'s Logistics Manager of any lost consignment of medicines within forty-eight (48) hours.\n',
    });
    expect(found.map((c) => c.key)).toEqual([expect.stringMatching(/^requirement:notify:duration:/)]);
    const issue = conflictIssue(found[0]!);
    expect(issue.description).toMatch(/4 hours/);
    expect(issue.description).toMatch(/48 hours|2 days/);
  });

  test('an insurer: managed service providers report security incidents within one hour; the MSP contract says twelve', async () => {
    const { found } = await conflicts({
      'Third-Party-Security-Policy.md':
        '# Third-Party Security Policy\n\n5.4 Every managed service provider must report a security incident to the Information Security Manager within one (1) hour of detection.\n',
      'Managed-Services-Agreement.md':
        '# Managed Services Agreement\n\nBetween the Insurer and Northgate IT Ltd (the "Provider"), a managed service provider.\n\n9.2 The Provider shall report any security incident to the Insurer\'s Information Security Manager within twelve (12) hours of detection.\n',
    });
    expect(found.map((c) => c.key)).toEqual([
      expect.stringMatching(/^requirement:notify:duration:.*incident/),
    ]);
  });

  test('decoys: a contract stricter than the rule, and a rule for another kind of party than the contract is with', async () => {
    const stricter = await conflicts({
      'Distribution-Policy.md':
        '# Distribution Policy\n\n3.2 Any courier contractor shall notify the Logistics Manager by telephone within four (4) hours of discovering a lost consignment of medicines.\n',
      'Courier-Services-Agreement.md':
        "# Courier Services Agreement\n\n7.1 The Contractor shall notify the Company's Logistics Manager of any lost consignment of medicines within one (1) hour.\n",
    });
    expect(stricter.found).toEqual([]);
    const otherParty = await conflicts({
      'Distribution-Policy.md':
        '# Distribution Policy\n\n3.2 Any refrigerated haulage contractor shall notify the Logistics Manager by telephone within four (4) hours of discovering a lost consignment of medicines.\n',
      'Courier-Services-Agreement.md':
        "# Courier Services Agreement\n\n7.1 The Contractor shall notify the Company's Logistics Manager of any lost consignment of medicines within forty-eight (48) hours.\n",
    });
    expect(otherParty.found).toEqual([]);
  });
});

describe('a paragraph the policy says its contracts must carry binds such a contract', () => {
  const commissionPolicy = (directive: string) =>
    [
      '# Agency Commission Policy',
      '',
      '6.1 Commissions are paid to the agent within five (5) Business Days after month end.',
      '',
      directive,
    ].join('\n');
  const agencyAgreement = [
    '# Agency Agreement',
    '',
    'This agreement is between Harbourline Insurance Ltd (the "Insurer") and Kito Brokers Ltd (the "Agent").',
    '',
    '7.2 The Insurer shall pay to the Agent the Commission within thirty (30) days after month end.',
  ].join('\n');

  test('an insurer: commissions paid five Business Days after month end by the policy, thirty days by the agency agreement', async () => {
    const { found } = await conflicts({
      'Agency-Commission-Policy.md': commissionPolicy(
        '9.2 Every agency agreement with an agent must reflect these rules, in particular the commission payment period in paragraph 6.1.',
      ),
      'Agency-Agreement.md': agencyAgreement,
    });
    expect(found).toHaveLength(1);
    expect(found.map((c) => [c.a.segment.document, c.b.segment.document].sort())).toEqual([
      ['Agency-Agreement.md', 'Agency-Commission-Policy.md'],
    ]);
  });

  test('a software firm: reseller rebates paid ten days after quarter end by the policy, sixty by the reseller agreement', async () => {
    const { found } = await conflicts({
      'Partner-Revenue-Policy.md': [
        '# Partner Revenue Policy',
        '',
        '4.3 Partner rebates are paid to the reseller within ten (10) days after quarter end.',
        '',
        '8.1 All reseller agreements with a channel partner shall include the rebate payment period in section 4.3.',
      ].join('\n'),
      'Reseller-Agreement.md': [
        '# Reseller Agreement',
        '',
        'Between Quillsoft Inc. (the "Company") and Brightpath Channel Partner LLC (the "Reseller").',
        '',
        '5.4 The Company shall pay the Reseller each partner rebate within sixty (60) days after quarter end.',
      ].join('\n'),
    });
    expect(found).toHaveLength(1);
  });

  test('decoys: no directive to carry the paragraph, and a directive for another kind of agreement', async () => {
    const noDirective = await conflicts({
      'Agency-Commission-Policy.md': commissionPolicy(
        '9.2 The Finance Manager reviews commission statements.',
      ),
      'Agency-Agreement.md': agencyAgreement,
    });
    expect(noDirective.found).toEqual([]);
    const otherKind = await conflicts({
      'Agency-Commission-Policy.md': commissionPolicy(
        '9.2 Every bancassurance agreement with a lender must reflect these rules, in particular the commission payment period in paragraph 6.1.',
      ),
      'Agency-Agreement.md': agencyAgreement,
    });
    expect(otherKind.found).toEqual([]);
  });
});

test('carriedParagraphs and carriedInto: the paragraph a directive names, for the kind of agreement it names', async () => {
  const { analysis } = await conflicts({
    'Partner-Revenue-Policy.md': [
      '# Partner Revenue Policy',
      '',
      '4.3 Partner rebates are paid to the reseller within ten (10) days after quarter end.',
      '',
      '4.3.2 Marketing funds are paid within ninety (90) days of the claim.',
      '',
      '4.31 Referral fees are paid within sixty (60) days.',
      '',
      '8.1 All reseller agreements with a channel partner shall include the rebate payment period in section 4.3.',
    ].join('\n'),
  });
  const policy = analysis.byName.get('Partner-Revenue-Policy.md')!;
  expect(carriedParagraphs(policy).map((p) => [p.number, p.contractKind])).toEqual([
    ['4.3', ['reseller', 'channel', 'partner']],
  ]);
  const paragraph = (n: string) => policy.segments.find((s) => s.text.startsWith(n))!;
  const resellerAgreement = 'Reseller Agreement between Quillsoft Inc. and Brightpath Channel Partner LLC.';
  expect(carriedInto(analysis, paragraph('4.3 '), resellerAgreement)).toBe(true);
  expect(carriedInto(analysis, paragraph('4.3.2 '), resellerAgreement)).toBe(false);
  expect(carriedInto(analysis, paragraph('4.31 '), resellerAgreement)).toBe(false);
  expect(
    carriedInto(analysis, paragraph('4.3 '), 'Hosting Agreement between Quillsoft Inc. and Cloudbase Ltd.'),
  ).toBe(false);
});

describe('scope words on things only one statement names', () => {
  // "internal reports" among the records a policy keeps and the "electronic file" a procedure keeps
  // them in: each scope word qualifies a noun the other statement never mentions, so neither sets
  // a scope of the records both speak of. A scope word on a noun both name still does (the decoy
  // beside "Accounts with administrative rights" in 'a deadline on the day itself ...').
  test.each([
    [
      'a consumer lender',
      'Anti-Money-Laundering-Policy.md',
      '8.2 Customer due diligence records, together with internal reports of suspicious activity, are retained for at least seven (7) years after the relationship ends.',
      'Customer-Onboarding-Procedure.md',
      "5.4 The due diligence records are kept in the customer's electronic file and retained for five (5) years after the relationship ends.",
      ['five (5) years', 'seven (7) years'],
    ],
    [
      'a pharmacy chain',
      'Controlled-Drugs-Policy.md',
      '6.1 Controlled drug registers, including internal reports of stock discrepancies, are retained for at least seven (7) years after the last entry.',
      'Dispensary-Procedure.md',
      '3.3 The controlled drug registers are held in the electronic archive of the branch and retained for two (2) years after the last entry.',
      ['seven (7) years', 'two (2) years'],
    ],
  ])(
    '%s: records kept longer by the policy than by the procedure',
    async (_, policyName, policy, procedureName, procedure, values) => {
      const { found } = await conflicts(
        twoDocuments(
          policyName,
          policy,
          procedureName,
          `This procedure implements the ${policyName.replace('.md', '').replace(/-/g, ' ')}.\n\n${procedure}`,
        ),
      );
      expect(found.map((c) => [c.a.quantity.phrase, c.b.quantity.phrase].sort())).toEqual([values]);
    },
  );

  test('decoy: a hotel keeps folios with confidential remarks six years and standard folios two', async () => {
    const { found } = await conflicts(
      twoDocuments(
        'Records-Retention-Policy.md',
        '4.3 Guest folios with confidential remarks are retained for at least six (6) years after check-out.',
        'Front-Office-Procedure.md',
        'This procedure implements the Records Retention Policy.\n\nStep 5. Standard guest folios are kept in the property system for two (2) years after check-out.',
      ),
    );
    expect(found).toEqual([]);
  });
});
