// Superseded editions of NIST publications and FIPS 140 cited in the forms real documents use: NIST's
// own identifier in a link ("NIST.SP.800-61r2.pdf"), a revision in a nist.gov path
// ("800-53/Rev4"), "Special Publication (SP) 800-34 ... dated June 2002", and FIPS 140-2 once its
// validations are historical. Judged on the audit date: a set written years ago is followed today.
// Fixtures: a state benefits agency's incident guide and a medical-device maker's key management
// standard; decoys: the current revision, a different publication ("800-53A"), a date in the year
// of the change (either edition), and an audit dated before the FIPS 140-2 sunset.
import { BLANK_INTAKE, runCheck } from '../../../test/helpers/check-harness';
import { standardCurrencyCheck } from '.';
import { findSupersededCitations } from './standards';

/** The findings the family's candidates stand for (the verdict reads the retrieved citations). */
async function superseded(files: Record<string, string>, asOf = '2026-11-26') {
  const { analysis, candidates } = await runCheck(standardCurrencyCheck, files, BLANK_INTAKE, asOf);
  const issues = findSupersededCitations(analysis.citations, undefined, analysis);
  expect(candidates.map((c) => `standard:${(c.params as { familyId: string }).familyId}`).sort()).toEqual(
    [...new Set(issues.map((i) => i.aspects[0]))].sort(),
  );
  return issues;
}

const familiesOf = (issues: Array<{ aspects: string[] }>) => issues.map((i) => i.aspects[0]).sort();

test('a benefits agency links withdrawn NIST revisions by identifier and by nist.gov path', async () => {
  const issues = await superseded({
    'Incident-Handling-Guide.md':
      '# Incident Handling Guide\n\nWe classify incidents following [NIST SP 800-61](https://nvlpubs.nist.gov/nistpubs/SpecialPublications/NIST.SP.800-61r2.pdf).\n\nKey custody follows control [SC-12](https://nvd.nist.gov/800-53/Rev4/control/SC-12).\n\nLast reviewed: 2019-05-02.',
  });
  expect(familiesOf(issues)).toEqual(['standard:nist-800-53', 'standard:nist-800-61']);
  expect(issues.map((i) => i.description).join(' ')).toContain('(edition 2)');
});

test('a medical-device maker dates its contingency guide and accepts FIPS 140-2 modules', async () => {
  const issues = await superseded({
    'Continuity-Plan.md':
      '# Continuity Plan\n\nThis plan follows Special Publication (SP) 800-34, Contingency Planning Guide for Information Technology Systems, dated June 2002.',
    'Key-Management-Standard.md':
      '# Key Management Standard\n\nDevice signing keys are held in HSMs validated to FIPS 140-2 Level 3.',
  });
  expect(familiesOf(issues)).toEqual(['standard:fips-140', 'standard:nist-800-34']);
});

test('decoys: current revisions, another publication, a date in the year of the change, an earlier audit', async () => {
  const files = {
    'Assessment-Procedure.md':
      '# Assessment Procedure\n\nControls are assessed with NIST SP 800-53A and the catalogue at https://csrc.nist.gov/pubs/sp/800/53/r5/upd1/final, as in [NIST.SP.800-61r3](https://doi.org/10.6028/NIST.SP.800-61r3).\n\nRisk is rated per NIST SP 800-30, published September 2012.',
  };
  expect(await superseded(files)).toEqual([]);
  const fips = {
    'Key-Management-Standard.md':
      '# Key Management Standard\n\nDevice signing keys are held in HSMs validated to FIPS 140-2 Level 3.',
  };
  expect(await superseded(fips, '2026-03-31')).toEqual([]);
});

test("a revision history ends at the document's next heading: a body citation after a short history table is relied on", async () => {
  // A housing association's procedure and a courier's standard: a withdrawn edition cited in the
  // body right after the history table is current use; the history rows themselves are the past.
  for (const [name, text] of [
    [
      'Patch-Procedure.md',
      '# Patch Procedure\n\n## Version history\n\n| 1.0 | 2021 | First issue |\n| 1.1 | 2024 | Scanning monthly |\n\n## 1. Purpose\n\nThis procedure meets control A.12.6.1 of ISO/IEC 27001:2013.\n',
    ],
    [
      'Courier-Security-Standard.md',
      '# Courier Security Standard\n\n## Change log\n\n| 2.0 | 2023 | Reworded |\n\n## 1. Scope\n\nDepot systems are certified to ISO/IEC 27001:2013.\n',
    ],
  ] as const) {
    const issues = await superseded({ [name]: text });
    expect(familiesOf(issues)).toEqual(['standard:iso-27001']);
  }
  // Decoy: the old edition only in the history rows is the past.
  const history = await superseded({
    'Access-Standard.md':
      '# Access Standard\n\n## Revision history\n\n| 1.0 | 2019 | Aligned with ISO/IEC 27001:2013 |\n| 2.0 | 2025 | Realigned to ISO/IEC 27001:2022 |\n\n## 1. Purpose\n\nAccess is granted on need to know.\n',
  });
  expect(history).toEqual([]);
});

