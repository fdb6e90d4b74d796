// A procedure's step that tells staff to do what a policy forbids, through the check harness.
// Fixtures: a holiday lettings agency ("Card details must never be written down ...", "Write the card
// details ... on the booking sheet") and a clinic ("Patient records must never be copied to USB
// sticks ...", "Copy the patient records to the USB stick"); decoys: a procedure that repeats the
// prohibition, a step that acts on something else, a prohibition of a narrower thing ("equipment
// tagged 'Do not use'") against a step on the general thing, and a prohibition and an instruction
// that both stand in policies.
import { candidateIssues, runCheck } from '../../../test/helpers/check-harness';
import { CHECKS } from '../registry';
import { prohibitedPracticeCheck } from '.';

const issuesOf = (files: Record<string, string>) => candidateIssues(prohibitedPracticeCheck, files);

const LETTINGS_POLICY = {
  'Payment-Card-Policy.md':
    '# Payment Card Policy\n\nCard details must never be written down, e-mailed, photographed or stored.\n\nCard terminals are kept in the locked office.\n',
};
const CLINIC_POLICY = {
  'Patient-Confidentiality-Policy.md':
    '# Patient Confidentiality Policy\n\nPatient records must never be copied to USB sticks or e-mailed to personal accounts.\n',
};

test('the family is registered', () => {
  expect(CHECKS).toContain(prohibitedPracticeCheck);
});

describe('a procedure step that does what a policy forbids', () => {
  test.each([
    [
      'a holiday lettings agency',
      LETTINGS_POLICY,
      'Telephone-Booking-Procedure.md',
      '# Telephone Booking Procedure\n\n1. Greet the caller and confirm the property and dates.\n\n2. Write the card details (card number, expiry and security code) on the booking sheet.\n\n3. Pass the sheet to the accounts team.\n',
      /Write the card details/,
    ],
    [
      'a clinic',
      CLINIC_POLICY,
      'Referral-Procedure.md',
      '# Referral Procedure\n\n1. Check the referral letter is signed.\n\n2. Copy the patient records to the USB stick kept at reception and hand it to the courier.\n',
      /Copy the patient records/,
    ],
  ])('%s: one flow_down finding quoting both documents', async (_industry, policy, name, procedure, step) => {
    const policyName = Object.keys(policy)[0]!;
    const files = { ...policy, [name]: procedure };
    const { analysis } = await runCheck(prohibitedPracticeCheck, files);
    const issues = await issuesOf(files);
    expect(issues).toHaveLength(1);
    const [issue] = issues;
    expect(issue!.primitive).toBe('flow_down_check');
    expect(issue!.severity).toBe('high');
    expect(issue!.title).toContain(name);
    expect(issue!.title).toContain(policyName);
    expect(issue!.quotes.map((q) => q.document)).toEqual([policyName, name]);
    expect(issue!.quotes[1]!.text).toMatch(step);
    for (const q of issue!.quotes)
      expect(analysis.byName.get(q.document)!.text.slice(q.start, q.end)).toBe(q.text);
  });
});

describe('decoys: no finding', () => {
  test.each([
    [
      'the procedure repeats the prohibition',
      {
        ...LETTINGS_POLICY,
        'Telephone-Booking-Procedure.md':
          '# Telephone Booking Procedure\n\n1. Do not write the card details down; key them straight into the terminal.\n',
      },
    ],
    [
      'the step writes something else',
      {
        ...LETTINGS_POLICY,
        'Telephone-Booking-Procedure.md':
          '# Telephone Booking Procedure\n\n1. Write the booking reference on the sheet.\n\n2. Key the card number into the terminal.\n',
      },
    ],
    [
      'the clinic procedure copies something else',
      {
        ...CLINIC_POLICY,
        'Referral-Procedure.md': '# Referral Procedure\n\n1. Copy the referral letter to the shared drive.\n',
      },
    ],
    [
      'a narrower thing forbidden than the step acts on',
      {
        'Workshop-Safety-Policy.md':
          "# Workshop Safety Policy\n\n2.4 Staff must never use equipment tagged 'Do not use' and report the tag to the supervisor.\n",
        'Lathe-Procedure.md': '# Lathe Procedure\n\n1. Use equipment as trained and wear eye protection.\n',
      },
    ],
    [
      'the prohibition and the instruction both in policies',
      {
        ...LETTINGS_POLICY,
        'Front-Desk-Policy.md':
          '# Front Desk Policy\n\n1.1 Staff write the card details on the booking sheet for the accounts team.\n',
      },
    ],
  ])('%s', async (_decoy, files) => {
    expect(await issuesOf(files)).toEqual([]);
  });
});

