// coverage_check and flow_down_check on small synthetic corpora written in other industries'
// wording: framework elements found under different words, elements genuinely missing, contract
// clauses a parent policy requires (missing, weaker, or carried by a compliant decoy contract).
import { analyzeCorpus, type CorpusAnalysis } from '../src/analyst/corpus-analysis';
import { findCoverageGaps } from '../src/checks/coverage/coverage';
import { contractObligations, findDirectiveGaps, findFlowDownGaps } from '../src/checks/flow-down/flow-down';
import { inferRole, looksLikeContract } from '../src/analyst/document-roles';
import { elementsFor, normaliseFrameworks } from '../src/analyst/frameworks';
import { groupByAspects } from '../src/tasks/consolidation';
import type { Intake } from '../src/types';
import { snapshotOf } from './helpers/synthetic-corpus';

function intake(frameworks: string[]): Intake {
  return {
    domain: 'test',
    audit_purpose: 'test',
    frameworks,
    focus_areas: [],
    materiality: null,
    doc_hierarchy: null,
    known_concerns: [],
  } as unknown as Intake;
}

async function analyse(files: Record<string, string>, frameworks: string[]): Promise<CorpusAnalysis> {
  return analyzeCorpus(await snapshotOf(files), intake(frameworks));
}

async function coverageIds(files: Record<string, string>, frameworks: string[]): Promise<string[]> {
  const analysis = await analyse(files, frameworks);
  return findCoverageGaps(analysis, elementsFor(frameworks), frameworks).map((i) => i.subject);
}

describe('framework names as intakes write them', () => {
  test('normalises common spellings and does not read any ISO number as 27001', () => {
    expect(normaliseFrameworks(['UK GDPR'])).toEqual(['GDPR']);
    expect(normaliseFrameworks(['ISO/IEC 27001:2022'])).toEqual(['ISO 27001']);
    expect(normaliseFrameworks(['NIS2 Directive (EU) 2022/2555'])).toEqual(['NIS2']);
    expect(normaliseFrameworks(['ISO/IEC 27701'])).toEqual(
      expect.arrayContaining(['ISO 27001', 'ISO 27701']),
    );
    expect(normaliseFrameworks(['DORA'])).toEqual(['DORA']);
    expect(normaliseFrameworks(['NIST Cybersecurity Framework 2.0'])).toEqual(['NIST CSF']);
    expect(normaliseFrameworks(['ISO 9001'])).toEqual([]);
  });
});

describe('coverage_check: regimes named in the intake', () => {
  const incidentPolicy = (extra: string) =>
    [
      '# Information Security Program',
      'This Program is adopted to meet the FTC Safeguards Rule.',
      '## 9. Incidents',
      'Workforce members report suspected security events to the Information Security Officer within one hour.',
      'Affected customers are notified as required by state law.',
      extra,
    ].join('\n');

  test('a title agency and a car-finance lender under the FTC Safeguards Rule: no notice to the FTC is a gap', async () => {
    for (const frameworks of [
      ['FTC Safeguards Rule (16 CFR Part 314)'],
      ['GLBA and the FTC Safeguards Rule'],
    ]) {
      expect(await coverageIds({ 'Security-Program.md': incidentPolicy('') }, frameworks)).toContain(
        'coverage:ftc_safeguards_event_notification',
      );
    }
  });

  test('decoy: the FTC notified within 30 days of a notification event; a credit union under NCUA is not held to it', async () => {
    const covered = incidentPolicy(
      'The Compliance Officer notifies the FTC of any notification event involving 500 or more consumers within 30 days of discovery.',
    );
    expect(await coverageIds({ 'Security-Program.md': covered }, ['FTC Safeguards Rule'])).not.toContain(
      'coverage:ftc_safeguards_event_notification',
    );
    expect(normaliseFrameworks(['12 CFR Part 748 Appendix A (GLBA Safeguards)'])).not.toContain(
      'FTC Safeguards',
    );
  });

  const breachProcedure = (extra: string) =>
    [
      '# Privacy Breach Procedure',
      '1. Staff report a suspected privacy breach to the Privacy Officer on the day they learn of it.',
      '2. The Privacy Officer assesses whether the breach is likely to cause serious harm.',
      '3. Notifiable breaches are reported to the regulator as soon as practicable.',
      extra,
    ].join('\n');

  test('a Canadian credit union under PIPEDA and a New Zealand dental group: reporting only to the regulator is a gap', async () => {
    for (const frameworks of [['PIPEDA'], ['New Zealand Privacy Act 2020']]) {
      expect(await coverageIds({ 'Privacy-Breach-Procedure.md': breachProcedure('') }, frameworks)).toContain(
        'coverage:breach_notice_to_individuals',
      );
    }
    // A procedure that forbids telling the people affected does not tell them.
    const silenced = breachProcedure('4. Do not contact affected members about the breach yourself.');
    expect(await coverageIds({ 'Privacy-Breach-Procedure.md': silenced }, ['PIPEDA'])).toContain(
      'coverage:breach_notice_to_individuals',
    );
  });

  test('decoy: affected patients notified; a communication about the breach that names clients elsewhere is not notice', async () => {
    const covered = breachProcedure(
      '4. The Privacy Officer notifies the affected patients in writing at the same time.',
    );
    expect(
      await coverageIds({ 'Privacy-Breach-Procedure.md': covered }, ['New Zealand Privacy Act 2020']),
    ).not.toContain('coverage:breach_notice_to_individuals');
    // Out of scope under GDPR alone (Art. 34 applies only to a high risk, left to the case).
    expect(await coverageIds({ 'Privacy-Breach-Procedure.md': breachProcedure('') }, ['GDPR'])).not.toContain(
      'coverage:breach_notice_to_individuals',
    );
  });

  const endpointPolicy = (extra: string) =>
    [
      '# IT Security Policy',
      '## 4. Devices',
      'Laptops and servers are built from a hardened image and receive security updates within 14 days.',
      'Firewalls block inbound connections by default.',
      extra,
    ].join('\n');

  test('a housing charity under Cyber Essentials and a broker under the MAS cyber hygiene notice: no malware protection is a gap', async () => {
    for (const frameworks of [['Cyber Essentials Plus'], ['MAS Notice on Cyber Hygiene']]) {
      expect(await coverageIds({ 'IT-Security-Policy.md': endpointPolicy('') }, frameworks)).toContain(
        'coverage:malware_protection',
      );
    }
  });

  test('decoy: anti-virus on every laptop and server covers malware protection', async () => {
    const covered = endpointPolicy('All laptops and servers run centrally managed anti-virus software.');
    expect(await coverageIds({ 'IT-Security-Policy.md': covered }, ['Cyber Essentials'])).not.toContain(
      'coverage:malware_protection',
    );
  });
});

describe('coverage_check', () => {
  const privacyWithRights = {
    'Patient-Privacy-Policy.md': [
      '# Patient Privacy Policy',
      '## 5. Your rights',
      'Patients may exercise their rights of access, rectification and erasure by writing to the privacy office.',
      'Requests are answered within one month of receipt.',
      '## 6. Breaches',
      'The DPO notifies the supervisory authority of a personal data breach within 72 hours.',
    ].join('\n'),
  };

  test('data subject rights split over two sentences satisfy the element', async () => {
    expect(await coverageIds(privacyWithRights, ['GDPR'])).not.toContain('coverage:gdpr_data_subject_rights');
  });

  test('forwarding requests with no answer deadline does not satisfy the element', async () => {
    const files = {
      'Processor-Terms.md': [
        '# Processing terms',
        'The processor assists the controller in responding to requests from data subjects to exercise their rights.',
        'Requests received by the processor are forwarded to the controller within two business days.',
        'The processor notifies the controller of a personal data breach within 24 hours; the controller notifies the supervisory authority within 72 hours.',
      ].join('\n'),
    };
    const ids = await coverageIds(files, ['GDPR']);
    expect(ids).toContain('coverage:gdpr_data_subject_rights');
    expect(ids).not.toContain('coverage:gdpr_breach_72h');
  });

  test('a national regulator named instead of "the supervisory authority" satisfies the 72-hour element', async () => {
    const uk = {
      'Tenant-Data-Policy.md':
        '# Tenant Data Policy\n\nWhere a personal data breach is likely to result in a risk to tenants, the DPO notifies the ICO within 72 hours.\n',
    };
    const ireland = {
      'Clinical-Data-Policy.md':
        '# Clinical Data Policy\n\nA notifiable personal data breach is reported to the DPC within 72 hours of becoming aware of it.\n',
    };
    expect(await coverageIds(uk, ['GDPR'])).not.toContain('coverage:gdpr_breach_72h');
    expect(await coverageIds(ireland, ['GDPR'])).not.toContain('coverage:gdpr_breach_72h');
    // Decoy: a breach deadline owed to the company, not to any authority, does not satisfy it.
    const internal = {
      'Supplier-Terms.md':
        '# Supplier Terms\n\nThe supplier notifies the company of a personal data breach within 24 hours. Invoices are paid in 30 days.\n',
    };
    expect(await coverageIds(internal, ['GDPR'])).toContain('coverage:gdpr_breach_72h');
  });

  test('NIS2: a final report within one month is required besides the early warning', async () => {
    const base = [
      '# Cyber Incident Reporting Procedure',
      'For a significant incident the CISO sends an early warning to the CSIRT within 24 hours.',
      'An incident notification with an initial assessment follows within 72 hours.',
    ];
    const missing = await coverageIds({ 'Incident-Procedure.md': base.join('\n') }, ['NIS2']);
    expect(missing).toContain('coverage:nis2_final_report');
    expect(missing).not.toContain('coverage:nis2_early_warning');
    const present = await coverageIds(
      {
        'Incident-Procedure.md': [
          ...base,
          'A final report with the root cause and mitigation is submitted no later than one month after the notification.',
        ].join('\n'),
      },
      ['NIS2'],
    );
    expect(present).not.toContain('coverage:nis2_final_report');
  });

  test('risk assessment is recognised when worded as "risks are assessed"', async () => {
    const files = {
      'Security-Policy.md': [
        '# Information Security Policy',
        'Information security risks are assessed at least annually and whenever a significant change occurs.',
        'Staff complete security awareness training every year.',
      ].join('\n'),
    };
    expect(await coverageIds(files, ['ISO/IEC 27001:2022'])).not.toContain('coverage:hipaa_risk_analysis');
    const bare = {
      'Security-Policy.md': '# Information Security Policy\nThe risk owner accepts residual risk.\n',
    };
    expect(await coverageIds(bare, ['ISO/IEC 27001:2022'])).toContain('coverage:hipaa_risk_analysis');
  });
});

