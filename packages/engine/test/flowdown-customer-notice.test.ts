// flow_down_check on the organisation's own promise of incident notice to its customers: a policy
// commits the organisation to notify affected customers of a security incident within a fixed time,
// and its contract with those customers promises notice only "without undue delay". A payroll SaaS
// provider (incident policy, client services agreement) and a colocation provider (security
// incident policy, master services agreement). Decoys: a contract that times the notice itself; a
// policy whose timed notice is one a supplier owes the organisation; a contract whose untimed notice
// goes to a regulator, not to the Customer.
// Also: a capitalised participle opening a defined name ("Authorized Contacts", "Authorised
// Representatives") is not the clause's action, while "approved by the CAB" still is.
import { analyzeCorpus, type CorpusAnalysis } from '../src/analyst/corpus-analysis';
import { requirementsOf } from '../src/analyst/requirements';
import { findFlowDownGaps } from '../src/checks/flow-down/flow-down';
import type { Intake } from '../src/types';
import { snapshotOf } from './helpers/synthetic-corpus';

const INTAKE = {
  domain: 'test',
  audit_purpose: 'test',
  frameworks: ['ISO 27001'],
  focus_areas: [],
  materiality: null,
  doc_hierarchy: null,
  known_concerns: [],
} as unknown as Intake;

async function analyse(files: Record<string, string>): Promise<CorpusAnalysis> {
  return analyzeCorpus(await snapshotOf(files), INTAKE);
}

async function customerNoticeGaps(files: Record<string, string>) {
  return findFlowDownGaps(await analyse(files)).filter((i) => i.subject.endsWith(':customer_notice'));
}

const PAYROLL_COMMITMENT =
  "5.2 Tallyworth Payroll shall notify each affected customer's Authorized Contacts within 24 hours of the incident being confirmed by the Security Lead.";

const payrollPolicy = (commitment: string) =>
  [
    '# Security Incident Management Policy',
    '',
    '## 5. Notifying those affected',
    '',
    '5.1 The Security Lead confirms or closes each reported event after triage and records the outcome in the incident register.',
    '',
    commitment,
    '',
    '## 6. Our suppliers',
    '',
    '6.1 Third-party providers that host payroll data shall maintain an incident response plan and test it at least once a year.',
  ].join('\n');

const payrollContract = (notice: string) =>
  [
    '# Client Services Agreement',
    '',
    'This Agreement is made between Tallyworth Payroll Ltd ("Provider") and Fenmore Retail Group plc ("Customer").',
    '',
    '7.1 Provider shall process payroll for each pay period on the dates set out in the Service Schedule.',
    '',
    notice,
    '',
    '7.3 Customer shall keep its list of Authorized Contacts up to date in the client portal.',
    '',
    'Signed for and on behalf of Tallyworth Payroll Ltd',
  ].join('\n');

const COLO_POLICY = [
  '# Security Incident Response Policy',
  '',
  '## 4. Customer communication',
  '',
  '4.1 The duty manager opens an incident record as soon as a suspected breach is reported.',
  '',
  '4.2 Affected customers shall be notified of a confirmed Security Incident within 48 hours.',
  '',
  '## 5. Contractors on site',
  '',
  '5.1 Contractors working in the data halls shall be escorted at all times and shall sign the visitor log on arrival.',
].join('\n');

const coloContract = (notice: string) =>
  [
    '# Master Services Agreement',
    '',
    'This Agreement is made between Northgate Colocation Ltd ("Provider") and Brightwater Analytics Ltd ("Customer").',
    '',
    '9.1 Provider shall maintain the power and cooling of the Customer racks to the levels set out in the Service Description.',
    '',
    notice,
    '',
    'Signed for and on behalf of Northgate Colocation Ltd',
  ].join('\n');

const PAYROLL_UNTIMED =
  '7.2 Provider shall notify Customer of a Security Incident without undue delay after becoming aware of it.';
const COLO_UNTIMED =
  '9.4 Provider shall promptly notify Customer of any Security Incident affecting the Customer Equipment or Customer Data.';

