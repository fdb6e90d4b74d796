// flow_down_check on notice windows a policy sets for third parties and the contract clauses that
// should carry them:
// 1. a contract that promises notice "without undue delay, and shall give ... a written report
//    within five (5) Business Days": the notice is untimed, and the report's days are no window;
// 2. quality and cold-chain deviations (temperature excursions) are notified within a window, as
//    security incidents are; "deviation from this policy" is no such event;
// 3. a bar on notice ("shall not itself notify any third party of a Security Incident") is no
//    notice, and is never quoted as the contract's nearest clause;
// 4. a policy's "ICT-related incidents" is carried by the contract's "Security Incident" clause,
//    before its data-processing schedule's "Personal Data Breach" clause;
// 5. the evidence hints still ask for the clause the whole contract decides a subject on when the
//    verdict reported that subject from other statements.
// A fruit exporter and its reefer haulier, a hospital and its vaccine courier, a trading firm and
// its connectivity and cloud providers.
import {
  analyzeCorpus,
  type AnalyzedDocument,
  type CorpusAnalysis,
  type LocatedSegment,
} from '../../analyst/corpus-analysis';
import type { Issue } from '../../analyst/issue';
import { snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { BLANK_INTAKE } from '../../../test/helpers/check-harness';
import { flowDownEvidenceHints, flowDownIssues } from './flow-down';

async function analyse(files: Record<string, string>): Promise<CorpusAnalysis> {
  return analyzeCorpus(await snapshotOf(files), BLANK_INTAKE);
}

interface Pair {
  analysis: CorpusAnalysis;
  parent: AnalyzedDocument;
  child: AnalyzedDocument;
}

/** The policy (first file) and the contract (second file) of a two-document corpus. */
async function pair(files: Record<string, string>): Promise<Pair> {
  const analysis = await analyse(files);
  const [parentName, childName] = Object.keys(files);
  return {
    analysis,
    parent: analysis.byName.get(parentName!)!,
    child: analysis.byName.get(childName!)!,
  };
}

/** The pair's flow-down issues of one concept, over the whole of both documents. */
async function conceptIssues(files: Record<string, string>, concept: string): Promise<Issue[]> {
  const { analysis, parent, child } = await pair(files);
  return flowDownIssues(analysis, parent, child).filter((i) => i.subject.endsWith(`:${concept}`));
}

const quoteTexts = (issue: Issue) => issue.quotes.map((q) => q.text);

const lines = (...parts: string[]) => parts.join('\n\n');

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

const exporterPolicy = (requirement: string) =>
  lines(
    '# Cold Chain Quality Policy',
    '## 6. Carriers and cold stores',
    '6.1 Pallets of export fruit are pre-cooled to the set point recorded on the packhouse dispatch note.',
    requirement,
  );

const haulageAgreement = (...clauses: string[]) =>
  lines(
    '# Refrigerated Haulage Agreement',
    'This Agreement is made between Valleyfresh Exports Ltd ("the Customer") and Coldroute Logistics Ltd ("the Carrier").',
    '4.1 The Carrier shall collect sealed reefer containers from the packhouse on the dates in the shipping schedule.',
    ...clauses,
    'Signed for and on behalf of Coldroute Logistics Ltd',
  );

const tradingPolicy = (requirement: string) =>
  lines(
    '# Information Security Policy',
    '## 9. Suppliers',
    '9.1 Market data feeds are received only over the dedicated exchange lines listed in the network register.',
    requirement,
  );

const connectivityAgreement = (...clauses: string[]) =>
  lines(
    '# Order Routing Services Agreement',
    'This Agreement is made between Harbourline Trading Ltd ("the Company") and Quayside Connectivity Ltd ("the Supplier").',
    '5.1 The Supplier shall operate the order routing gateway from its two data centres in London and Slough.',
    ...clauses,
    'Signed for and on behalf of Quayside Connectivity Ltd',
  );

const hospitalPolicy = (requirement: string) =>
  lines(
    '# Pharmacy Supply Chain Policy',
    '## 5. Transport of medicines',
    '5.1 Vaccines and blood products are stored between 2 and 8 degrees Celsius in validated refrigerators on every ward.',
    requirement,
  );

const courierAgreement = (...clauses: string[]) =>
  lines(
    '# Medicines Courier Agreement',
    'This Agreement is made between St Aldric Hospitals NHS Trust ("the Trust") and Northway Haulage Ltd ("the Haulier").',
    '3.1 The Haulier shall collect validated cool boxes from the pharmacy dispatch bay at the times on the daily run sheet.',
    ...clauses,
    'Signed for and on behalf of Northway Haulage Ltd',
  );

// ---------------------------------------------------------------------------------------------
// 1. Untimed notice followed by a timed written report
// ---------------------------------------------------------------------------------------------

describe('flow_down_check: a notice "without undue delay, and shall give ... a report within N days"', () => {
  const TEMPERATURE_PROMPT =
    '4.2 The Carrier shall notify the Customer of any Temperature Deviation without undue delay, and shall give the Customer a written incident report setting out the cause and the corrective action taken within five (5) Business Days.';

  test('a fruit exporter and its reefer haulier: 1 hour in the policy, the report days are no window', async () => {
    const issues = await conceptIssues(
      {
        'Cold-Chain-Quality-Policy.md': exporterPolicy(
          '6.2 Carriers shall notify the Quality Manager of any temperature deviation within one (1) hour of detection.',
        ),
        'Refrigerated-Haulage-Agreement.md': haulageAgreement(TEMPERATURE_PROMPT),
      },
      'deviation_notification',
    );
    expect(issues).toHaveLength(1);
    const [issue] = issues;
    expect(issue!.title).toMatch(/no deadline for the deviation notification window/);
    expect(issue!.title).not.toMatch(/weaker/);
    expect(issue!.description).toContain('1 hour');
    expect(issue!.description).not.toContain('only commits the provider to');
    expect(quoteTexts(issue!)).toEqual([
      expect.stringContaining('any temperature deviation within one (1) hour'),
      expect.stringContaining('any Temperature Deviation without undue delay, and shall give'),
    ]);
  });

  test('a trading firm and its connectivity provider: "promptly, and shall deliver a root-cause report within ten (10) Business Days"', async () => {
    const issues = await conceptIssues(
      {
        'Information-Security-Policy.md': tradingPolicy(
          '9.2 Suppliers shall notify the Chief Information Security Officer of any security incident within one (1) hour of becoming aware of it.',
        ),
        'Order-Routing-Services-Agreement.md': connectivityAgreement(
          '5.2 The Supplier shall notify the Company of any Security Incident affecting the gateway promptly; and shall deliver a written root-cause report to the Company within ten (10) Business Days.',
        ),
      },
      'incident_notification',
    );
    expect(issues.map((i) => i.title)).toEqual([
      expect.stringMatching(/no deadline for the security incident notification window/),
    ]);
    expect(issues[0]!.description).not.toMatch(/10 Business Days|only commits/);
    expect(quoteTexts(issues[0]!)[1]).toContain('any Security Incident affecting the gateway promptly');
  });

  test('decoy: "without undue delay and in any event within forty-eight (48) hours" is a timed notice', async () => {
    const issues = await conceptIssues(
      {
        'Information-Security-Policy.md': tradingPolicy(
          '9.2 Suppliers shall notify the Chief Information Security Officer of any security incident within one (1) hour of becoming aware of it.',
        ),
        'Order-Routing-Services-Agreement.md': connectivityAgreement(
          '5.2 The Supplier shall notify the Company of any Security Incident without undue delay and in any event within forty-eight (48) hours, and shall deliver a written root-cause report within ten (10) Business Days.',
        ),
      },
      'incident_notification',
    );
    expect(issues.map((i) => i.title)).toEqual([
      expect.stringMatching(/security incident notification window weaker than/),
    ]);
    expect(issues[0]!.description).toContain('48 hours');
  });
});

// ---------------------------------------------------------------------------------------------
// 2. The deviation_notification concept
// ---------------------------------------------------------------------------------------------

describe('flow_down_check: a temperature or cold-chain deviation notified within a window', () => {
  test('a hospital and its vaccine haulier: 2 hours in the policy, 24 hours in the contract', async () => {
    const issues = await conceptIssues(
      {
        'Pharmacy-Supply-Chain-Policy.md': hospitalPolicy(
          '5.2 Carriers transporting vaccines or blood products shall notify the Chief Pharmacist of any temperature excursion within two (2) hours of detection.',
        ),
        'Medicines-Courier-Agreement.md': courierAgreement(
          '3.2 The Haulier shall report each temperature excursion recorded by the cool-box data logger to the Trust within twenty-four (24) hours.',
        ),
      },
      'deviation_notification',
    );
    expect(issues).toHaveLength(1);
    const [issue] = issues;
    expect(issue!.title).toBe(
      'Medicines Courier Agreement: deviation notification window weaker than Pharmacy-Supply-Chain-Policy.md requires',
    );
    expect(issue!.description).toContain('deviation notification window of 2 hours');
    expect(issue!.description).toContain('24 hours');
    expect(quoteTexts(issue!)).toEqual([
      expect.stringContaining('any temperature excursion within two (2) hours'),
      expect.stringContaining('each temperature excursion recorded by the cool-box data logger'),
    ]);
  });

  test('a fruit exporter and its reefer haulier: cold-chain excursions within 1 hour, the contract gives 12', async () => {
    const issues = await conceptIssues(
      {
        'Cold-Chain-Quality-Policy.md': exporterPolicy(
          '6.2 Third-party carriers and cold stores shall report any cold-chain excursion to the Quality Manager within one (1) hour.',
        ),
        'Refrigerated-Haulage-Agreement.md': haulageAgreement(
          '4.2 The Carrier shall inform the Customer of any cold-chain excursion on a reefer container within twelve (12) hours of the alarm.',
        ),
      },
      'deviation_notification',
    );
    expect(issues.map((i) => i.title)).toEqual([
      expect.stringMatching(
        /deviation notification window weaker than Cold-Chain-Quality-Policy\.md requires/,
      ),
    ]);
    expect(issues[0]!.description).toContain('12 hours');
  });

  test('decoy: "deviation from this policy" is no deviation event', async () => {
    const { analysis, parent, child } = await pair({
      'Pharmacy-Supply-Chain-Policy.md': hospitalPolicy(
        '5.2 Carriers shall report any deviation from this policy to the Chief Pharmacist within two (2) hours.',
      ),
      'Medicines-Courier-Agreement.md': courierAgreement(
        '3.2 The Haulier shall report any deviation from the agreed route to the Trust within thirty (30) days.',
      ),
    });
    expect(analysis.facts.filter((f) => f.concept.id === 'deviation_notification')).toEqual([]);
    expect(
      flowDownIssues(analysis, parent, child).filter((i) => /deviation notification window/.test(i.title)),
    ).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 3. A bar on notice is no notice
// ---------------------------------------------------------------------------------------------

describe('flow_down_check: "shall not itself notify any third party of a Security Incident"', () => {
  const BAR_ON_NOTICE = 'shall not itself notify any third party of a Security Incident';

  test('a trading firm and its connectivity provider: the finding quotes the monthly report, not the bar', async () => {
    const issues = await conceptIssues(
      {
        'Information-Security-Policy.md': tradingPolicy(
          '9.2 Suppliers shall notify the Chief Information Security Officer of any security incident affecting client order data within twenty-four (24) hours of becoming aware of it.',
        ),
        'Order-Routing-Services-Agreement.md': connectivityAgreement(
          '5.2 The Supplier shall report all incidents affecting the gateway to the Company in its monthly service report.',
          `5.3 The Supplier ${BAR_ON_NOTICE} affecting client order data without the Company's prior written consent.`,
        ),
      },
      'incident_notification',
    );
    expect(issues).toHaveLength(1);
    const quotes = quoteTexts(issues[0]!);
    expect(quotes[1]).toContain('in its monthly service report');
    expect(quotes.join('\n')).not.toContain(BAR_ON_NOTICE);
    expect(issues[0]!.description).not.toContain(BAR_ON_NOTICE);
  });

  test('a hospital and its courier: the finding quotes the monthly return, not the bar', async () => {
    const issues = await conceptIssues(
      {
        'Pharmacy-Supply-Chain-Policy.md': hospitalPolicy(
          '5.2 Suppliers shall notify the Trust Information Governance Lead of any security incident involving patient delivery records within twelve (12) hours of discovering it.',
        ),
        'Medicines-Courier-Agreement.md': courierAgreement(
          '3.2 The Haulier shall report all incidents on its rounds, including late deliveries, to the Trust in its monthly performance return.',
          `3.3 The Haulier ${BAR_ON_NOTICE} involving patient delivery records without the Trust's consent.`,
        ),
      },
      'incident_notification',
    );
    expect(issues).toHaveLength(1);
    const quotes = quoteTexts(issues[0]!);
    expect(quotes[1]).toContain('in its monthly performance return');
    expect(quotes.join('\n')).not.toContain(BAR_ON_NOTICE);
  });
});

// ---------------------------------------------------------------------------------------------
// 4. The statement about the same kind of event by its noun
// ---------------------------------------------------------------------------------------------

const ictPolicy = (requirement: string) =>
  lines(
    '# ICT Third-Party Risk Policy',
    '## 7. ICT third-party service providers',
    "7.1 Every ICT service supporting order execution or settlement is recorded in the Firm's register of information.",
    requirement,
  );

const cloudAgreement = (incidentClause: string) =>
  lines(
    '# Cloud Hosting Services Agreement',
    'This Agreement is made between Meridian Securities Ltd ("the Customer") and Stratus Cloud Services Ltd ("the Provider").',
    '8.1 The Provider shall host the trading platform in two availability zones within the United Kingdom.',
    incidentClause,
    '## Schedule 3 Data Processing',
    'S3.4 The Provider shall notify the Customer of any Personal Data Breach affecting Customer Personal Data within twenty-four (24) hours of becoming aware of it.',
    'Signed for and on behalf of Stratus Cloud Services Ltd',
  );

const ICT_POLICY = ictPolicy(
  "7.2 ICT third-party service providers shall notify the Operational Resilience Officer of any ICT-related incidents affecting the Firm's services within four (4) hours of detection.",
);

describe('flow_down_check: "ICT-related incidents" read against the "Security Incident" clause', () => {
  test('a trading firm and its cloud host: the weaker window is the 48 hours for Security Incidents', async () => {
    const issues = await conceptIssues(
      {
        'ICT-Third-Party-Risk-Policy.md': ICT_POLICY,
        'Cloud-Hosting-Services-Agreement.md': cloudAgreement(
          '8.2 The Provider shall notify the Customer of any Security Incident within forty-eight (48) hours of becoming aware of it.',
        ),
      },
      'incident_notification',
    );
    expect(issues).toHaveLength(1);
    const [issue] = issues;
    expect(issue!.title).toMatch(/security incident notification window weaker than/);
    expect(issue!.description).toContain('only commits the provider to 48 hours');
    expect(issue!.description).not.toContain('24 hours');
    expect(quoteTexts(issue!)[1]).toContain('any Security Incident within forty-eight (48) hours');
  });

  test('a hospital and its clinical system supplier: cyber incidents within 4 hours, Security Incidents within 72', async () => {
    const issues = await conceptIssues(
      {
        'Pharmacy-Supply-Chain-Policy.md': hospitalPolicy(
          '5.2 Suppliers of clinical systems shall notify the Trust Cyber Security Lead of any cyber incidents affecting dispensing systems within four (4) hours.',
        ),
        'Dispensing-System-Agreement.md': lines(
          '# Dispensing System Agreement',
          'This Agreement is made between St Aldric Hospitals NHS Trust ("the Trust") and Pillwise Systems Ltd ("the Supplier").',
          '6.1 The Supplier shall maintain the dispensing robot software and apply vendor releases within the agreed maintenance windows.',
          '6.2 The Supplier shall notify the Trust of any Security Incident affecting the dispensing system within seventy-two (72) hours.',
          '## Schedule 2 Data Protection',
          'S2.5 The Supplier shall notify the Trust of any Personal Data Breach within twelve (12) hours of becoming aware of it.',
        ),
      },
      'incident_notification',
    );
    expect(issues.map((i) => i.title)).toEqual([expect.stringMatching(/weaker than/)]);
    expect(issues[0]!.description).toContain('only commits the provider to 72 hours');
    expect(quoteTexts(issues[0]!)[1]).toContain('seventy-two (72) hours');
  });

  test('decoy: the Security Incident clause itself gives 4 hours', async () => {
    const issues = await conceptIssues(
      {
        'ICT-Third-Party-Risk-Policy.md': ICT_POLICY,
        'Cloud-Hosting-Services-Agreement.md': cloudAgreement(
          '8.2 The Provider shall notify the Customer of any Security Incident within four (4) hours of becoming aware of it.',
        ),
      },
      'incident_notification',
    );
    expect(issues).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 5. Evidence hints for a subject already reported from other statements
// ---------------------------------------------------------------------------------------------

/** The verdict's issues when the retrieval left out the segments `hidden` matches. */
function issuesWithout({ analysis, parent, child }: Pair, hidden: RegExp): Issue[] {
  const visible = new Set<LocatedSegment>(
    [...parent.segments, ...child.segments].filter((s) => !hidden.test(s.text)),
  );
  return flowDownIssues(analysis, parent, child, visible);
}

describe('flowDownEvidenceHints: the clause the whole contract decides a reported subject on', () => {
  const HOSPITAL_BREACH_CLAUSE =
    'S2.3 The Supplier shall notify the Trust without undue delay after becoming aware of a Personal Data Breach affecting patient records.';

  const hospitalFiles = {
    'Data-Protection-Policy.md': lines(
      '# Data Protection Policy',
      '## 8. Processors',
      '8.1 Patient records are held only on systems listed in the Information Asset Register.',
      '8.2 Processors shall notify the Data Protection Officer of any personal data breach within twenty-four (24) hours of becoming aware of it.',
    ),
    'Patient-Portal-Agreement.md': lines(
      '# Patient Portal Agreement',
      'This Agreement is made between St Aldric Hospitals NHS Trust ("the Trust") and Carelink Digital Ltd ("the Supplier").',
      '6.1 The Supplier shall host the patient portal and its appointment booking service.',
      '6.2 The Supplier shall notify the Trust of any Security Incident affecting the portal within seventy-two (72) hours.',
      '## Schedule 2 Data Processing',
      HOSPITAL_BREACH_CLAUSE,
    ),
  };

  const TRADING_BREACH_CLAUSE =
    'S4.2 The Provider shall inform the Customer promptly of any Personal Data Breach involving client account data.';

  const tradingFiles = {
    'Privacy-Policy.md': lines(
      '# Client Data Privacy Policy',
      '## 4. Service providers',
      '4.1 Client account data is processed only for order execution, settlement and regulatory reporting.',
      '4.2 Service providers shall notify the Data Protection Officer of any personal data breach within twelve (12) hours of discovering it.',
    ),
    'Trading-Platform-Services-Agreement.md': lines(
      '# Trading Platform Services Agreement',
      'This Agreement is made between Meridian Securities Ltd ("the Customer") and Ledgerpoint Technologies Ltd ("the Provider").',
      '7.1 The Provider shall run the order management platform and its market data adapters.',
      '7.2 The Provider shall report any Security Incident affecting the platform to the Customer within five (5) days.',
      '## Schedule 4 Data Protection',
      TRADING_BREACH_CLAUSE,
    ),
  };

  test.each([
    ['a hospital and its patient portal supplier', hospitalFiles, HOSPITAL_BREACH_CLAUSE],
    ['a trading firm and its platform provider', tradingFiles, TRADING_BREACH_CLAUSE],
  ])(
    '%s: the verdict reported the subject from another clause; the hints ask for the untimed one',
    async (_, files, clause) => {
      const p = await pair(files);
      const found = issuesWithout(p, /Personal Data Breach/);
      // The verdict, without the schedule, read the subject from the Security Incident clause.
      const reported = found.filter((i) => i.subject.endsWith(':incident_notification'));
      expect(reported.map((i) => i.title)).toEqual([expect.stringMatching(/weaker than/)]);
      expect(quoteTexts(reported[0]!).join('\n')).not.toContain('Personal Data Breach');
      // The whole contract decides it on the untimed Personal Data Breach clause.
      const whole = flowDownIssues(p.analysis, p.parent, p.child).filter((i) =>
        i.subject.endsWith(':incident_notification'),
      );
      expect(whole.map((i) => i.title)).toEqual([expect.stringMatching(/no deadline/)]);
      const hints = flowDownEvidenceHints(p.analysis, p.parent, p.child, found);
      expect(hints).toContainEqual({
        query: expect.stringContaining(clause.slice(0, 60)),
        document: p.child.name,
      });
    },
  );

  test.each([
    ['a hospital and its patient portal supplier', hospitalFiles],
    ['a trading firm and its platform provider', tradingFiles],
  ])('decoy, %s: every statement already quoted, no hint for the subject', async (_, files) => {
    const p = await pair(files);
    const found = flowDownIssues(p.analysis, p.parent, p.child);
    const hints = flowDownEvidenceHints(p.analysis, p.parent, p.child, found);
    expect(hints).toEqual([]);
  });
});
