// Superseded laws and schemes still relied on: a UK charity's privacy notice on the 1998 Act, an
// Australian insurer's continuity plan on CPS 232, a US agency contractor's plan on FISMA 2002;
// decoys: a sentence telling the history, an audit dated before the replacement, a successor that
// only looks like its predecessor. The audit date decides, not the documents' dates: an undated
// set, or one last touched years ago, is what the organisation follows on the day of the audit.
import { BLANK_INTAKE, runCheck } from '../../../test/helpers/check-harness';
import { supersededInstrumentCheck } from '.';

async function keys(files: Record<string, string>, asOf = '2026-11-26'): Promise<string[]> {
  const { candidates } = await runCheck(supersededInstrumentCheck, files, BLANK_INTAKE, asOf);
  return candidates.map((c) => c.key);
}

const DATED_2026 = { 'Minutes.txt': 'Minutes of the trustees, 14 May 2026.\n' };

test("a UK charity's privacy notice still relies on the Data Protection Act 1998", async () => {
  expect(
    await keys({
      ...DATED_2026,
      'Supporter-Privacy-Notice.md':
        '# Supporter Privacy Notice\n\nWe process donor records in line with the Data Protection Act 1998 and answer requests within 40 days.\n',
    }),
  ).toEqual(['instrument:uk-dpa-1998']);
});

test("an Australian insurer's continuity plan is written to CPS 232; a US contractor cites FISMA 2002", async () => {
  expect(
    (
      await keys({
        ...DATED_2026,
        'Claims-Continuity-Plan.md':
          '# Claims Continuity Plan\n\nThis plan meets the requirements of APRA CPS 232 for critical business operations.\n',
        'System-Security-Plan.md':
          '# System Security Plan\n\nThe system is categorised under the Federal Information Security Management Act.\n',
      })
    ).sort(),
  ).toEqual(['instrument:au-cps-232', 'instrument:us-fisma-2002']);
});

test('decoys: history told in the sentence, a corpus dated before the replacement, the successors', async () => {
  expect(
    await keys({
      ...DATED_2026,
      'Records-Policy.md': [
        '# Records Policy',
        '',
        'The Data Protection Act 2018 replaced the Data Protection Act 1998.',
        '',
        'Operational resilience follows APRA CPS 230 and the Federal Information Security Modernization Act of 2014.',
      ].join('\n'),
    }),
  ).toEqual([]);
  expect(
    await keys(
      {
        'Minutes.txt': 'Minutes of the board, 3 March 2024.\n',
        'Outsourcing-Policy.md': '# Outsourcing Policy\n\nMaterial outsourcing follows CPS 231.\n',
      },
      '2024-06-30',
    ),
  ).toEqual([]);
});

test('an undated set, or one whose newest date is old, is judged on the audit date', async () => {
  expect(
    await keys({
      'Minutes.txt': 'Minutes of the board, 3 March 2009.\n',
      'Breach-Policy.md':
        '# Breach Policy\n\nA disclosure is a breach when it poses a significant risk of financial, reputational, or other harm to the individual.\n',
      'Dental-Practice-Privacy-Procedure.md':
        '# Privacy Procedure\n\nThe privacy lead decides whether there is significant risk of harm to the individual before notifying anyone.\n',
    }),
  ).toEqual(['instrument:us-hipaa-harm-standard']);
});

// Bodies and instruments renamed or revoked: a US federal contractor that still escalates to
// US-CERT and writes for the FedRAMP JAB, and a UK museum trust citing CPNI, ACPO guidance and the
// 2002 electronic-signature regulations. The retrieval query carries the words as the corpus
// writes them, and the evidence shows each document that relies on the instrument.
test('a federal contractor relies on US-CERT and the FedRAMP JAB', async () => {
  const files = {
    'Incident-Runbook.md':
      '# Incident Runbook\n\nThe on-call engineer notifies US-CERT within one hour of a confirmed incident.',
    'Continuous-Monitoring-Plan.md':
      '# Continuous Monitoring Plan\n\nSignificant changes are discussed with our JAB TRs before deployment. Monthly scan results go to US-CERT and the agency.',
  };
  const { candidates } = await runCheck(supersededInstrumentCheck, files, BLANK_INTAKE, '2026-11-26');
  expect(candidates.map((c) => c.key).sort()).toEqual(['instrument:us-cert', 'instrument:us-fedramp-jab']);
  const usCert = candidates.find((c) => c.key === 'instrument:us-cert')!;
  // Both documents are evidence, and the question's query has the written form.
  expect(usCert.documents.sort()).toEqual(['Continuous-Monitoring-Plan.md', 'Incident-Runbook.md']);
  expect(supersededInstrumentCheck.question(usCert.params, usCert).query).toContain('US-CERT');
});