describe('flow_down_check: customers promised incident notice only without undue delay', () => {
  test('a payroll SaaS provider: the policy commits to 24 hours, the client services agreement to "without undue delay"', async () => {
    const gaps = await customerNoticeGaps({
      'Security-Incident-Management-Policy.md': payrollPolicy(PAYROLL_COMMITMENT),
      'Client-Services-Agreement.md': payrollContract(PAYROLL_UNTIMED),
    });
    expect(gaps).toHaveLength(1);
    const [gap] = gaps;
    expect(gap!.primitive).toBe('flow_down_check');
    expect(gap!.title).toMatch(
      /customers are promised notice of a security incident only "without undue delay", though Security-Incident-Management-Policy\.md commits to 24 hours/,
    );
    expect(gap!.quotes.map((q) => q.text)).toEqual([
      expect.stringContaining('Authorized Contacts within 24 hours'),
      expect.stringContaining('without undue delay after becoming aware'),
    ]);
  });

  test('a colocation provider: customers "shall be notified" within 48 hours, the MSA says "promptly"', async () => {
    const gaps = await customerNoticeGaps({
      'Security-Incident-Response-Policy.md': COLO_POLICY,
      'Master-Services-Agreement.md': coloContract(COLO_UNTIMED),
    });
    expect(gaps).toHaveLength(1);
    expect(gaps[0]!.title).toMatch(
      /only "promptly", though Security-Incident-Response-Policy\.md commits to 48 hours/,
    );
  });

  test('decoy: the contract times the notice ("and in any event within twenty-four (24) hours")', async () => {
    const gaps = await customerNoticeGaps({
      'Security-Incident-Management-Policy.md': payrollPolicy(PAYROLL_COMMITMENT),
      'Client-Services-Agreement.md': payrollContract(
        '7.2 Provider shall promptly notify Customer of any Security Incident, and in any event within twenty-four (24) hours after becoming aware of it.',
      ),
    });
    expect(gaps).toEqual([]);
  });

  test("decoy: the policy's timed notice is one suppliers owe the Company, not the Company's to its customers", async () => {
    const gaps = await customerNoticeGaps({
      'Security-Incident-Management-Policy.md': payrollPolicy(
        '5.2 Suppliers shall notify the Company within 24 hours of any security incident affecting customer payroll data.',
      ),
      'Client-Services-Agreement.md': payrollContract(PAYROLL_UNTIMED),
    });
    expect(gaps).toEqual([]);
  });

  test('decoy: the untimed notice in the contract goes to the regulator, not to the Customer', async () => {
    const gaps = await customerNoticeGaps({
      'Security-Incident-Response-Policy.md': COLO_POLICY,
      'Master-Services-Agreement.md': coloContract(
        "9.4 Provider shall notify the Information Commissioner's Office of any personal data breach without undue delay, and shall keep a record of every breach.",
      ),
    });
    expect(gaps).toEqual([]);
  });
});

describe('requirements: a capitalised participle opening a defined name is not the action', () => {
  async function readings(sentence: string) {
    const analysis = await analyse({
      'Incident-Notification-Standard.md': `# Incident Notification Standard\n\n${sentence}\n`,
    });
    const segment = analysis.documents
      .flatMap((d) => d.segments)
      .find((s) => s.text.includes(sentence.slice(0, 30)))!;
    return requirementsOf(segment).map((r) => [r.action, r.quantity.phrase]);
  }

  test('"... shall notify each affected customer\'s Authorized Contacts within 24 hours" is a notice', async () => {
    expect(
      await readings(
        "Tallyworth Payroll shall notify each affected customer's Authorized Contacts within 24 hours of the incident being confirmed.",
      ),
    ).toEqual([['notify', '24 hours']]);
  });

  test('"... will alert the customer\'s Approved Representatives within 12 hours" is a notice', async () => {
    expect(
      await readings(
        "Northgate Colocation will alert the customer's Approved Representatives within 12 hours of a breach being confirmed.",
      ),
    ).toEqual([['notify', '12 hours']]);
  });

  // The second wording has another action word ("review") the reading would fall back on if every
  // participle were set aside.
  test.each([
    'Changes shall be approved by the CAB within 5 days.',
    'Change requests raised after a security review shall be approved by the CAB within 5 days.',
  ])('decoy: "%s" is an approval', async (sentence) => {
    expect(await readings(sentence)).toEqual([['approve', '5 days']]);
  });
});
