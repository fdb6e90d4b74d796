// Readings of a statement that decide whether two values are one rule: whom a notice goes to when
// the recipient's name runs on through "of" ("the Office of the Information Commissioner"); notices
// to one recipient about one thing; an aside between commas before the value ("..., whether or not
// it was reported, for 24 months"); a span written as one word before a noun ("a 24-hour
// operations centre" is no 24-hour anything); an obligation stated in a register's cell; a step's
// run-in label saying what the step is about; the action of a clause whose object a participle
// qualifies ("pay ... the Refunds approved by ..."). Two industries' wording each, with decoys.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { requirementsOf } from '../../analyst/requirements';
import { snapshotOf } from '../../../test/helpers/synthetic-corpus';
import type { Intake } from '../../types';
import { findRequirementConflicts } from './conflicts';

/** `hierarchy`: the intake's doc_hierarchy (role -> file globs), when the test needs one. */
async function analysed(files: Record<string, string>, hierarchy: Record<string, string[]> | null = null) {
  const intake = hierarchy ? ({ doc_hierarchy: hierarchy } as unknown as Intake) : null;
  const analysis = analyzeCorpus(await snapshotOf(files), intake);
  const found = findRequirementConflicts(
    analysis,
    analysis.documents.flatMap((d) => d.segments),
  ).map((c) => [c.a.quantity.phrase, c.b.quantity.phrase].sort());
  const statement = (start: string) =>
    requirementsOf(analysis.documents.flatMap((d) => d.segments).find((s) => s.text.startsWith(start))!);
  return { found, statement };
}

describe('notices to one recipient about one thing', () => {
  test('a credit union: the Commissioner within 72 hours, the Office of the Information Commissioner within fourteen days', async () => {
    const { found, statement } = await analysed({
      'Data-Protection-Policy.md':
        '# Data Protection Policy\n\n12.3 Where a breach is notifiable, the DPO shall notify the Commissioner without undue delay and in any event within 72 hours after the Credit Union becomes aware of the breach.\n',
      'Incident-Response-Plan.md':
        '# Incident Response Plan\n\nThis plan implements the Data Protection Policy.\n\n8.2 Where a personal data breach is likely to result in a risk to the rights and freedoms of individuals, the Data Protection Officer shall notify the Office of the Information Commissioner within fourteen (14) days of the breach being confirmed.\n',
    });
    expect(statement('8.2')[0]!.recipient).toEqual(['office', 'information', 'commissioner']);
    expect(found).toEqual([['72 hours', 'fourteen (14) days']]);
  });

  test('a transit agency: the Bank of Canada named in full and in short', async () => {
    const { found, statement } = await analysed({
      'Treasury-Policy.md':
        '# Treasury Policy\n\n5.1 The Treasurer shall notify the Bank of Canada of any failed settlement within 2 hours of detection.\n',
      'Settlement-Procedure.md':
        '# Settlement Procedure\n\nThis procedure implements the Treasury Policy.\n\n4.4 The Settlement Lead shall notify the Bank of a failed settlement within one business day, giving the reasons and the corrective action taken.\n',
    });
    expect(statement('5.1')[0]!.recipient).toEqual(['bank', 'canada']);
    expect(found).toEqual([['2 hours', 'one business day']]);
  });

  test('decoy: one committee, two different kinds of results', async () => {
    const { found } = await analysed({
      'Vendor-Management-Policy.md':
        '# Vendor Management Policy\n\n5.3 Vendor review results are recorded in the vendor register and reported to the Board Technology Committee quarterly.\n',
      'Risk-Assessment-Procedure.md':
        '# Risk Assessment Procedure\n\nThis procedure supports the Vendor Management Policy.\n\n5.1 Risk assessment results are reported to the Board Technology Committee annually.\n',
    });
    expect(found).toEqual([]);
  });
});