const VENDOR_POLICY = [
  '# Supplier Assurance Policy',
  '## 1. Purpose',
  'This policy sets what we require of suppliers.',
  '## 4. Required contract terms',
  'Agreements with Tier 1 and Tier 2 suppliers shall include the clauses below.',
  'Procurement may not sign an agreement that omits one of them without an exception.',
  '4.1 **Right to audit.** The Company, or an auditor it appoints, may audit the supplier on reasonable notice.',
  '4.2 **Breach notice.** The supplier notifies the Company of any security incident within 48 hours of becoming aware of it.',
  '4.3 **Sub-contracting.** The supplier may use subcontractors only with the Company\u2019s prior written approval.',
  '4.4 **Return of data.** On termination all customer data is returned or destroyed within 30 days.',
  '4.5 **Assurance (Tier 1).** The supplier maintains HITRUST certification and provides its certification letter annually.',
  '## 5. Monitoring',
  'Tier 1 suppliers are reviewed every year.',
].join('\n');

const WEAK_CONTRACT = [
  'Laboratory Services Agreement',
  'This Laboratory Services Agreement (the "Agreement") is entered into by and between Northgate Clinics Ltd ("Customer") and Acme Pathology Inc., a Delaware corporation ("Supplier").',
  '1. Subcontracting',
  'Supplier shall not subcontract any part of the services without Customer\u2019s prior written consent.',
  '2. Incidents',
  'Supplier shall notify Customer of any security incident within ten (10) business days after confirming it.',
  '3. Termination',
  'On termination Supplier shall return or securely delete all Customer data within thirty (30) days.',
  'Signed for Acme Pathology Inc.: J. Doe',
].join('\n');

const COMPLIANT_CONTRACT = [
  'Data Services Addendum',
  'This Addendum (the "Addendum") is made between Northgate Clinics Ltd ("Customer") and Beta Records LLC ("Supplier").',
  'Supplier tier: Tier 1.',
  '1. Supplier shall notify Customer of any security incident without undue delay and no later than 24 hours after becoming aware of it.',
  '2. Customer or its auditor may audit and inspect Supplier\u2019s controls on fifteen working days\u2019 notice.',
  '3. Supplier shall not engage sub-processors without Customer\u2019s prior written authorisation.',
  '4. On termination Supplier deletes or returns all Customer data within 30 days.',
  '5. Supplier maintains HITRUST certification for the services and provides its letter every year.',
  'Signed for Beta Records LLC: A. Roe',
].join('\n');

describe('flow_down_check', () => {
  test('contracts are recognised by their content, not only by their file name', () => {
    expect(looksLikeContract(WEAK_CONTRACT)).toBe(true);
    expect(inferRole('lab-terms', 'md', 'Lab terms', WEAK_CONTRACT, null)).toBe('contract');
    expect(looksLikeContract(VENDOR_POLICY)).toBe(false);
    // A procedure about contracts is not a contract.
    expect(
      inferRole('Contract-Management-Procedure', 'md', 'Contract Management Procedure', VENDOR_POLICY, null),
    ).toBe('procedure');
  });

  test('obligations are read from the policy\u2019s own mandatory-clause section, preamble excluded', async () => {
    const analysis = await analyse({ 'Supplier-Assurance-Policy.md': VENDOR_POLICY }, ['HIPAA']);
    const obligations = contractObligations(analysis.byName.get('Supplier-Assurance-Policy.md')!);
    expect(obligations.map((o) => o.label)).toEqual(
      ['Right to audit.', 'Breach notice.', 'Sub-contracting.', 'Return of data.', 'Assurance (Tier 1).'].map(
        (l) => l.replace(/\.$/, ''),
      ),
    );
    expect(obligations.find((o) => o.label?.startsWith('Assurance'))!.tiers).toEqual(['1']);
  });

  test('missing and weaker clauses of a contract are flow-down gaps; a compliant contract has none', async () => {
    const analysis = await analyse(
      {
        'Supplier-Assurance-Policy.md': VENDOR_POLICY,
        'Acme-Lab-Services-Agreement.md': WEAK_CONTRACT,
        'Beta-Data-Addendum.md': COMPLIANT_CONTRACT,
      },
      ['HIPAA'],
    );
    const issues = findFlowDownGaps(analysis);
    const acme = issues.filter((i) => i.subject.startsWith('flow:Acme-Lab-Services-Agreement.md:'));
    const clauses = acme.find((i) => i.subject.includes(':clauses:'));
    expect(clauses?.primitive).toBe('flow_down_check');
    expect(clauses!.description).toMatch(/right to audit/i);
    expect(clauses!.description).toMatch(/HITRUST/);
    expect(clauses!.description).not.toMatch(/return of data/i);
    expect(clauses!.title).toContain('Supplier-Assurance-Policy.md');
    expect(new Set(clauses!.quotes.map((q) => q.document))).toEqual(
      new Set(['Supplier-Assurance-Policy.md', 'Acme-Lab-Services-Agreement.md']),
    );
    // Ten business days is weaker than the policy's 48 hours.
    expect(acme.some((i) => i.subject.endsWith(':incident_notification'))).toBe(true);
    // Each shortfall of the contract is its own finding: the missing clauses and the weaker deadline
    // are put right by different amendments, and merged the one would hide the other.
    const groups = groupByAspects(
      acme.map((i, n) => ({
        key: `k${n}`,
        primitive: i.primitive,
        title: i.title,
        description: i.description,
        aspects: i.aspects,
        documents: [...new Set(i.quotes.map((q) => q.document))],
        severity: i.severity,
        confidence: i.confidence,
      })),
    );
    expect(groups).toHaveLength(acme.length);
    // Sub-contracting needs consent in the contract: not a gap, though its heading says nothing of it.
    expect(acme.some((i) => i.subject.endsWith(':subcontracting'))).toBe(false);
    expect(issues.filter((i) => i.subject.startsWith('flow:Beta-Data-Addendum.md:'))).toEqual([]);
  });

  test('a clause limited to one supplier tier is not required of a contract in another tier', async () => {
    const tier2 = COMPLIANT_CONTRACT.replace('Supplier tier: Tier 1.', 'Supplier tier: Tier 2.').replace(
      '5. Supplier maintains HITRUST certification for the services and provides its letter every year.\n',
      '',
    );
    const analysis = await analyse(
      { 'Supplier-Assurance-Policy.md': VENDOR_POLICY, 'Beta-Data-Addendum.md': tier2 },
      ['HIPAA'],
    );
    expect(findFlowDownGaps(analysis)).toEqual([]);
    const tier1 = tier2.replace('Supplier tier: Tier 2.', 'Supplier tier: Tier 1.');
    const strict = await analyse(
      { 'Supplier-Assurance-Policy.md': VENDOR_POLICY, 'Beta-Data-Addendum.md': tier1 },
      ['HIPAA'],
    );
    expect(
      findFlowDownGaps(strict)
        .map((i) => i.description)
        .join(' '),
    ).toMatch(/HITRUST/);
  });
});

describe('flow_down_check on clauses outside the topic list and lone contract requirements', () => {
  const STANDARD = [
    'Third Party Security Standard',
    '1. Purpose',
    'This standard applies to all vendors.',
    '2. Contractual requirements for vendors',
    '- Right to audit: the Bank may audit the vendor annually.',
    '- Data location: vendor data is stored only in the EU.',
    '- Sub-contracting: vendors may use subcontractors only with the Bank\u2019s prior written approval.',
    '3. Monitoring',
    'Vendors are reviewed yearly.',
  ].join('\n');
  const MSA = [
    'Master Services Agreement',
    'This Agreement is entered into between First Bank plc ("Customer") and Zeta Cloud GmbH ("Provider").',
    '1. Provider shall store Customer data only in Frankfurt, Germany (EU).',
    '2. Provider may engage subcontractors to perform the services without notice to Customer.',
    'Signed for Zeta Cloud GmbH',
  ].join('\n');

  test('a clause carried in other words is not a gap; a missing one and free sub-contracting are', async () => {
    const analysis = await analyse({ 'Third-Party-Standard.txt': STANDARD, 'Zeta-Cloud-Terms.txt': MSA }, [
      'SOC 2',
    ]);
    const issues = findFlowDownGaps(analysis);
    const clauses = issues.find((i) => i.subject.includes(':clauses:'));
    expect(clauses!.description).toMatch(/right to audit/i);
    expect(clauses!.description).not.toMatch(/data location/i);
    const subcontracting = issues.find((i) => i.subject.endsWith(':subcontracting'));
    expect(subcontracting?.description).toContain('without notice');
    expect(subcontracting?.title).toContain('Third-Party-Standard.txt');
  });

  test('a lone "vendor contracts must include" statement lists several required clauses', async () => {
    const policy =
      '# Procurement Policy\nVendor contracts must include a right-to-audit clause and return of data at termination.\n';
    const analysis = await analyse({ 'Procurement-Policy.md': policy, 'Zeta-Cloud-Terms.txt': MSA }, [
      'SOC 2',
    ]);
    const clauses = findFlowDownGaps(analysis).find((i) => i.subject.includes(':clauses:'));
    expect(clauses!.title).toMatch(/right to audit/);
    expect(clauses!.title).toMatch(/return or deletion of data/);
  });
});

