// Coverage elements kept as data (knowledge/data/coverage-elements.json): plans that are never
// tested (incident response, contingency / disaster recovery, backups) and a recovery time set
// without a recovery point. Fixtures in two industries' wording (a regional water utility and a
// veterinary clinic group), with decoys whose testing is required in other words, advised only,
// or left to customers.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { elementsFor, normaliseFrameworks } from '../../analyst/frameworks';
import { knowledge } from '../../knowledge';
import { INTAKE, snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { findCoverageGaps } from './coverage';

const PLAN_ELEMENTS = [
  'coverage:incident_response_plan_testing',
  'coverage:contingency_plan_testing',
  'coverage:backup_restore_testing',
  'coverage:recovery_point_objective',
];

async function gaps(files: Record<string, string>, frameworks: string[]) {
  const analysis = analyzeCorpus(await snapshotOf(files), { ...INTAKE, frameworks });
  return findCoverageGaps(analysis, elementsFor(frameworks), frameworks).filter((i) =>
    PLAN_ELEMENTS.includes(i.subject),
  );
}

const UTILITY_UNTESTED: Record<string, string> = {
  'Incident-Response-Procedure.md':
    '# Incident Response Procedure\n\nThe control room duty engineer leads the incident response for telemetry outages and cyber incidents. Incidents are logged in the operations journal.',
  'Continuity-Plan.md':
    '# Business Continuity Plan\n\nThe business continuity plan covers the loss of the pumping station SCADA. Pumping stations must be restored within 8 hours of a declared disaster. Telemetry servers are backed up nightly to the second control room.',
};

const VET_UNTESTED: Record<string, string> = {
  'Incident-Management-Policy.md':
    '# Incident Management Policy\n\nPractice managers report suspected breaches of client records to the privacy lead, who runs the incident management procedure.\n\nIt is good practice to test the incident response procedure before it is adopted.',
  'Disaster-Recovery-Plan.md':
    '# Disaster Recovery Plan\n\nThe practice management system has a recovery time objective of 12 hours. Clinic databases are backed up every night to the cloud vault.\n\nClients are responsible for testing the recovery of the records they export.',
};

const VET_TESTED: Record<string, string> = {
  'Incident-Management-Policy.md':
    '# Incident Management Policy\n\nPractice managers report suspected breaches of client records to the privacy lead, who runs the incident management procedure.\n\n## Testing\n\nThis procedure is exercised through a tabletop exercise every year.',
  'Disaster-Recovery-Plan.md':
    '# Disaster Recovery Plan\n\nThe practice management system has a recovery time objective of 12 hours and a recovery point objective of 1 hour. Clinic databases are backed up every night to the cloud vault, and a sample of backups is restored each quarter to prove they can be read.\n\nThe disaster recovery plan shall be tested annually, with a failover to the standby clinic server.',
};

/** Testing required in other words still: "plan testing", "a tabletop", "a failover test". */
const UTILITY_TESTED: Record<string, string> = {
  'Incident-Response-Procedure.md':
    '# Incident Response Procedure\n\nThe control room duty engineer leads the incident response for telemetry outages. The response team holds a tabletop every spring.',
  'Continuity-Plan.md':
    '# Business Continuity Plan\n\nThe business continuity plan covers the loss of the pumping station SCADA, with a recovery time objective of 8 hours and a recovery point objective of 30 minutes. Plan testing takes place each autumn, including a failover test of the telemetry servers.\n\nTelemetry servers are backed up nightly; backup restoration tests run every quarter.',
};

describe('plans that are never tested', () => {
  test('the coverage elements load from their data file, each with a listed source', () => {
    const { coverage } = knowledge();
    const ids = coverage.elements.map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining(PLAN_ELEMENTS.map((s) => s.replace('coverage:', ''))));
    for (const element of coverage.elements)
      for (const source of element.sources) expect(coverage.sources[source]).toBeDefined();
  });

  test('FedRAMP and FISMA intakes are assessed against NIST SP 800-53', () => {
    expect(normaliseFrameworks(['FedRAMP Moderate baseline'])).toContain('NIST SP 800-53');
    expect(normaliseFrameworks(['FISMA 2014'])).toContain('NIST SP 800-53');
  });

  test('water utility: untested plans and a recovery time with no recovery point are found', async () => {
    const found = await gaps(UTILITY_UNTESTED, ['ISO/IEC 27001:2022']);
    expect(found.map((i) => i.subject).sort()).toEqual([...PLAN_ELEMENTS].sort());
    const rpo = found.find((i) => i.subject === 'coverage:recovery_point_objective')!;
    // The statement that set the recovery time is the evidence.
    expect(rpo.quotes.map((q) => q.text).join(' ')).toContain('restored within 8 hours');
  });

  test('veterinary clinics: advice to test and a duty left to clients are not a testing requirement', async () => {
    const found = await gaps(VET_UNTESTED, ['SOC 2']);
    expect(found.map((i) => i.subject).sort()).toEqual([...PLAN_ELEMENTS].sort());
  });

  test('decoy: testing required in other words (this procedure, restored each quarter) gives no finding', async () => {
    expect(await gaps(VET_TESTED, ['SOC 2', 'NIST SP 800-53'])).toEqual([]);
  });

  test('decoy: the water utility requiring tests in other words gives no finding', async () => {
    expect(await gaps(UTILITY_TESTED, ['ISO/IEC 27001:2022'])).toEqual([]);
  });

  test('a recovery time only defined, or an archive retrieval time, does not call for a recovery point', async () => {
    const glossary = {
      'Glossary.md':
        '# Glossary\n\nRecovery time objective (RTO): the time allowed to bring a clinic system back after a disruption.',
      'Records-Standard.md':
        '# Records Standard\n\nClinical notes older than two years move to the archive and can be restored within 24 hours on request.',
    };
    const found = await gaps(glossary, ['SOC 2']);
    expect(found.map((i) => i.subject)).not.toContain('coverage:recovery_point_objective');
  });

  test('an element out of scope is not reported (HIPAA does not ask for a recovery point)', async () => {
    const found = await gaps(UTILITY_UNTESTED, ['HIPAA']);
    expect(found.map((i) => i.subject)).not.toContain('coverage:recovery_point_objective');
  });
});

