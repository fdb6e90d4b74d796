// References to documents of the set that no document is: by the set's own identifiers (an
// airline's operations documents) and by name (a pharmacy chain's procedures), with decoys that
// resolve, belong to another numbering scheme, or name something outside the set.
import { BLANK_INTAKE, runCheck } from '../../../test/helpers/check-harness';
import { documentReferenceCheck } from '.';
import { carriedIdentifiers, identifiersIn } from './references';

const INTAKE = { ...BLANK_INTAKE, doc_hierarchy: { evidence: ['*.csv'] } };

const run = (files: Record<string, string>) => runCheck(documentReferenceCheck, files, INTAKE);

describe('identifiers', () => {
  test('an identifier is read with its series and number, leading zeros aside', () => {
    expect(identifiersIn('see OPS-PRC-03 and MX-7.2').map((i) => i.key)).toEqual(['OPS-PRC-3', 'MX-7.2']);
  });

  test('a document carries the identifiers of its name, title, labelled header fields and title block', async () => {
    const { analysis } = await run({
      'OPS-POL-01 Flight Security Policy.md': '# Flight Security Policy\n\nText.\n',
      'Ramp-Procedure.md': '# Ramp Procedure\n\n| Field | Value |\n|---|---|\n| Document ID | OPS-PRC-03 |\n',
      'Fuel-Standard.txt': 'FUEL QUALITY STANDARD                         OPS-STD-02\n\nText.\n',
      'Training-Log.csv': 'course,name\nOPS-TRN-9,Ramp safety\n',
    });
    const carried = (name: string) => carriedIdentifiers(analysis.byName.get(name)!).map((i) => i.key);
    expect(carried('OPS-POL-01 Flight Security Policy.md')).toContain('OPS-POL-1');
    expect(carried('Ramp-Procedure.md')).toEqual(['OPS-PRC-3']);
    expect(carried('Fuel-Standard.txt')).toEqual(['OPS-STD-2']);
    expect(carried('Training-Log.csv')).toEqual([]);
  });

  test('a standard the title block says the document implements is not its identifier (a utility and a food plant)', async () => {
    const { analysis } = await run({
      'Senior-Manager-Record.txt':
        'GRIDCO ENERGY\nSENIOR MANAGER DELEGATION RECORD\n(CIP-003 R3 and R4)        Record GEN-REC-04\n\nText.\n',
      'Allergen-Record.txt':
        'HILLSIDE FOODS\nALLERGEN CHANGEOVER RECORD SQF-11 clause 2\nForm QA-FRM-12\n\nText.\n',
    });
    const carried = (name: string) => carriedIdentifiers(analysis.byName.get(name)!).map((i) => i.key);
    expect(carried('Senior-Manager-Record.txt')).toEqual(['GEN-REC-4']);
    expect(carried('Allergen-Record.txt')).toEqual(['QA-FRM-12']);
  });
});

