// A procedure leaves a matter out of its scope that another document relies on a written process
// for, and nothing else covers it: an aerial survey firm's pre-flight and maintenance procedure
// says the crewed survey aircraft is outside its scope while the flight operations policy's section
// on that aircraft says its steps are set out in that very procedure; a structural engineering
// practice's design check procedure leaves out site inspections and certificates that its quality
// policy requires a documented process for. Decoys: a third document named for the matter, an
// exclusion no other document discusses, and a policy section that mentions the matter but relies
// on no written process.
import { candidateIssues } from '../../../test/helpers/check-harness';
import { excludedScopeCheck } from '.';

const issues = (files: Record<string, string>) => candidateIssues(excludedScopeCheck, files);

const surveyExclusion = 'The crewed survey aircraft is outside the scope of this procedure.';

const flightOpsPolicy = (crewedSection: string[]) =>
  [
    '# Flight Operations Policy',
    '',
    '## 7.2 Unmanned survey platforms',
    '',
    'Every drone is flown by a remote pilot who holds a current operator authorisation for the class of platform.',
    '',
    '## 7.3 Crewed survey aircraft',
    '',
    ...crewedSection,
    '',
    '## 8. Incident reporting',
    '',
    'Pilots report any airspace infringement to the Flight Operations Manager on landing.',
    '',
  ].join('\n');

const crewedReliesOnProcedure = [
  'The Head of Flight Operations ensures the inspection program for the crewed survey aircraft is maintained and its airframe logbook is kept up to date.',
  '',
  'Pre-flight inspection and maintenance steps for all company aircraft are set out in the Pre-flight and Maintenance Procedure (PRO-FO-010).',
];

const preflightProcedure = (exclusion = surveyExclusion) =>
  [
    '# Pre-flight and Maintenance Procedure',
    '',
    'Document number: PRO-FO-010',
    '',
    '## 1. Scope',
    '',
    `1.1 This procedure applies to the company's multirotor and fixed-wing drones. ${exclusion}`,
    '',
    '## 2. Pre-flight checks',
    '',
    '2.1 The remote pilot checks propellers, battery charge and the return-to-home setting before every sortie and records the result in the flight log.',
    '',
  ].join('\n');

const surveyFiles = {
  'Flight-Operations-Policy.md': flightOpsPolicy(crewedReliesOnProcedure),
  'Pre-flight-and-Maintenance-Procedure.md': preflightProcedure(),
};

const engineeringExclusion =
  'Site inspection, supervision and certification activities, including inspections and certificates under the Building Control Regulations, are outside the scope of this procedure.';

const engineeringFiles = {
  'Quality-Management-Policy.md': [
    '# Quality Management Policy',
    '',
    '## 4. Client briefs',
    '',
    'Each commission is opened with a written brief agreed with the client and filed in the project folder.',
    '',
    '## 5. Building control inspections and certificates',
    '',
    'The practice shall maintain a documented process under the Building Control Regulations for planning, carrying out and recording inspections of works on site and for the preparation and signing of certificates.',
    '',
    'Only a chartered engineer assigned by the Technical Director may sign a certificate.',
    '',
  ].join('\n'),
  'Design-Check-Procedure.md': [
    '# Design Check Procedure',
    '',
    '## 1. Scope',
    '',
    `1.1 This procedure covers the independent checking of structural calculations and drawings before issue. ${engineeringExclusion}`,
    '',
    '## 2. Category of check',
    '',
    '2.1 The Technical Director assigns a checker who was not involved in the design and records the category of check on the calculation cover sheet.',
    '',
  ].join('\n'),
};

test('an aerial survey firm: PRO-FO-010 excludes the crewed survey aircraft the flight operations policy says it covers', async () => {
  const found = await issues(surveyFiles);
  expect(found.map((i) => i.title)).toEqual([
    'No document covers the crewed survey aircraft: Pre-flight-and-Maintenance-Procedure.md excludes it, while Flight-Operations-Policy.md relies on a written process for it',
  ]);
  expect(found[0]!.primitive).toBe('coverage_check');
  expect(found[0]!.description).toContain(surveyExclusion);
  expect(found[0]!.description).toContain(
    'Pre-flight inspection and maintenance steps for all company aircraft are set out in the Pre-flight and Maintenance Procedure (PRO-FO-010)',
  );
  expect(found[0]!.quotes.map((q) => q.document)).toEqual([
    'Flight-Operations-Policy.md',
    'Flight-Operations-Policy.md',
    'Pre-flight-and-Maintenance-Procedure.md',
  ]);
  expect(found[0]!.quotes.at(-1)!.text).toContain(surveyExclusion);
});

test('a structural engineering practice: the design check procedure excludes building control inspections and certificates the quality policy requires a documented process for', async () => {
  const found = await issues(engineeringFiles);
  expect(found.map((i) => i.title)).toEqual([
    'No document covers the site inspection, supervision and certification activities, including inspections and certificates under the Building Control Regulations: Design-Check-Procedure.md excludes it, while Quality-Management-Policy.md relies on a written process for it',
  ]);
  expect(found[0]!.description).toContain(engineeringExclusion);
  expect(found[0]!.description).toContain(
    'shall maintain a documented process under the Building Control Regulations',
  );
  expect(found[0]!.quotes.map((q) => q.document)).toEqual([
    'Quality-Management-Policy.md',
    'Design-Check-Procedure.md',
  ]);
  expect(found[0]!.severity).toBe('high');
});

