// flow_down_check on a "security compromise", the term South Africa's POPIA uses for a breach: a
// policy requires suppliers to notify the organisation of any actual or suspected security
// compromise within a fixed time, and the supplier's contract gives the security-compromise notice
// only "without undue delay", while another clause times an unrelated incident report. The gap is
// the untimed security-compromise notice, not a comparison with the other clause's days. A
// radiopharmacy and its courier; a medical-aid administrator and its IT outsourcer. Decoys: a
// contract that gives the security-compromise notice within 24 hours; a policy that speaks of "a
// fair compromise between" two aims.
import { analyzeCorpus, type CorpusAnalysis } from '../../analyst/corpus-analysis';
import { snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { BLANK_INTAKE, candidateIssues } from '../../../test/helpers/check-harness';
import { findFlowDownGaps } from './flow-down';
import { flowDownCheck } from '.';

async function analyse(files: Record<string, string>): Promise<CorpusAnalysis> {
  return analyzeCorpus(await snapshotOf(files), BLANK_INTAKE);
}

async function noticeGaps(files: Record<string, string>) {
  return findFlowDownGaps(await analyse(files)).filter((i) => i.subject.endsWith(':incident_notification'));
}

const RADIOPHARMACY_POLICY = [
  '# Information Security Policy',
  '',
  '## 8. Suppliers handling patient information',
  '',
  '8.1 Dispensing records and patient referral letters are kept on the pharmacy system and are not copied to personal devices.',
  '',
  '8.2 Suppliers shall notify the Information Security Officer of any actual or suspected security compromise within 24 hours of becoming aware of it.',
].join('\n');

const courierContract = (compromise: string) =>
  [
    '# Courier Services Agreement',
    '',
    'This Agreement is made between Isotope Radiopharmacy (Pty) Ltd ("the Pharmacy") and Swiftline Medical Couriers (Pty) Ltd ("the Courier").',
    '',
    '4.1 The Courier shall collect each shielded package from the dispatch bay at the time shown on the daily run sheet.',
    '',
    '4.2 The Courier shall report any transport incident involving a package, such as a road accident or a damaged container, to the Pharmacy within three (3) days.',
    '',
    compromise,
    '',
    'Signed for and on behalf of Swiftline Medical Couriers (Pty) Ltd',
  ].join('\n');

const COURIER_UNTIMED =
  '9.3 The Courier shall notify the Pharmacy of any security compromise affecting patient information on delivery manifests without undue delay after becoming aware of it.';

const MEDICAL_AID_POLICY = [
  '# Information Security Policy',
  '',
  '## 11. Outsourced processing of member data',
  '',
  '11.1 Claims and member records are processed only on systems listed in the asset register.',
  '',
  '11.2 Third-party operators shall inform the Scheme Privacy Officer of any actual or suspected security compromise of member data within 48 hours of discovering it.',
].join('\n');

const itContract = (compromise: string) =>
  [
    '# IT Outsourcing Agreement',
    '',
    'This Agreement is made between Mvelo Health Administrators (Pty) Ltd ("the Administrator") and Kopano Managed Services (Pty) Ltd ("the Operator").',
    '',
    '6.1 The Operator shall run the claims platform and its backups from the primary data centre in Midrand.',
    '',
    '6.2 The Operator shall report each service incident that stops claims processing to the Administrator within five (5) business days in its service report.',
    '',
    compromise,
    '',
    'Signed for and on behalf of Kopano Managed Services (Pty) Ltd',
  ].join('\n');

const IT_UNTIMED =
  '6.5 The Operator shall inform the Administrator promptly of any security compromise involving member data held on the claims platform.';

describe('flow_down_check: a security compromise notified only without undue delay', () => {
  test('a radiopharmacy and its courier: 24 hours in the policy, "without undue delay" in the contract', async () => {
    const gaps = await noticeGaps({
      'Information-Security-Policy.md': RADIOPHARMACY_POLICY,
      'Courier-Services-Agreement.md': courierContract(COURIER_UNTIMED),
    });
    expect(gaps).toHaveLength(1);
    const [gap] = gaps;
    expect(gap!.primitive).toBe('flow_down_check');
    expect(gap!.title).toMatch(
      /no deadline for the security incident notification window that Information-Security-Policy\.md sets/,
    );
    expect(gap!.description).toContain('24 hours');
    expect(gap!.description).toContain('without undue delay after becoming aware');
    expect(gap!.description).not.toMatch(/three \(3\) days|3 days/);
    expect(gap!.quotes.map((q) => q.text)).toEqual([
      expect.stringContaining('any actual or suspected security compromise within 24 hours'),
      expect.stringContaining('any security compromise affecting patient information'),
    ]);
  });

  test('a medical-aid administrator and its IT outsourcer: 48 hours in the policy, "promptly" in the contract', async () => {
    const gaps = await noticeGaps({
      'Information-Security-Policy.md': MEDICAL_AID_POLICY,
      'IT-Outsourcing-Agreement.md': itContract(IT_UNTIMED),
    });
    expect(gaps).toHaveLength(1);
    const [gap] = gaps;
    expect(gap!.title).toMatch(/no deadline for the security incident notification window/);
    expect(gap!.description).toContain('48 hours');
    expect(gap!.description).not.toMatch(/five \(5\) business days/);
    expect(gap!.quotes.map((q) => q.text)).toEqual([
      expect.stringContaining('suspected security compromise of member data within 48 hours'),
      expect.stringContaining('promptly of any security compromise involving member data'),
    ]);
  });

  test('the check itself reports the untimed clause for the radiopharmacy', async () => {
    const issues = await candidateIssues(flowDownCheck, {
      'Information-Security-Policy.md': RADIOPHARMACY_POLICY,
      'Courier-Services-Agreement.md': courierContract(COURIER_UNTIMED),
    });
    const notice = issues.filter((i) => i.subject.endsWith(':incident_notification'));
    expect(notice.map((i) => i.title)).toEqual([
      expect.stringMatching(/no deadline for the security incident notification window/),
    ]);
    expect(notice[0]!.quotes.map((q) => q.text)).toContainEqual(
      expect.stringContaining('without undue delay after becoming aware'),
    );
  });

  test('decoy: the courier contract gives the security-compromise notice within 24 hours', async () => {
    const gaps = await noticeGaps({
      'Information-Security-Policy.md': RADIOPHARMACY_POLICY,
      'Courier-Services-Agreement.md': courierContract(
        '9.3 The Courier shall notify the Pharmacy of any security compromise affecting patient information on delivery manifests within 24 hours after becoming aware of it.',
      ),
    });
    expect(gaps).toEqual([]);
  });

  test('decoy: "a fair compromise between" two aims is no security incident notice', async () => {
    const policy = [
      '# Information Security Policy',
      '',
      '## 3. Balancing access and protection',
      '',
      '3.1 Suppliers shall report to the Scheme Privacy Officer within 24 hours on any access request that strikes a fair compromise between member service and data protection.',
    ].join('\n');
    const analysis = await analyse({
      'Information-Security-Policy.md': policy,
      'IT-Outsourcing-Agreement.md': itContract(IT_UNTIMED),
    });
    const policyFacts = analysis.facts.filter(
      (f) =>
        f.segment.document === 'Information-Security-Policy.md' && f.concept.id === 'incident_notification',
    );
    expect(policyFacts).toEqual([]);
    expect(findFlowDownGaps(analysis).filter((i) => i.subject.endsWith(':incident_notification'))).toEqual(
      [],
    );
  });
});
