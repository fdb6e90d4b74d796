// Requirements whose value is never set, on fixtures in two industries' wording (a hospital and a
// freight carrier), with decoys: a vague word beside a stated value, a value stated in another
// document, descriptions that obligate nothing, and "period" words that are no requirement.
import { runCheck } from '../../../test/helpers/check-harness';
import { isActionClass } from '../../analyst/requirements';
import { ACTIVITY_SOURCES, RECURRING_ACTIVITIES } from './activities';
import { unsetCadenceCheck } from '.';

const run = (files: Record<string, string>) => runCheck(unsetCadenceCheck, files);

describe('the unset-cadence check', () => {
  test('a hospital: a breach notice and a remediation deadline promised but never set', async () => {
    const { analysis, candidates, verdict } = await run({
      'Privacy-Breach-Policy.txt': [
        '# Privacy Breach Policy',
        '',
        'Patients whose records were exposed in a privacy breach shall be told within the prescribed time limit.',
        '',
        'The Privacy Officer keeps the breach register.',
      ].join('\n'),
      'Clinical-Engineering-Standard.txt': [
        '# Clinical Engineering Standard',
        '',
        'Critical vulnerabilities in infusion pump firmware shall be remediated within the established deadline.',
        '',
        'Ward laptops are encrypted with full-disk encryption.',
      ].join('\n'),
    });
    const byDocument = new Map(candidates.map((c) => [c.documents[0], c]));
    const breach = byDocument.get('Privacy-Breach-Policy.txt')!;
    const firmware = byDocument.get('Clinical-Engineering-Standard.txt')!;
    expect(candidates).toHaveLength(2);
    expect(breach.severity).toBe('high');
    expect(firmware.severity).toBe('high');
    const { issues } = verdict(breach.params);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.primitive).toBe('coverage_check');
    expect(issues[0]!.description).toContain('within the prescribed time limit');
    for (const quote of issues[0]!.quotes)
      expect(analysis.byName.get(quote.document)!.text.slice(quote.start, quote.end)).toBe(quote.text);
  });

  test('a freight carrier: one finding for one activity said vaguely in two documents', async () => {
    const { candidates, verdict } = await run({
      'Fleet-Security-Policy.txt': [
        '# Fleet Security Policy',
        '',
        'Telematics gateways must be scanned for vulnerabilities on a regular basis.',
      ].join('\n'),
      'Depot-IT-Procedure.txt': [
        '# Depot IT Procedure',
        '',
        'The depot engineer will scan the telematics gateways for vulnerabilities on the agreed schedule.',
        '',
        'Dispatch terminals are locked when unattended.',
      ].join('\n'),
    });
    expect(candidates).toHaveLength(1);
    expect(candidates[0]!.severity).toBe('medium');
    expect([...candidates[0]!.documents].sort()).toEqual([
      'Depot-IT-Procedure.txt',
      'Fleet-Security-Policy.txt',
    ]);
    const { issues } = verdict(candidates[0]!.params);
    expect(issues[0]!.quotes.map((q) => q.document).sort()).toEqual([
      'Depot-IT-Procedure.txt',
      'Fleet-Security-Policy.txt',
    ]);
    expect(issues[0]!.title).toMatch(/frequency/);
  });

  test('a list item under an obligating lead-in obligates; the lead-in alone does not', async () => {
    const { candidates } = await run({
      'Warehouse-Operations-Standard.txt': [
        '# Warehouse Operations Standard',
        '',
        'The site manager must ensure the following:',
        '',
        '- periodic review of user access rights in the warehouse management system',
        '- safe stacking of pallets',
      ].join('\n'),
    });
    expect(candidates).toHaveLength(1);
    expect(candidates[0]!.key).toMatch(/^unset-cadence:review:/);
  });

  test('a carrier: "timely notification" of an incident is a deadline never set, and a high one', async () => {
    const { candidates, verdict } = await run({
      'Carrier-Security-Terms.txt':
        '# Carrier Security Terms\n\nSubcontracted hauliers must give timely notification of security incidents to the shipper.\n',
    });
    expect(candidates).toHaveLength(1);
    expect(candidates[0]!.severity).toBe('high');
    expect(verdict(candidates[0]!.params).issues[0]!.title).toMatch(/^No deadline or time period is set for/);
  });

  test('a value left to a role is no value', async () => {
    const { candidates } = await run({
      'Pharmacy-Access-Policy.txt':
        '# Pharmacy Access Policy\n\nDispensary system accounts must be reviewed as determined by the information security team.\n',
    });
    expect(candidates.map((c) => c.key)).toEqual([expect.stringMatching(/^unset-cadence:review:/)]);
  });

  test.each([
    // A vague word beside a value: the value is set.
    ['Theatre staff access rights are re-checked periodically, and no less than once a year.'],
    // Not an obligation, not an activity, not a vague value.
    ['The vendor regularly updates its routing platform.'],
    ['A copy of the periodic table hangs in the hospital laboratory.'],
    ['Invoices are checked against the review period of the haulage contract.'],
    ['Is the pharmacy audited on a regular basis?'],
    // Vague, but no activity a framework sets a value for.
    ['Delivery vans must be inspected regularly by the fleet supervisor.'],
    // A value deferred to a standard, not to a role.
    ['Audit records are reviewed as defined by NIST guidance.'],
  ])('the decoy %j gives no finding', async (sentence) => {
    const { candidates } = await run({ 'Decoy-Policy.txt': `# Decoy Policy\n\n${sentence}\n` });
    expect(candidates).toEqual([]);
  });

  test('a value stated for the same activity in another document silences the vague one', async () => {
    const { candidates } = await run({
      'Backup-Policy.txt':
        '# Backup Policy\n\nRestores from the patient records backups must be tested regularly.\n',
      'Backup-Procedure.txt':
        '# Backup Procedure\n\nA restore test of the patient records backups is performed quarterly by the infrastructure team.\n',
    });
    expect(candidates).toEqual([]);
  });

  test('a value for another recipient does not answer for the one left open', async () => {
    const { candidates } = await run({
      'Incident-Policy.txt':
        '# Incident Policy\n\nShippers affected by a cargo data breach must be notified within the required timeframe.\n',
      'Regulator-Procedure.txt':
        '# Regulator Procedure\n\nThe regulator is notified of a cargo data breach within 72 hours.\n',
    });
    expect(candidates).toHaveLength(1);
    expect(candidates[0]!.documents).toEqual(['Incident-Policy.txt']);
  });
});