describe('the document reference check', () => {
  const airline = {
    'Flight-Security-Policy.md': [
      '# Flight Security Policy',
      '',
      'Document ID: OPS-POL-01',
      '',
      '1. Aircraft searches follow OPS-PRC-03; cargo screening follows OPS-PRC-05.',
      '',
      '2. Access to the flight deck is logged; ticket INC-2291 records the last breach.',
      '',
      '3. Controls are mapped to NIST SP 800-53 control AC-2 and change request CR-12.',
    ].join('\n'),
    'Aircraft-Search-Procedure.md': [
      '# Aircraft Search Procedure',
      '',
      'Document ID: OPS-PRC-03',
      '',
      '1. Searches are logged. Screened cargo is accepted only as set out in OPS-PRC-05.',
    ].join('\n'),
    'Ramp-Manual.md': [
      '# Ramp Manual',
      '',
      'Document ID: OPS-MAN-01',
      '',
      '1. Related procedures: OPS-PRC-11 Towing, OPS-PRC-12 De-icing, OPS-PRC-13 Refuelling.',
    ].join('\n'),
  };

  test('an identifier of the set that no document carries, cited by two documents, is one finding', async () => {
    const { candidates, verdict, analysis } = await run(airline);
    const single = candidates.find((c) => c.key === 'docref:identifier:OPS-PRC-5')!;
    expect(single.severity).toBe('medium');
    const [issue] = verdict(single.params).issues;
    expect(issue!.primitive).toBe('citation_integrity_check');
    expect(new Set(issue!.quotes.map((q) => q.document))).toEqual(
      new Set(['Flight-Security-Policy.md', 'Aircraft-Search-Procedure.md']),
    );
    for (const q of issue!.quotes)
      expect(analysis.byName.get(q.document)!.text.slice(q.start, q.end)).toBe(q.text);
  });

  test('several missing identifiers one document alone cites are one finding listing them', async () => {
    const { candidates, verdict } = await run(airline);
    const listed = candidates.find((c) => c.key === 'docref:listed:Ramp-Manual.md')!;
    expect(verdict(listed.params).issues[0]!.description).toMatch(/OPS-PRC-11.*OPS-PRC-12.*OPS-PRC-13/);
    expect(candidates.some((c) => c.key === 'docref:identifier:OPS-PRC-11')).toBe(false);
  });

  test('decoys: a carried identifier, a ticket, a framework control and a change request give nothing', async () => {
    const { candidates } = await run(airline);
    expect(candidates.map((c) => c.key).sort()).toEqual([
      'docref:identifier:OPS-PRC-5',
      'docref:listed:Ramp-Manual.md',
    ]);
  });

  const pharmacy = {
    'Dispensing-Policy.md': [
      '# Dispensing Policy',
      '',
      'Schedule 2 medicines are stored as the Controlled Drugs Handling Procedure requires.',
      '',
      'Vaccines are kept under the Cold Chain Procedure. Outages follow the Business Continuity and Disaster Recovery Plan.',
      '',
      'Personal data leaves the EU only under the EU Standard Contractual Clauses.',
    ].join('\n'),
    'Stock-Audit-Standard.md': [
      '# Stock Audit Standard',
      '',
      'Discrepancies in the register are escalated under the Controlled Drugs Handling Procedure.',
      '',
      "Deliveries are checked against the Supplier's Quality Manual and the Petty Cash Procedure.",
    ].join('\n'),
    'Cold-Chain-Procedure.md': '# Cold Chain Procedure\n\nFridges are checked twice daily.\n',
    'Business-Continuity-Plan.md': '# Business Continuity Plan\n\nBranches fall back to paper records.\n',
  };

  test('a named document two documents cite and none is, is one finding; a close name resolves', async () => {
    const { candidates, verdict } = await run(pharmacy);
    const named = candidates.find((c) => c.key === 'docref:name:controlled drugs handling procedure')!;
    expect(named.severity).toBe('medium');
    const [issue] = verdict(named.params).issues;
    expect(issue!.description).toContain('Controlled Drugs Handling Procedure');
    // Cold Chain Procedure and the Business Continuity ... Plan resolve; the supplier's manual is
    // outside the set; the petty cash procedure, one document's reference, is reported last, low.
    const single = candidates.find((c) => c.key === 'docref:name:petty cash procedure')!;
    expect(single.severity).toBe('low');
    expect(single.signal).toBeLessThan(named.signal);
    expect(candidates).toHaveLength(2);
  });

  test('missing documents one document alone names are one finding listing them', async () => {
    // A water utility's policy (names in quotation marks) and a bank's standard.
    for (const [name, text, wanted] of [
      [
        'Network-Operations-Policy.md',
        '# Network Operations Policy\n\nPump stations follow the "Telemetry Outage Procedure". Reservoir access is set by the Site Access Standard.\n',
        /Telemetry Outage Procedure.*Site Access Standard/,
      ],
      [
        'Payments-Security-Standard.md',
        '# Payments Security Standard\n\nCard data is handled per the Cardholder Data Handling Guide and the Key Ceremony Manual.\n',
        /Cardholder Data Handling Guide.*Key Ceremony Manual/,
      ],
    ] as const) {
      const { candidates, verdict } = await run({ [name]: text, 'Other.md': '# Other\n\nNothing.\n' });
      expect(candidates.map((c) => c.key)).toEqual([`docref:listed:${name}`]);
      expect(verdict(candidates[0]!.params).issues[0]!.description).toMatch(wanted);
    }
  });

  test('decoys: guides of government authorities and standards bodies, and a technology, are outside the set', async () => {
    const { candidates } = await run({
      'Crypto-Policy.md': [
        '# Cryptography Policy',
        '',
        'Key handling follows the HMG Good Practice Guide and the OWASP Testing Guide.',
        '',
        'Screen locks are enforced by the Active Directory Group Policy.',
      ].join('\n'),
      'Other.md': '# Other\n\nNothing.\n',
    });
    expect(candidates).toEqual([]);
  });

  test("decoys: a document the sentence says is published or maintained elsewhere, and a regulator's guideline", async () => {
    const { candidates } = await run({
      'Information-Security-Policy.md': [
        '# Information Security Policy',
        '',
        '5.3 Handling rules for each level are set out in the Information Handling Standard published on the intranet.',
        '',
        '6.1 Field sampling follows the Sample Custody Procedure maintained by the Laboratory Manager.',
        '',
        "7.2 Breach notices follow the Commissioner's Guideline on Data Breach Notification.",
      ].join('\n'),
      'Other.md': '# Other\n\nNothing.\n',
    });
    expect(candidates).toEqual([]);
  });

  test('a document cited with no word of where it is kept is still missing (a distiller and a clinic)', async () => {
    for (const text of [
      '5.3 Handling rules for each level are set out in the Information Handling Standard.',
      '4.1 Sterile stock is rotated as the Theatre Stock Procedure requires.',
    ]) {
      const { candidates } = await run({
        'Policy.md': `# Policy\n\n${text}\n`,
        'Other.md': '# Other\n\nNothing.\n',
      });
      expect(candidates).toHaveLength(1);
    }
  });

  test('the verdict asks for the citing sentences when the retrieval missed them', async () => {
    const { candidates, analysis } = await run(pharmacy);
    const clean = analysis.byName.get('Cold-Chain-Procedure.md')!.segments;
    const result = documentReferenceCheck.verdict(candidates[0]!.params, {
      analysis,
      chunks: [],
      segments: clean,
      visible: new Set(clean),
      facts: [],
      citations: [],
      frameworks: [],
      documents: ['Dispensing-Policy.md'],
    });
    expect(result.issues).toEqual([]);
    expect(result.hints![0]!.document).toBe('Dispensing-Policy.md');
  });
});