describe("a plan's own testing section", () => {
  test('a bank\'s and a hospital\'s incident procedures exercise themselves under "Testing" without naming the plan', async () => {
    for (const body of [
      'The IMT conducts at least one tabletop exercise a year, covering a ransomware scenario.',
      'The on-call team runs a live drill of the downtime procedures every six months.',
    ]) {
      const found = await gaps(
        {
          'Incident-Response-Procedure.md': `# Incident Response Procedure\n\n1. Roles\n\nThe IMT leads the response.\n\n10. Testing\n\n${body}\n`,
        },
        ['ISO/IEC 27001:2022'],
      );
      expect(found.map((i) => i.subject)).not.toContain('coverage:incident_response_plan_testing');
    }
  });

  test('decoy: a plan\'s "Testing" section that says testing is likely, with no frequency, requires no exercise', async () => {
    const found = await gaps(
      {
        'Incident-Management-Plan.md':
          '# Incident Management Plan\n\n1. Roles\n\nThe duty manager leads the response.\n\n4. Testing\n\nThis is likely to involve a number of iterations and include the testing of any automated detection tools.\n',
      },
      ['ISO/IEC 27001:2022'],
    );
    expect(found.map((i) => i.subject)).toContain('coverage:incident_response_plan_testing');
  });

  test('decoy: a policy (not a plan) with a "Testing" section about software testing is no plan exercise', async () => {
    const found = await gaps(
      {
        'Incident-Response-Procedure.md':
          '# Incident Response Procedure\n\nThe IMT leads the response to cyber incidents.\n',
        'Secure-Development-Policy.md':
          '# Secure Development Policy\n\n4. Testing\n\nCode is tested in a staging environment before each release.\n',
      },
      ['ISO/IEC 27001:2022'],
    );
    expect(found.map((i) => i.subject)).toContain('coverage:incident_response_plan_testing');
  });
});