describe('an aside between commas before the value', () => {
  test('a telecom: "keeps a record of every breach, whether or not it was reported, for 24 months" keeps', async () => {
    const { statement } = await analysed({
      'Privacy-Policy.md':
        '# Privacy Policy\n\n7.4 The CPO keeps a record of every breach of security safeguards, whether or not it was reported, for a minimum of 24 months after the breach.\n',
    });
    expect(statement('7.4')[0]).toMatchObject({ action: 'retain' });
  });

  test('a laboratory: "retains each sample log, including logs notified to partner laboratories, for 5 years" keeps', async () => {
    const { statement } = await analysed({
      'Laboratory-Procedure.md':
        '# Laboratory Procedure\n\n3.2 The Laboratory Manager retains each sample log, including logs notified to partner laboratories, for 5 years.\n',
    });
    expect(statement('3.2')[0]).toMatchObject({ action: 'retain' });
  });

  test('decoy: with no aside, the nearest verb still names the action ("reported within 24 hours")', async () => {
    const { statement } = await analysed({
      'Incident-Procedure.md':
        '# Incident Procedure\n\n2.1 Every breach that is recorded in the log must be reported within 24 hours to the CPO.\n',
    });
    expect(statement('2.1')[0]).toMatchObject({ action: 'notify' });
  });
});

describe('a span written as one word before a noun', () => {
  test('a bank and a ferry operator: a 24-hour operations centre and a 24-hour helpline state no value', async () => {
    const { statement } = await analysed({
      'Hosting-Agreement.md':
        '# Hosting Agreement\n\n7.1 The Provider shall maintain a 24-hour security operations centre to monitor the Services.\n',
      'Booking-Agreement.md':
        '# Booking Agreement\n\n4.2 The Supplier shall keep a 24-hour helpline for passengers during the sailing season.\n',
    });
    expect(statement('7.1')).toEqual([]);
    expect(statement('4.2')).toEqual([]);
  });

  test('decoy: a 72-hour notice and a 30-day window are values', async () => {
    const { statement } = await analysed({
      'Supplier-Agreement.md':
        '# Supplier Agreement\n\n6.1 The Supplier shall give the Customer a 72-hour notice of any planned outage.\n\n6.2 The Supplier shall retain call recordings for a 30-day window.\n',
    });
    expect(statement('6.1')[0]!.quantity.phrase).toBe('72-hour');
    expect(statement('6.2')[0]!.quantity.phrase).toBe('30-day');
  });
});

describe('what is held for a time is kept', () => {
  test('a port operator and a lender: "held ... for a rolling period of thirty-six (36) months", "is held for seven years"', async () => {
    const { statement } = await analysed({
      'Hosting-Agreement.md':
        '# Hosting Agreement\n\n5.3 Customer Data is held in the production environment for a rolling period of thirty-six (36) months from the date of the transaction.\n',
      'Loan-Records-Procedure.md':
        '# Loan Records Procedure\n\n4.1 Each loan file is held for seven years after the loan is repaid.\n',
    });
    expect(statement('5.3')[0]).toMatchObject({ action: 'retain' });
    expect(statement('4.1')[0]).toMatchObject({ action: 'retain' });
  });

  test('decoy: a meeting held every quarter is no retention', async () => {
    const { statement } = await analysed({
      'Governance-Procedure.md':
        '# Governance Procedure\n\n2.1 The risk committee meeting is held every quarter.\n',
    });
    expect(statement('2.1').map((r) => r.action)).not.toContain('retain');
  });
});