describe('documents cited by a name they do not carry', () => {
  test("a hospital's references name the set's policies with a word too many (front-matter titles)", async () => {
    const { candidates, verdict } = await run({
      'info.md': [
        'name: Information Governance Policy',
        'owner: Head of IG',
        '---',
        '',
        '# Purpose',
        '',
        'Patient data and clinical systems get security reviews. Systems are restored as set out in the Clinical Systems Availability Policy.',
        '',
        '## References',
        '',
        'a. Endpoint Security Policy',
      ].join('\n'),
      'availability.md': 'name: Systems Availability Policy\n---\n\n# Purpose\n\nWards fall back to paper.\n',
      'endpoint.md': '---\ntitle: Endpoint Policy\n---\n\n# Purpose\n\nLaptops are encrypted.\n',
    });
    const keys = candidates.map((c) => c.key).sort();
    expect(keys).toEqual([
      'docref:misnamed:clinical systems availability policy',
      'docref:misnamed:endpoint security policy',
    ]);
    const issue = verdict(candidates.find((c) => c.key.endsWith('endpoint security policy'))!.params)
      .issues[0]!;
    expect(issue.title).toBe(
      "info.md cites the Endpoint Security Policy; the set's document is the Endpoint Policy",
    );
    expect(issue.severity).toBe('low');
  });

  test("a haulier's template names its own documents after a variable for the company", async () => {
    const { candidates } = await run({
      'fleet.md':
        '# Fleet Policy\n\nDefects are reported as outlined in the {{companyName}} Driver Safety Procedure.\n',
      'Driver-Handbook.md': '# Driver Handbook\n\nDrivers check tyres daily.\n',
    });
    expect(candidates.map((c) => c.key)).toEqual(['docref:name:driver safety procedure']);
  });

  test('a freight firm and a university cite a four-word title with one word changed', async () => {
    const freight = await run({
      'Driver-Handbook.md':
        '# Driver Handbook\n\nDrivers report collisions as set out in the Fleet Incident Management Procedure.\n',
      'Fleet-Incident-Response-Procedure.md':
        '# Fleet Incident Response Procedure\n\nCall the duty manager.\n',
    });
    expect(freight.candidates.map((c) => c.key)).toEqual([
      'docref:misnamed:fleet incident management procedure',
    ]);
    const university = await run({
      'Ethics-Guide.md':
        '# Ethics Guide\n\nDatasets are kept as the Research Data Retention Policy requires.\n',
      'Research-Data-Management-Policy.md': '# Research Data Management Policy\n\nData are kept ten years.\n',
    });
    expect(university.candidates.map((c) => c.key)).toEqual([
      'docref:misnamed:research data retention policy',
    ]);
  });

  test('decoy: a four-word title two documents of the set are one word away from is no misnaming', async () => {
    const { candidates } = await run({
      'HR-Guide.md': '# HR Guide\n\nManagers follow the Staff Data Access Policy.\n',
      'Staff-Data-Retention-Policy.md': '# Staff Data Retention Policy\n\nSix years.\n',
      'Staff-Data-Sharing-Policy.md': '# Staff Data Sharing Policy\n\nOnly with consent.\n',
    });
    expect(candidates.map((c) => c.key)).not.toContainEqual(expect.stringMatching(/misnamed/));
  });

  test("decoys: the organisation's name before a title, and a title that is not the cited one less a word", async () => {
    const { candidates } = await run({
      'Overview.md': [
        '# Overview',
        '',
        'Access follows the Harbourside Remote Access Policy and the Remote Onboarding Policy.',
        '',
        'Harbourside staff follow it.',
      ].join('\n'),
      'Remote-Access-Policy.md': '# Remote Access Policy\n\nVPN only.\n',
      'Onboarding-and-Termination-Policy.md': '# Access Onboarding and Termination Policy\n\nHR tells IT.\n',
    });
    expect(candidates).toEqual([]);
  });
});

