// A normative document requires the organisation to keep a named document the set does not hold: a
// radiopharmacy's radiation protection policy says the RPO shall maintain a Transport Emergency
// Response Plan, and a port authority's security policy says the Port Facility Security Officer
// shall maintain a Port Facility Security Plan, with neither plan supplied. Decoys: the plan is a
// file of the set, the plan is a heading inside another document, the plan is only cited ("the
// Transport Emergency Response Plan", a reference rather than a requirement), and a cleaning
// contractor's agreement requires the provider to keep a Business Continuity Plan (a contract binds
// a third party; it is not one of the organisation's own rules).
import { candidateIssues } from '../../../test/helpers/check-harness';
import { requiredDocumentCheck } from '.';

const issues = (files: Record<string, string>) => candidateIssues(requiredDocumentCheck, files);

const transportRequirement =
  '5.3 The RPO shall maintain a Transport Emergency Response Plan for incidents involving Class 7 packages in transit, and tests it with the couriers once a year.';

const radiationPolicy = (transportClause = transportRequirement) =>
  [
    '# Radiation Protection Policy',
    '',
    '## 5. Dispatch of radiopharmaceuticals',
    '',
    '5.1 Every dose of fluorodeoxyglucose leaves the hot cell in a Type A package labelled and surveyed by a qualified dispatcher.',
    '',
    '5.2 The Radiation Protection Officer (RPO) signs the dispatch log before any package is handed to a courier.',
    '',
    transportClause,
    '',
  ].join('\n');

const dispatchProcedure = (extra: string[] = []) =>
  [
    '# Radiopharmaceutical Dispatch Procedure',
    '',
    '## 1. Package survey',
    '',
    '1.1 The dispatcher measures the dose rate at one metre and on the package surface and records both on the transport document.',
    '',
    ...extra,
  ].join('\n');

const portRequirement =
  '3.2 The Port Facility Security Officer shall maintain a Port Facility Security Plan setting out the measures for each security level, including access control at the container terminal gates.';

const portFiles = {
  'Port-Security-Policy.md': [
    '# Port Security Policy',
    '',
    '## 3. Port facility security',
    '',
    '3.1 The harbour master appoints a Port Facility Security Officer for each berth handling international voyages.',
    '',
    portRequirement,
    '',
    '3.3 Vehicle passes for hauliers are issued only after an identity check at the gatehouse.',
    '',
  ].join('\n'),
  'Berth-Allocation-Procedure.md': [
    '# Berth Allocation Procedure',
    '',
    '1.1 The vessel traffic service allocates a berth on receipt of the pre-arrival notification, at least 24 hours before arrival.',
    '',
  ].join('\n'),
};

test('a radiopharmacy: the radiation protection policy requires a Transport Emergency Response Plan the set does not hold', async () => {
  const found = await issues({
    'Radiation-Protection-Policy.md': radiationPolicy(),
    'Radiopharmaceutical-Dispatch-Procedure.md': dispatchProcedure(),
  });
  expect(found.map((i) => i.title)).toEqual([
    'Missing Transport Emergency Response Plan: Radiation-Protection-Policy.md requires it, and no document of the set is it',
  ]);
  expect(found[0]!.primitive).toBe('coverage_check');
  expect(found[0]!.severity).toBe('high');
  expect(found[0]!.description).toContain(
    'The RPO shall maintain a Transport Emergency Response Plan for incidents involving Class 7 packages in transit',
  );
  expect(found[0]!.quotes.map((q) => q.document)).toEqual(['Radiation-Protection-Policy.md']);
  expect(found[0]!.quotes[0]!.text).toContain('Transport Emergency Response Plan');
});

test('a port authority: the security policy requires a Port Facility Security Plan the set does not hold', async () => {
  const found = await issues(portFiles);
  expect(found.map((i) => i.title)).toEqual([
    'Missing Port Facility Security Plan: Port-Security-Policy.md requires it, and no document of the set is it',
  ]);
  expect(found[0]!.primitive).toBe('coverage_check');
  expect(found[0]!.severity).toBe('high');
  expect(found[0]!.description).toContain(
    'shall maintain a Port Facility Security Plan setting out the measures for each security level',
  );
  expect(found[0]!.quotes.map((q) => q.document)).toEqual(['Port-Security-Policy.md']);
});

test('decoy: the set holds the Transport Emergency Response Plan as a file titled by that name', async () => {
  expect(
    await issues({
      'Radiation-Protection-Policy.md': radiationPolicy(),
      'Radiopharmaceutical-Dispatch-Procedure.md': dispatchProcedure(),
      'Transport-Emergency-Response-Plan.md': [
        '# Transport Emergency Response Plan',
        '',
        '1.1 A courier who is involved in a road traffic collision with a Class 7 package on board calls the on-call RPO, who attends with a contamination monitor.',
        '',
      ].join('\n'),
    }),
  ).toEqual([]);
});

test('decoy: the Transport Emergency Response Plan is a heading inside the dispatch procedure', async () => {
  expect(
    await issues({
      'Radiation-Protection-Policy.md': radiationPolicy(),
      'Radiopharmaceutical-Dispatch-Procedure.md': dispatchProcedure([
        '## 4. Transport Emergency Response Plan',
        '',
        '4.1 If a package is damaged or lost in transit, the courier isolates it, keeps bystanders two metres away and telephones the on-call RPO.',
        '',
      ]),
    }),
  ).toEqual([]);
});

test("decoy: the plan is an unnumbered heading, or a bold line of its own, in a port's operations manual", async () => {
  for (const heading of ['## Port Facility Security Plan', '**Port Facility Security Plan**'])
    expect(
      await issues({
        ...portFiles,
        'Port-Operations-Manual.md': [
          '# Port Operations Manual',
          '',
          heading,
          '',
          'Access to restricted areas of the container terminal is by photo pass; visitors are escorted at all times.',
          '',
        ].join('\n'),
      }),
    ).toEqual([]);
});

test('decoy: "the Transport Emergency Response Plan" cited with "the" is a reference, not a requirement', async () => {
  expect(
    await issues({
      'Radiation-Protection-Policy.md': radiationPolicy(
        '5.3 For incidents involving Class 7 packages in transit, the RPO shall maintain the Transport Emergency Response Plan and test it with the couriers once a year.',
      ),
      'Radiopharmaceutical-Dispatch-Procedure.md': dispatchProcedure(),
    }),
  ).toEqual([]);
});

test('decoy: a cleaning services agreement requires the provider to maintain a Business Continuity Plan', async () => {
  expect(
    await issues({
      ...portFiles,
      'Port-Security-Policy.md': portFiles['Port-Security-Policy.md'].replace(
        portRequirement,
        '3.2 The Port Facility Security Officer reviews the gate access log every week.',
      ),
      'Terminal-Cleaning-Services-Agreement.md': [
        '# Terminal Cleaning Services Agreement',
        '',
        'This agreement is made between the Harbour Board (the "Authority") and Tidewater Facilities Ltd (the "Provider").',
        '',
        '7.1 The Provider shall maintain a Business Continuity Plan covering the loss of staff, equipment or access to the terminal, and shall provide a copy to the Authority on request.',
        '',
        'Signed for and on behalf of the Harbour Board',
        '',
      ].join('\n'),
    }),
  ).toEqual([]);
});
