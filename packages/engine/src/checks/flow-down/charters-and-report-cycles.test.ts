// flow_down_check on two readings of a carrier's contract:
// 1. "sub-charter" is how carriers by air and sea pass their work on: a charter agreement that
//    lets the operator sub-charter at its discretion, telling the customer only "in its next
//    monthly operations report", falls short of a policy requiring approval in advance of any
//    sub-chartered aircraft or vessel, and the notice is read as notice after the fact;
// 2. an ordinal day of a reporting cycle ("Monthly, by the 10th business day", "by the 5th
//    Business Day of the following month") is no notification window: against a policy's 24 hours
//    the finding is the untimed breach notice, never "10 business days".
// A tour operator and its air-charter operator, a mining company and its ship-charter operator, a
// hospital and its patient-portal supplier, a freight forwarder and its customs-software provider.
// Decoys: a charter requiring prior written approval of any sub-charter; "within the 10th business
// day after discovery" (no cycle) stays a window.
import { analyzeCorpus, type CorpusAnalysis } from '../../analyst/corpus-analysis';
import type { Issue } from '../../analyst/issue';
import { snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { BLANK_INTAKE } from '../../../test/helpers/check-harness';
import { flowDownIssues } from './flow-down';

async function analyse(files: Record<string, string>): Promise<CorpusAnalysis> {
  return analyzeCorpus(await snapshotOf(files), BLANK_INTAKE);
}

/** The flow-down issues of the policy (first file) and the contract (second file) whose subject ends in `:concept`. */
async function conceptIssues(files: Record<string, string>, concept: string): Promise<Issue[]> {
  const analysis = await analyse(files);
  const [parentName, childName] = Object.keys(files);
  const parent = analysis.byName.get(parentName!)!;
  const child = analysis.byName.get(childName!)!;
  return flowDownIssues(analysis, parent, child).filter((i) => i.subject.endsWith(`:${concept}`));
}

const quoteTexts = (issue: Issue) => issue.quotes.map((q) => q.text);

const lines = (...parts: string[]) => parts.join('\n\n');

// ---------------------------------------------------------------------------------------------
// 1. Sub-charter
// ---------------------------------------------------------------------------------------------

const tourPolicy = lines(
  '# Guest Air Travel Policy',
  '## 4. Charter flights',
  '4.1 Guests on our Alpine ski packages fly on aircraft chartered for the season from a licensed air operator.',
  '4.2 No aircraft sub-chartered from another operator may carry guests unless approved in writing in advance by the Head of Flight Operations.',
);

const airCharter = (subCharterClause: string) =>
  lines(
    '# Seasonal Air Charter Agreement',
    'This Agreement is made between Snowline Holidays Ltd ("the Company") and Bluecrest Airways Ltd ("the Operator").',
    '3.1 The Operator shall provide one Airbus A320 aircraft with crew for the weekend rotations between Gatwick and Geneva.',
    subCharterClause,
    '3.3 The Operator shall keep its air operator certificate in force throughout the season.',
  );

const AIR_LATE_NOTICE =
  '3.2 The Operator may, at its discretion, sub-charter aircraft from other carriers to operate any rotation, provided that it notifies the Company of each such sub-charter in its next monthly operations report.';

const miningPolicy = lines(
  '# Concentrate Shipping Policy',
  '## 6. Vessels',
  '6.1 Copper concentrate is shipped only in holds cleaned and inspected at the loading port.',
  '6.2 No vessel sub-chartered from another owner may load our concentrate unless approved in writing in advance by the Marine Superintendent.',
);

const shipCharter = (subCharterClause: string) =>
  lines(
    '# Contract of Affreightment',
    'This Contract is made between Redrock Copper Mining Ltd ("the Customer") and Northsea Bulk Carriers Ltd ("the Carrier").',
    '5.1 The Carrier shall provide Supramax bulk carriers to lift twelve cargoes of copper concentrate a year from Port Hedland.',
    subCharterClause,
    '5.3 The Carrier shall keep each vessel classed with a member of IACS.',
  );

const SEA_LATE_NOTICE =
  '5.2 The Carrier may, at its discretion, sub-charter tonnage from other owners to lift any cargo, provided that it informs the Customer of the substitute vessel in its next quarterly performance report.';

describe('flow_down_check: a carrier that may "sub-charter" at its discretion', () => {
  test.each([
    [
      'a tour operator and its air-charter operator',
      {
        'Guest-Air-Travel-Policy.md': tourPolicy,
        'Seasonal-Air-Charter-Agreement.md': airCharter(AIR_LATE_NOTICE),
      },
      'Bluecrest Airways Ltd',
      AIR_LATE_NOTICE,
    ],
    [
      'a mining company and its ship-charter operator',
      {
        'Concentrate-Shipping-Policy.md': miningPolicy,
        'Contract-of-Affreightment.md': shipCharter(SEA_LATE_NOTICE),
      },
      'Northsea Bulk Carriers Ltd',
      SEA_LATE_NOTICE,
    ],
  ])(
    '%s: the sub-contracting finding, with notice only after the sub-charter',
    async (_, files, provider, clause) => {
      const issues = await conceptIssues(files, 'subcontracting');
      expect(issues).toHaveLength(1);
      const [issue] = issues;
      expect(issue!.title).toMatch(/sub-contracting without the safeguard /);
      expect(issue!.description).toContain('prior approval of (or notice of) sub-contractors');
      expect(issue!.description).toContain(
        `lets ${provider} subcontract with notice to the customer only after the appointment`,
      );
      expect(quoteTexts(issue!)).toEqual([
        expect.stringContaining('sub-chartered from another'),
        expect.stringContaining(clause.slice(0, 60)),
      ]);
    },
  );

  test.each([
    [
      'a tour operator',
      {
        'Guest-Air-Travel-Policy.md': tourPolicy,
        'Seasonal-Air-Charter-Agreement.md': airCharter(
          '3.2 The Operator shall not sub-charter any aircraft to operate a rotation without the prior written approval of the Company.',
        ),
      },
    ],
    [
      'a mining company',
      {
        'Concentrate-Shipping-Policy.md': miningPolicy,
        'Contract-of-Affreightment.md': shipCharter(
          '5.2 The Carrier shall not sub-charter any vessel to lift a cargo without the prior written approval of the Customer.',
        ),
      },
    ],
  ])(
    'decoy, %s: a contract requiring prior written approval of any sub-charter carries the rule',
    async (_, files) => {
      expect(await conceptIssues(files, 'subcontracting')).toEqual([]);
    },
  );
});

// ---------------------------------------------------------------------------------------------
// 2. A day of a reporting cycle is no notification window
// ---------------------------------------------------------------------------------------------

const hospitalPolicy = lines(
  '# Data Protection Policy',
  '## 8. Processors',
  '8.1 Patient records are held only on systems listed in the Information Asset Register.',
  '8.2 Processors shall notify the Data Protection Officer of any personal data breach within twenty-four (24) hours of becoming aware of it.',
);

const portalAgreement = (...clauses: string[]) =>
  lines(
    '# Patient Portal Agreement',
    'This Agreement is made between St Aldric Hospitals NHS Trust ("the Trust") and Carelink Digital Ltd ("the Supplier").',
    '6.1 The Supplier shall host the patient portal and its appointment booking service.',
    ...clauses,
  );

const HOSPITAL_BREACH =
  '6.2 The Supplier shall notify the Trust without undue delay after becoming aware of a Personal Data Breach affecting patient records.';
const HOSPITAL_REPORTS = lines(
  '## Schedule 1 Service Reporting',
  '| Service report | Due |',
  '| --- | --- |',
  '| Availability report | Monthly, by the 10th business day |',
  '| Personal Data Breach report | Monthly, by the 10th business day |',
);

const forwarderPolicy = lines(
  '# Customer Data Protection Policy',
  '## 5. Service providers',
  '5.1 Shipment and customs data is processed only to move, clear and invoice consignments.',
  '5.2 Service providers shall notify the Data Protection Officer of any personal data breach within twenty-four (24) hours of becoming aware of it.',
);

const customsAgreement = (...clauses: string[]) =>
  lines(
    '# Customs Declaration Software Agreement',
    'This Agreement is made between Harbourgate Freight Forwarding Ltd ("the Customer") and Clearpath Systems Ltd ("the Provider").',
    '4.1 The Provider shall host the customs declaration platform and its links to the national customs system.',
    ...clauses,
  );

const FORWARDER_BREACH =
  '4.2 The Provider shall notify the Customer without undue delay after becoming aware of a Personal Data Breach involving consignee details.';
const FORWARDER_REPORT =
  '4.3 The Provider shall report each Personal Data Breach involving consignee details in the month to the Customer in a written service report by the 5th Business Day of the following month.';

describe("flow_down_check: a reporting cycle's day beside an untimed breach notice", () => {
  test.each([
    [
      'a hospital and its patient-portal supplier ("Monthly, by the 10th business day")',
      {
        'Data-Protection-Policy.md': hospitalPolicy,
        'Patient-Portal-Agreement.md': portalAgreement(HOSPITAL_BREACH, HOSPITAL_REPORTS),
      },
      HOSPITAL_BREACH,
    ],
    [
      'a freight forwarder and its customs-software provider ("by the 5th Business Day of the following month")',
      {
        'Customer-Data-Protection-Policy.md': forwarderPolicy,
        'Customs-Declaration-Software-Agreement.md': customsAgreement(FORWARDER_BREACH, FORWARDER_REPORT),
      },
      FORWARDER_BREACH,
    ],
  ])('%s: the finding is the untimed notice, not the report day', async (_, files, clause) => {
    const issues = await conceptIssues(files, 'incident_notification');
    expect(issues).toHaveLength(1);
    const [issue] = issues;
    expect(issue!.title).toMatch(/no deadline for the security incident notification window/);
    expect(issue!.title).not.toMatch(/weaker/);
    expect(issue!.description).toContain('24 hours');
    expect(issue!.description).not.toMatch(/\b(?:10|5)\b[^.]{0,12}business day|\b(?:10|5)th\b/i);
    expect(quoteTexts(issue!)[1]).toContain(clause.slice(0, 60));
  });
});

// "within the 10th business day after discovery" is read as no window at all (the time
// extractor takes "by the Nth business day" but not "within the Nth"), so the decoy counts from
// the event with "by".
describe('decoy: an ordinal day counted from the event, not of a cycle, is still a window', () => {
  test.each([
    [
      'a hospital',
      {
        'Data-Protection-Policy.md': hospitalPolicy,
        'Patient-Portal-Agreement.md': portalAgreement(
          '6.2 The Supplier shall notify the Trust of any Personal Data Breach affecting patient records by the 10th business day after discovery.',
        ),
      },
    ],
    [
      'a freight forwarder',
      {
        'Customer-Data-Protection-Policy.md': forwarderPolicy,
        'Customs-Declaration-Software-Agreement.md': customsAgreement(
          '4.2 The Provider shall notify the Customer of any Personal Data Breach involving consignee details by the 10th business day after discovery.',
        ),
      },
    ],
  ])('%s: "by the 10th business day after discovery" is weaker than 24 hours', async (_, files) => {
    const issues = await conceptIssues(files, 'incident_notification');
    expect(issues.map((i) => i.title)).toEqual([
      expect.stringMatching(/security incident notification window weaker than/),
    ]);
    expect(issues[0]!.description).toContain('only commits the provider to');
    expect(quoteTexts(issues[0]!)[1]).toContain('by the 10th business day after discovery');
  });
});