describe('documents a register of the set lists exist, though not supplied', () => {
  test("a laboratory's aligned-text document index lists LAB-SOP-07; LAB-SOP-09, listed nowhere, is still unresolved", async () => {
    const { candidates } = await run({
      'LAB-POL-01 Quality Policy.md': [
        '# Quality Policy',
        '',
        'Document ID: LAB-POL-01',
        '',
        '1. Samples are received under LAB-SOP-07.',
        '',
        '2. Equipment is calibrated under LAB-SOP-09.',
      ].join('\n'),
      'LAB-SOP-03 Reporting Procedure.md':
        '# Reporting Procedure\n\nDocument ID: LAB-SOP-03\n\n1. Results are released after LAB-SOP-07 and LAB-SOP-09 checks.\n',
      'Document-Index.txt': [
        'Doc Number    Title                           Ver   Owner',
        'LAB-POL-01    Quality Policy                  4.0   Head of Quality',
        'LAB-SOP-03    Reporting Procedure             2.1   Lab Manager',
        'LAB-SOP-07    Sample Receipt Procedure        1.3   Lab Manager',
      ].join('\n'),
    });
    const keys = candidates.map((c) => c.key);
    expect(keys).toContain('docref:identifier:LAB-SOP-9');
    expect(keys).not.toContain('docref:identifier:LAB-SOP-7');
  });

  test("a council's CSV document register lists HR-PRO-4 (decoy: no finding for it)", async () => {
    const { candidates } = await run({
      'HR-POL-1 Recruitment Policy.md':
        '# Recruitment Policy\n\nDocument ID: HR-POL-1\n\n1. References are taken under HR-PRO-4.\n',
      'HR-PRO-2 Induction Procedure.md':
        '# Induction Procedure\n\nDocument ID: HR-PRO-2\n\n1. Vetting follows HR-PRO-4.\n',
      'Policy-Register.csv':
        'Reference,Title,Version,Review date\nHR-POL-1,Recruitment Policy,3,01/04/2026\nHR-PRO-4,"Pre-employment Checks Procedure",2,01/09/2026\n',
    });
    expect(candidates.map((c) => c.key)).not.toContain('docref:identifier:HR-PRO-4');
  });
});