describe('flow_down_check: a Type I assurance report where the policy requires Type II', () => {
  const contract = (party: string, assurance: string) =>
    [
      `${party} Services Agreement`,
      `This Agreement is made between Prairie Mutual ("Customer") and ${party} Inc. ("Provider").`,
      '4.1 Provider shall keep Customer Data confidential.',
      assurance,
      `Signed for ${party} Inc.`,
    ].join('\n');
  async function gaps(policy: string, assurance: string, party = 'Ledgerleaf') {
    const analysis = await analyse(
      { 'Vendor-Risk-Policy.md': policy, 'Provider-Agreement.md': contract(party, assurance) },
      ['SOC 2'],
    );
    return findFlowDownGaps(analysis).filter((i) => i.subject.endsWith(':assurance_type'));
  }
  const saasPolicy =
    '# Vendor Risk Policy\n\n7.1 Every critical SaaS vendor shall provide a SOC 2 Type II report covering at least six months.\n';
  const healthPolicy =
    '# Third-Party Assurance Standard\n\n3.2 Business associates hosting PHI must deliver an SSAE 18 SOC 2 Type 2 report each year.\n';

  test('a grain co-operative and a home-health agency: the contract promises a Type I report', async () => {
    const [saas] = await gaps(
      saasPolicy,
      '12.1 Each spring the Provider sends the Customer its SOC 2 Type I report for the platform.',
    );
    expect(saas?.description).toMatch(/Type I report/);
    const [health] = await gaps(
      healthPolicy,
      '9.4 The Provider will furnish its SOC 2 Type 1 report on request.',
      'CareVault',
    );
    expect(health?.title).toMatch(/Type I assurance report/);
  });

  test('decoy: a Type II report promised, even beside a first-year Type I one, is quiet', async () => {
    expect(await gaps(saasPolicy, '12.1 Provider shall deliver its SOC 2 Type II report annually.')).toEqual(
      [],
    );
    expect(
      await gaps(
        saasPolicy,
        '12.1 Provider shall deliver its SOC 2 Type II report annually; a SOC 2 Type I report may be given in the first year only with approval.',
      ),
    ).toEqual([]);
  });
});

/** A provider's services agreement whose audit clause (section 9) says `auditClauses`. */
const auditContract = (party: string, auditClauses: string[]) =>
  [
    `${party} Services Agreement`,
    `This Agreement is made between Harbour Mutual ("Customer") and ${party} Ltd ("Provider").`,
    '5.1 Each party shall keep the other party\u2019s information confidential.',
    '9. Audit',
    ...auditClauses,
    `Signed for ${party} Ltd`,
  ].join('\n');

/** The clause gap the flow-down check reports for an outsourcing policy and one agreement. */
async function clauseGap(policyText: string, contractText: string) {
  const analysis = await analyse(
    { 'Outsourcing-Policy.md': policyText, 'Provider-Agreement.md': contractText },
    ['ISO 27001'],
  );
  return findFlowDownGaps(analysis).find((i) => i.subject.includes(':clauses:'));
}

