// Coverage elements kept as data for processes a framework requires in writing: a time limit for
// reporting incidents, remediation time frames for vulnerabilities, personnel screening, security
// awareness training, periodic supplier review, network security controls and supply chain risk.
// Fixtures in two industries' wording (a county transit authority under NIST SP 800-53 and a
// contract research laboratory under SOC 2 and ISO/IEC 27001), with decoys that look like the
// element but do not set it: a report "as soon as possible", a fix deployed "immediately", a
// "vetted" product, a supplier review left to choice, firewall changes that are only logged.
import { groupByAspects } from '../../tasks/consolidation';
import { coverageGaps } from '../../../test/helpers/coverage-gaps';

const ELEMENTS = [
  'coverage:incident_reporting_deadline',
  'coverage:vulnerability_remediation_timeframes',
  'coverage:personnel_screening',
  'coverage:security_awareness_training',
  'coverage:supplier_monitoring',
  'coverage:network_security',
  'coverage:supply_chain_risk',
];

const gaps = (files: Record<string, string>, frameworks: string[]) =>
  coverageGaps(files, frameworks, ELEMENTS);

const subjects = (issues: Array<{ subject: string }>) => issues.map((i) => i.subject).sort();

/** A transit authority's set: each topic is addressed, none of the required elements is set. */
const TRANSIT_GAPS: Record<string, string> = {
  'Incident-Response-Procedure.md':
    '# Incident Response Procedure\n\nDispatch staff who notice a suspected incident report it to the duty security officer as soon as possible. The duty officer decides whether the fare system must be isolated.',
  'Vulnerability-Management-Standard.md':
    '# Vulnerability Management Standard\n\nThe fare collection servers are scanned for vulnerabilities every month. Findings are logged in the ticketing system and remediated by the platform team.\n\nWhen a vendor publishes a fix, the build pipeline deploys it immediately to the test depot.',
  'Personnel-Onboarding.md':
    '# Personnel Onboarding\n\nNew employees receive a badge and a laptop on their first day. The depot manager hires drivers and mechanics; the scheduling system in use is a vetted product.\n\nNew starters attend a half-day induction on timetables and depot safety.',
  'Supplier-Policy.md':
    '# Supplier Policy\n\nSuppliers of fare equipment sign the standard contract. Suppliers of fare equipment are assessed before the contract is signed. The authority may choose to audit a supplier.',
  'Network-Standard.md':
    '# Network Standard\n\nAll changes to firewall rules are logged in the change log. Depot networks carry passenger information displays.',
};

/** A research laboratory's set that sets every element, in its own words. */
const LAB_COVERED: Record<string, string> = {
  'Security-Incident-Policy.md':
    '# Security Incident Policy\n\nLaboratory staff must report any suspected security incident to the IT service desk within one hour of discovery.',
  'Patch-Standard.md':
    '# Patch Standard\n\nSecurity patches for instrument workstations are applied within 14 days of release; critical vulnerabilities are remediated within 48 hours.',
  'People-Security-Policy.md':
    '# People Security Policy\n\nBackground checks are completed for every candidate before employment begins. All staff complete information security awareness training on joining and every year.',
  'Third-Party-Policy.md':
    '# Third-Party Policy\n\nEach supplier hosting study data is reassessed annually, including a review of its SOC 2 report.',
  'Network-Security-Standard.md':
    '# Network Security Standard\n\nInstrument networks are segmented from the office network, and firewall rules deny inbound traffic by default.',
  'Supply-Chain-Standard.md':
    '# Supply Chain Standard\n\nSupply chain risks of reagent and software suppliers are assessed yearly by procurement.',
};

describe('framework processes required in writing', () => {
  test('transit authority (NIST SP 800-53): each process addressed without its required element is a gap', async () => {
    const found = await gaps(TRANSIT_GAPS, ['FedRAMP Moderate baseline (NIST SP 800-53 Rev. 5)']);
    // Every element: suppliers are named, but nothing manages the risk of the supply chain either.
    expect(subjects(found)).toEqual([...ELEMENTS].sort());
    // The finding says where the element belongs: the document named for the topic.
    const remediation = found.find((i) => i.subject === 'coverage:vulnerability_remediation_timeframes')!;
    expect(remediation.description).toContain('One would expect it in Vulnerability-Management-Standard.md');
    expect(remediation.description).toContain('NIST SP 800-53 RA-5(d)');
    expect(remediation.quotes.map((q) => q.document)).toContain('Vulnerability-Management-Standard.md');
    const reporting = found.find((i) => i.subject === 'coverage:incident_reporting_deadline')!;
    expect(reporting.quotes.map((q) => q.text).join(' ')).toContain('as soon as possible');
  });

  test('transit authority: supply chain risk is a gap only where NIST SP 800-53, NIS2 or NIST CSF asks for it', async () => {
    expect(subjects(await gaps(TRANSIT_GAPS, ['NIS2']))).toContain('coverage:supply_chain_risk');
    expect(subjects(await gaps(TRANSIT_GAPS, ['PCI DSS']))).not.toContain('coverage:supply_chain_risk');
  });

  test('research laboratory (SOC 2, ISO/IEC 27001, NIST SP 800-53): every element set in other words gives no gap', async () => {
    expect(await gaps(LAB_COVERED, ['SOC 2', 'ISO/IEC 27001:2022', 'NIST SP 800-53'])).toEqual([]);
  });

  test('research laboratory: a supplier assessed only before contract, and a review left to choice, are gaps', async () => {
    const { 'Supply-Chain-Standard.md': _yearlyAssessment, ...rest } = LAB_COVERED;
    const files = {
      ...rest,
      'Third-Party-Policy.md':
        '# Third-Party Policy\n\nEach supplier hosting study data is assessed before the contract is signed. The laboratory may choose to review a supplier annually.',
    };
    expect(subjects(await gaps(files, ['SOC 2']))).toEqual(['coverage:supplier_monitoring']);
  });

  test('decoy: training that names no security subject does not satisfy awareness training', async () => {
    const files = {
      ...LAB_COVERED,
      'People-Security-Policy.md':
        '# People Security Policy\n\nBackground checks are completed for every candidate before employment begins. All staff complete training on the sample-handling procedures every year.',
    };
    expect(subjects(await gaps(files, ['ISO/IEC 27001:2022']))).toEqual([
      'coverage:security_awareness_training',
    ]);
  });

  test('one finding per gap: two gaps of one framework do not merge into one', async () => {
    const found = await gaps(TRANSIT_GAPS, ['NIST SP 800-53']);
    const items = found.map((issue, i) => ({
      key: String(i),
      primitive: issue.primitive,
      title: issue.title,
      description: issue.description,
      aspects: issue.aspects,
      documents: issue.quotes.map((q) => q.document),
      severity: issue.severity,
      confidence: issue.confidence,
    }));
    expect(groupByAspects(items)).toHaveLength(found.length);
  });
});
