// Section references read whole: a range of another document's sections whose name joins words
// with "and" ("sections 4.2 to 4.7 of the Health and Safety Policy"); a construction
// specification's division numbered with a leading zero ("Section 01 (measurement and
// payment)"); a part whose kind of content stands between it and its document ("Annex A
// checklist of OPS-PRO-006"); and no "points to unrelated content" for a range, nor for a
// sentence citing sections of two documents. Two industries' wording each; decoys: a document's
// own missing section is still broken, and a lone reference to an unrelated section still fires.
import { analyzeCorpus, type CorpusAnalysis } from '../../analyst/corpus-analysis';
import { snapshotOf, INTAKE } from '../../../test/helpers/synthetic-corpus';
import { citationIssue, extractReferences, findBrokenReferences } from './citations';

async function analysed(files: Record<string, string>): Promise<CorpusAnalysis> {
  return analyzeCorpus(await snapshotOf(files), INTAKE);
}

/** The titles of the check's findings over the whole set. */
async function broken(files: Record<string, string>): Promise<string[]> {
  return findBrokenReferences(await analysed(files)).map((issue) => issue.title);
}

/**
 * Every reference the set's segments hold, with its cited name and the finding it gives: read
 * reference by reference, so a sentence whose only reference is plural ("sections 4.2 to 4.7") is
 * judged too.
 */
function references(analysis: CorpusAnalysis) {
  return analysis.documents
    .flatMap((d) => d.segments)
    .flatMap((segment) => extractReferences(segment))
    .map((reference) => ({
      document: reference.segment.document,
      phrase: reference.phrase,
      citedName: reference.citedName,
      issue: citationIssue(analysis, reference)?.title ?? null,
    }));
}

/** A numbered document: "# title", then "## n. heading" sections holding "n.m heading" paragraphs. */
function numbered(title: string, sections: Array<[string, Array<[string, string]>]>): string {
  return [
    `# ${title}`,
    '',
    ...sections.flatMap(([heading, paragraphs], i) => [
      `## ${i + 1}. ${heading}`,
      '',
      ...paragraphs.flatMap(([number, text]) => [`### ${number} ${text.split('.')[0]}`, '', text, '']),
    ]),
  ].join('\n');
}

const healthAndSafetyPolicy = numbered('Health and Safety Policy', [
  ['Responsibilities', [['1.1', 'Directors. The directors lead on health and safety.']]],
  ['Site rules', []],
  ['Consultation', [['3.1', 'Committee. The safety committee meets quarterly.']]],
  [
    'Work at height',
    [
      ['4.1', 'Planning. Work at height is planned by a competent person.'],
      ['4.2', 'Ladders. Ladders are used only for short duration work and are tied or footed.'],
      ['4.3', 'Scaffolds. Scaffolds are erected by trained scaffolders and tagged before use.'],
      ['4.7', 'Edge protection. Open edges have guard rails and toe boards.'],
    ],
  ],
]);

const sharpsPolicy = numbered('Sharps and Waste Policy', [
  ['Purpose', [['1.1', 'Scope. This policy covers all wards and clinics.']]],
  ['Duties', [['2.1', 'Matrons. Matrons lead on safe disposal on their wards.']]],
  [
    'Handling',
    [
      ['3.1', 'Segregation. Waste is segregated at the point of care.'],
      ['3.2', 'Sharps bins. Sharps are discarded at the point of use into a sharps bin.'],
      ['3.4', 'Spillages. Spillages of body fluids are cleaned with a spill kit.'],
    ],
  ],
]);