describe('an edition kept on purpose is written where the old edition is named', () => {
  test("a freight forwarder's contract requires a withdrawn edition; a neighbouring clause citing the current one and a minute about the move keep nothing", async () => {
    const issues = await superseded({
      'Warehouse-Services-Agreement.md': [
        '# Warehouse Services Agreement',
        '',
        '1. The Provider shall maintain certification to ISO/IEC 27001:2013 throughout the Term.',
        '2. The Provider shall apply ISO/IEC 27001:2022 control A.5.23 to cloud services it uses and the obligation continues after termination.',
      ].join('\n'),
      'Review-Minutes.md':
        '# Management Review Minutes\n\nThe ISO/IEC 27001:2022 surveillance audit is due in August. The ISMS moved from the 2013 edition to the 2022 edition last year; no old references remain.',
    });
    expect(issues.map((i) => i.title)).toEqual([
      'Superseded edition of ISO/IEC 27001 cited in Warehouse-Services-Agreement.md',
    ]);
  });

  test("a clinic's revision history row that records the move is no decision to keep the old edition", async () => {
    const issues = await superseded({
      'Security-Policy.md': [
        '# Security Policy',
        '',
        '**Revision history**',
        '',
        '| 2.0 | 14/08/2024 | Transitioned from ISO/IEC 27001:2013 to ISO/IEC 27001:2022, which remains the baseline |',
        '',
        '## 1. Purpose',
        '',
        'Patient systems are managed under an ISMS certified to ISO/IEC 27001:2022.',
      ].join('\n'),
      'Supplier-Standard.md':
        '# Supplier Standard\n\nSuppliers hosting patient data shall hold certification to ISO/IEC 27001:2013.',
    });
    expect(issues.map((i) => i.title)).toEqual([
      'Superseded edition of ISO/IEC 27001 cited in Supplier-Standard.md',
    ]);
  });

  test('decoy: a decision written beside the old edition still keeps it', async () => {
    expect(
      await superseded({
        'Supplier-Standard.md':
          '# Supplier Standard\n\nSuppliers shall hold certification to ISO/IEC 27001:2013; ISO/IEC 27001:2022 certificates are accepted, and the 2013 edition remains the contractual baseline until the 2027 renewal.',
      }),
    ).toEqual([]);
  });
});

test('a paragraph that tells the story of a move is the past; a body citation of the old edition in another document is still current use (two industries)', async () => {
  const issues = await superseded({
    'Information-Security-Policy.md': [
      '# Information Security Policy',
      '',
      '3.5 Historical note: the company was first certified to ISO/IEC 27001:2013 in 2018.',
      '',
      '3.6 The freight ISMS was certified to ISO/IEC 27001:2013 until 2024, when it transitioned to the 2022 edition.',
    ].join('\n'),
    'Laboratory-Quality-Manual.md':
      '# Laboratory Quality Manual\n\n2.1 The laboratory is accredited to ISO/IEC 17025:2017 and keeps patient sample records under an ISMS certified to ISO/IEC 27001:2013.',
  });
  expect(issues.map((i) => i.title)).toEqual([
    'Superseded edition of ISO/IEC 27001 cited in Laboratory-Quality-Manual.md',
  ]);
});