describe('publications the set links to on the web are outside it', () => {
  test("a transport regulator's guide linked inline, and a clinical body's standard linked by reference, are no missing documents wherever else they are named", async () => {
    const { candidates } = await run({
      'Rail-Maintenance-Policy.md': [
        '# Rail Maintenance Policy',
        '',
        'Track inspections follow the [Track Inspection Guide](https://regulator.example.gov/track-guide).',
        '',
        'Signalling changes are assessed as the Track Inspection Guide describes.',
      ].join('\n'),
      'Infection-Control-Procedure.md': [
        '# Infection Control Procedure',
        '',
        'Wards meet [section 4 of the Hand Hygiene Standard][hh] at every shift.',
        '',
        'Audits are scored against the Hand Hygiene Standard.',
        '',
        '[hh]: https://clinical-body.example.org/hand-hygiene',
      ].join('\n'),
      'Depot-Procedure.md': '# Depot Procedure\n\nDepots are locked at night.\n',
    });
    expect(candidates).toEqual([]);
  });

  test('a document of the set linked on the intranet, or named with no link, is still reported missing', async () => {
    const { candidates } = await run({
      'Records-Policy.md': [
        '# Records Policy',
        '',
        'Files are kept as the Retention Schedule Procedure sets out ([Retention Schedule Procedure](https://intranet.acme.example/retention)).',
        '',
        'Boxes leave site only under the Offsite Storage Procedure.',
      ].join('\n'),
      'Archive-Standard.md': '# Archive Standard\n\nArchives are indexed.\n',
    });
    const cited = JSON.stringify(candidates.map((c) => c.params));
    expect(cited).toContain('Offsite Storage Procedure');
    expect(cited).toContain('Retention Schedule Procedure');
  });
});

describe('a document the set names as withdrawn or past is history, not missing', () => {
  test('a housing association and a freight firm note retired documents; a current one cited is still missing', async () => {
    const { candidates } = await run({
      'Tenancy-Policy.md': [
        '# Tenancy Policy',
        '',
        'This policy replaces the former Rent Arrears Procedure.',
        '',
        'The Estate Inspection Guideline was withdrawn in 2024 and replaced by the Estate Safety Procedure.',
        '',
        'Repairs follow the Void Property Procedure.',
      ].join('\n'),
      'Haulage-Standard.md':
        '# Haulage Standard\n\nThe Tachograph Handling Manual is no longer in use since digital tachographs.\n',
    });
    const cited = JSON.stringify(candidates.map((c) => c.params));
    expect(cited).toContain('Void Property Procedure');
    expect(cited).toContain('Estate Safety Procedure');
    expect(cited).not.toContain('Rent Arrears Procedure');
    expect(cited).not.toContain('Estate Inspection Guideline');
    expect(cited).not.toContain('Tachograph Handling Manual');
  });
});

describe('a document the set’s register lists by title exists, though not supplied', () => {
  test('a school trust’s Markdown register and an airport’s CSV register list the cited documents; one listed nowhere is still missing', async () => {
    const { candidates } = await run({
      'Safeguarding-Policy.md':
        '# Safeguarding Policy\n\nConcerns are logged as the Pupil Welfare Procedure sets out; visitors follow the Site Visitor Procedure.\n',
      'Document-Register.md': [
        '# Document Register',
        '',
        '| Ref | Title | Owner |',
        '|---|---|---|',
        '| SCH-PRO-03 | Pupil Welfare Procedure | Head of Pastoral |',
        '| SCH-POL-01 | Safeguarding Policy | Headteacher |',
      ].join('\n'),
      'Airside-Standard.md':
        '# Airside Standard\n\nVehicles airside are escorted under the Apron Escort Procedure.\n',
      'Index.csv': 'Reference,Title,Version\nAPT-PRO-7,Apron Escort Procedure,2\n',
    });
    const cited = JSON.stringify(candidates.map((c) => c.params));
    expect(cited).not.toContain('Pupil Welfare Procedure');
    expect(cited).not.toContain('Apron Escort Procedure');
    expect(cited).toContain('Site Visitor Procedure');
  });
});