describe('1. a range of sections of a document whose name joins its words with "and"', () => {
  test('a roofing contractor: "sections 4.2 to 4.7 of the Health and Safety Policy" are the policy\'s', async () => {
    const analysis = await analysed({
      'Health-and-Safety-Policy.md': healthAndSafetyPolicy,
      'Roofing-Procedure.md': numbered('Roofing Procedure', [
        ['Scope', [['1.1', 'Roofs. This procedure covers roof repairs.']]],
        [
          'Working at height',
          [
            [
              '2.1',
              'Planning. Roof work is planned under sections 4.2 to 4.7 of the Health and Safety Policy.',
            ],
          ],
        ],
      ]),
    });
    expect(references(analysis)).toEqual([
      {
        document: 'Roofing-Procedure.md',
        phrase: 'sections 4.2',
        citedName: 'Health and Safety Policy',
        issue: null,
      },
    ]);
  });

  test('a hospital: "sections 3.2 to 3.4 of the Sharps and Waste Policy" are the policy\'s', async () => {
    const analysis = await analysed({
      'Sharps-and-Waste-Policy.md': sharpsPolicy,
      'Ward-Cleaning-Procedure.md': numbered('Ward Cleaning Procedure', [
        ['Scope', [['1.1', 'Wards. This procedure covers cleaning of inpatient wards.']]],
        [
          'Protective equipment',
          [
            [
              '2.1',
              'Domestic staff. Domestic staff follow sections 3.2 to 3.4 of the Sharps and Waste Policy when cleaning isolation rooms.',
            ],
          ],
        ],
      ]),
    });
    const [reference] = references(analysis);
    expect(reference).toEqual({
      document: 'Ward-Cleaning-Procedure.md',
      phrase: 'sections 3.2',
      citedName: 'Sharps and Waste Policy',
      issue: null,
    });
  });

  test('a range the named policy does not hold is still broken there, not in the citing document', async () => {
    const analysis = await analysed({
      'Health-and-Safety-Policy.md': healthAndSafetyPolicy,
      'Roofing-Procedure.md': numbered('Roofing Procedure', [
        ['Scope', [['1.1', 'Roofs. This procedure covers roof repairs.']]],
        [
          'Working at height',
          [
            [
              '2.1',
              'Planning. Roof work is planned under sections 6.2 to 6.4 of the Health and Safety Policy.',
            ],
          ],
        ],
      ]),
    });
    const reference = analysis.documents
      .flatMap((d) => d.segments)
      .flatMap((s) => extractReferences(s))
      .find((r) => r.phrase === 'sections 6.2')!;
    expect(citationIssue(analysis, reference)?.description).toContain(
      'but Health-and-Safety-Policy.md has sections 1 to 4',
    );
  });
});

describe('2. a division numbered with a leading zero ("Section 01") is no section reference', () => {
  test('a dredging contractor\'s specification: "Section 01 (measurement and payment)"', async () => {
    expect(
      await broken({
        'Channel-Dredging-Specification.md': numbered('Channel Dredging Specification', [
          ['General', [['1.1', 'Depth. The contractor dredges the channel to the design depth.']]],
          [
            'Disposal',
            [
              [
                '2.1',
                'Placement. Dredged material is placed in the approved disposal area and quantities are paid as set out in Section 01 (measurement and payment).',
              ],
            ],
          ],
        ]),
      }),
    ).toEqual([]);
  });

  test('a dental practice fit-out: "Section 09 (finishes)" and "Section 02 (existing conditions)"', async () => {
    expect(
      await broken({
        'Surgery-Fitout-Specification.md': numbered('Surgery Fit-out Specification', [
          ['Scope', [['1.1', 'Works. The works are the fit-out of two dental surgeries.']]],
          [
            'Surgeries',
            [
              [
                '2.1',
                'Walls. Wall finishes in the surgeries are as set out in Section 09 (finishes); asbestos surveys follow Section 02 (existing conditions).',
              ],
            ],
          ],
          ['Handover', [['3.1', 'Cleaning. The surgeries are cleaned before handover.']]],
        ]),
      }),
    ).toEqual([]);
  });

  test('decoy: the same specification citing its own missing section 3.4 is still broken', async () => {
    expect(
      await broken({
        'Surgery-Fitout-Specification.md': numbered('Surgery Fit-out Specification', [
          ['Scope', [['1.1', 'Works. The works are the fit-out of two dental surgeries.']]],
          [
            'Surgeries',
            [
              [
                '2.1',
                'Walls. Wall finishes follow Section 09 (finishes); snagging is recorded as set out in section 3.4.',
              ],
            ],
          ],
          ['Handover', [['3.1', 'Cleaning. The surgeries are cleaned before handover.']]],
        ]),
      }),
    ).toEqual(['Broken reference in Surgery-Fitout-Specification.md: section 3.4']);
  });
});