test('a UK museum trust cites CPNI, ACPO guidance and the Electronic Signatures Regulations 2002', async () => {
  expect(
    (
      await keys({
        'Physical-Security-Policy.md':
          '# Physical Security Policy\n\nStrongrooms meet the CPNI guidance for secure storage.',
        'Digital-Evidence-Procedure.md':
          '# Digital Evidence Procedure\n\nSeized media are handled under the ACPO Good Practice Guide for Digital Evidence. Signed loan agreements are valid under the Electronic Signatures Regulations 2002.',
      })
    ).sort(),
  ).toEqual(['instrument:uk-acpo', 'instrument:uk-cpni', 'instrument:uk-esig-regs-2002']);
});

test('decoys: the successor named with its history, a JAB that is not FedRAMP, an audit before the change', async () => {
  expect(
    await keys({
      'Incident-Runbook.md':
        '# Incident Runbook\n\nIncidents are reported to CISA, which replaced US-CERT in 2023. Physical security advice now comes from the NPSA (formerly CPNI).\n\nThe JAB sample is stored in the cold room.',
    }),
  ).toEqual([]);
  expect(
    await keys(
      { 'Incident-Runbook.md': '# Incident Runbook\n\nConfirmed incidents are reported to US-CERT.' },
      '2022-06-30',
    ),
  ).toEqual([]);
});

test("a New Zealand law firm's engagement terms and a school's privacy policy still rely on the Privacy Act 1993", async () => {
  for (const [name, text] of [
    [
      'Engagement-Terms.md',
      '# Terms of Engagement\n\n1.1 "Privacy Law" means the Privacy Act 1993 and any codes issued under it.\n',
    ],
    [
      'Student-Privacy-Policy.md',
      '# Student Privacy Policy\n\nThe school collects student information in line with the Privacy Act 1993.\n',
    ],
  ]) {
    expect(await keys({ ...DATED_2026, [name!]: text! })).toEqual(['instrument:nz-privacy-act-1993']);
  }
});

test('decoy: a revision history row that records the Act a first version was written under', async () => {
  expect(
    await keys({
      ...DATED_2026,
      'Student-Privacy-Policy.md': [
        '# Student Privacy Policy',
        '',
        '## Revision history',
        '',
        '| Version | Date | Change |',
        '| --- | --- | --- |',
        '| 1.0 | 14/05/2018 | First issue, written under the Privacy Act 1993. |',
        '| 2.0 | 01/12/2020 | Rewritten for the current Act. |',
        '',
        '## 1. Purpose',
        '',
        'The school collects student information in line with the Privacy Act 2020.',
      ].join('\n'),
    }),
  ).toEqual([]);
});

test('a DIFC wealth manager onboards clients under the DIFC Law No. 1 of 2007; a Swiss laboratory under the FADP of 1992', async () => {
  expect(
    (
      await keys({
        ...DATED_2026,
        'Client-Onboarding-Procedure.md':
          '# Client Onboarding Procedure\n\n1.2 Onboarding personal data is processed under the DIFC Data Protection Law No. 1 of 2007.\n',
        'Sample-Handling-Standard.md':
          '# Sample Handling Standard\n\nDonor data is handled under the Federal Act on Data Protection of 19 June 1992.\n',
      })
    ).sort(),
  ).toEqual(['instrument:ch-fadp-1992', 'instrument:difc-dp-law-2007']);
});

test("decoys: the successors (DIFC Law No. 5 of 2020, the revised FADP), and another country's Data Protection Act 2004", async () => {
  expect(
    await keys({
      ...DATED_2026,
      'Data-Protection-Policy.md':
        '# Data Protection Policy\n\nThe Firm complies with the DIFC Data Protection Law, DIFC Law No. 5 of 2020, and the Federal Act on Data Protection of 25 September 2020. Records of our Guernsey office follow the local Data Protection Act 2004 guidance notes.\n',
    }),
  ).toEqual([]);
});

test("an Indian gold lender's outsourcing policy and a microfinance company's IT policy are framed under the RBI's 2017 NBFC IT framework", async () => {
  expect(
    (
      await keys({
        ...DATED_2026,
        'IT-Outsourcing-Policy.md':
          '# IT Outsourcing Policy\n\n2.1 This Policy is framed under the RBI Master Direction – Information Technology Framework for the NBFC Sector dated 08/06/2017.\n',
      })
    ).sort(),
  ).toEqual(['instrument:in-rbi-nbfc-it-framework-2017']);
  expect(
    await keys({
      ...DATED_2026,
      'IT-Policy.md':
        '# IT Policy\n\nThe Company follows the IT Framework for NBFC Sector issued by the Reserve Bank.\n',
    }),
  ).toEqual(['instrument:in-rbi-nbfc-it-framework-2017']);
});

