// Intake extraction (spec 4.9): the offline analyst reads a real description, and the strict parser
// accepts a well-formed remote answer and refuses anything else.
import { intakeExtractionTask } from '../src/tasks/intake-extraction';

const NORTHWIND = `Northwind Health is a patient-scheduling SaaS company preparing for its first SOC 2 Type II
audit and a HIPAA Security Rule gap assessment. Please review access control, encryption of patient
data at rest, backups and the incident response plan. We are concerned that vendor contracts may not
carry our security obligations. The backup practice may have drifted from policy since IT moved to
weekly backups. Logging and change management were last reviewed in 2022.`;

describe('local intake extraction', () => {
  const local = (description: string, clientName: string | null = null) =>
    intakeExtractionTask.local({ description, clientName }) as ReturnType<typeof intakeExtractionTask.parse>;

  it('reads frameworks, domain, focus areas, concerns and the client name from a description', () => {
    const intake = local(NORTHWIND);
    expect(intake.frameworks).toEqual(['SOC 2', 'HIPAA']);
    expect(intake.domain).toMatch(/^healthcare/);
    expect(intake.focus_areas).toEqual([
      'access control',
      'encryption',
      'backup and recovery',
      'incident response',
      'vendor management',
      'logging',
      'change management',
    ]);
    expect(intake.known_concerns).toEqual([
      'We are concerned that vendor contracts may not carry our security obligations.',
      'The backup practice may have drifted from policy since IT moved to weekly backups.',
    ]);
    expect(intake.audit_purpose).toMatch(/^Readiness assessment and gap assessment against SOC 2 and HIPAA/);
    expect(intake.suggested_archetype).toBe('remediation_pipeline');
    expect(intake.suggested_client_name).toBe('Northwind Health');
  });

  it('names frameworks however they are written, in the order the text names them', () => {
    const intake = local(
      'Contoso Bank needs evidence for ISO/IEC 27001, PCI-DSS, the NIST Cybersecurity Framework, NIST SP 800-53 Rev. 5, Sarbanes-Oxley and the GDPR.',
    );
    expect(intake.frameworks).toEqual(['ISO 27001', 'PCI DSS', 'NIST CSF', 'NIST SP 800-53', 'SOX', 'GDPR']);
    expect(intake.domain).toBe('financial services');
    expect(intake.suggested_client_name).toBe('Contoso Bank');
  });

  it('prefers the client name the user typed, and finds none in a text without one', () => {
    expect(local(NORTHWIND, '  Northwind Health Inc  ').suggested_client_name).toBe('Northwind Health Inc');
    expect(
      local('we want our access reviews and backups checked before the audit').suggested_client_name,
    ).toBe('');
  });

  it('reads a client name from a possessive or after "for", not from tools the client uses', () => {
    expect(
      local("Review Fabrikam's vendor contracts against the GDPR and our SOC 2 scope.").suggested_client_name,
    ).toBe('Fabrikam');
    expect(
      local('We use Okta and AWS; the audit is for Tailspin Toys and covers access reviews.')
        .suggested_client_name,
    ).toBe('Tailspin Toys');
  });

  it('suggests the archetype the wording asks for', () => {
    expect(
      local(
        'Quarterly checks for drift in our change management and logging controls, continuously over time.',
      ).suggested_archetype,
    ).toBe('continuous_monitoring');
    expect(
      local('The board and our regulator need a defensible attestation before the examination in March.')
        .suggested_archetype,
    ).toBe('premium_defensibility');
    expect(
      local(
        'Our security programme works; we want to streamline it, benchmark maturity and improve efficiency.',
      ).suggested_archetype,
    ).toBe('capability_leverage');
  });

  it('answers a description with nothing to recognise with empty lists and defaults', () => {
    const intake = local('Lorem ipsum dolor sit amet, consectetur adipiscing elit sed do.');
    expect(intake).toMatchObject({
      domain: 'general',
      frameworks: [],
      focus_areas: [],
      known_concerns: [],
      suggested_archetype: 'remediation_pipeline',
    });
    expect(intake.audit_purpose.length).toBeGreaterThan(0);
  });
});

describe('intake extraction prompt and parser', () => {
  const input = { description: NORTHWIND, clientName: null };
  const answer = {
    domain: 'healthcare software',
    audit_purpose: 'SOC 2 Type II readiness',
    frameworks: ['SOC 2', ' HIPAA ', 'soc 2'],
    focus_areas: ['Access Control', 'encryption'],
    known_concerns: ['vendor contracts may not carry our security obligations'],
    suggested_archetype: 'remediation_pipeline',
    suggested_client_name: 'Northwind Health',
  };

  it('puts the description into the prompt and asks for the JSON members', () => {
    const prompt = intakeExtractionTask.prompt(input);
    expect(prompt.user).toContain('patient-scheduling SaaS');
    for (const key of Object.keys(answer)) expect(prompt.system).toContain(`"${key}"`);
    expect(intakeExtractionTask).toMatchObject({ name: 'intake_extraction', tier: 'mid' });
  });

  it('normalises a well-formed answer', () => {
    expect(intakeExtractionTask.parse(answer, input)).toEqual({
      ...answer,
      frameworks: ['SOC 2', 'HIPAA'],
      focus_areas: ['access control', 'encryption'],
    });
    expect(
      intakeExtractionTask.parse(answer, { ...input, clientName: 'Typed Name' }).suggested_client_name,
    ).toBe('Typed Name');
  });

  it.each([
    ['a string', 'not json at all'],
    ['an array', [answer]],
    ['null', null],
    ['a missing domain', { ...answer, domain: undefined }],
    ['frameworks that are not a list', { ...answer, frameworks: 'SOC 2' }],
    ['a number among the concerns', { ...answer, known_concerns: ['ok', 3] }],
    ['an unknown archetype', { ...answer, suggested_archetype: 'audit_everything' }],
  ])('refuses %s', (_label, garbage) => {
    expect(() => intakeExtractionTask.parse(garbage, input)).toThrow(/intake_extraction/);
  });
});