describe('3. a part whose kind of content stands between it and its document', () => {
  const pitProcedure = (annex: string) =>
    [
      '# Pit Inspection Procedure',
      '',
      'Document code: OPS-PRO-006',
      '',
      '## 1. Inspections',
      '',
      '1.1 Supervisors inspect the pit walls each shift.',
      '',
      '## 2. Records',
      '',
      '2.1 Inspections are recorded in the shift log.',
      '',
      `## ${annex} Pit wall checklist`,
      '',
      'Cracks, bulging, water seepage.',
    ].join('\n');
  const groundControlPlan = [
    '# Ground Control Plan',
    '',
    '## 1. Scope',
    '',
    '1.1 This plan covers slope stability in the open pit.',
    '',
    '## 2. Inspections',
    '',
    '2.1 Each shift inspection uses the Annex A checklist of OPS-PRO-006.',
    '',
    '## Annex B Trigger levels',
    '',
    'Prism movement of 10 mm a day raises an alert.',
  ].join('\n');

  test('a mine: "the Annex A checklist of OPS-PRO-006" is that procedure\'s Annex A, not the plan\'s', async () => {
    const analysis = await analysed({
      'OPS-PRO-006_Pit-Inspection-Procedure.md': pitProcedure('Annex A'),
      'Ground-Control-Plan.md': groundControlPlan,
    });
    expect(references(analysis).filter((r) => r.document === 'Ground-Control-Plan.md')).toEqual([
      { document: 'Ground-Control-Plan.md', phrase: 'Annex A', citedName: 'OPS-PRO-006', issue: null },
      { document: 'Ground-Control-Plan.md', phrase: 'Annex B', citedName: null, issue: null },
    ]);
  });

  test("a mine: when the procedure's checklist is Annex C, the finding names the procedure", async () => {
    const issues = findBrokenReferences(
      await analysed({
        'OPS-PRO-006_Pit-Inspection-Procedure.md': pitProcedure('Annex C'),
        'Ground-Control-Plan.md': groundControlPlan,
      }),
    );
    expect(issues.map((i) => i.title)).toEqual(['Broken reference in Ground-Control-Plan.md: Annex A']);
    expect(issues[0]!.description).toContain('but OPS-PRO-006_Pit-Inspection-Procedure.md has only Annex C');
  });

  test('a veterinary practice: "the Annex C form in the Controlled Drugs Procedure" is that procedure\'s', async () => {
    const drugsProcedure = (annex: string) =>
      [
        '# Controlled Drugs Procedure',
        '',
        '## 1. Storage',
        '',
        '1.1 Controlled drugs are kept in the locked cabinet.',
        '',
        '## 2. Destruction',
        '',
        '2.1 Out-of-date stock is destroyed in front of a witness.',
        '',
        `## ${annex} Destruction record`,
        '',
        'Drug, quantity, witness, date.',
      ].join('\n');
    const dispensingPlan = [
      '# Dispensing Plan',
      '',
      '## 1. Returns',
      '',
      '1.1 Returned medicines are logged at reception.',
      '',
      '## 2. Disposal',
      '',
      '2.1 A returned controlled drug is destroyed using the Annex C form in the Controlled Drugs Procedure.',
      '',
      '## Annex A Returns log',
      '',
      'Client, animal, medicine, quantity.',
    ].join('\n');
    expect(
      await broken({
        'Controlled-Drugs-Procedure.md': drugsProcedure('Annex C'),
        'Dispensing-Plan.md': dispensingPlan,
      }),
    ).toEqual([]);
    const issues = findBrokenReferences(
      await analysed({
        'Controlled-Drugs-Procedure.md': drugsProcedure('Annex B'),
        'Dispensing-Plan.md': dispensingPlan,
      }),
    );
    expect(issues.map((i) => i.description)).toEqual([
      expect.stringContaining('but Controlled-Drugs-Procedure.md has only Annex B'),
    ]);
  });
});