describe('a set that titles its documents in sentence case names them the same way', () => {
  test("a clinic's and a shipping line's sentence-case references to a document the set lacks are found", async () => {
    for (const [files, missing] of [
      [
        {
          'Patient-Records-Policy.md':
            '# Patient records policy\n\nRecords are kept as the Data retention policy says, and disposed of under the Secure disposal procedure.\n',
          'Data-Retention.md': '# Data retention policy\n\nClinical notes are kept for 8 years.\n',
        },
        'docref:name:secure disposal procedure',
      ],
      [
        {
          'Crew-Access-Policy.md':
            '# Crew access policy\n\nShore passes are issued per the Port visitor procedure.\n',
          'Vessel-Security-Plan.md':
            '# Vessel security plan\n\nGangway watch is kept at all times. See the Crew access policy.\n',
        },
        'docref:name:port visitor procedure',
      ],
    ] as const) {
      const { candidates, verdict } = await run(files);
      expect(candidates.map((c) => c.key)).toEqual([missing]);
      expect(verdict(candidates[0]!.params).issues[0]!.description).toMatch(
        /Secure disposal procedure|Port visitor procedure/,
      );
    }
  });

  test('decoy: in a set titled in title case, a capitalised word before a lower-case "policy" is no document name', async () => {
    const { candidates } = await run({
      'Travel-Policy.md':
        '# Travel Policy\n\nBookings follow the Finance policy on advances and the Expenses Procedure.\n',
      'Expenses-Procedure.md': '# Expenses Procedure\n\nClaims within 30 days.\n',
    });
    expect(candidates).toEqual([]);
  });
});

test("a framework the intake audits against is the auditor's yardstick, not a missing document (a card issuer, a lottery); another named document still is", async () => {
  const files = {
    'Card-Security-Policy.md':
      '# Card Security Policy\n\nCard data is protected as the Regional Card Scheme Security Standard requires.\n',
    'Draw-Standard.md':
      '# Draw Standard\n\nDraw systems meet the World Lottery Association Security Control Standard.\n',
    'Operations-Guide.md': '# Operations Guide\n\nIncidents follow the Incident Handling Procedure.\n',
  };
  const frameworks = [
    'Regional Card Scheme Security Standard v3',
    'World Lottery Association Security Control Standard (WLA-SCS:2020)',
  ];
  const scoped = await runCheck(documentReferenceCheck, files, { ...INTAKE, frameworks });
  expect(scoped.candidates.map((c) => c.key)).toEqual(['docref:name:incident handling procedure']);
  const unscoped = await run(files);
  expect(unscoped.candidates.map((c) => c.key).sort()).toEqual([
    'docref:name:incident handling procedure',
    'docref:name:regional card scheme security standard',
    'docref:name:world lottery association security control standard',
  ]);
});