test('decoy: the 2023 Master Direction on IT Governance, Risk, Controls and Assurance Practices', async () => {
  expect(
    await keys({
      ...DATED_2026,
      'IT-Policy.md':
        '# IT Policy\n\nThe Company follows the RBI Master Direction on Information Technology Governance, Risk, Controls and Assurance Practices dated 07/11/2023.\n',
    }),
  ).toEqual([]);
});

test("repealed national privacy and safety laws: a Gdynia forwarder on Poland's 1997 Act, a Pilbara contractor on WA's OSH Act 1984, a Canterbury builder on the HSE Act 1992", async () => {
  expect(
    (
      await keys({
        ...DATED_2026,
        'Privacy-Policy.md':
          '# Privacy Policy\n\nShipper contact data is processed under the Act of 29 August 1997 on the Protection of Personal Data.\n',
        'Fitness-Policy.md':
          '# Fitness for Work Policy\n\nDrug testing follows the Occupational Safety and Health Act 1984 and the Mines Safety and Inspection Act 1994.\n',
        'Site-Safety-Plan.md':
          '# Site Safety Plan\n\nHazards are managed as the Health and Safety in Employment Act 1992 requires.\n',
      })
    ).sort(),
  ).toEqual([
    'instrument:au-wa-msia-1994',
    'instrument:au-wa-osh-1984',
    'instrument:nz-hsea-1992',
    'instrument:pl-pdpa-1997',
  ]);
});

test('decoy: a repealed safety law named as what its successor replaced', async () => {
  expect(
    await keys({
      ...DATED_2026,
      'Site-Safety-Plan.md':
        '# Site Safety Plan\n\nThe Health and Safety at Work Act 2015 replaced the Health and Safety in Employment Act 1992.\n',
    }),
  ).toEqual([]);
});

test('replaced laws and renumbered sections: a Cyprus tour operator on Law 138(I)/2001, a Nova Scotia lobster packer on the Fish Inspection Regulations, a Texas optics maker on 22 CFR 120.10', async () => {
  expect(
    (
      await keys({
        ...DATED_2026,
        'Guest-Privacy-Policy.md':
          '# Guest Privacy Policy\n\nPassport copies are processed under section 5 of Law 138(I)/2001 and kept for one season.\n',
        'Traceability-Procedure.md':
          '# Traceability Procedure\n\nLot coding meets the Fish Inspection Regulations (C.R.C., c. 802) for live and processed lobster.\n',
        'Export-Compliance-Manual.md':
          '# Export Compliance Manual\n\nLens design files are technical data as defined in 22 CFR 120.10 and are stored in the controlled vault.\n',
      })
    ).sort(),
  ).toEqual([
    'instrument:ca-fish-inspection-regulations',
    'instrument:cy-law-138-2001',
    'instrument:us-itar-120-10',
  ]);
});

test('decoys: the successors (Law 125(I)/2018, the Safe Food for Canadians Regulations, 22 CFR 120.33) and another section of Part 120', async () => {
  expect(
    await keys({
      ...DATED_2026,
      'Guest-Privacy-Policy.md':
        '# Guest Privacy Policy\n\nPassport copies are processed under Law 125(I)/2018 and the GDPR.\n',
      'Traceability-Procedure.md':
        '# Traceability Procedure\n\nLot coding meets the Safe Food for Canadians Regulations (SOR/2018-108).\n',
      'Export-Compliance-Manual.md':
        '# Export Compliance Manual\n\nLens design files are technical data as defined in 22 CFR 120.33; defense services are defined in 22 CFR 120.32 and 22 CFR 120.100.\n',
    }),
  ).toEqual([]);
});

test("replaced state safety regulations: a Hobart aged-care provider and a Launceston brewery on Tasmania's 2012 regulations, a Sydney bus operator on the NSW 2011 regulation", async () => {
  expect(
    (
      await keys({
        ...DATED_2026,
        'Manual-Handling-Procedure.md':
          '# Manual Handling Procedure\n\nResident transfers are risk assessed as the Work Health and Safety Regulations 2012 (Tas) require for hazardous manual tasks.\n',
        'Confined-Space-Procedure.md':
          '# Confined Space Procedure\n\nFermenter entry permits are issued under Part 4.3 of the Work Health and Safety Regulations 2012 (Tasmania).\n',
        'Depot-Safety-Plan.md':
          '# Depot Safety Plan\n\nWorkshop hoists are registered plant under the Work Health and Safety Regulation 2011 (NSW).\n',
      })
    ).sort(),
  ).toEqual(['instrument:nsw-whs-regulation-2011', 'instrument:tas-whs-regulations-2012']);
});