test('control for the last decoy: the step in a procedure is a finding, told as a step and not described', async () => {
  const issues = await issuesOf({
    ...LETTINGS_POLICY,
    'Front-Desk-Procedure.md':
      '# Front Desk Procedure\n\n1.1 Write the card details on the booking sheet for the accounts team.\n\n1.2 Staff write the card details on the booking sheet when the terminal is down.\n',
  });
  expect(issues.map((i) => i.quotes[1]!.document)).toEqual(['Front-Desk-Procedure.md']);
});

// An instruction is a step told in the imperative; the thing forbidden names something in two words
// or more; a prohibition may open with its clause number or a bullet. A dairy's milk collection and a
// building contractor's asbestos work, a payment-taking hotel and a GP surgery, an IT service desk and
// a security guarding firm.
describe('an instruction is a step told in the imperative', () => {
  const DAIRY_POLICY = {
    'Milk-Collection-Policy.md':
      '# Milk Collection Policy\n\nDrivers must never collect farm milk before the antibiotic test result is clear.\n',
  };
  const ASBESTOS_POLICY = {
    'Asbestos-Management-Policy.md':
      '# Asbestos Management Policy\n\nOperatives must never cut or drill asbestos cement sheets with power tools.\n',
  };

  test.each([
    [
      'a dairy',
      DAIRY_POLICY,
      'Tanker-Collection-Procedure.md',
      '# Tanker Collection Procedure\n\n1. Staff collect farm milk from the farm tank each morning once the test result is recorded.\n\n2. Drivers collect milk from the farm after checking the tank temperature.\n',
      '# Tanker Collection Procedure\n\n1. Collect the farm milk from the farm tank and start the pump.\n',
    ],
    [
      'a building contractor',
      ASBESTOS_POLICY,
      'Roof-Repair-Procedure.md',
      '# Roof Repair Procedure\n\n1. Operatives cut asbestos cement sheets only with hand saws, wetting the line first.\n',
      '# Roof Repair Procedure\n\n1. Cut the asbestos cement sheets to size with the angle grinder.\n',
    ],
  ])(
    '%s: a statement describing what staff do is no instruction; the imperative step is',
    async (_, policy, name, described, told) => {
      expect(await issuesOf({ ...policy, [name]: described })).toEqual([]);
      const issues = await issuesOf({ ...policy, [name]: told });
      expect(issues.map((i) => i.quotes.map((q) => q.document))).toEqual([[Object.keys(policy)[0]!, name]]);
    },
  );
});

describe('a prohibition opening with its clause number or a bullet is read', () => {
  test.each([
    [
      'a hotel: "3.2 Card details must never be written down"',
      {
        'Guest-Payment-Policy.md':
          '# Guest Payment Policy\n\n3.1 Payments are taken on the chip and PIN terminal at reception.\n\n3.2 Card details must never be written down or kept on paper.\n',
        'Reservations-Procedure.md':
          '# Reservations Procedure\n\n1. Confirm the room type and dates with the guest.\n\n2. Write the card details on the reservation slip for the night auditor.\n',
      },
      /Write the card details/,
    ],
    [
      'a GP surgery: "- Patient test results must never be e-mailed ..."',
      {
        'Clinical-Records-Policy.md':
          '# Clinical Records Policy\n\nOur rules for results:\n\n- Patient test results must never be e-mailed or faxed to personal addresses.\n- Results are filed in the patient record on the day they arrive.\n',
        'Results-Handling-Procedure.md':
          '# Results Handling Procedure\n\n1. Check each result against the request.\n\n2. E-mail the patient test results to the address the patient gives at reception.\n',
      },
      /E-mail the patient test results/,
    ],
  ])('%s', async (_, files, step) => {
    const issues = await issuesOf(files);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.quotes[0]!.text).toMatch(/must never be/);
    expect(issues[0]!.quotes[1]!.text).toMatch(step);
  });
});

describe('a one-word thing names nothing particular enough to match a step', () => {
  test.each([
    [
      'an IT service desk: "Never share passwords."',
      {
        'Acceptable-Use-Policy.md':
          '# Acceptable Use Policy\n\n- Lock your screen when you leave your desk.\n- Never share passwords.\n',
        'Account-Unlock-Procedure.md':
          '# Account Unlock Procedure\n\n1. Share passwords with the service desk when the caller cannot log in.\n',
      },
    ],
    [
      'a security guarding firm: "Officers must never duplicate keys."',
      {
        'Site-Security-Policy.md': '# Site Security Policy\n\nOfficers must never duplicate keys.\n',
        'Key-Holding-Procedure.md':
          '# Key Holding Procedure\n\n1. Duplicate keys for each new client at the locksmith on the high street.\n',
      },
    ],
  ])('%s', async (_, files) => {
    expect(await issuesOf(files)).toEqual([]);
  });
});