describe('4. no "points to unrelated content" for a range, nor for a sentence citing two documents', () => {
  /** A policy whose section 4.2 is about ladders alone. */
  const fallProtectionPolicy = numbered('Fall Protection Policy', [
    ['Purpose', [['1.1', 'Scope. This policy covers falls from height on our sites.']]],
    ['Roles', [['2.1', 'Supervisors. Supervisors brief each crew daily.']]],
    ['Training', [['3.1', 'Courses. Operatives attend an approved course.']]],
    [
      'Controls',
      [
        ['4.1', 'Hierarchy. Falls are prevented before they are arrested.'],
        ['4.2', 'Ladders. Ladders are used only for short duration work and are tied or footed.'],
        ['4.3', 'Scaffolds. Scaffolds are erected by trained scaffolders and tagged before use.'],
        ['4.7', 'Harnesses. Harness lanyards are inspected before each use.'],
      ],
    ],
  ]);

  test('a forestry contractor: climbing and rigging covered by "sections 4.2 to 4.7" of a policy whose 4.2 is ladders', async () => {
    const analysis = await analysed({
      'Fall-Protection-Policy.md': fallProtectionPolicy,
      'Tree-Climbing-Procedure.md': numbered('Tree Climbing Procedure', [
        ['Scope', [['1.1', 'Crews. This procedure covers climbing crews.']]],
        [
          'Aerial rescue',
          [
            [
              '2.1',
              'Rescue. Aerial rescue kits, harness lanyards and scaffold towers beside the canopy follow sections 4.2 to 4.7 of the Fall Protection Policy.',
            ],
          ],
        ],
      ]),
    });
    expect(references(analysis)).toEqual([
      {
        document: 'Tree-Climbing-Procedure.md',
        phrase: 'sections 4.2',
        citedName: 'Fall Protection Policy',
        issue: null,
      },
    ]);
  });

  test('a hospital: hand hygiene audits covered by "sections 3.1 to 3.4" of a policy whose 3.1 is on another subject', async () => {
    const analysis = await analysed({
      'Clinical-Audit-Policy.md': numbered('Clinical Audit Policy', [
        ['Purpose', [['1.1', 'Scope. This policy covers clinical audit.']]],
        ['Governance', [['2.1', 'Committee. The audit committee approves the programme.']]],
        [
          'Audit topics',
          [
            ['3.1', 'Records. Medical records are audited against the documentation standard.'],
            ['3.2', 'Prescribing. Antibiotic prescribing is audited each quarter.'],
            ['3.4', 'Infection. Hand hygiene and glove use are audited on every ward.'],
          ],
        ],
      ]),
      'Ward-Cleaning-Procedure.md': numbered('Ward Cleaning Procedure', [
        ['Scope', [['1.1', 'Wards. This procedure covers cleaning of inpatient wards.']]],
        [
          'Assurance',
          [
            [
              '2.1',
              'Spot checks. Domestic supervisors join the hand hygiene and glove use walkrounds held under sections 3.1 to 3.4 of the Clinical Audit Policy.',
            ],
          ],
        ],
      ]),
    });
    expect(references(analysis).map((r) => r.issue)).toEqual([null]);
  });

  /** A procedure whose section 2.3 is about signing in at the gate. */
  const contractorProcedure = numbered('Contractor Control Procedure', [
    ['Purpose', [['1.1', 'Scope. This procedure covers contractors on site.']]],
    [
      'Arrival',
      [
        ['2.1', 'Booking. Visits are booked a day ahead.'],
        ['2.2', 'Parking. Vans park in the yard.'],
        ['2.3', 'Sign-in. Each visitor signs in at the gatehouse and wears a badge.'],
      ],
    ],
  ]);
  const fireSafetyPolicy = numbered('Fire Safety Policy', [
    ['Purpose', [['1.1', 'Scope. This policy covers fire risks.']]],
    ['Roles', [['2.1', 'Wardens. Fire wardens sweep their zone.']]],
    ['Alarms', [['3.1', 'Tests. The alarm is tested weekly.']]],
    ['Escape', [['4.1', 'Routes. Escape routes are kept clear.']]],
    [
      'Hot work',
      [['5.1', 'Permits. Welding, grinding and cutting near fuel stores need a hot work permit.']],
    ],
  ]);

  test('a dredging yard: welding near fuel stores follows section 5.1 of one document and section 2.3 of another', async () => {
    expect(
      await broken({
        'Contractor-Control-Procedure.md': contractorProcedure,
        'Fire-Safety-Policy.md': fireSafetyPolicy,
        'Dredger-Refit-Plan.md': numbered('Dredger Refit Plan', [
          ['Scope', [['1.1', 'Refit. This plan covers the winter refit of the cutter suction dredger.']]],
          [
            'Yard work',
            [
              [
                '2.1',
                'Hot work. Welding and grinding near the bunker fuel stores follow section 5.1 of the Fire Safety Policy and section 2.3 of the Contractor Control Procedure.',
              ],
            ],
          ],
        ]),
      }),
    ).toEqual([]);
  });

  test('a dental practice: sterilising and waste collection follow sections of two policies', async () => {
    expect(
      await broken({
        'Waste-Management-Policy.md': numbered('Waste Management Policy', [
          ['Purpose', [['1.1', 'Scope. This policy covers clinical and general waste.']]],
          [
            'Collection',
            [
              ['2.1', 'Carrier. A licensed carrier collects clinical waste each week.'],
              ['2.2', 'Consignment. Each collection is recorded on a consignment note.'],
            ],
          ],
        ]),
        'Decontamination-Policy.md': numbered('Decontamination Policy', [
          ['Purpose', [['1.1', 'Scope. This policy covers reusable instruments.']]],
          [
            'Sterilisation',
            [
              ['2.1', 'Washer. Instruments are cleaned in the washer disinfector.'],
              ['2.2', 'Autoclave. Instruments are sterilised in a vacuum autoclave.'],
            ],
          ],
        ]),
        'Surgery-Operations-Manual.md': numbered('Surgery Operations Manual', [
          ['Scope', [['1.1', 'Surgeries. This manual covers the daily running of the surgeries.']]],
          [
            'End of session',
            [
              [
                '2.1',
                'Closing. Sharps bins, extracted teeth and amalgam capsules are handled under section 2.2 of the Decontamination Policy and section 2.1 of the Waste Management Policy.',
              ],
            ],
          ],
        ]),
      }),
    ).toEqual([]);
  });

  test("decoy: a lone reference to one document's unrelated section still points to unrelated content", async () => {
    expect(
      await broken({
        'Contractor-Control-Procedure.md': contractorProcedure,
        'Dredger-Refit-Plan.md': numbered('Dredger Refit Plan', [
          ['Scope', [['1.1', 'Refit. This plan covers the winter refit of the cutter suction dredger.']]],
          [
            'Yard work',
            [
              [
                '2.1',
                'Hot work. Welding and grinding near the bunker fuel stores follow section 2.3 of the Contractor Control Procedure.',
              ],
            ],
          ],
        ]),
      }),
    ).toEqual([
      'Reference in Dredger-Refit-Plan.md to section 2.3 of Contractor-Control-Procedure.md points to unrelated content',
    ]);
  });
});