test("decoys: South Australia's 2012 regulations (still in force) and the NSW 2017 regulation", async () => {
  expect(
    await keys({
      ...DATED_2026,
      'Manual-Handling-Procedure.md':
        '# Manual Handling Procedure\n\nResident transfers are risk assessed as the Work Health and Safety Regulations 2012 (SA) require for hazardous manual tasks.\n',
      'Depot-Safety-Plan.md':
        '# Depot Safety Plan\n\nWorkshop hoists are registered plant under the Work Health and Safety Regulation 2017 (NSW).\n',
    }),
  ).toEqual([]);
});

// Alberta's Occupational Health and Safety Act, cited by chapter: the R.S.A. 2000 Act (replaced on
// 1 June 2018) and the S.A. 2017 Act (replaced on 1 December 2021) are flagged; S.A. 2020 is current.
test("an oil sands contractor's safety manual on the R.S.A. 2000 Act; a Calgary builder's site plan on the S.A. 2017 Act", async () => {
  expect(
    await keys({
      ...DATED_2026,
      'HSE-Manual.md':
        '# HSE Manual\n\n1.2 Turnaround crews work under the Occupational Health and Safety Act, R.S.A. 2000, c. O-2, and the OHS Code.\n',
    }),
  ).toEqual(['instrument:ab-ohs-act-rsa-2000']);
  expect(
    await keys({
      ...DATED_2026,
      'Site-Safety-Plan.md':
        '# Site Safety Plan\n\nThe prime contractor coordinates hazard assessments as required by the Occupational Health and Safety Act, S.A. 2017, c. O-2.1.\n',
    }),
  ).toEqual(['instrument:ab-ohs-act-sa-2017']);
});

test('decoys: the current Alberta Act (S.A. 2020, c. O-2.2), and the 2017 Act cited by an audit before its replacement', async () => {
  expect(
    await keys({
      ...DATED_2026,
      'HSE-Manual.md':
        '# HSE Manual\n\n1.2 Turnaround crews work under the Occupational Health and Safety Act, S.A. 2020, c. O-2.2, and the OHS Code.\n',
      'Clinic-Safety-Policy.md':
        '# Clinic Safety Policy\n\nSharps injuries are reported as the Occupational Health and Safety Act, SA 2020, c O-2.2 requires.\n',
    }),
  ).toEqual([]);
  expect(
    await keys(
      {
        'Minutes.txt': 'Minutes of the safety committee, 9 March 2020.\n',
        'Site-Safety-Plan.md':
          '# Site Safety Plan\n\nHazard assessments follow the Occupational Health and Safety Act, S.A. 2017, c. O-2.1.\n',
      },
      '2020-06-30',
    ),
  ).toEqual([]);
});

describe('the Medicines Control Council of South Africa, replaced by SAHPRA on 1 June 2018', () => {
  test("a community pharmacy's dispensing policy and a clinical trial site's SOP still rely on the Council", async () => {
    const { candidates, verdict } = await runCheck(
      supersededInstrumentCheck,
      {
        ...DATED_2026,
        'Dispensing-Policy.md':
          '# Dispensing Policy\n\n2.1 Schedule 5 medicines are kept only at premises covered by the licence issued by the Medicines Control Council.\n',
        'Trial-Supplies-SOP.md':
          '# Investigational Product SOP\n\n4.3 Import permits for trial medicines are applied for from the Medicines Control Council before shipment.\n',
      },
      BLANK_INTAKE,
      '2026-11-26',
    );
    expect(candidates.map((c) => c.key)).toEqual(['instrument:za-medicines-control-council']);
    expect(candidates[0]!.documents.sort()).toEqual(['Dispensing-Policy.md', 'Trial-Supplies-SOP.md']);
    const [issue] = verdict(candidates[0]!.params).issues;
    expect(issue!.title).toContain('Medicines Control Council (MCC) is relied on in');
    expect(issue!.title).toContain('but it was replaced on 2018-06-01');
    expect(issue!.description).toContain(
      'was replaced by the South African Health Products Regulatory Authority (SAHPRA) on 2018-06-01',
    );
    expect(issue!.description).toContain('(South Africa)');
    expect(issue!.quotes.map((q) => q.text).join(' ')).toContain(
      'the licence issued by the Medicines Control Council',
    );
  });

  test('decoys: SAHPRA named with the Council it replaced, and an audit dated before the change', async () => {
    expect(
      await keys({
        ...DATED_2026,
        'Dispensing-Policy.md':
          '# Dispensing Policy\n\n2.1 Premises are licensed by SAHPRA, which replaced the Medicines Control Council.\n',
      }),
    ).toEqual([]);
    expect(
      await keys(
        {
          'Minutes.txt': 'Minutes of the pharmacy committee, 6 February 2018.\n',
          'Dispensing-Policy.md':
            '# Dispensing Policy\n\n2.1 Premises are licensed by the Medicines Control Council.\n',
        },
        '2018-03-31',
      ),
    ).toEqual([]);
  });
});