describe('an obligations register states each obligation in its cell', () => {
  // A row whose value cell opens with a verb in the imperative binds as "must" does; a cell that
  // describes what was done does not. Such a row, in a document the intake calls a schedule of
  // obligations, conflicts with a procedure step that gives the same notice a longer period.
  const register = (title: string, rows: string[]) =>
    [`# ${title}`, '', '| Ref | Source | Obligation | Owner |', '|---|---|---|---|', ...rows].join('\n');
  const WATER_ROW =
    '| LO-04 | Water Supply Regulations, reg. 31 | Notify the Drinking Water Inspectorate of any water quality failure within 24 hours of the laboratory result | Water Quality Manager |';
  const BANK_ROW =
    '| RO-10 | Payment Services Regulations, reg. 99 | Notify the central bank of any major operational incident within 4 hours of its classification | Head of Payments Operations |';

  test('a water utility and a payments firm: an imperative cell is an obligation, a descriptive one is not', async () => {
    const { statement } = await analysed({
      'Legal-Register.md': register('Legal Register', [
        WATER_ROW,
        '| LO-05 | Water Supply Regulations, reg. 35 | Consumer advice notified to affected households within 24 hours | Customer Services Manager |',
      ]),
      'Obligations-Register.md': register('Obligations Register', [
        BANK_ROW,
        '| RO-15 | Payment Services Regulations, reg. 100 | Incident notified to the central bank within 4 hours | Head of Payments Operations |',
      ]),
    });
    expect(statement('| LO-04')[0]).toMatchObject({ action: 'notify', obligation: true });
    expect(statement('| RO-10')[0]).toMatchObject({ action: 'notify', obligation: true });
    // Decoys: what was notified, said of the row, is no duty.
    expect(statement('| LO-05')[0]).toMatchObject({ action: 'notify', obligation: false });
    expect(statement('| RO-15')[0]).toMatchObject({ action: 'notify', obligation: false });
  });

  test.each([
    [
      'a water utility',
      { schedule: ['Legal-Register.md'], procedure: ['*-Procedure.md'] },
      { 'Legal-Register.md': register('Legal Register', [WATER_ROW]) },
      'Water-Quality-Procedure.md',
      '4.2 The Duty Scientist notifies the Drinking Water Inspectorate of a water quality failure within three (3) days of the laboratory result.',
      ['24 hours', 'three (3) days'],
    ],
    [
      'a payments firm',
      { regulatory_obligations: ['Obligations-Register.md'], procedure: ['*-Procedure.md'] },
      { 'Obligations-Register.md': register('Obligations Register', [BANK_ROW]) },
      'Incident-Procedure.md',
      '5.3 When an incident is classified as major, the Duty Manager informs the central bank of the major operational incident within one business day.',
      ['4 hours', 'one business day'],
    ],
  ])(
    '%s: the register row conflicts with the procedure step that allows longer',
    async (_, hierarchy, registerFile, procedureName, step, values) => {
      const registerTitle = Object.keys(registerFile)[0]!.replace('.md', '').replace(/-/g, ' ');
      const { found } = await analysed(
        {
          ...registerFile,
          [procedureName]: `# ${procedureName.replace('.md', '').replace(/-/g, ' ')}\n\nThis procedure implements the ${registerTitle}.\n\n${step}\n`,
        },
        hierarchy,
      );
      expect(found).toEqual([values]);
    },
  );

  test('decoy: a procedure step giving another notice (to consumers) a longer period', async () => {
    const { found } = await analysed(
      {
        'Legal-Register.md': register('Legal Register', [WATER_ROW]),
        'Water-Quality-Procedure.md':
          '# Water Quality Procedure\n\nThis procedure implements the Legal Register.\n\n4.5 The Customer Services Manager writes to affected consumers about a planned supply interruption within three (3) days of the works being scheduled.\n',
      },
      { schedule: ['Legal-Register.md'], procedure: ['*-Procedure.md'] },
    );
    expect(found).toEqual([]);
  });
});

