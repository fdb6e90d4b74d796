// Readings of a statement that decide whether two values are one rule: whom a notice goes to when
// the recipient's name runs on through "of" ("the Office of the Information Commissioner"); notices
// to one recipient about one thing; an aside between commas before the value ("..., whether or not
// it was reported, for 24 months"); a span written as one word before a noun ("a 24-hour
// operations centre" is no 24-hour anything). Two industries' wording each, with decoys.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { requirementsOf } from '../../analyst/requirements';
import { snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { findRequirementConflicts } from './conflicts';

async function analysed(files: Record<string, string>) {
  const analysis = analyzeCorpus(await snapshotOf(files), null);
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