describe('5. a named "Schedule" is a document; a bare "Schedule" is not', () => {
  /** A schedule document of its own, with the appendices given. */
  const scheduleDocument = (title: string, code: string | null, appendices: Array<[string, string]>) =>
    [
      `# ${title}`,
      '',
      ...(code ? [`Document code: ${code}`, ''] : []),
      '## 1. Purpose',
      '',
      '1.1 This schedule sets out the requirements that differ from one destination or site to another.',
      '',
      ...appendices.flatMap(([letter, heading]) => [
        `## Appendix ${letter} ${heading}`,
        '',
        `${heading}.`,
        '',
      ]),
    ].join('\n');

  const phytosanitarySchedule = (...letters: string[]) =>
    scheduleDocument(
      'Export Market Phytosanitary Schedule',
      'VFX-SCH-008',
      letters.map((l, i) => [
        l,
        ['European Union requirements', 'United Kingdom requirements', 'Japan requirements'][i]!,
      ]),
    );
  const packhouseProcedure = [
    '# Packhouse Inspection Procedure',
    '',
    '## 1. Sampling',
    '',
    '1.1 Inspectors sample two per cent of the cartons of each pallet.',
    '',
    '## 2. Market rules',
    '',
    '2.1 Cartons bound for Japan are inspected against Appendix C of the Export Market Phytosanitary Schedule (VFX-SCH-008).',
  ].join('\n');

  const wasteSchedule = (...letters: string[]) =>
    scheduleDocument(
      'Clinical Waste Collection Schedule',
      null,
      letters.map((l, i) => [
        l,
        ['Ward collection times', 'Theatre collection times', 'Pharmacy returns'][i]!,
      ]),
    );
  const housekeepingProcedure = [
    '# Ward Housekeeping Procedure',
    '',
    '## 1. Daily cleaning',
    '',
    '1.1 Bays are damp dusted each morning.',
    '',
    '## 2. Waste',
    '',
    '2.1 Sharps bins are closed and set out at the times given in Appendix B of the Clinical Waste Collection Schedule.',
  ].join('\n');

  test('a fruit exporter: Appendix C of a Schedule that has Appendices A and B is broken there', async () => {
    const analysis = await analysed({
      'Export-Market-Phytosanitary-Schedule.md': phytosanitarySchedule('A', 'B'),
      'Packhouse-Inspection-Procedure.md': packhouseProcedure,
    });
    expect(references(analysis).filter((r) => r.document === 'Packhouse-Inspection-Procedure.md')).toEqual([
      expect.objectContaining({
        phrase: expect.stringMatching(/^Appendix C of the Export Market Phytosanitary Schedule/),
        citedName: 'Export Market Phytosanitary Schedule',
      }),
    ]);
    const issues = findBrokenReferences(analysis);
    expect(issues.map((i) => i.title)).toEqual([
      'Broken reference in Packhouse-Inspection-Procedure.md: Appendix C of the Export Market Phytosanitary Schedule',
    ]);
    expect(issues[0]!.description).toContain(
      'but Export-Market-Phytosanitary-Schedule.md has only Appendix A, Appendix B',
    );
  });

  test('a hospital: Appendix B of a Schedule that has Appendix A alone is broken there', async () => {
    const issues = findBrokenReferences(
      await analysed({
        'Clinical-Waste-Collection-Schedule.md': wasteSchedule('A'),
        'Ward-Housekeeping-Procedure.md': housekeepingProcedure,
      }),
    );
    expect(issues.map((i) => i.title)).toEqual([
      'Broken reference in Ward-Housekeeping-Procedure.md: Appendix B of the Clinical Waste Collection Schedule',
    ]);
    expect(issues[0]!.description).toContain('but Clinical-Waste-Collection-Schedule.md has only Appendix A');
  });

  test.each([
    [
      'a fruit exporter',
      {
        'Export-Market-Phytosanitary-Schedule.md': phytosanitarySchedule('A', 'B', 'C'),
        'Packhouse-Inspection-Procedure.md': packhouseProcedure,
      },
    ],
    [
      'a hospital',
      {
        'Clinical-Waste-Collection-Schedule.md': wasteSchedule('A', 'B'),
        'Ward-Housekeeping-Procedure.md': housekeepingProcedure,
      },
    ],
  ])('decoy, %s: the Schedule has the appendix cited', async (_, files) => {
    const analysis = await analysed(files);
    expect(references(analysis).filter((r) => r.citedName?.endsWith('Schedule'))).toEqual([
      expect.objectContaining({ issue: null }),
    ]);
    expect(findBrokenReferences(analysis)).toEqual([]);
  });

  test.each([
    [
      'a harbour towage contract beside a tariff schedule',
      {
        'Towage-Tariff-Schedule.md': scheduleDocument('Towage Tariff Schedule', null, [
          ['B', 'Night surcharges'],
        ]),
        'Harbour-Towage-Agreement.md': [
          '# Harbour Towage Agreement',
          '',
          '## 1. Services',
          '',
          '1.1 The Tug Owner shall provide two tugs for each berthing.',
          '',
          '1.2 Tug crews answer call-outs on the rota in Appendix A of the Schedule.',
        ].join('\n'),
      },
    ],
    [
      'a hospital cleaning contract beside a waste schedule',
      {
        'Clinical-Waste-Collection-Schedule.md': wasteSchedule('A'),
        'Domestic-Services-Contract.md': [
          '# Domestic Services Contract',
          '',
          '## 1. Services',
          '',
          '1.1 The Contractor shall clean all inpatient wards daily.',
          '',
          '1.2 Deep cleans of isolation rooms are done to the checklist in Appendix C of the Schedule.',
        ].join('\n'),
      },
    ],
  ])('decoy, %s: "Appendix X of the Schedule" names no document', async (_, files) => {
    const analysis = await analysed(files);
    expect(references(analysis).filter((r) => r.citedName !== null)).toEqual([]);
    expect(
      findBrokenReferences(analysis)
        .map((i) => i.description)
        .join('\n'),
    ).not.toMatch(/Schedule\.md/);
  });
});