describe('a standard the intake scopes by an edition the catalogue does not know', () => {
  const intakeFor = (frameworks: string[]) => ({ ...BLANK_INTAKE, frameworks });
  async function scopedIssues(files: Record<string, string>, frameworks: string[]) {
    const { analysis } = await runCheck(standardCurrencyCheck, files, intakeFor(frameworks), '2026-11-28');
    return findSupersededCitations(analysis.citations, undefined, analysis);
  }

  test('a water utility maps its OT controls to CAF version 3.1 while the audit is on NCSC CAF v3.2', async () => {
    const issues = await scopedIssues(
      {
        'OT-Security-Standard.md':
          '# OT Security Standard\n\n1.3 The controls of this standard are mapped to the NCSC CAF version 3.1 outcomes.\n',
        'Information-Security-Policy.md':
          '# Information Security Policy\n\nThe self-assessment uses CAF v3.2.\n',
      },
      ['NIS Regulations 2018', 'NCSC CAF v3.2'],
    );
    expect(issues.map((i) => i.quotes[0]!.document)).toEqual(['OT-Security-Standard.md']);
    expect(issues[0]!.description).toContain('NCSC CAF v3.2');
  });

  test('a car-parts maker bases its assessment on VDA ISA 5.0 while TISAX / VDA ISA 6.0 is in scope', async () => {
    const issues = await scopedIssues(
      {
        'CSMS-Procedure.md':
          '# CSMS Procedure\n\n1.2 The TISAX assessment of the development environment is based on VDA ISA 5.0.\n',
      },
      ['TISAX / VDA ISA 6.0', 'ISO/IEC 27001:2022'],
    );
    expect(issues).toHaveLength(1);
  });

  test("a 911 center's vendor contract binds the vendor to CJIS Security Policy Version 5.8 while v6.0 is in scope", async () => {
    const issues = await scopedIssues(
      {
        'CAD-Services-Agreement.md':
          '# CAD Services Agreement\n\n4.1 Vendor shall operate the hosted environment in compliance with the FBI CJIS Security Policy, Version 5.8.\n',
        'Information-Security-Policy.md':
          '# Information Security Policy\n\n1.2 The center follows the CJIS Security Policy v6.0.\n',
      },
      ['FBI CJIS Security Policy v6.0', 'NIST SP 800-53 Rev. 5'],
    );
    expect(issues.map((i) => i.quotes[0]!.document)).toEqual(['CAD-Services-Agreement.md']);
  });

  test('a port operator relies on the IMO Cyber Risk Guidelines Rev 1 while Rev 3 is in scope; decoy: its other policy cites Rev 3', async () => {
    const issues = await scopedIssues(
      {
        'OT-Procedure.md':
          '# OT Procedure\n\n2.1 Shipboard interfaces are assessed under the IMO Cyber Risk Guidelines Rev 1.\n',
        'Security-Policy.md':
          '# Security Policy\n\n1.1 The terminal applies the IMO Cyber Risk Guidelines Rev 3.\n',
      },
      ['IMO Cyber Risk Guidelines Rev 3'],
    );
    expect(issues.map((i) => i.quotes[0]!.document)).toEqual(['OT-Procedure.md']);
  });

  test('decoys: the edition in scope, a later one, a revision history row, and a name with no acronym', async () => {
    const issues = await scopedIssues(
      {
        'Health-Information-Policy.md': [
          '# Health Information Policy',
          '',
          '## Revision history',
          '',
          '| 1.0 | 2019 | Based on HISO 10029:2015 |',
          '',
          '## 1. Purpose',
          '',
          'Controls follow HISO 10029:2022 and the Aged Care Quality Standards 2019.',
        ].join('\n'),
      },
      ['HISO 10029:2022', 'Aged Care Quality Standards 2025'],
    );
    expect(issues).toEqual([]);
  });
});

test('an edition written in emphasis after the standard\'s bracketed short name: an insurer\'s "(PCI DSS) **version 3.2.1**" and a retailer\'s "(PCI DSS), __v3.2__"; decoy: a bold current version', async () => {
  const issues = await superseded({
    'Card-Payments-Procedure.md':
      '# Card Payments Procedure\n\n1.1 Premium payments are handled in line with the Payment Card Industry Data Security Standard (PCI DSS) **version 3.2.1** and with the Information Security Policy.\n',
    'Store-Card-Handling-Standard.md':
      '# Store Card Handling Standard\n\n2.1 Tills follow the Payment Card Industry Data Security Standard (PCI DSS), __v3.2__, for card data.\n',
  });
  expect(issues.map((i) => i.title).sort()).toEqual([
    'Superseded edition of PCI DSS cited in Card-Payments-Procedure.md',
    'Superseded edition of PCI DSS cited in Store-Card-Handling-Standard.md',
  ]);
  const current = await superseded({
    'Card-Payments-Procedure.md':
      '# Card Payments Procedure\n\n1.1 Premium payments are handled in line with the Payment Card Industry Data Security Standard (PCI DSS) **version 4.0.1**.\n',
  });
  expect(current).toEqual([]);
});