describe('a filled-in form of the set cited under another number of its series', () => {
  // A pension trust's payment-change form (one digit changed) and a veterinary group's
  // controlled-drug record (digits swapped): the procedure names the form's purpose and cites a
  // number the form does not carry. Decoys: the number the form carries, and another form of the
  // series, not supplied, for another purpose.
  const formsIntake = { ...BLANK_INTAKE, doc_hierarchy: { evidence: ['*.txt'] } };
  const purpose = '1. Purpose\n\nThis procedure sets out how the work is done.\n\n';
  test.each([
    [
      'a pension trust',
      'PT-OPS-PRO-7 Payments Procedure.md',
      `# Payments Procedure\n\n${purpose}4.2 The member completes the Change of Bank Details Form (PT-FRM-BP-05).\n`,
      'Bank-Details-Form.txt',
      'HARBOUR PENSIONS\nCHANGE OF BANK DETAILS\n\nForm PT-FRM-BP-07 Version 2 (issued under PT-OPS-PRO-7)\nMember name\nKOFI ADJEI\n',
      'PT-FRM-BP-05',
    ],
    [
      'a veterinary group',
      'VG-SOP-3 Controlled Drugs Procedure.md',
      `# Controlled Drugs Procedure\n\n${purpose}5.1 Each controlled drug destruction is witnessed and recorded on form VG-FRM-21.\n`,
      'Destruction-Record.txt',
      'DENEHOLME VETS\nCONTROLLED DRUG DESTRUCTION RECORD\nForm No: VG-FRM-12\nDrug: methadone 10 mg/ml\n',
      'VG-FRM-21',
    ],
  ])(
    '%s: the form is cited under a wrong number',
    async (_, procedureName, procedure, formName, form, written) => {
      const { candidates, verdict } = await runCheck(
        documentReferenceCheck,
        { [procedureName]: procedure, [formName]: form },
        formsIntake,
      );
      const found = candidates.filter((c) => c.key.startsWith('docref:misnumbered:'));
      expect(found).toHaveLength(1);
      const [issue] = verdict(found[0]!.params).issues;
      expect(issue!.title).toContain(`cites the form as ${written}; the form in use is form`);
      expect(issue!.title).toContain(formName);
    },
  );

  test('decoys: the number the form carries, and another form of the series for another purpose', async () => {
    const { candidates } = await runCheck(
      documentReferenceCheck,
      {
        'VG-SOP-3 Controlled Drugs Procedure.md': `# Controlled Drugs Procedure\n\n${purpose}5.1 Each destruction is recorded on form VG-FRM-12.\n\n5.2 Stock discrepancies are reported on the Incident Report Form (VG-FRM-21).\n`,
        'Destruction-Record.txt': 'DENEHOLME VETS\nCONTROLLED DRUG DESTRUCTION RECORD\nForm No: VG-FRM-12\n',
      },
      formsIntake,
    );
    expect(candidates.filter((c) => c.key.startsWith('docref:misnumbered:'))).toEqual([]);
  });
});

describe("a contract's own deliverable is not a missing document", () => {
  test("an insurer's exit plan and a hospital's transition plan the provider shall prepare; a plan the contract only cites is still missing", async () => {
    const intake = { ...BLANK_INTAKE, doc_hierarchy: { contract: ['*-Agreement.*'] } };
    const { candidates } = await runCheck(
      documentReferenceCheck,
      {
        'Managed-Service-Agreement.md':
          '# Managed Service Agreement\n\n19.1 The Provider shall prepare and deliver an Exit Plan to the Customer within three (3) months of the Effective Date.\n\n19.2 On expiry the Provider shall provide exit assistance in accordance with the Exit Plan.\n\n20.1 The Provider shall comply with the Customer Remote Access Standard.\n',
        'Hosting-Agreement.md':
          '# Hosting Agreement\n\n8.1 The Supplier shall develop and maintain a Service Transition Plan, and shall follow it on termination.\n\n8.2 Any change follows the Service Transition Plan.\n',
      },
      intake,
    );
    expect(candidates.map((c) => c.key)).toEqual(['docref:name:customer remote access standard']);
  });
});