describe("a procedure step's run-in label names what the step is about", () => {
  // "6. Ammonia release: the Shift Engineer notifies ...": the label's words are the step's topic
  // and its last word a head noun, so the step restates the rule about that thing; a step under
  // a label about something else does not.
  const DAIRY_REGISTER =
    '# Environmental Obligations Register\n\n| Ref | Source | Obligation | Owner |\n|---|---|---|---|\n| EO-03 | Permit EPR/AB123 | Notify the Environment Agency of any ammonia release within 24 hours of detection | Site Engineer |\n';
  const dairy = (step: string) =>
    analysed(
      {
        'Environmental-Obligations-Register.md': DAIRY_REGISTER,
        'Plant-Emergency-Procedure.md': `# Plant Emergency Procedure\n\nThis procedure implements the Environmental Obligations Register.\n\n${step}\n`,
      },
      { schedule: ['*-Register.md'], procedure: ['*-Procedure.md'] },
    );
  const RADIATION_POLICY =
    '# Radiation Safety Policy\n\n5.2 The Trust shall notify the Care Quality Commission of any unintended radiation exposure of a patient within 2 days of becoming aware of it.\n';
  const hospital = (step: string) =>
    analysed({
      'Radiation-Safety-Policy.md': RADIATION_POLICY,
      'Radiology-Incident-Procedure.md': `# Radiology Incident Procedure\n\nThis procedure implements the Radiation Safety Policy.\n\n${step}\n`,
    });

  test('a dairy: an ammonia release notified within 48 hours under the step\u2019s label, 24 in the register', async () => {
    const { found } = await dairy(
      '6. Ammonia release: the Shift Engineer notifies the Environment Agency within 48 hours of the leak being isolated, with the estimated quantity lost.',
    );
    expect(found).toEqual([['24 hours', '48 hours']]);
  });

  test('a hospital: an unintended exposure reported within 10 days under the step\u2019s label, 2 in the policy', async () => {
    const { found } = await hospital(
      '4. Unintended radiation exposure: the Radiation Protection Adviser informs the Care Quality Commission within 10 days of the dose estimate being confirmed by the physicist.',
    );
    expect(found).toEqual([['10 days', '2 days']]);
  });

  test('decoys: steps labelled for an odour complaint and an equipment fault', async () => {
    const odour = await dairy(
      '6. Odour complaint: the Shift Engineer notifies the Environment Agency within 48 hours of the complaint being logged, with the wind direction at the time.',
    );
    expect(odour.found).toEqual([]);
    const fault = await hospital(
      '4. Equipment fault: the Radiation Protection Adviser informs the Care Quality Commission within 10 days of the fault report being confirmed by the physicist.',
    );
    expect(fault.found).toEqual([]);
  });
});

describe('a participle after a noun qualifies it; paying is an action', () => {
  // "remit to the Airline the Refunds approved by ...": the clause's own verb before the
  // participle is its action, and pay / settle / remit / disburse are one class of action (the
  // nouns "payment" and "settlement" name what a rule is about, not what it does).
  test('a travel agency and a health insurer: the money is paid, whoever approved or reviewed it', async () => {
    const { statement } = await analysed({
      'Agency-Agreement.md':
        "# Agency Agreement\n\n7.1 The Agent shall remit to the Airline the Refunds approved by the Airline's revenue team, less any handling fee, within fourteen (14) days.\n",
      'Claims-Administration-Agreement.md':
        '# Claims Administration Agreement\n\n5.4 The Administrator shall pay to each member the Claim Amounts reviewed by the medical officer within thirty (30) days.\n',
    });
    expect(statement('7.1')[0]).toMatchObject({ action: 'pay' });
    expect(statement('5.4')[0]).toMatchObject({ action: 'pay' });
  });

  test('a council and a ticket agent: disburse and remit are paying', async () => {
    const { statement } = await analysed({
      'Grants-Procedure.md':
        '# Grants Procedure\n\n3.3 The Council disburses each grant instalment to the grantee within ten (10) working days of the claim.\n',
      'Ticketing-Agreement.md':
        '# Ticketing Agreement\n\n6.2 The Agent shall remit to the Venue the Ticket Sales collected from customers, less commission, within seven (7) days of each event.\n',
    });
    expect(statement('3.3')[0]).toMatchObject({ action: 'pay' });
    expect(statement('6.2')[0]).toMatchObject({ action: 'pay' });
  });

  test('decoys: a failed settlement notified, payments approved', async () => {
    const { statement } = await analysed({
      'Treasury-Procedure.md':
        '# Treasury Procedure\n\n3.1 The Treasury Officer shall inform the clearing house of any failed settlement within one (1) hour of the cut-off.\n\n3.2 Payments above the delegated limit are approved by the Finance Director within two (2) working days.\n',
    });
    expect(statement('3.1')[0]).toMatchObject({ action: 'notify' });
    expect(statement('3.2')[0]).toMatchObject({ action: 'approve' });
  });
});