test('the EU-US transfer frameworks by their own names (a SaaS firm\'s "EU-U.S. Privacy Shield", a retailer\'s "US-EU Safe Harbor"); decoys: a bug bounty\'s legal safe harbor and HIPAA\'s safe harbor method', async () => {
  const issues = await superseded({
    'Privacy-Notice.md':
      '# Privacy Notice\n\nTransfers to the United States rely on the EU-U.S. Privacy Shield.\n',
    'Customer-Data-Policy.md':
      '# Customer Data Policy\n\nOur US affiliate is certified under the US-EU Safe Harbor.\n',
    'Bug-Bounty-Legal-Safe-Harbor.md':
      '# Bug Bounty Program Legal Safe Harbor\n\nResearchers acting in good faith are covered by this Safe Harbor.\n',
    'De-identification-Standard.md':
      '# De-identification Standard\n\nData sets are de-identified by the HIPAA Safe Harbor method, removing the 18 identifiers.\n',
  });
  expect(issues.map((i) => i.title).sort()).toEqual([
    'Superseded edition of EU-US data transfer framework cited in Customer-Data-Policy.md',
    'Superseded edition of EU-US data transfer framework cited in Privacy-Notice.md',
  ]);
});

test('an edition named in brackets after the framework is the edition cited', async () => {
  // A school district's security plan and a ticketing company's card standard name the edition
  // in brackets; decoy: the current edition in the same form.
  const issues = await superseded({
    'Security-Plan.md':
      '# Security Plan\n\nThe district program follows the NIST Cybersecurity Framework (Version 1.1) and its core functions.',
    'Cardholder-Data-Standard.md':
      '# Cardholder Data Standard\n\nBox-office terminals are assessed against PCI DSS (v3.2.1) each year.',
  });
  expect(familiesOf(issues)).toEqual(['standard:nist-csf', 'standard:pci-dss']);
  const current = await superseded({
    'Security-Plan.md':
      '# Security Plan\n\nThe district program follows the NIST Cybersecurity Framework (Version 2.0) and its six functions.',
  });
  expect(current).toEqual([]);
});

describe('an edition its publisher replaced that a regulation the set cites still requires', () => {
  test('a defence machine shop under DFARS 252.204-7012: Rev. 2 is the edition to follow, Revision 1 is stale', async () => {
    const issues = await superseded({
      'Security-Policy.md':
        '# Security Policy\n\nCUI is protected as DFARS 252.204-7012 requires, implementing the requirements of NIST SP 800-171 Rev. 2.',
      'Supplier-Terms.md':
        '# Supplier Terms\n\n6.1 Supplier shall implement NIST Special Publication 800-171, Revision 1, on systems holding CUI.',
    });
    expect(issues.map((i) => i.title)).toEqual([
      'Superseded edition of NIST SP 800-171 cited in Supplier-Terms.md',
    ]);
    expect(issues[0]!.description).toContain('DFARS 252.204-7012');
    expect(issues[0]!.remediationScope).toContain('NIST SP 800-171 Revision 2');
  });

  test('a university research lab preparing for CMMC Level 2 assesses against Rev. 2', async () => {
    expect(
      await superseded({
        'Research-Security-Standard.md':
          '# Research Security Standard\n\nLabs handling CUI prepare for a CMMC Level 2 assessment against NIST SP 800-171 Rev. 2.',
      }),
    ).toEqual([]);
  });

  test('decoy: a hospital outside defence contracting that cites Rev. 2 cites a withdrawn edition', async () => {
    const issues = await superseded({
      'Research-Data-Policy.md':
        '# Research Data Policy\n\nSponsored research data is protected following NIST SP 800-171 Rev. 2.',
    });
    expect(issues.map((i) => i.aspects[0])).toEqual(['standard:nist-800-171']);
  });
});