describe('flow_down_check: a required audit right the contract withdraws', () => {
  const policy = (auditClause: string) =>
    [
      '# Outsourcing Policy',
      '## 6. Contract requirements',
      'Every outsourcing agreement shall include the following:',
      '(a) confidentiality obligations binding the provider and its staff;',
      `(b) ${auditClause};`,
      '## 7. Monitoring',
      'Providers are reviewed yearly.',
    ].join('\n');
  const STRICT =
    'the Company, its auditors and the regulator shall have unrestricted rights of audit and inspection of the provider\u2019s premises and systems';

  test('an insurer and a payroll bureau: audit rights "satisfied by" a report and no on-site audit', async () => {
    for (const [party, withdrawal] of [
      [
        'Claimsway',
        "10.1 Delivery of the Provider's latest independent assurance report each year satisfies any right of audit the Customer has.",
      ],
      [
        'Paycrest',
        '10.1 No on-site audit of the payroll centre will be allowed, whether by the Customer or by a regulator.',
      ],
    ] as const) {
      const gap = await clauseGap(policy(STRICT), auditContract(party, [withdrawal]));
      expect(gap?.description).toMatch(/right to audit \(the contract withdraws it/);
      expect(gap!.quotes.map((q) => q.text)).toContain(withdrawal);
    }
  });

  test('a broadband co-operative and a clinic: verification "limited to" documents, "no right to inspect"', async () => {
    for (const [party, withdrawal] of [
      [
        'Northshore',
        "11.2 The Customer's rights to verify the Provider's compliance with this Agreement are limited to the documents described in clause 11.1.",
      ],
      [
        'Medirec',
        '11.2 The Customer shall have no right to inspect the Provider\u2019s premises, systems or records.',
      ],
    ] as const) {
      const gap = await clauseGap(policy(STRICT), auditContract(party, [withdrawal]));
      expect(gap?.description).toMatch(/right to audit \(the contract withdraws it/);
    }
  });

  test('a plain audit right is withdrawn by a denial in so many words (an airline, a seed merchant)', async () => {
    const plain = "a right for the Company, or an assessor it appoints, to audit the vendor's compliance";
    for (const [party, clauses] of [
      [
        'Skyres',
        [
          '10.1 On request, once a year, the Provider shall make available its current SOC 2 Type II report.',
          "10.2 Except as provided in clause 10.1, the Customer shall have no right to audit, inspect or test the Provider's facilities or records.",
        ],
      ],
      ['Seedline', ['9.1 The Customer is not entitled to audit the Provider or its sub-contractors.']],
    ] as const) {
      const gap = await clauseGap(policy(plain), auditContract(party, [...clauses]));
      expect(gap?.description).toMatch(/right to audit \(the contract withdraws it/);
    }
  });

  test('decoy: a plain audit right granted once a year, beside a denial of on-site testing, is carried', async () => {
    const plain = "a right for the Company, or an assessor it appoints, to audit the vendor's compliance";
    const gap = await clauseGap(
      policy(plain),
      auditContract('Skyres', [
        '9.1 The Customer may audit the Provider\u2019s compliance with this Agreement once a year on 30 days\u2019 notice.',
        '9.2 The Customer shall have no right to audit the live booking platform by penetration testing.',
      ]),
    );
    expect(gap?.description ?? '').not.toMatch(/audit/);
  });
  test('decoy: an on-site audit once a year meets a policy that asks for on-site inspection, not for it at any time', async () => {
    const onSite = 'the Company may audit the provider, including on-site inspection on reasonable notice';
    const gap = await clauseGap(
      policy(onSite),
      auditContract('Paycrest', [
        "10.1 The Provider shall permit the Customer to audit its compliance, including by on-site inspection of the Provider's premises and systems, not more than once in each Contract Year.",
      ]),
    );
    expect(gap?.description ?? '').not.toMatch(/audit/);
  });

  test('a lead-in that names the contract after its verb opens the list ("the processor shall sign a written contract which, as a minimum:")', async () => {
    const leadIn = [
      '# Crew Data Protection Policy',
      '## 8. Processors',
      '8.1 Processors are chosen for their guarantees. Before any crew data is shared, the processor shall sign a written contract which, as a minimum:',
      '(a) requires the processor to keep crew data confidential;',
      `(b) ${STRICT};`,
      '8.2 The DPO reviews each processor contract.',
    ].join('\n');
    const gap = await clauseGap(
      leadIn,
      auditContract('Paycrest', ['10.1 No on-site audit of the payroll centre will be allowed.']),
    );
    expect(gap?.description).toMatch(/right to audit \(the contract withdraws it/);
  });

  test('a numbered lead-in ending in a colon opens the list of clauses ("9.1 Every contract ... shall:")', async () => {
    const numbered = [
      '# Information Security Policy',
      '## 9. Supplier and outsourcing security',
      '9.1 Every contract with a service provider that stores or processes member information shall:',
      '(a) require the provider to keep member information confidential;',
      `(b) ${STRICT};`,
      '9.2 The Vendor Manager keeps the supplier register.',
    ].join('\n');
    const gap = await clauseGap(
      numbered,
      auditContract('Northshore', [
        '11.2 The Customer shall have no right to inspect the Provider\u2019s premises.',
      ]),
    );
    expect(gap?.description).toMatch(/right to audit \(the contract withdraws it/);
  });

  test('decoy: a policy that accepts an independent report is carried by the same clause', async () => {
    const lenient =
      'the Company may audit the provider on reasonable notice, or rely on an independent audit report provided yearly';
    const gap = await clauseGap(
      policy(lenient),
      auditContract('Claimsway', [
        "10.1 Delivery of the Provider's latest independent assurance report each year satisfies any right of audit the Customer has.",
      ]),
    );
    expect(gap?.description ?? '').not.toMatch(/audit/);
  });

  test('decoy: a contract that grants the audit and lets a report stand in between audits is quiet', async () => {
    const gap = await clauseGap(
      policy(STRICT),
      auditContract('Paycrest', [
        '10.1 The Customer, its auditors and any regulator may audit and inspect the Provider\u2019s premises and systems at any time on reasonable notice.',
        '10.2 Between audits, the Provider may satisfy requests for information by providing its SOC 2 Type II report.',
      ]),
    );
    expect(gap?.description ?? '').not.toMatch(/audit/);
  });
});

describe('flow_down_check: an audit right for the company alone, or rationed, where the policy gives the regulator one at any time', () => {
  const policy = (regulator: string) =>
    [
      '# Outsourcing Policy',
      '## 6. Minimum contractual requirements',
      'Every outsourcing agreement shall at a minimum:',
      '6.1 bind the service provider to keep the Company\u2019s information confidential;',
      `6.2 provide the Company, its auditors and ${regulator} the right to access, audit and inspect the service provider\u2019s premises, systems and records at any time and without restriction on the frequency of such audits;`,
      '## 7. Monitoring',
      'Providers are reviewed yearly.',
    ].join('\n');

  test('a gold lender and an insurer: the contract lets only the company audit, so the regulator has no right', async () => {
    for (const regulator of ['the Reserve Bank of India', 'the Central Bank of Ireland (the regulator)']) {
      const gap = await clauseGap(
        policy(regulator),
        auditContract('Nilgiri', [
          '9.1 The Customer may audit the Provider\u2019s premises, systems and records on reasonable notice.',
        ]),
      );
      expect(gap?.description).toMatch(/regulator audit and inspection rights/);
    }
  });

  test('a payroll bureau: the only audit right, where the policy names no regulator, is rationed to once a contract year', async () => {
    const rationed =
      '9.1 The Customer may, at its own cost and not more than once in each Contract Year, audit the Provider\u2019s compliance with this Agreement.';
    const gap = await clauseGap(policy('its external auditors'), auditContract('Paycrest', [rationed]));
    expect(gap?.description).toMatch(
      /right to audit \(the contract withdraws it: "9\.1 .*not more than once/,
    );
  });

  test('a cold store and a hosting contract: a grant of audit beside a clause rationing every audit to once a contract year', async () => {
    for (const [name, clauses] of [
      [
        'Frostline',
        [
          "C.1 The Customer may audit the Provider's facilities, equipment and records relating to the Product.",
          'C.2 Audits may be conducted no more than once per Contract Year, during business hours.',
        ],
      ],
      [
        'Datahaven',
        [
          '9.1 The Supplier shall permit the Customer and its external auditors to audit its compliance with this Agreement.',
          '9.2 Such audits shall take place not more than once in any Contract Year, on thirty (30) days\u2019 notice.',
        ],
      ],
    ] as const) {
      const gap = await clauseGap(policy('its external auditors'), auditContract(name, [...clauses]));
      expect(gap?.description).toMatch(
        /right to audit \(the contract withdraws it: "(?:C\.2|9\.2) .*(?:no|not) more than once/,
      );
    }
  });

  test('decoy: a contract that gives the company and the regulator audit and inspection at any time is quiet', async () => {
    const gap = await clauseGap(
      policy('the Reserve Bank of India'),
      auditContract('Nilgiri', [
        '9.1 The Customer, its auditors and the Reserve Bank of India may audit and inspect the Provider\u2019s premises, systems and records at any time.',
      ]),
    );
    expect(gap?.description ?? '').not.toMatch(/audit/);
  });
});

describe('flow_down_check: terms a policy spells out in a table, and a limited audit right that shuts out the premises', () => {
  const policy = (subject: string, requirement: string) =>
    [
      '# Outsourcing Policy',
      '## 6. Minimum contract terms',
      'Every contract with a supplier must contain terms that achieve the following.',
      '| Ref | Subject | Requirement |',
      '|---|---|---|',
      "| 6.1 | Confidentiality | The supplier keeps the Company's information confidential and binds its staff to keep it so. |",
      `| 6.2 | ${subject} | ${requirement} |`,
      '## 7. Monitoring',
      'Suppliers are reviewed yearly.',
    ].join('\n');

  test('a fund administrator: documents once in 24 months, and no access to the premises, against unrestricted access', async () => {
    const withdrawal =
      'The Provider shall not be required to give access to its premises, systems or personnel.';
    const gap = await clauseGap(
      policy(
        'Audit and access',
        "The Company, its auditors and the regulator have an unrestricted right of access to the supplier's premises, systems, staff and records.",
      ),
      auditContract('Tamarind', [
        "9.1 The Customer may, no more than once in any period of twenty-four (24) months, audit the Provider's compliance with this Agreement.",
        '9.2 Any audit shall be limited to a review of documents provided by the Provider.',
        withdrawal,
      ]),
    );
    expect(gap?.title).toMatch(/no audit and access clause/);
    expect(gap!.quotes.map((q) => q.text)).toContain(withdrawal);
  });

  test('a reinsurer: a yearly SOC 2 report as the sole means of verification, against audits on site by the company and its regulator', async () => {
    const gap = await clauseGap(
      policy(
        'Audit and inspection',
        'The Company, its auditors and the regulator may audit and inspect the vendor, including on site, on reasonable notice.',
      ),
      auditContract('Cahill', [
        "9.1 The Provider's SOC 2 Type II report, delivered each year, shall be the Customer's sole means of verifying compliance.",
        '9.2 The Provider shall not be obliged to permit the Customer, its auditors or any Regulator to enter its premises for the purposes of audit or inspection.',
      ]),
    );
    expect(gap?.title).toMatch(/no audit and inspection clause/);
  });

  test('decoy: the same table carried by a contract that opens the premises to audit', async () => {
    const gap = await clauseGap(
      policy(
        'Audit and access',
        "The Company, its auditors and the regulator have an unrestricted right of access to the supplier's premises, systems, staff and records.",
      ),
      auditContract('Tamarind', [
        "9.1 The Customer, its auditors and any regulator may audit the Provider and inspect the Provider's premises, systems and records at any time.",
      ]),
    );
    expect(gap?.description ?? '').not.toMatch(/audit/);
  });
});

describe('flow_down_check on values set inside the required clauses', () => {
  test('a longer deadline in the contract than in the policy clause is a gap', async () => {
    const slow = WEAK_CONTRACT.replace('within thirty (30) days', 'within ninety (90) days');
    const analysis = await analyse(
      { 'Supplier-Assurance-Policy.md': VENDOR_POLICY, 'Acme-Lab-Services-Agreement.md': slow },
      ['HIPAA'],
    );
    const subjects = findFlowDownGaps(analysis).map((i) => i.subject);
    expect(subjects.some((s) => /:data_(deletion|return)/.test(s))).toBe(true);
    const same = await analyse(
      { 'Supplier-Assurance-Policy.md': VENDOR_POLICY, 'Acme-Lab-Services-Agreement.md': WEAK_CONTRACT },
      ['HIPAA'],
    );
    expect(
      findFlowDownGaps(same)
        .map((i) => i.subject)
        .some((s) => /:data_(deletion|return)/.test(s)),
    ).toBe(false);
  });
});

describe('flow_down_check on a clause checklist table', () => {
  test('the table rows marked required for the contract\u2019s tier are the obligations', async () => {
    const policy = [
      '# Outsourcing Policy',
      '## 1. Purpose',
      'This policy covers all service providers.',
      '## 2. Contract clause checklist',
      '| Clause | Tier 1 | Tier 2 |',
      '|---|---|---|',
      '| Right to audit | Required | Required |',
      '| Cyber insurance cover | Required | \u2014 |',
      '| Return of data on exit | Required | Required |',
    ].join('\n');
    const contract = COMPLIANT_CONTRACT.replace('Supplier tier: Tier 1.', 'Supplier tier: Tier 2.');
    const tier2 = await analyse({ 'Outsourcing-Policy.md': policy, 'Beta-Data-Addendum.md': contract }, [
      'SOC 2',
    ]);
    const obligations = contractObligations(tier2.byName.get('Outsourcing-Policy.md')!);
    expect(obligations.map((o) => [o.label, o.tiers])).toEqual([
      ['Right to audit', ['1', '2']],
      ['Cyber insurance cover', ['1']],
      ['Return of data on exit', ['1', '2']],
    ]);
    expect(findFlowDownGaps(tier2)).toEqual([]);
    const tier1 = await analyse(
      { 'Outsourcing-Policy.md': policy, 'Beta-Data-Addendum.md': COMPLIANT_CONTRACT },
      ['SOC 2'],
    );
    const gap = findFlowDownGaps(tier1).find((i) => i.subject.includes(':clauses:'));
    expect(gap?.title).toMatch(/insurance/i);
  });
});

describe('framework checklists named by newer intakes', () => {
  test('Essential Eight, CMMC / NIST SP 800-171 and DFARS are recognised', () => {
    expect(normaliseFrameworks(['ASD Essential Eight (ML2)'])).toEqual(['Essential Eight']);
    expect(normaliseFrameworks(['CMMC 2.0 Level 2'])).toEqual(['NIST SP 800-171']);
    expect(normaliseFrameworks(['DFARS 252.204-7012'])).toEqual(
      expect.arrayContaining(['DFARS 7012', 'NIST SP 800-171']),
    );
  });

  // A logistics firm's endpoint standard covering seven of the eight strategies in its own words.
  const sevenStrategies = {
    'Endpoint-Hardening-Standard.md': [
      '# Endpoint Hardening Standard',
      'Security updates for applications such as office suites, PDF readers and web browsers are applied within two weeks.',
      'Operating system patches are installed within 48 hours when an exploit exists.',
      'Macros in documents received from the internet are blocked on every managed laptop.',
      'Web browsers are hardened: Flash, Java and web advertisements are disabled.',
      'Administrator accounts are separate from everyday accounts and reviewed every quarter.',
      'Remote access and email require multi-factor authentication.',
      'Depot servers are backed up every night and a restore is tested quarterly.',
    ].join('\n'),
  };

  test('a missing Essential Eight strategy is reported, the seven present under other words are not', async () => {
    const ids = await coverageIds(sevenStrategies, ['Essential Eight']);
    expect(ids).toEqual(['coverage:e8_application_control']);
  });

  test('an allow-list of approved executables satisfies application control (decoy)', async () => {
    const withAllowList = {
      ...sevenStrategies,
      'Software-Allowlisting-Procedure.md':
        '# Software Allowlisting\nOnly approved applications listed by IT may execute on depot terminals.',
    };
    expect(await coverageIds(withAllowList, ['Essential Eight'])).toEqual([]);
  });

  const defenceShop = {
    'CUI-Protection-Policy.md': [
      '# CUI Protection Policy',
      'The system security plan describes the enclave boundary; gaps are tracked in a plan of action and milestones.',
      'CUI on laptops is encrypted with AES-256 full-disk encryption.',
      'Drives that held CUI are shredded before disposal.',
      'Cyber incidents affecting covered defense information are reported to the DoD within 72 hours.',
      'Purchasing flows DFARS 252.204-7012 down to every supplier that receives CUI.',
      'Staff complete security awareness training every year.',
      'Audit logs are retained for one year and reviewed weekly.',
      'Incidents are handled under the incident response plan.',
      'Remote access requires multi-factor authentication.',
    ].join('\n'),
  };

  test('encryption without FIPS-validated modules is a gap when NIST SP 800-171 is in scope', async () => {
    const ids = await coverageIds(defenceShop, ['CMMC Level 2', 'DFARS 252.204-7012']);
    expect(ids).toEqual(['coverage:nist171_fips_validated_crypto']);
    // The same corpus under a framework that does not ask for it is quiet.
    expect(await coverageIds(defenceShop, ['Essential Eight'])).not.toContain(
      'coverage:nist171_fips_validated_crypto',
    );
  });

  test('FIPS 140-3 validated modules satisfy the element (decoy)', async () => {
    const fips = {
      ...defenceShop,
      'Crypto-Standard.md':
        '# Cryptography Standard\nOnly FIPS 140-3 validated cryptographic modules protect CUI.',
    };
    expect(await coverageIds(fips, ['NIST SP 800-171'])).not.toContain(
      'coverage:nist171_fips_validated_crypto',
    );
  });

  const saasProcessor = {
    'Client-Data-Standard.md': [
      '# Client Data Standard',
      'We process client data on behalf of our customers as a processor.',
      'Client data is kept for the duration of the subscription.',
    ].join('\n'),
  };

  test('a processor that never says what happens to client data at contract end has a gap', async () => {
    expect(await coverageIds(saasProcessor, ['UK GDPR'])).toContain('coverage:customer_data_return_at_exit');
  });

  test('a supplier-side deletion clause is not the organisation\u2019s own exit commitment; a client one is', async () => {
    const supplierOnly = {
      ...saasProcessor,
      'Supplier-DPA.md':
        '# Supplier DPA\nOn termination the Supplier shall delete all personal data within 30 days.',
    };
    expect(await coverageIds(supplierOnly, ['UK GDPR'])).toContain('coverage:customer_data_return_at_exit');
    const clientExit = {
      ...saasProcessor,
      'Offboarding-Procedure.md':
        '# Client Offboarding\nWhen a client contract ends we return an export and delete the client tenant within 60 days.',
    };
    expect(await coverageIds(clientExit, ['UK GDPR'])).not.toContain('coverage:customer_data_return_at_exit');
  });

  test('a steering committee receiving security reports is a management review (decoy)', async () => {
    const ids = await coverageIds(
      {
        'Security-Charter.md':
          '# Security Charter\nProgress on the information security programme is reported to the Security Steering Committee each quarter.',
      },
      ['ISO/IEC 27001:2022'],
    );
    expect(ids).not.toContain('coverage:iso_management_review');
  });
});

const CARRIER_POLICY = [
  '# Logistics Partner Policy',
  '## 3. Partner contracts',
  'Every supplier contract must, at a minimum, require the supplier to:',
  '1. protect shipment data with appropriate safeguards;',
  '2. ensure that its subcontractors agree in writing to equivalent obligations before handling shipment data.',
].join('\n');

describe('flow_down_check: sub-contractors bound to the same terms', () => {
  const looseContract = [
    'Freight Brokerage Agreement',
    'This Freight Brokerage Agreement (the "Agreement") is entered into by and between Harbour Freight Ltd ("Customer") and Quayside Brokers Inc. ("Provider").',
    '1. Provider will protect shipment data with industry-standard safeguards.',
    '2. Provider may use subcontractors at its discretion, without notice to Customer.',
    'Signed for Quayside Brokers Inc.: P. Lane',
  ].join('\n');

  test('a contract letting the provider sub-contract without binding its sub-contractors is a gap', async () => {
    const analysis = await analyse(
      { 'Logistics-Partner-Policy.md': CARRIER_POLICY, 'Quayside-Brokerage-Agreement.md': looseContract },
      ['ISO 27001'],
    );
    const gap = findFlowDownGaps(analysis).find((i) => i.subject.endsWith(':subcontracting'));
    expect(gap?.description).toMatch(/same restrictions/);
    expect(gap!.quotes.map((q) => q.document)).toContain('Quayside-Brokerage-Agreement.md');
  });

  test('a contract that flows equivalent obligations down to sub-contractors is quiet (decoy)', async () => {
    const bound = looseContract.replace(
      '2. Provider may use subcontractors at its discretion, without notice to Customer.',
      '2. Provider shall bind each subcontractor in writing to obligations no less protective than this Agreement.',
    );
    const analysis = await analyse(
      { 'Logistics-Partner-Policy.md': CARRIER_POLICY, 'Quayside-Brokerage-Agreement.md': bound },
      ['ISO 27001'],
    );
    expect(findFlowDownGaps(analysis).filter((i) => i.subject.endsWith(':subcontracting'))).toEqual([]);
  });

  test('a supplier that must itself accept terms is not a rule about its sub-contractors', async () => {
    const policy = [
      '# Supplier Policy',
      'Any supplier or subcontractor that receives drawings must accept the flow-down of our security terms.',
    ].join('\n');
    const contract = [
      'Machining Addendum',
      'This Addendum (the "Addendum") is made between Orbit Aero Ltd ("Customer") and Lathe Works LLC ("Supplier").',
      '1. Supplier protects drawings with good industry practice.',
      'Signed for Lathe Works LLC: K. Mills',
    ].join('\n');
    const analysis = await analyse({ 'Supplier-Policy.md': policy, 'Lathe-Addendum.md': contract }, [
      'ISO 27001',
    ]);
    expect(findFlowDownGaps(analysis).filter((i) => i.subject.endsWith(':subcontracting'))).toEqual([]);
  });
});

describe('flow_down_check: sub-contracting approval weakened in the contract', () => {
  const HEALTH_POLICY = [
    '# Patient Data Protection Policy',
    '## 6. Processors',
    'Processors must not engage a sub-processor without the Trust\u2019s prior specific written authorisation.',
  ].join('\n');
  const FREIGHT_POLICY = [
    '# Carrier Management Standard',
    '## 4. Carrier contracts',
    '4.2 Haulage providers shall not sub-contract any haulage involving consignee data without the Company\u2019s prior written approval.',
  ].join('\n');
  const contract = (party: string, customer: string, clause: string) =>
    [
      `${party} Services Agreement`,
      `This Agreement is made between ${customer} ("Customer") and ${party} Ltd ("Supplier").`,
      '1. The Supplier shall protect Customer Data with good industry practice.',
      clause,
      `Signed for ${party} Ltd`,
    ].join('\n');
  async function subcontracting(policy: [string, string], clause: string) {
    const analysis = await analyse(
      { [policy[0]]: policy[1], 'Supplier-Agreement.md': contract('Harrier', 'Northvale', clause) },
      ['ISO 27001'],
    );
    return findFlowDownGaps(analysis).find((i) => i.subject.endsWith(':subcontracting'));
  }
  const health: [string, string] = ['Patient-Data-Protection-Policy.md', HEALTH_POLICY];
  const freight: [string, string] = ['Carrier-Management-Standard.md', FREIGHT_POLICY];

  test('a debt collector and a payroll bureau: a policy in the present tense ("discloses ... only where ... prior written approval") against sub-contracting without consent', async () => {
    for (const [name, rule] of [
      [
        'Privacy-and-Retention-Policy.md',
        '6.3 FDR discloses client personal information to a service provider (including any subcontractor or sub-processor) only where the creditor client has given its prior written approval.',
      ],
      [
        'Payroll-Data-Policy.md',
        '4.1 The Bureau passes employee payroll data to a sub-processor only with the employer\u2019s prior written approval.',
      ],
    ] as const) {
      const gap = await subcontracting(
        [name, `# Policy\n\n${rule}`],
        '8.3 The Supplier may engage Subcontractors to perform any part of the Services without the prior consent of the Customer, provided that it notifies the Customer within thirty (30) days after the engagement.',
      );
      expect(gap?.title).toMatch(/sub-contracting without the safeguard/);
    }
  });

  test('a wine co-operative (POPIA\'s "operator" and "sub-operator") and a tour operator: the policy lists what every operator agreement must contain; the agreement lets the provider appoint sub-contractors with notice after', async () => {
    for (const [name, rule] of [
      [
        'Privacy-Policy.md',
        '9.1 Every agreement with an operator must require the operator to:\n\n(c) keep the personal information confidential;\n(d) not engage a sub-operator without the prior written authorisation of the Information Officer;',
      ],
      [
        'Customer-Data-Policy.md',
        '5.2 An operator that processes booking data for the Company shall not appoint a sub-operator without the prior written approval of the Data Protection Lead.',
      ],
    ] as const) {
      const gap = await subcontracting(
        [name, `# Policy\n\n${rule}`],
        '8.4 The Provider may appoint sub-contractors to perform any part of the Services, provided that the Provider notifies the Customer of each such appointment within thirty (30) days after it takes effect.',
      );
      expect(gap?.title).toMatch(/sub-contracting without the safeguard/);
    }
  });

  test('decoy: a present-tense statement about sub-processors that restricts nothing', async () => {
    const gap = await subcontracting(
      [
        'Privacy-Notice.md',
        '# Privacy Notice\n\nWe describe how service providers and their sub-processors handle client information.',
      ],
      '8.3 The Supplier may engage Subcontractors without the prior consent of the Customer.',
    );
    expect(gap).toBeUndefined();
  });

  test('a general authorisation with a list on a portal does not carry a specific authorisation', async () => {
    const gap = await subcontracting(
      health,
      '2. By signing, the Customer authorises in general terms the use of Sub-processors (a general authorisation); new ones are announced on the Supplier\u2019s website.',
    );
    expect(gap?.description).toMatch(/general authorisation/);
  });

  test('notice after the appointment does not carry prior approval', async () => {
    const gap = await subcontracting(
      freight,
      '2. The haulier may hand work to sub-contractors and will tell the Customer in writing within fourteen (14) days after the appointment.',
    );
    expect(gap?.description).toMatch(/after the appointment/);
  });

  test('"without Customer\'s prior consent" leaves sub-contracting free', async () => {
    const gap = await subcontracting(
      freight,
      "2. Subcontractors may be used by the Supplier without Customer's prior consent as long as they are named in its annual report.",
    );
    expect(gap?.description).toMatch(/without it/);
  });

  test("a prohibition without the customer's prior written consent carries approval (decoy)", async () => {
    expect(
      await subcontracting(
        freight,
        "2. The Supplier shall not subcontract any part of the Services without the Customer's prior written consent.",
      ),
    ).toBeUndefined();
    expect(
      await subcontracting(
        health,
        '2. The Supplier may subcontract only to the Sub-processors approved by the Customer in writing before they start work.',
      ),
    ).toBeUndefined();
  });

  test('a funeral home and a haulier: a clause that says no notice or approval is owed for new sub-processors', async () => {
    const general = HEALTH_POLICY.replace('prior specific written', 'prior written');
    const funeral = await subcontracting(
      ['Patient-Data-Protection-Policy.md', general],
      "2. The Supplier shall maintain a list of its current Sub-processors on its website and shall not be required to notify the Customer of, or to obtain the Customer's approval for, any addition to or replacement of its Sub-processors.",
    );
    expect(funeral?.quotes.map((q) => q.document)).toContain('Supplier-Agreement.md');
    expect(
      await subcontracting(
        freight,
        '2. The haulier may appoint sub-contractors and is under no obligation to notify the Customer of any sub-contractor it appoints.',
      ),
    ).toBeDefined();
  });

  test('an unqualified written authorisation is met by advance notice of new sub-processors (decoy)', async () => {
    const general = HEALTH_POLICY.replace('prior specific written', 'prior written');
    const clause =
      "2. The Customer authorises the Sub-processors listed in Schedule 2. The Supplier shall give at least thirty (30) days' prior written notice of any new Sub-processor.";
    expect(await subcontracting(['Patient-Data-Protection-Policy.md', general], clause)).toBeUndefined();
    expect(await subcontracting(health, clause)).toBeDefined();
  });
});

describe('flow_down_check: values a plan assigns to the provider in a table', () => {
  const plan = [
    '# Continuity Plan',
    '## 5. Recovery objectives',
    '| Priority | Service | Operator | RTO | RPO |',
    '| --- | --- | --- | --- | --- |',
    '| 1 | Trading platform | Vantage | 2 hours | 5 minutes |',
    '| 2 | Intranet | In-house | 48 hours | 24 hours |',
    'Providers of priority 1 services must commit to these objectives in their contracts.',
  ].join('\n');
  const contract = (restore: string) =>
    [
      'Platform Hosting Agreement',
      'This Platform Hosting Agreement (the "Agreement") is entered into by and between Kite Bank plc ("Customer") and Vantage Cloud Ltd ("Provider").',
      `1. After a declared disaster Provider shall ${restore}.`,
      'Signed for Vantage Cloud Ltd: S. Hale',
    ].join('\n');

  test('a hedged restore commitment in days is weaker than the plan\u2019s hours for that provider', async () => {
    const analysis = await analyse(
      {
        'Continuity-Plan.md': plan,
        'Vantage-Hosting-Agreement.md': contract(
          'use commercially reasonable efforts to restore the platform within two (2) days',
        ),
      },
      ['DORA'],
    );
    const gap = findFlowDownGaps(analysis).find((i) => i.subject.endsWith(':recovery_time_objective'));
    expect(gap?.description).toMatch(/2 hours/);
    expect(gap!.description).toMatch(/commercially reasonable efforts/);
    expect(gap!.quotes.map((q) => q.document)).toEqual([
      'Continuity-Plan.md',
      'Vantage-Hosting-Agreement.md',
    ]);
  });

  test('a contract meeting the plan\u2019s objective is quiet (decoy)', async () => {
    const analysis = await analyse(
      {
        'Continuity-Plan.md': plan,
        'Vantage-Hosting-Agreement.md': contract('restore the platform within two (2) hours'),
      },
      ['DORA'],
    );
    expect(findFlowDownGaps(analysis).filter((i) => i.subject.endsWith(':recovery_time_objective'))).toEqual(
      [],
    );
  });
});

describe('flow_down_check: a policy requiring a named procedure to include something', () => {
  const policy = [
    '# Clinical Safety Policy',
    '## 4. Change safety',
    '4.2 The Software Release Procedure must include a clinical safety hazard assessment as a mandatory step.',
  ].join('\n');
  const procedure = (steps: string[]) =>
    [
      '# Software Release Procedure',
      '## 3. Release steps',
      'Every release passes these steps.',
      ...steps,
    ].join('\n');

  test('the named procedure lacking the required element is a gap citing both documents', async () => {
    const analysis = await analyse(
      {
        'Clinical-Safety-Policy.md': policy,
        'Software-Release-Procedure.md': procedure([
          'Code review.',
          'Regression testing.',
          'Change approval.',
        ]),
      },
      ['ISO 27001'],
    );
    const gaps = findDirectiveGaps(analysis);
    expect(gaps).toHaveLength(1);
    expect(gaps[0]!.issue.primitive).toBe('flow_down_check');
    expect(gaps[0]!.issue.description).toMatch(/hazard assessment/);
    expect(gaps[0]!.issue.quotes.map((q) => q.document)).toEqual([
      'Clinical-Safety-Policy.md',
      'Software-Release-Procedure.md',
    ]);
  });

  test('a procedure that carries the element is quiet (decoy)', async () => {
    const analysis = await analyse(
      {
        'Clinical-Safety-Policy.md': policy,
        'Software-Release-Procedure.md': procedure([
          'Code review.',
          'The clinical safety officer signs off a hazard assessment for every release.',
        ]),
      },
      ['ISO 27001'],
    );
    expect(findDirectiveGaps(analysis)).toEqual([]);
  });
});

describe('HIPAA safeguards under a dental group\u2019s wording', () => {
  const dental = {
    'Practice-Security-Policy.md': [
      '# Practice Security Policy',
      'The Practice Manager is the HIPAA Security Officer and owns these policies.',
      'Old hard drives and phones are wiped and shredded by a certified vendor before disposal.',
      'Chairside workstations lock automatically after five minutes of inactivity.',
      'If the practice system is down, staff use the break-glass account kept in the safe.',
      'Every staff member logs in with an individual account; shared log-ins are forbidden.',
      'Visitors are escorted and the server closet stays locked.',
      'Staff who violate this policy face disciplinary action up to dismissal.',
    ].join('\n'),
  };

  test('safeguards written in other words satisfy their elements', async () => {
    const ids = await coverageIds(dental, ['HIPAA']);
    for (const id of [
      'hipaa_security_official',
      'hipaa_device_media_disposal',
      'hipaa_automatic_logoff',
      'hipaa_emergency_access',
      'hipaa_unique_user_identification',
      'hipaa_facility_access',
      'hipaa_sanctions',
    ])
      expect(ids).not.toContain(`coverage:${id}`);
  });

  test('a missing safeguard is reported once its statements are gone', async () => {
    const withoutLogoff = {
      'Practice-Security-Policy.md': dental['Practice-Security-Policy.md'].replace(
        'Chairside workstations lock automatically after five minutes of inactivity.',
        'Chairside workstations are used only by clinical staff during their session.',
      ),
    };
    expect(await coverageIds(withoutLogoff, ['HIPAA'])).toContain('coverage:hipaa_automatic_logoff');
    // Not in scope without HIPAA.
    expect(await coverageIds(withoutLogoff, ['PCI DSS'])).not.toContain('coverage:hipaa_automatic_logoff');
  });
});

describe('directive wording variants', () => {
  test('"requires the ... Plan to include" and a lower-case title resolve to the named document', async () => {
    const analysis = await analyse(
      {
        'Water-Safety-Policy.md':
          '# Water Safety Policy\nThe board requires the treatment works continuity plan to include a chlorine supplier fallback.',
        'Treatment-Works-Continuity-Plan.md':
          '# Treatment Works Continuity Plan\nStandby pumps start automatically.\nThe duty manager calls the regulator.',
      },
      ['NIS2'],
    );
    const gaps = findDirectiveGaps(analysis);
    expect(gaps.map((g) => g.child.name)).toEqual(['Treatment-Works-Continuity-Plan.md']);
    expect(gaps[0]!.issue.description).toMatch(/chlorine supplier fallback/);
  });

  // A hotel group's card policy names the plan by code, then says "that plan" must include a long
  // list; a water utility's policy names its plan by title in the sentence before.
  const cardPolicy = [
    '# Card Payments Policy',
    'Document ID: HG-POL-07',
    '6.1 A suspected compromise of card data is reported at once and handled under the Incident Response Plan (HG-IRP-02).',
    '6.2 That plan shall include notification of the merchant acquirer and the affected card schemes within their deadlines.',
  ].join('\n');
  const incidentPlan = (extra: string) =>
    [
      '# Incident Response Plan',
      'Document ID: HG-IRP-02',
      '1. The duty manager logs the incident and calls the Security Manager.',
      '2. The Security Manager contains the incident and informs the General Manager.',
      extra,
    ].join('\n');
  const utilityPolicy =
    '# Business Continuity Policy\n4.1 Each site follows the Treatment Works Continuity Plan.\n4.2 Such plan must contain a call tree for each treatment works, with deputies for every duty operator and their telephone numbers.';
  const utilityPlan = (extra: string) =>
    `# Treatment Works Continuity Plan\nStandby pumps start automatically.\nThe control room moves to the standby site.\n${extra}`;

  test('"that plan" and "such plan" name the plan the sentence before named, by code or title; a long list is judged by the words the plan lacks', async () => {
    const analysis = await analyse(
      {
        'Card-Payments-Policy.md': cardPolicy,
        'Incident-Response-Plan.md': incidentPlan(''),
        'Business-Continuity-Policy.md': utilityPolicy,
        'Treatment-Works-Continuity-Plan.md': utilityPlan(''),
      },
      ['PCI DSS'],
    );
    const gaps = findDirectiveGaps(analysis);
    expect(gaps.map((g) => g.child.name).sort()).toEqual([
      'Incident-Response-Plan.md',
      'Treatment-Works-Continuity-Plan.md',
    ]);
    expect(gaps.find((g) => g.child.name === 'Incident-Response-Plan.md')!.issue.description).toMatch(
      /merchant acquirer and the affected card schemes/,
    );
  });

  test('decoy: the plans include the long list in their own words', async () => {
    const analysis = await analyse(
      {
        'Card-Payments-Policy.md': cardPolicy,
        'Incident-Response-Plan.md': incidentPlan(
          '3. Where card data is involved, the Finance Director notifies the merchant acquirer, which informs the card schemes within their deadlines.',
        ),
        'Business-Continuity-Policy.md': utilityPolicy,
        'Treatment-Works-Continuity-Plan.md': utilityPlan(
          'Call tree: each treatment works keeps a call tree naming deputies for every duty operator, with telephone numbers.',
        ),
      },
      ['PCI DSS'],
    );
    expect(findDirectiveGaps(analysis)).toEqual([]);
  });

  test('a directive naming a document that is not in the corpus is ignored (decoy)', async () => {
    const analysis = await analyse(
      {
        'Water-Safety-Policy.md':
          '# Water Safety Policy\nThe Laboratory Sampling Procedure must include chain-of-custody records.',
        'Treatment-Works-Continuity-Plan.md':
          '# Treatment Works Continuity Plan\nStandby pumps start automatically.',
      },
      ['NIS2'],
    );
    expect(findDirectiveGaps(analysis)).toEqual([]);
  });
});

describe('DORA exit strategies and PCI DSS retention of account data', () => {
  const insurer = (extra: string) => ({
    'ICT-Third-Party-Policy.md': [
      '# ICT Third-Party Policy',
      'Critical ICT third-party providers are assessed before contract and reviewed every year.',
      'Contracts with providers may be terminated for material breach.',
      extra,
    ].join('\n'),
  });

  test('no exit strategy for critical ICT providers is a DORA gap; an exit plan satisfies it (decoy)', async () => {
    expect(await coverageIds(insurer(''), ['DORA'])).toContain('coverage:dora_exit_strategy');
    expect(
      await coverageIds(insurer('Each critical provider has a tested exit plan with a transition period.'), [
        'DORA',
      ]),
    ).not.toContain('coverage:dora_exit_strategy');
  });

  test('stored card numbers need a retention limit under PCI DSS', async () => {
    const merchant = (extra: string) => ({
      'Card-Handling-Standard.md': [
        '# Card Handling Standard',
        'Card payments are taken on P2PE terminals.',
        extra,
      ].join('\n'),
    });
    expect(await coverageIds(merchant(''), ['PCI DSS'])).toContain('coverage:pci_cardholder_data_retention');
    expect(
      await coverageIds(merchant('Cardholder data is purged from the order system after 90 days.'), [
        'PCI DSS',
      ]),
    ).not.toContain('coverage:pci_cardholder_data_retention');
  });
});

describe('flow_down_check compares the commitment about the event the policy names', () => {
  const agreement = (breachNotice: string) =>
    [
      'Master Services Agreement',
      '6.3 The Supplier shall notify the Customer of any Security Incident by telephone and e-mail within twenty-four (24) hours.',
      `Schedule 3, paragraph 7: The Supplier shall notify the Customer's Data Protection Officer of any Personal Data Breach ${breachNotice}.`,
    ].join('\n');
  const policy = [
    '# Data Protection Policy',
    '8.1 Every contract with a processor shall require the processor to notify the Company of any personal data breach within 24 hours of becoming aware of it.',
  ].join('\n');

  test('a fiduciary: the breach notice runs five business days after investigation, though security incidents are reported in 24 hours', async () => {
    const analysis = await analyse(
      {
        'Data-Protection-Policy.md': policy,
        'Outsourcing-Agreement.md': agreement(
          'within five (5) Business Days after the Supplier has completed its investigation',
        ),
      },
      ['GDPR'],
    );
    const weaker = findFlowDownGaps(analysis).find((i) => i.subject.endsWith(':incident_notification'));
    expect(weaker?.description).toMatch(/five \(5\) Business Days/);
  });

  test('a payroll bureau: the same clause written as "no later than 10 working days"', async () => {
    const analysis = await analyse(
      {
        'Data-Protection-Policy.md': policy,
        'Payroll-Services-Agreement.md': agreement('no later than 10 working days after discovery'),
      },
      ['GDPR'],
    );
    const weaker = findFlowDownGaps(analysis).find((i) => i.subject.endsWith(':incident_notification'));
    expect(weaker?.description).toMatch(/10 working days/);
  });

  test('a housing association and a clinic: the breach notice is only "without undue delay" or "promptly", though security incidents are timed', async () => {
    for (const [name, untimed] of [
      ['Housing-System-Agreement.md', 'without undue delay after becoming aware of it'],
      ['Clinic-Records-Agreement.md', 'promptly upon discovery'],
    ] as const) {
      const analysis = await analyse({ 'Data-Protection-Policy.md': policy, [name]: agreement(untimed) }, [
        'GDPR',
      ]);
      const gap = findFlowDownGaps(analysis).find((i) => i.subject.endsWith(':incident_notification'));
      expect(gap?.title).toMatch(/no deadline/);
      expect(gap!.quotes.map((q) => q.text).join(' ')).toContain(untimed);
    }
  });

  test('decoy: a law incorporated by its title ("Cyber Incident Reporting") is no untimed notice', async () => {
    const contract = [
      'Managed Services Agreement',
      '3.1 The Safeguarding and Cyber Incident Reporting Regulations are incorporated by reference, and Provider shall comply with them.',
      '4.1 Provider shall notify Customer of any Security Incident within twenty-four (24) hours.',
    ].join('\n');
    const cyberPolicy = policy.replace('personal data breach', 'cyber incident');
    const analysis = await analyse({ 'Data-Protection-Policy.md': cyberPolicy, 'MSA.md': contract }, [
      'GDPR',
    ]);
    expect(findFlowDownGaps(analysis).filter((i) => i.subject.endsWith(':incident_notification'))).toEqual(
      [],
    );
  });

  test('decoy: the breach notice is within 12 hours; the contract carries the rule', async () => {
    const analysis = await analyse(
      {
        'Data-Protection-Policy.md': policy,
        'Outsourcing-Agreement.md': agreement('within twelve (12) hours of becoming aware of it'),
      },
      ['GDPR'],
    );
    expect(findFlowDownGaps(analysis).filter((i) => i.subject.endsWith(':incident_notification'))).toEqual(
      [],
    );
  });
});

describe('flow_down_check quotes the clause that comes closest to the untimed rule', () => {
  const policy = [
    '# Information Security Policy',
    '12.3 Franchisees and suppliers shall report any actual or suspected information security incident, including loss or theft of payment terminals, SIM stock or customer documents, within 24 hours of becoming aware of it.',
  ].join('\n');

  test('a telecom franchise and a courier agency: the loss is reported only in a monthly return', async () => {
    for (const [name, party] of [
      ['Retail-Franchise-Agreement.md', 'Franchisee'],
      ['Parcel-Agency-Agreement.md', 'Agent'],
    ] as const) {
      const analysis = await analyse(
        {
          'Information-Security-Policy.md': policy,
          [name]: [
            `# ${name.replace(/-/g, ' ').replace('.md', '')}`,
            `12.2 The Company may terminate this Agreement by written notice if the ${party} breaches Clause 7 or Clause 9.`,
            `9.6 The ${party} shall inform the Company of any loss or theft of a payment terminal, SIM stock or customer documents in its Monthly Compliance Return.`,
          ].join('\n'),
        },
        ['ISO 27001'],
      );
      const gap = findFlowDownGaps(analysis).find((i) => i.subject.endsWith(':incident_notification'));
      expect(gap?.description).toMatch(/no deadline \("9\.6 .*Monthly Compliance Return/);
    }
  });

  test('a gold lender and a clinic: the clause that promises only "without undue delay" is quoted, and the provider is the party "hereinafter referred to as" such', async () => {
    for (const [customer, provider] of [
      ['KAVERI GOLD FINANCE LIMITED', 'NILGIRI INFOTECH SERVICES PRIVATE LIMITED'],
      ['HARBOURSIDE CLINICS LIMITED', 'MEDIHOST CLOUD SERVICES LIMITED'],
    ] as const) {
      const analysis = await analyse(
        {
          'Information-Security-Policy.md': policy,
          'Hosting-Agreement.md': [
            '# Managed Services Agreement',
            `This Agreement is made BETWEEN ${customer}, a company incorporated under the Companies Act (hereinafter referred to as the "Company", which expression shall include its successors) of the ONE PART; AND ${provider}, a company incorporated under the Companies Act, 2013, having its registered office at Bengaluru (hereinafter referred to as the "Service Provider", which expression shall include its successors) of the OTHER PART.`,
            '8.1 The Service Provider shall notify the Company of any Security Incident without undue delay after becoming aware of it.',
            '8.3 The Service Provider shall submit a root cause analysis report for every Severity 1 incident within the time specified in Schedule 2.',
          ].join('\n'),
        },
        ['ISO 27001'],
      );
      const gap = findFlowDownGaps(analysis).find((i) => i.subject.endsWith(':incident_notification'));
      expect(gap?.description).toMatch(/no deadline \("8\.1 .*without undue delay/);
      expect(gap?.description).toContain(`${provider} is not bound`);
    }
  });

  test('decoy: a breach of the contract is no security incident ("fails to remedy any other breach within fourteen days")', async () => {
    const analysis = await analyse(
      {
        'Information-Security-Policy.md': policy,
        'Agent-Agreement.md': [
          '# Agent Agreement',
          '8.1 The Agent shall report any security incident to the Company within 12 hours of becoming aware of it.',
          '14.2 The Company may terminate this Agreement if the Agent fails to remedy any other breach within fourteen (14) days of notice.',
        ].join('\n'),
      },
      ['ISO 27001'],
    );
    expect(analysis.facts.filter((f) => f.segment.text.startsWith('14.2'))).toEqual([]);
    expect(findFlowDownGaps(analysis).filter((i) => i.subject.endsWith(':incident_notification'))).toEqual(
      [],
    );
  });
});

describe('flow_down_check: contractors among the workforce are no providers', () => {
  const notificationGaps = async (files: Record<string, string>) =>
    findFlowDownGaps(await analyse(files, [])).filter((i) => /notification window/.test(i.title));
  const procedure = (name: string) =>
    `# Incident Response Procedure\n\n5.1 Any employee, consultant or contractor who notices or suspects an incident shall report it to the ${name} within one hour.\n`;
  const agreement =
    '# Cloud Hosting Agreement\n\n7.1 The Provider shall notify the Customer of a Security Incident within forty-eight (48) hours after the Provider has confirmed it.\n';

  test("a payroll company and a hospital: the hosting contract is held to the policy's two hours for providers, not to the hour in which any employee, consultant or contractor reports", async () => {
    const cases: Array<Record<string, string>> = [
      {
        'Information-Security-Policy.md':
          '# Information Security Policy\n\n10.4 Hosting providers and sub-processors shall be contractually bound to notify the SOC of any security incident within two hours of detecting it.\n',
        'Incident-Response-Procedure.md': procedure('SOC'),
        'Cloud-Hosting-Agreement.md': agreement,
      },
      {
        'Clinical-Systems-Security-Policy.md':
          '# Clinical Systems Security Policy\n\n8.2 Suppliers hosting patient data shall be contractually bound to notify the Trust of any security incident within two hours of detecting it.\n',
        'Incident-Response-Procedure.md': procedure('Service Desk'),
        'Cloud-Hosting-Agreement.md': agreement,
      },
    ];
    for (const files of cases) {
      const gaps = await notificationGaps(files);
      expect(gaps.map((g) => g.description)).toEqual([
        expect.stringMatching(/of 2 hours .* only commits the provider to 48 hours/),
      ]);
    }
  });

  test('decoy: a procedure whose only one-hour rule is for employees, consultants and contractors sets no provider deadline', async () => {
    expect(
      await notificationGaps({
        'Incident-Response-Procedure.md': procedure('SOC'),
        'Cloud-Hosting-Agreement.md': agreement,
      }),
    ).toEqual([]);
  });
});

describe('flow_down_check: a list item binds as the lead-in that introduces it', () => {
  const policy = (item: string) =>
    [
      'Data Protection Policy',
      '1. Purpose',
      'This policy applies to all processing.',
      '9. Processors',
      '9.1 Any supplier that processes personal data on our behalf must be bound by a written contract. As a minimum the contract must:',
      '- (a) limit processing to our documented instructions;',
      `- ${item}`,
      '10. Review',
      'This policy is reviewed yearly.',
    ].join('\n');
  const contract = (clause: string) =>
    [
      'Services Agreement',
      'This Agreement is made between Harbour Lettings Ltd ("Client") and Kelvin Joinery Ltd ("Contractor").',
      clause,
      'Signed for Kelvin Joinery Ltd',
    ].join('\n');
  test.each([
    [
      'a letting agent: sub-contractors notified after appointment',
      '(b) prohibit the engagement of sub-processors without our prior written authorisation;',
      '7.5 The Contractor may engage sub-contractors, provided that it notifies the Client in writing within fourteen (14) days after the sub-contractor is appointed.',
    ],
    [
      'a school trust: sub-processors used freely',
      '(b) require our prior written approval before any sub-processor is engaged;',
      '4.2 The Contractor may use sub-processors of its choosing to deliver the services.',
    ],
    [
      'a payroll bureau: sub-processors engaged "upon giving notice", no time to object',
      '(b) prohibit the engagement of sub-processors without our prior written authorisation;',
      '8.5 The Contractor may engage Sub-processors in connection with the Services upon giving notice to the Client.',
    ],
  ])('%s', async (_, item, clause) => {
    const analysis = await analyse(
      { 'Data-Protection-Policy.txt': policy(item), 'Services-Agreement.txt': contract(clause) },
      ['GDPR'],
    );
    expect(findFlowDownGaps(analysis).filter((i) => i.subject.endsWith(':subcontracting'))).toHaveLength(1);
  });

  test('decoy: notice of an intended sub-processor, with time to object, carries a general authorisation', async () => {
    const analysis = await analyse(
      {
        'Data-Protection-Policy.txt': policy(
          '(b) prohibit the engagement of sub-processors without our prior written authorisation;',
        ),
        'Services-Agreement.txt': contract(
          '7.5 The Contractor may engage a Sub-processor upon giving notice to the Client at least thirty (30) days before the intended engagement, and the Client may object.',
        ),
      },
      ['GDPR'],
    );
    expect(findFlowDownGaps(analysis).filter((i) => i.subject.endsWith(':subcontracting'))).toEqual([]);
  });

  test('decoy: the contract requires prior written authorisation', async () => {
    const analysis = await analyse(
      {
        'Data-Protection-Policy.txt': policy(
          '(b) prohibit the engagement of sub-processors without our prior written authorisation;',
        ),
        'Services-Agreement.txt': contract(
          '7.5 The Contractor shall not engage any sub-processor without the prior written authorisation of the Client.',
        ),
      },
      ['GDPR'],
    );
    expect(findFlowDownGaps(analysis).filter((i) => i.subject.endsWith(':subcontracting'))).toEqual([]);
  });
});

describe('coverage_check quotes the document named for the topic first', () => {
  const files = (org: string, review: string) => ({
    'Information-Security-Policy.md': [
      '# Information Security Policy',
      '',
      `10.2 Incidents at ${org} are managed under the Incident Response Procedure, and incident response records are kept for three years.`,
    ].join('\n'),
    'Incident-Response-Procedure.md': [
      '# Incident Response Procedure',
      '',
      '7.8 Eradicate and recover. Operations restores affected systems from clean backups.',
      '',
      `8.1 ${review}`,
    ].join('\n'),
  });
  const gap = async (f: Record<string, string>) =>
    findCoverageGaps(await analyse(f, ['PCI DSS']), elementsFor(['PCI DSS']), ['PCI DSS']).find((i) =>
      i.subject.includes('incident_response_plan_testing'),
    );

  test('a debt collector and a clinic: the plan is only reviewed each year, and the gap quotes the procedure', async () => {
    for (const org of ['Fraser Delta Recoveries', 'Harbourside Clinics']) {
      const found = await gap(
        files(org, 'The CISO reviews this procedure annually and after every Severity 1 incident.'),
      );
      expect(found?.quotes[0]!.document).toBe('Incident-Response-Procedure.md');
    }
  });

  test('decoy: a procedure that exercises the plan in a yearly tabletop has no gap', async () => {
    expect(
      await gap(
        files(
          'Harbourside Clinics',
          'The incident response plan is tested at least once every 12 months through a tabletop exercise.',
        ),
      ),
    ).toBeUndefined();
  });
});

describe('document roles: schedules and registers of obligations', () => {
  // An intake role named "schedule" or naming obligations is normative, as a standard is; so is a
  // document whose name or title says it lists compliance, legal or regulatory obligations, when
  // nothing else decides. A contract filed under a schedule glob is still the contract.
  const REGISTER =
    '| Ref | Obligation | Owner |\n|---|---|---|\n| LO-01 | Notify the regulator within 24 hours | Manager |\n';

  test('a hospital trust and a haulier: intake roles "schedule" and "legal_obligations" are standards', () => {
    expect(
      inferRole('Statutory-Register', 'md', 'Statutory Register', REGISTER, { schedule: ['Statutory-*'] }),
    ).toBe('standard');
    expect(
      inferRole('Operator-Licence-Conditions', 'md', 'Operator Licence Conditions', REGISTER, {
        legal_obligations: ['Operator-Licence-*'],
      }),
    ).toBe('standard');
  });

  test('a water utility and a bank: "compliance obligations" or "regulatory obligations" in the name or title', () => {
    expect(inferRole('Compliance-Obligations-Register', 'md', 'Register', REGISTER, null)).toBe('standard');
    expect(inferRole('RO-2026', 'md', 'Regulatory Obligations of the Bank', REGISTER, null)).toBe('standard');
  });

  test('decoys: a contract under a schedule glob, and obligations of no compliance kind', () => {
    expect(
      inferRole('Hosting-Schedule-3', 'md', 'Hosting Schedule 3', WEAK_CONTRACT, {
        schedule: ['*-Schedule-*'],
      }),
    ).toBe('contract');
    expect(
      inferRole('Payment-Obligations-Tracker', 'md', 'Payment Obligations Tracker', REGISTER, null),
    ).toBe('other');
  });
});