describe("a document's identifier cited with another document's title", () => {
  // A radiopharmacy cites its environmental monitoring procedure's number with the batch release
  // procedure's title; a port authority cites its berth allocation procedure's number with the
  // dangerous cargo procedure's title. Decoys: an identifier with its own title, a list written
  // title first, and a title that starts the next line.
  const radiopharmacy = {
    'CRP-PRO-004 Batch Release Procedure.md':
      '# Batch Release Procedure\n\nDocument ID: CRP-PRO-004\n\n1. The Qualified Person certifies each FDG batch before dispatch.\n',
    'CRP-PRO-005 Environmental Monitoring Procedure.md':
      '# Environmental Monitoring Procedure\n\nDocument ID: CRP-PRO-005\n\n1. Settle plates in the Grade A isolator are read after each run.\n',
  };
  const port = {
    'Berth-Allocation-Procedure.md':
      '# Berth Allocation Procedure\n\nDoc No: HPA-OPS-PRO-012\n\n1. The harbour master allocates berths 48 hours ahead of arrival.\n',
    'Dangerous-Cargo-Procedure.md':
      '# Dangerous Cargo Declaration Procedure\n\nDoc No: HPA-OPS-PRO-014\n\n1. Agents declare Class 1 cargo before the vessel enters pilotage waters.\n',
  };

  test.each([
    [
      'a radiopharmacy',
      {
        ...radiopharmacy,
        'CRP-POL-001 Quality Policy.md':
          '# Quality Policy\n\nDocument ID: CRP-POL-001\n\n3.2 Each batch of fludeoxyglucose is released in accordance with CRP-PRO-005 Batch Release Procedure.\n',
      },
      'CRP-POL-001 Quality Policy.md',
      'CRP-PRO-005 Batch Release Procedure',
      'CRP-PRO-5',
      'CRP-PRO-005 Environmental Monitoring Procedure.md',
      'CRP-PRO-004 Batch Release Procedure.md',
    ],
    [
      'a port authority',
      {
        ...port,
        'Port-Security-Plan.md':
          '# Port Security Plan\n\nDoc No: HPA-SEC-PLN-001\n\n4.1 A vessel carrying explosives is assigned a berth only after clearance under HPA-OPS-PRO-012 Dangerous Cargo Declaration Procedure.\n',
      },
      'Port-Security-Plan.md',
      'HPA-OPS-PRO-012 Dangerous Cargo Declaration Procedure',
      'HPA-OPS-PRO-12',
      'Berth-Allocation-Procedure.md',
      'Dangerous-Cargo-Procedure.md',
    ],
  ])(
    '%s: the finding names the citing document and both documents the reference mixes',
    async (_, files, citing, written, key, carrier, named) => {
      const { candidates, verdict } = await run(files);
      expect(candidates.map((c) => c.key)).toEqual([`docref:swapped:${key}`]);
      expect(candidates[0]!.documents).toEqual([citing]);
      const [issue] = verdict(candidates[0]!.params).issues;
      expect(issue!.primitive).toBe('citation_integrity_check');
      expect(issue!.title).toBe(
        `${citing} cites "${written}": the identifier is ${carrier}'s, the title ${named}'s`,
      );
      expect(issue!.description).toContain(`the document of the set that carries ${key} is ${carrier}`);
      expect(issue!.description).toContain(`the title names ${named}`);
      expect(issue!.quotes.map((q) => q.document)).toEqual([citing]);
      expect(issue!.quotes[0]!.text).toContain(written);
    },
  );

  test('decoys: an identifier with its own title, a list written title first, a title on the next line', async () => {
    const radiopharmacyDecoys = await run({
      ...radiopharmacy,
      'CRP-POL-001 Quality Policy.md': [
        '# Quality Policy',
        '',
        'Document ID: CRP-POL-001',
        '',
        '3.2 Each batch of fludeoxyglucose is released in accordance with CRP-PRO-004 Batch Release Procedure.',
        '',
        '3.3 Related documents: Quality Policy CRP-POL-001 Environmental Monitoring Procedure CRP-PRO-005 Batch Release Procedure CRP-PRO-004',
      ].join('\n'),
    });
    expect(radiopharmacyDecoys.candidates).toEqual([]);
    // A short field line, then a paragraph that opens with another document's title.
    const nextLine = (gap: string) => ({
      ...port,
      'Port-Security-Plan.md': `# Port Security Plan\n\nDoc No: HPA-SEC-PLN-001\n\n4.1 Berthing of tankers\n\nBerthing: HPA-OPS-PRO-012${gap}Dangerous Cargo Declaration Procedure checks apply to Class 1 cargo.\n\n4.2 Related: HPA-OPS-PRO-014 Dangerous Cargo Declaration Procedure.\n`,
    });
    expect((await run(nextLine('\n'))).candidates).toEqual([]);
    // The same words on one line are the swapped reference.
    expect((await run(nextLine(' '))).candidates.map((c) => c.key)).toEqual([
      'docref:swapped:HPA-OPS-PRO-12',
    ]);
  });
});