describe('the recurring activities data', () => {
  test('every activity has a unique id, a known action, a requirement and a listed source', () => {
    const ids = RECURRING_ACTIVITIES.map((a) => a.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const activity of RECURRING_ACTIVITIES) {
      expect(isActionClass(activity.action)).toBe(true);
      expect(activity.requirement.length).toBeGreaterThan(20);
      expect(ACTIVITY_SOURCES[activity.source]?.url).toMatch(/^https:\/\//);
    }
  });
});

describe('a sentence that explains how a tool or a setting works obligates nothing', () => {
  test.each([
    [
      'a water utility',
      'Telemetry-Alarm-Standard.md',
      '# Telemetry Alarm Standard\n\nOperators must tell a real pump failure from a brief signal drop. The telemetry controller supports this with its delay setting, which indicates the fault has to persist for a set period of time before it sends an alert.\n',
    ],
    [
      'a building manager',
      'Access-Control-Standard.md',
      '# Access Control Standard\n\nDoor controllers must resist repeated badge guessing. The lockout option means a door stays locked for a defined period after failed swipes before it notifies the security desk.\n',
    ],
  ])('%s: no finding', async (_industry, name, text) => {
    const { candidates } = await run({ [name]: text });
    expect(candidates).toEqual([]);
  });

  test('an obligation with a set-but-unwritten period, beside such a description, is still found', async () => {
    const { candidates } = await run({
      'Telemetry-Alarm-Standard.md':
        '# Telemetry Alarm Standard\n\nThe controller supports a delay setting. Pump failures must be reported to the duty engineer within the agreed timeframe.\n',
    });
    expect(candidates).toHaveLength(1);
  });
});

describe("a policy's numbered clause states its rule as practice", () => {
  test.each([
    [
      'a ground handler',
      'Information-Security-Policy.md',
      '8.3 Restoration of backups is tested periodically.',
    ],
    [
      'a school district',
      'Technology-Standard.md',
      '4.2 Backup restores are tested on a regular basis by the district IT team.',
    ],
  ])('%s: a restore test "periodically" with no frequency anywhere', async (_industry, name, clause) => {
    const { candidates } = await run({ [name]: `# ${name.replace(/-|\.md/g, ' ')}\n\n${clause}\n` });
    expect(candidates).toHaveLength(1);
  });

  test("a card payment procedure's numbered step: terminals inspected for tampering periodically", async () => {
    const { candidates } = await run({
      'Card-Payment-Security-Procedure.md':
        '# Card Payment Security Procedure\n\n5.2 POS terminals are inspected for signs of tampering or substitution periodically.\n',
    });
    expect(candidates).toHaveLength(1);
  });

  test('decoys: without a clause number; a lift inspection stated monthly answers no POS terminal', async () => {
    const { candidates } = await run({
      'Information-Security-Policy.md':
        '# Information Security Policy\n\nRestoration of backups is tested periodically.\n',
    });
    expect(candidates).toEqual([]);
    const { candidates: terminals } = await run({
      'Card-Payment-Security-Procedure.md':
        '# Card Payment Security Procedure\n\n5.2 POS terminals are inspected for signs of tampering or substitution periodically.\n',
      'Lift-Maintenance-Policy.md':
        '# Lift Maintenance Policy\n\n4.2 Each chairlift has a monthly inspection by a lift technician covering sheaves, grips, brakes and the drive and return terminals.\n',
    });
    expect(terminals).toHaveLength(1);
  });
});

describe('a recurring activity a policy obligates without a word of how often', () => {
  test.each([
    [
      'a reinsurer',
      'Information-Security-Policy.md',
      'All Staff complete information security awareness training, and Staff who handle cedent data receive additional guidance.',
      /awareness training/,
    ],
    [
      'a mobile money operator',
      'Information-Security-Policy.md',
      '7.2 The core wallet platform and the card environment are subject to vulnerability scanning and penetration testing.',
      /vulnerability scanning|penetration testing/,
    ],
  ])(
    '%s: the policy names the activity as the frameworks do and no document sets its cycle',
    async (_, name, sentence, label) => {
      const { candidates, verdict } = await run({
        [name]: `# Information Security Policy\n\n${sentence}\n`,
        'Supplier-Agreement.md':
          '# Supplier Agreement\n\n7.1 The Provider shall give its own staff annual security awareness training and shall scan its hosts for vulnerabilities every quarter.\n',
      });
      expect(candidates.length).toBeGreaterThanOrEqual(1);
      const { issues } = verdict(candidates[0]!.params);
      expect(issues).toHaveLength(1);
      expect(issues[0]!.title).toMatch(/^No frequency is set for the /);
      expect(issues[0]!.title).toMatch(label);
    },
  );

  test('decoys: a cycle stated in another sentence of the set, an activity done on an event, a rule deferred to another document, a procedure step, an activity named in passing, a list item', async () => {
    const { candidates } = await run({
      'Information-Security-Policy.md': [
        '# Information Security Policy',
        '',
        '5.1 All staff complete security awareness training.',
        '',
        '5.2 Awareness training is repeated every twelve months.',
        '',
        '6.1 Passwords are changed on suspected compromise.',
        '',
        '6.2 Restore testing and disaster recovery testing are governed by the Business Continuity Policy.',
        '',
        '6.3 Threats and their impacts must be listed in a risk assessment table.',
        '',
        'The assessor each year performs:',
        '',
        '- announced penetration testing.',
      ].join('\n'),
      'Access-Review-Procedure.md':
        '# Access Review Procedure\n\n3. The System Owner completes the access review and signs the record.\n',
    });
    expect(candidates).toEqual([]);
  });
});

describe('a deadline left to whenever other work allows', () => {
  const titles = async (files: Record<string, string>) => {
    const { candidates, verdict } = await run(files);
    return candidates.flatMap((c) => verdict(c.params, c.documents).issues).map((i) => i.title);
  };
  test.each([
    [
      'a brewery',
      '5.2 Security patches for the bottling line controllers must be installed when production schedules allow.',
    ],
    [
      'a research laboratory',
      '4.4 Critical vulnerabilities on the laboratory instruments shall be remediated as workload permits.',
    ],
  ])('%s: no time is set, only "when there is room"', async (_, rule) => {
    expect(
      await titles({ 'Security-Policy.md': `# Security Policy\n\n## 4. Systems\n\n${rule}\n` }),
    ).toHaveLength(1);
  });

  test('decoy: leave taken when schedules permit is no control', async () => {
    expect(
      await titles({
        'Staff-Handbook-Policy.md':
          '# Staff Handbook Policy\n\nStaff may take their annual leave when operational schedules permit.\n',
      }),
    ).toEqual([]);
  });
});

describe("a table row's value answers a vague statement only through the row's own words", () => {
  const policy = (row: string) =>
    [
      '# OT Security Policy',
      '',
      '## 3. Roles for access and security',
      '',
      '| Role | Responsibilities |',
      '| --- | --- |',
      row,
      '',
      '## 6. Remote access',
      '',
      '6.5 Vendor remote access accounts shall be reviewed periodically and removed when no longer required.',
    ].join('\n');

  test("a solar contractor: a steering committee row reviewing risks quarterly sets no cycle for the vendor accounts' review", async () => {
    const { candidates } = await run({
      'OT-Security-Policy.md': policy(
        '| Security Steering Committee | Reviews risks, incidents and audit results quarterly. |',
      ),
    });
    expect(candidates).toHaveLength(1);
  });

  test('decoy: a row that reviews the accounts quarterly sets it', async () => {
    const { candidates } = await run({
      'OT-Security-Policy.md': policy(
        '| Head – OT Systems | Reviews vendor accounts on the jump servers quarterly. |',
      ),
    });
    expect(candidates).toEqual([]);
  });
});