test('decoy: a third document named for the crewed aircraft takes it on', async () => {
  expect(
    await issues({
      ...surveyFiles,
      'Crewed-Survey-Aircraft-Maintenance-Programme.md': [
        '# Crewed Survey Aircraft Maintenance Programme',
        '',
        '1.1 The Cessna survey aircraft is maintained by an approved maintenance organisation to the manufacturer’s schedule, with a 50-hour check and an annual inspection.',
        '',
      ].join('\n'),
    }),
  ).toEqual([]);
});

test('decoy: a programme named for the crewed aircraft ("crewed", a participle, counts as a word of the matter)', async () => {
  expect(
    await issues({
      ...surveyFiles,
      'Crewed-Aircraft-Maintenance-Programme.md': [
        '# Crewed Aircraft Maintenance Programme',
        '',
        '1.1 The Cessna is maintained by an approved maintenance organisation to the manufacturer’s schedule.',
        '',
      ].join('\n'),
    }),
  ).toEqual([]);
});

test('decoy: the procedure excludes something no other document discusses', async () => {
  expect(
    await issues({
      'Flight-Operations-Policy.md': flightOpsPolicy(crewedReliesOnProcedure),
      'Pre-flight-and-Maintenance-Procedure.md': preflightProcedure(
        'Tethered balloon camera rigs are outside the scope of this procedure.',
      ),
    }),
  ).toEqual([]);
});

test('decoy: the policy mentions the crewed survey aircraft but relies on no written process for it', async () => {
  expect(
    await issues({
      'Flight-Operations-Policy.md': flightOpsPolicy([
        'The crewed survey aircraft is flown only by pilots holding a commercial licence with a current class rating.',
        '',
        'Survey flights in the crewed aircraft are planned to keep at least 500 feet above the highest obstacle.',
      ]),
      'Pre-flight-and-Maintenance-Procedure.md': preflightProcedure(),
    }),
  ).toEqual([]);
});

// A brewery's keg cleaning procedure leaves returned export kegs out of its scope while the quality
// policy's section on returned kegs relies on that procedure; the exclusion itself says where they
// are handled, or points there straight after, so nothing is left uncovered.
const breweryFiles = (exclusion: string) => ({
  'Brewery-Quality-Policy.md': [
    '# Brewery Quality Policy',
    '',
    '## 5. Bright beer tanks',
    '',
    'Every bright beer tank is sampled for dissolved oxygen before packaging and the result is entered in the tank card.',
    '',
    '## 6. Returned kegs',
    '',
    'Returned kegs from export customers are inspected for damage and residual beer before reuse.',
    '',
    'The washing and sterilising of returned export kegs is set out in the Keg Washing and Filling Procedure.',
    '',
  ].join('\n'),
  'Keg-Washing-and-Filling-Procedure.md': [
    '# Keg Washing and Filling Procedure',
    '',
    '## 1. Scope',
    '',
    `1.1 This procedure applies to the stainless steel kegs filled on the automatic keg line. ${exclusion}`,
    '',
    '## 2. Washing cycle',
    '',
    '2.1 The line operator checks caustic strength and the sterilising steam temperature at the start of every shift and records both on the line sheet.',
    '',
  ].join('\n'),
});

test('decoy: a brewery excludes returned export kegs but says where they are handled instead', async () => {
  // The matter itself names where it is handled.
  expect(
    await issues(
      breweryFiles(
        'Returned export kegs are handled separately under the Export Returns Work Instruction and are outside the scope of this procedure.',
      ),
    ),
  ).toEqual([]);
  // A pointer right after the exclusion.
  expect(
    await issues(
      breweryFiles(
        'Returned export kegs are outside the scope of this procedure (see the Export Returns Work Instruction).',
      ),
    ),
  ).toEqual([]);
});

test('decoy: a water utility policy mentions the excluded private fire hydrants only in a section about record retention', async () => {
  expect(
    await issues({
      'Network-Asset-Policy.md': [
        '# Network Asset Policy',
        '',
        '## 4. Trunk mains',
        '',
        'Trunk mains are surveyed for leakage every two years by acoustic logging.',
        '',
        '## 9. Record retention',
        '',
        'The flushing log for public mains and private fire hydrants is kept for six years, as the Mains Flushing Procedure requires.',
        '',
      ].join('\n'),
      'Mains-Flushing-Procedure.md': [
        '# Mains Flushing Procedure',
        '',
        '## 1. Scope',
        '',
        '1.1 This procedure applies to the distribution mains owned by the utility. Private fire hydrants on customer premises are outside the scope of this procedure.',
        '',
        '## 2. Flushing',
        '',
        '2.1 The network technician opens the washout valve until turbidity falls below 1 NTU and records the duration on the job card.',
        '',
      ].join('\n'),
    }),
  ).toEqual([]);
});