describe('the IATA Dangerous Goods Regulations, re-issued every year by numbered edition', () => {
  test("a courier's carriage contract binds the carrier to the 62nd edition; an airline's cargo manual accepts shipments to the 64th", async () => {
    const issues = await superseded({
      'Express-Carriage-Agreement.md':
        '# Express Carriage Agreement\n\n7.3 The Carrier shall accept lithium battery consignments only when packed and marked in accordance with the IATA Dangerous Goods Regulations (DGR), 62nd edition.\n',
      'Cargo-Acceptance-Manual.md':
        '# Cargo Acceptance Manual\n\n4.2 Acceptance staff check each shipper’s declaration against the IATA DGR 64th Edition before loading.\n',
    });
    expect(issues.map((i) => i.title).sort()).toEqual([
      'Superseded edition of IATA Dangerous Goods Regulations cited in Cargo-Acceptance-Manual.md',
      'Superseded edition of IATA Dangerous Goods Regulations cited in Express-Carriage-Agreement.md',
    ]);
    const contract = issues.find((i) => i.quotes[0]!.document === 'Express-Carriage-Agreement.md')!;
    expect(contract.description).toContain('(edition 62)');
    expect(contract.description).toContain('67th Edition (2026) (January 2026)');
    expect(contract.quotes[0]!.text).toContain('62nd edition');
    const manual = issues.find((i) => i.quotes[0]!.document === 'Cargo-Acceptance-Manual.md')!;
    expect(manual.description).toContain('"IATA DGR 64th Edition" (edition 64)');
  });

  test('a corpus dated 2021 that cites the 62nd edition cites the edition then in force', async () => {
    const files = {
      'Express-Carriage-Agreement.md':
        '# Express Carriage Agreement\n\nSigned 12 March 2021.\n\n7.3 The Carrier shall accept lithium battery consignments only when packed and marked in accordance with the IATA Dangerous Goods Regulations (DGR), 62nd edition.\n',
    };
    expect(await superseded(files, '2021-09-30')).toEqual([]);
    expect(familiesOf(await superseded(files, '2026-03-31'))).toEqual(['standard:iata-dgr']);
  });

  test('decoys: the current edition, the old edition in a revision history row, and "replaces the 62nd edition"', async () => {
    const issues = await superseded({
      'Cargo-Acceptance-Manual.md': [
        '# Cargo Acceptance Manual',
        '',
        '## Revision history',
        '',
        '| 3.0 | 2021 | Aligned with the IATA DGR 62nd edition |',
        '| 8.0 | 2026 | Aligned with the IATA DGR 67th edition |',
        '',
        '## 1. Acceptance',
        '',
        '1.1 Dangerous goods are accepted in accordance with the IATA Dangerous Goods Regulations, 67th edition.',
        '',
        '1.2 This issue of the manual replaces the checklists written to the IATA DGR 62nd edition.',
      ].join('\n'),
    });
    expect(issues).toEqual([]);
  });
});

describe('the ASPRS Positional Accuracy Standards for Digital Geospatial Data', () => {
  test("a survey firm's quality plan and a city GIS office's data standard still test accuracy to Edition 1", async () => {
    const issues = await superseded({
      'Survey-Quality-Plan.md':
        '# Survey Quality Plan\n\n5.1 Orthoimagery and lidar deliverables are checked against the ASPRS Positional Accuracy Standards for Digital Geospatial Data, Edition 1, using independent check points.\n',
      'GIS-Data-Standard.md':
        '# GIS Data Standard\n\n3.4 The parcel basemap’s horizontal accuracy is reported to the ASPRS Positional Accuracy Standards Edition 1 at 95% confidence.\n',
    });
    expect(issues.map((i) => i.title).sort()).toEqual([
      'Superseded edition of ASPRS Positional Accuracy Standards for Digital Geospatial Data cited in GIS-Data-Standard.md',
      'Superseded edition of ASPRS Positional Accuracy Standards for Digital Geospatial Data cited in Survey-Quality-Plan.md',
    ]);
    for (const issue of issues) {
      expect(issue.description).toContain('(edition 1)');
      expect(issue.description).toContain('Edition 2 (August 2023)');
    }
  });

  test('decoys: Edition 2, and Edition 1 named in a revision history row', async () => {
    const issues = await superseded({
      'GIS-Data-Standard.md': [
        '# GIS Data Standard',
        '',
        '## Change log',
        '',
        '| 1.0 | 2019 | Accuracy reporting per ASPRS Positional Accuracy Standards, Edition 1 |',
        '',
        '## 3. Accuracy',
        '',
        '3.4 Horizontal accuracy is reported to the ASPRS Positional Accuracy Standards for Digital Geospatial Data, Edition 2.',
      ].join('\n'),
    });
    expect(issues).toEqual([]);
  });
});
