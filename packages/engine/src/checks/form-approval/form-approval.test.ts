// Requests approved by the person who made them, on a laboratory's equipment access form (the
// requester's name on the same line as its label) and a bank's payment release form (the name on
// the line after its label, the rule in the procedure); decoys: an independent approver, a
// relative with the same surname, and a form with no rule against it.
import { runCheck } from '../../../test/helpers/check-harness';
import { samePerson } from './form-approvals';
import { formApprovalCheck } from '.';

async function findings(files: Record<string, string>) {
  const { candidates, verdict } = await runCheck(formApprovalCheck, files);
  return candidates.flatMap((c) => verdict(c.params).issues);
}

const labForm = (approver: string) =>
  [
    'NORTHGATE BIOSCIENCES - CONTROLLED EQUIPMENT ACCESS REQUEST',
    'Request No. EQ-2026-114',
    '',
    'Requested by: Priya Raman, Senior Scientist',
    'Equipment: BSL-3 suite freezer F-07',
    '',
    `Approved by: ${approver}`,
    'Date: 03/11/2026',
    '',
    'The requester may not approve their own request.',
  ].join('\n');

const bankForm = (approver: string) =>
  [
    'PAYMENT RELEASE AUTHORISATION',
    'Request reference PRA-2026-090',
    '',
    'Name of person requiring release',
    'Tomasz Nowak',
    'Amount: 48,000.00',
    '',
    'Authorised by',
    approver,
  ].join('\n');

const bankProcedure =
  '# Payments Procedure\n\n4.2 Every payment release is authorised by a second officer. A person may not approve their own request.\n';

describe('forms approved by their own requester', () => {
  test('a laboratory: the scientist who asked signs the approval, against the form itself', async () => {
    const issues = await findings({ 'Equipment-Access-Request.txt': labForm('Priya Raman') });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.title).toBe(
      'Request EQ-2026-114 self-approved: Priya Raman approved a request made by Priya Raman',
    );
    expect(issues[0]!.quotes.map((q) => q.text)).toEqual([
      'Requested by: Priya Raman, Senior Scientist\nEquipment: BSL-3 suite freezer F-07',
      'Approved by: Priya Raman',
      'The requester may not approve their own request.',
    ]);
  });

  test('a bank: the name under the label, written without its accent, against the procedure', async () => {
    const issues = await findings({
      'Payments-Procedure.md': bankProcedure,
      'Payment-Release-Form.txt': bankForm('Tomász Nowak'),
    });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.quotes.map((q) => q.document)).toEqual([
      'Payment-Release-Form.txt',
      'Payment-Release-Form.txt',
      'Payments-Procedure.md',
    ]);
  });

  test.each([
    ['an independent approver', { 'Equipment-Access-Request.txt': labForm('Daniel Okafor') }],
    [
      'a relative with the same surname',
      { 'Payments-Procedure.md': bankProcedure, 'Payment-Release-Form.txt': bankForm('Agata Nowak') },
    ],
    ['no rule against it anywhere', { 'Payment-Release-Form.txt': bankForm('Tomasz Nowak') }],
  ])('%s (decoy)', async (_label, files) => {
    expect(await findings(files)).toEqual([]);
  });

  test('one person: the same surname and first initial, accents and case aside; an initial alone names no one', () => {
    expect(samePerson('Ciarán Mulroy', 'Ciaran Mulroy')).toBe(true);
    expect(samePerson('Dale Whitcomb', 'D. Whitcomb')).toBe(true);
    expect(samePerson('Agata Nowak', 'T. Nowak')).toBe(false);
    expect(samePerson('Agata Nowak', 'Tomasz Nowak')).toBe(false);
    expect(samePerson('D.', 'Dale Whitcomb')).toBe(false);
  });
});

// Forms laid out in sections, as scanned: the requester's "Name" under a requester section and an
// approver's name field under an approval section ("Line manager name", "Quality approval (name)").
const facilitiesForm = (managerName: string) =>
  [
    'HARBOURSIDE PORT SERVICES',
    'SYSTEM ACCESS REQUEST FORM',
    '',
    'SECTION A - REQUESTER',
    'Name Marta Kowalczyk',
    'Job title Terminal Systems Lead',
    '',
    'SECTION B - ACCESS REQUESTED',
    'System Crane telemetry console (administrator)',
    '',
    'SECTION C - LINE MANAGER APPROVAL',
    `Line manager name ${managerName}`,
    'Signature M. Kowalczyk',
    '',
    'SECTION D - PROVISIONING',
    'Provisioned by Owen Price',
  ].join('\n');

const bakeryChangeForm = (ownerApproval: string) =>
  [
    'CHANGE REQUEST FORM',
    'Change request no. CR-2026-311',
    'Requested by (name, role) Farhan Qureshi, Line Automation Engineer',
    '',
    'APPROVALS (before implementation)',
    `System Owner approval (name) ${ownerApproval}`,
    'Sponsor name: Farhan Qureshi',
  ].join('\n');

const accessProcedure =
  '# Access Procedure\n\n6.4 No person may approve their own request, including when signing for an absent manager.\n';

describe('forms in sections: a requester section and an approval section', () => {
  test('a port operator: the requester is also the line manager who approved it', async () => {
    const issues = await findings({
      'Access-Procedure.md': accessProcedure,
      'System-Access-Request-Form.txt': facilitiesForm('Marta Kowalczyk'),
    });
    expect(issues.map((i) => i.title)).toEqual([
      'The request in System-Access-Request-Form.txt self-approved: Marta Kowalczyk approved a request made by Marta Kowalczyk',
    ]);
    expect(issues[0]!.quotes.at(-1)!.text).toContain('No person may approve their own request');
  });

  test('a bakery: the requester signs the owner approval by initial and surname, "for" the owner', async () => {
    const issues = await findings({
      'Access-Procedure.md': accessProcedure,
      'Change-Request-Form.txt': bakeryChangeForm('F. Qureshi (for L. Brennan)'),
    });
    expect(issues.map((i) => i.title)).toEqual([
      'Request CR-2026-311 self-approved: F. Qureshi approved a request made by Farhan Qureshi',
    ]);
  });

  test.each([
    [
      'another line manager',
      { 'Access-Procedure.md': accessProcedure, 'Form.txt': facilitiesForm('Owen Price') },
    ],
    [
      'an independent owner, the requester named only as sponsor in the approval section',
      { 'Access-Procedure.md': accessProcedure, 'Form.txt': bakeryChangeForm('Lena Brennan') },
    ],
  ])('%s (decoy)', async (_label, files) => {
    expect(await findings(files)).toEqual([]);
  });
});

describe('forms approved by the person who prepared them', () => {
  const rule = {
    'Onboarding-Procedure.md':
      '# Client Onboarding Procedure\n\nStep 9. No person may approve their own onboarding file; high risk clients need CEO and MLRO approval.\n',
  };

  test('a wealth manager: the relationship manager prepares the onboarding form and approves it', async () => {
    const issues = await findings({
      ...rule,
      'KYC-Onboarding-Form-scan.txt': [
        'CLIENT ONBOARDING AND RISK ASSESSMENT FORM',
        '',
        'E. APPROVALS (CEO and MLRO approval required for High risk / PEP)',
        '',
        'Prepared by (RM) Tariq Siddiqui, RM - 03/11/2026',
        '',
        'Approved by Tariq Siddiqui, RM - 05/11/2026',
      ].join('\n'),
    });
    expect(issues.map((i) => i.title)).toEqual([
      'The request in KYC-Onboarding-Form-scan.txt self-approved: Tariq Siddiqui approved a request made by Tariq Siddiqui',
    ]);
  });

  test('a laboratory: the analyst who completed the release form authorises it', async () => {
    const issues = await findings({
      ...rule,
      'Batch-Release-Form.txt': [
        'BATCH RELEASE FORM',
        'Completed by: Hana Ngata, Analyst',
        'Authorised by: H. Ngata',
      ].join('\n'),
    });
    expect(issues).toHaveLength(1);
  });

  test('decoy: prepared by one person, approved by another', async () => {
    const issues = await findings({
      ...rule,
      'KYC-Onboarding-Form-scan.txt': [
        'CLIENT ONBOARDING FORM',
        'Prepared by (RM) Tariq Siddiqui, RM - 03/11/2026',
        'Approved by Leila Nasser, CEO - 05/11/2026',
      ].join('\n'),
    });
    expect(issues).toEqual([]);
  });
});

describe('the next field read on as part of a name, a rule said as a condition, and a maker-checker form', () => {
  test('a fund administrator: "Requester name Owen Bisson Job title ..." and "Approver name Owen Bisson Approver role ...", and a rule for when the requester is the system owner', async () => {
    const form = [
      'PRIVILEGED ACCESS REQUEST',
      'Request no. PAR-2026-031 Date of request 05/10/2026',
      'Requester name Owen Bisson Job title Head of Fund Accounting',
      'System Meridian FA',
      'Section B - Approval',
      'If the requester is the System Owner, the request must be approved by the Chief Operating Officer.',
      'Approver name Owen Bisson Approver role System Owner',
      'Signature O. Bisson Date 05/10/2026',
    ].join('\n');
    const issues = await findings({ 'PAR-2026-031-scan.txt': form });
    expect(issues.map((i) => i.title)).toEqual([
      'Request PAR-2026-031 self-approved: Owen Bisson approved a request made by Owen Bisson',
    ]);
  });

  test('a mobile money operator: one officer verified the agent in Part C and approved it in Part D, which must be signed by different officers', async () => {
    const form = (approver: string) =>
      [
        'AGENT APPLICATION AND DUE DILIGENCE FORM',
        'Part C and Part D must be signed by different officers.',
        'PART C - VERIFICATION',
        'Verified by (name) Edwin Okello Designation Agent Network Manager',
        'PART D - APPROVAL',
        `Approved by (name) ${approver} Designation Agent Network Manager`,
      ].join('\n');
    const issues = await findings({ 'Agent-Form-scan.txt': form('Edwin Okello') });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.description).toContain('made, sponsored, verified or carried out');
    // Decoy: another officer approves.
    expect(await findings({ 'Agent-Form-scan.txt': form('Grace Atim') })).toEqual([]);
  });
});

describe('names in block capitals, a maker who captured the change, and rules naming the maker or the approver', () => {
  const disbursementForm = (approver: string) =>
    [
      'LOAN DISBURSEMENT INSTRUCTION',
      'Use BLOCK LETTERS.',
      '',
      'Keyed in core banking by',
      'MARISOL QUISPE - 12/03/2026',
      '',
      'Approved by',
      `${approver} - 13/03/2026`,
    ].join('\n');
  const creditUnionProcedure =
    '# Lending Procedure\n\n6.2 The officer who keys a disbursement into core banking may not check or authorise it.\n';

  test('a credit union: the officer who keyed the disbursement approved it, in capitals', async () => {
    const issues = await findings({
      'Lending-Procedure.md': creditUnionProcedure,
      'Disbursement-Instruction.txt': disbursementForm('MARISOL QUISPE'),
    });
    expect(issues.map((i) => i.title)).toEqual([
      'The request in Disbursement-Instruction.txt self-approved: MARISOL QUISPE approved a request made by MARISOL QUISPE',
    ]);
  });

  test('a council: the approver is the person making the request, against "must not be the person making the request"', async () => {
    const issues = await findings({
      'Access-Procedure.md':
        '# Access Procedure\n\n3.2 The approver must not be the person making the request; in that case the Head of Service approves.\n',
      'Access-Request.txt': [
        'Section A - Requested by',
        'Name Gwen Pritchard Position Revenues Team Leader',
        '',
        'Section B - Approval',
        'Approver name Gwen Pritchard Position Revenues Team Leader',
      ].join('\n'),
    });
    expect(issues).toHaveLength(1);
  });

  test("a rail operator: capitals in the section's label are no name when the name follows in mixed case", async () => {
    const issues = await findings({
      'Remote-Access-Request.txt': [
        'SECTION 1 - REQUESTER (RAIL SPONSOR)',
        // OCR reads the filled-in values above their labels.
        '. Robert Kowalczyk itle: Dispatch Manager',
        'Name: Title:',
        '',
        'SECTION 4 - APPROVALS',
        'The requester may not approve his or her own request.',
        'Approved by: R. Kowalczyk',
      ].join('\n'),
    });
    expect(issues.map((i) => i.title)).toEqual([
      'The request in Remote-Access-Request.txt self-approved: R. Kowalczyk approved a request made by Robert Kowalczyk',
    ]);
  });

  test('decoys: another officer approves in capitals; a layout word in capitals is no name', async () => {
    expect(
      await findings({
        'Lending-Procedure.md': creditUnionProcedure,
        'Disbursement-Instruction.txt': disbursementForm('DIEGO HUAMAN'),
      }),
    ).toEqual([]);
    expect(
      await findings({
        'Lending-Procedure.md': creditUnionProcedure,
        'Disbursement-Instruction.txt': disbursementForm('SIGNATURE ON FILE'),
      }),
    ).toEqual([]);
  });
});

describe('permits to work: the Issuing Authority is the Performing Authority', () => {
  const permit = (issuer: string, vessel: string) =>
    [
      'PERMIT-TO-WORK CERTIFICATE',
      `Vessel / Site: ${vessel}`,
      'PART A - REQUEST (Performing Authority)',
      'Performing Authority: S. Jumbo Signature: S. Jumbo Time: 07:10',
      'PART B - PRECAUTIONS AND ISSUE (Issuing Authority)',
      `Issuing Authority: ${issuer} Time: 07:45`,
      // A scan's OCR keeps the form's fields apart as paragraphs.
    ].join('\n\n');

  test('a vessel operator and a water utility: one officer both requests and issues the permit', async () => {
    for (const [rule, site] of [
      [
        '4.2 The Issuing Authority shall not be the Performing Authority for the same permit.',
        'MV Okrika Star',
      ],
      ['3.1 The approver must not be the requester of a confined-space permit.', 'Kaituna pump station'],
    ]) {
      const issues = await findings({
        'Permit-to-Work-Procedure.md': `# Permit to Work Procedure\n\n${rule}\n`,
        'Permit-PTW-0417.txt': permit('S. Jumbo', site),
      });
      expect(issues.map((i) => i.title)).toEqual([
        'The request in Permit-PTW-0417.txt self-approved: S. Jumbo approved a request made by S. Jumbo',
      ]);
    }
  });

  test('decoy: another officer issues the permit', async () => {
    expect(
      await findings({
        'Permit-to-Work-Procedure.md':
          '# Permit to Work Procedure\n\n4.2 The Issuing Authority shall not be the Performing Authority for the same permit.\n',
        'Permit-PTW-0418.txt': permit('I. Amachree', 'MV Okrika Star'),
      }),
    ).toEqual([]);
  });
});

describe('sections lettered "C." and "D." in capitals, a heading cut by the line end', () => {
  const form = (approver: string) =>
    [
      'VEHICLE WORKSHOP ACCESS REQUEST',
      'Request no.: WSA-2026-041',
      'C. REQUESTER (FLEET CONTRACT OWNER)',
      'Name / position',
      'Tomasz Lewandowski, Fleet Manager',
      'D. BUSINESS APPROVAL (SYSTEM',
      'OWNER)',
      'Name / position',
      `${approver}, Fleet Manager`,
      'Date 03.11.2026',
    ].join('\n');
  const procedure =
    '# Workshop Access Procedure\n\n4.3 The person approving a request shall not be the person who raised it.\n';

  test('a haulier and a dairy: the contract owner who raised the request gives its business approval', async () => {
    const haulier = await findings({
      'Workshop-Access-Procedure.md': procedure,
      'WSA-Form.txt': form('Tomasz Lewandowski'),
    });
    expect(haulier.map((i) => i.title)).toEqual([
      'Request WSA-2026-041 self-approved: Tomasz Lewandowski approved a request made by Tomasz Lewandowski',
    ]);
    const dairy = await findings({
      'Milk-Intake-Procedure.md':
        '# Milk Intake Procedure\n\n2.4 The officer who approves a request must not be the person who submitted it.\n',
      'Tanker-Access-Form.txt': [
        'B. REQUESTER',
        'Name / position',
        'Aoife Brennan, Intake Supervisor',
        'C. SITE MANAGER APPROVAL',
        'Name / position',
        'A. Brennan, Intake Supervisor',
      ].join('\n'),
    });
    expect(dairy).toHaveLength(1);
  });

  test('decoy: another person approves', async () => {
    expect(
      await findings({ 'Workshop-Access-Procedure.md': procedure, 'WSA-Form.txt': form('Agnieszka Nowak') }),
    ).toEqual([]);
  });
});

describe('a scanned form: the worker the access is for signs the approval section', () => {
  const scannedForm = (approver: string, heading = '£. LINE MANAGER APPROVAL') =>
    [
      'SYSTEM ACCESS REQUEST FORM',
      'A. WORKER DETAILS',
      'Full name Kieran Doyle Employee no. S26-0318',
      'Position Ticket Sales Supervisor (seasonal)',
      'B. SYSTEM ACCESS REQUESTED (tick)',
      '[X] POS - Supervisor (refunds, voids) PRIVILEGED',
      heading,
      '',
      `Name ${approver} Date 05/06/2026`,
      '',
      'F. INFORMATION SECURITY MANAGER APPROVAL (privileged access only)',
      '',
      'Name Date',
    ].join('\n');
  const skiPolicy = '# Information Security Policy\n\n5.1 No person may approve their own access request.\n';
  const clinicForm = (approver: string) =>
    [
      'CLINICAL SYSTEM ACCESS FORM',
      'EMPLOYEE DETAILS',
      'Name: Aroha Tane',
      'Role: Practice Nurse',
      'C. MANAGER APPROVAL',
      `Name: ${approver}`,
    ].join('\n');

  test('a ski resort (an OCR-read "£." for the letter E) and a clinic (an unlettered heading)', async () => {
    const ski = await findings({
      'Information-Security-Policy.md': skiPolicy,
      'Access-Request-Scan.txt': scannedForm('Kieran Doyle'),
    });
    expect(ski.map((i) => i.title)).toEqual([
      'The request in Access-Request-Scan.txt self-approved: Kieran Doyle approved a request made by Kieran Doyle',
    ]);
    const clinic = await findings({
      'Information-Security-Policy.md': skiPolicy,
      'Clinic-Access-Form.txt': clinicForm('Aroha Tane'),
    });
    expect(clinic).toHaveLength(1);
  });

  test('decoys: the line manager approves; the worker signs a section that approves nothing', async () => {
    expect(
      await findings({
        'Information-Security-Policy.md': skiPolicy,
        'Access-Request-Scan.txt': scannedForm('Lucy Harrington'),
      }),
    ).toEqual([]);
    expect(
      await findings({
        'Information-Security-Policy.md': skiPolicy,
        'Access-Request-Scan.txt': scannedForm('Kieran Doyle', 'E. ACKNOWLEDGEMENT OF ACCEPTABLE USE'),
      }),
    ).toEqual([]);
  });
});

describe('a bracketed note after the approver label, cut by the line end, is no name', () => {
  const pharmacyForm = (approver: string) =>
    [
      'CONTROLLED DRUGS CABINET ACCESS REQUEST',
      'Requested by: Nadia Farouk, Pharmacy Technician',
      'Approved by (Chief Pharmacist',
      'or Deputy)',
      approver,
    ].join('\n');
  const siteForm = (approver: string) =>
    [
      'TOWER CRANE OVERRIDE KEY REQUEST',
      'Raised by: Declan Moriarty, Crane Coordinator',
      'Authorised by (Site Operations',
      'Manager)',
      approver,
    ].join('\n');
  const rule = {
    'Access-Procedure.md': '# Access Procedure\n\n2.1 No person may approve their own request.\n',
  };

  test('a hospital pharmacy and a building contractor: the requester signs under the bracketed post', async () => {
    const pharmacy = await findings({ ...rule, 'Cabinet-Access-Form.txt': pharmacyForm('Nadia Farouk') });
    expect(pharmacy.map((i) => i.title)).toEqual([
      'The request in Cabinet-Access-Form.txt self-approved: Nadia Farouk approved a request made by Nadia Farouk',
    ]);
    const site = await findings({ ...rule, 'Override-Key-Form.txt': siteForm('D. Moriarty') });
    expect(site.map((i) => i.title)).toEqual([
      'The request in Override-Key-Form.txt self-approved: D. Moriarty approved a request made by Declan Moriarty',
    ]);
  });

  test('decoy: another person signs under the bracketed post', async () => {
    expect(await findings({ ...rule, 'Cabinet-Access-Form.txt': pharmacyForm('Samuel Adeyemi') })).toEqual(
      [],
    );
  });
});

describe('one person authorised the work and carried it out', () => {
  const rule = (text: string) => ({ 'Release-Procedure.md': `# Release Procedure\n\n${text}\n` });
  const bankForm = (releaser: string) =>
    [
      'HIGH-VALUE PAYMENT INSTRUCTION',
      'Beneficiary: Corrib Timber Supplies Ltd',
      'Authorised by: Orla Fennelly',
      `Released by: ${releaser}`,
    ].join('\n');
  const airlineForm = (engineer: string) =>
    [
      'DEFERRED DEFECT RECTIFICATION CARD',
      'Aircraft: EI-FMK',
      'Approved by: Mateus Carvalho',
      `Carried out by: ${engineer}`,
    ].join('\n');

  test('a bank and an airline: the person who authorised the release or the task also performed it', async () => {
    const bank = await findings({
      ...rule('5.3 The person who authorises a release may not also carry out the release.'),
      'Payment-Instruction.txt': bankForm('Orla Fennelly'),
    });
    expect(bank.map((i) => i.title)).toEqual([
      'The request in Payment-Instruction.txt self-approved: Orla Fennelly approved a request made by Orla Fennelly',
    ]);
    expect(bank[0]!.description).toContain('carried out');
    const airline = await findings({
      ...rule('4.1 The officer who approves a task card must not perform the task.'),
      'Rectification-Card.txt': airlineForm('M. Carvalho'),
    });
    expect(airline).toHaveLength(1);
  });

  test('decoy: a second person releases the payment', async () => {
    expect(
      await findings({
        ...rule('5.3 The person who authorises a release may not also carry out the release.'),
        'Payment-Instruction.txt': bankForm('Ciaran Whelan'),
      }),
    ).toEqual([]);
  });
});

describe('approved by the holder of a post the procedure bars from approving', () => {
  const gridProcedure = {
    'Switching-Procedure.md':
      '# Network Switching Procedure\n\n3.4 A switching permit must be authorised by the Network Control Manager, or by a delegate named in the register, who is not the Switching Supervisor for that job.\n',
  };
  const gridPermit = (authoriser: string) =>
    [
      'SWITCHING PERMIT SP-2026-0193',
      'Substation: Kilbarry 110 kV',
      'Field team',
      'Switching Supervisor  Eamon Brady  07/05/2026',
      'Linesman  Kofi Mensah  07/05/2026',
      `Authorised by: ${authoriser}`,
    ].join('\n');

  test('an electricity network and a chemical plant: the supervisor named in the team authorised the permit', async () => {
    const grid = await findings({ ...gridProcedure, 'Switching-Permit.txt': gridPermit('Eamon Brady') });
    expect(grid.map((i) => i.title)).toEqual([
      'The request in Switching-Permit.txt self-approved: approved by Eamon Brady, its Switching Supervisor',
    ]);
    const plant = await findings({
      'Hot-Work-Procedure.md':
        '# Hot Work Procedure\n\n2.2 Each hot work permit must be approved by the Area Manager, or by a deputy on the approved list, who is not the Shift Supervisor for that task.\n',
      'Hot-Work-Permit.txt': [
        'HOT WORK PERMIT - REACTOR BAY 2',
        'Work party:',
        'Shift Supervisor: Ingrid Solberg',
        'Welder: Tomas Herrera',
        'Authorised by: Ingrid Solberg',
      ].join('\n'),
    });
    expect(plant.map((i) => i.title)).toEqual([
      'The request in Hot-Work-Permit.txt self-approved: approved by Ingrid Solberg, its Shift Supervisor',
    ]);
  });

  test('decoy: the Network Control Manager authorised it', async () => {
    expect(await findings({ ...gridProcedure, 'Switching-Permit.txt': gridPermit('Rachel Dunne') })).toEqual(
      [],
    );
  });
});

// A maintenance record laid out as scanned: the "Work performed by" field is the maker, the "Return to
// service" field (or section) the approver, and "signed by ... a designee who did not perform the work"
// the rule against one person doing both.
describe('a maintenance record: the technician who performed the work signed its return to service', () => {
  const uasProcedure = {
    'UAS-Maintenance-Procedure.md':
      '# UAS Maintenance Procedure\n\n6.3 After any maintenance the aircraft may fly again only once the return to service is signed by the Maintenance Manager or a designee who did not perform the work.\n',
  };
  const uasRecord = (releaser: string) =>
    [
      'HALCYON AERIAL SURVEY LTD',
      'UAS MAINTENANCE RECORD MR-0417',
      'Aircraft: DJI Matrice 350 RTK Serial 1581F5FHD23',
      'Defect: rear-left motor vibration reported after survey flight 2211',
      '',
      'WORK PERFORMED',
      'Replaced M3 motor and propeller set; IMU and compass recalibrated; test hover 5 min.',
      'Work performed by: Callum Reid, UAS technician (licence UAS-T-118) 14/04/2026',
      '',
      'RETURN TO SERVICE',
      `Return to service signed by: ${releaser} Date 14/04/2026`,
    ].join('\n');
  const hospitalPolicy = {
    'Medical-Equipment-Management-Policy.md':
      '# Medical Equipment Management Policy\n\n8.2 Repaired equipment goes back to the ward only after its return-to-service check is signed by the Clinical Engineering Manager or a technician who did not carry out the work.\n',
  };
  const repairRecord = (releaser: string) =>
    [
      'ST BRIGIDS HOSPITAL - CLINICAL ENGINEERING',
      'MEDICAL EQUIPMENT REPAIR RECORD',
      'Asset: Volumetric infusion pump Asset no. CE-04471 Ward: 6B',
      'Fault reported: occlusion alarm not sounding',
      '',
      'Work performed by',
      'Siobhan Quinlan, Clinical Engineering Technician',
      'Parts fitted: downstream pressure sensor assembly',
      'Electrical safety test (IEC 62353): pass',
      '',
      'Return to service',
      `${releaser} 02/03/2026`,
    ].join('\n');

  test('an aerial survey operator and a hospital: the person who did the repair released the aircraft or the pump', async () => {
    const drone = await findings({
      ...uasProcedure,
      'UAS-Maintenance-Record-MR-0417.txt': uasRecord('Callum Reid'),
    });
    expect(drone.map((i) => i.title)).toEqual([
      'The request in UAS-Maintenance-Record-MR-0417.txt self-approved: Callum Reid approved a request made by Callum Reid',
    ]);
    expect(drone[0]!.quotes.map((q) => q.text)).toEqual([
      expect.stringContaining('Work performed by: Callum Reid'),
      expect.stringContaining('Return to service signed by: Callum Reid'),
      expect.stringContaining('a designee who did not perform the work'),
    ]);
    expect(drone[0]!.quotes.map((q) => q.document)).toEqual([
      'UAS-Maintenance-Record-MR-0417.txt',
      'UAS-Maintenance-Record-MR-0417.txt',
      'UAS-Maintenance-Procedure.md',
    ]);
    const pump = await findings({
      ...hospitalPolicy,
      'Repair-Record-CE-04471.txt': repairRecord('S. Quinlan'),
    });
    expect(pump.map((i) => i.title)).toEqual([
      'The request in Repair-Record-CE-04471.txt self-approved: S. Quinlan approved a request made by Siobhan Quinlan',
    ]);
    expect(pump[0]!.description).toContain('a technician who did not carry out the work');
  });

  test('decoys: another person signs the return to service', async () => {
    expect(
      await findings({ ...uasProcedure, 'UAS-Maintenance-Record-MR-0417.txt': uasRecord('Megan Ashworth') }),
    ).toEqual([]);
    expect(
      await findings({ ...hospitalPolicy, 'Repair-Record-CE-04471.txt': repairRecord('Declan Mooney') }),
    ).toEqual([]);
  });
});

describe('a check certificate: the checker is a member of the team whose work is checked', () => {
  const engineeringStandard = {
    'Design-Check-Standard.md':
      '# Design Check Standard\n\n4.2 For Category 2 structures the checker shall be independent of the design team and shall not have contributed to the design.\n',
  };
  const certificate = (checker: string) =>
    [
      'LOUGH DERG CONSULTING ENGINEERS',
      'DESIGN CHECK CERTIFICATE DC-0912',
      'Structure: Portumna footbridge, two-span steel truss',
      'Check category: 2',
      '',
      'Design team',
      'R. Kilbride (Designer); M. Hogan (Project Engineer)',
      '',
      `Checker name: ${checker}, Chartered Engineer, Galway office`,
      'Date: 12/10/2026',
    ].join('\n');
  const auditPolicy = {
    'Internal-Audit-Charter.md':
      '# Internal Audit Charter\n\n5.1 Every audit file is reviewed before the report issues by a quality reviewer who is independent of the engagement team.\n',
  };
  const reviewSheet = (reviewer: string) =>
    [
      'ENGAGEMENT QUALITY REVIEW SHEET',
      'Engagement: payroll controls audit 2026-07',
      'Engagement team: Aoife Brennan (lead auditor), Colm Daly (auditor)',
      '',
      `Independent checker name: ${reviewer}`,
      'Review completed: 18/09/2026',
    ].join('\n');

  test('an engineering practice and an internal audit function: the checker sits in the team', async () => {
    const footbridge = await findings({
      ...engineeringStandard,
      'Design-Check-Certificate-DC-0912.txt': certificate('M. Hogan'),
    });
    expect(footbridge.map((i) => i.title)).toEqual([
      'The request in Design-Check-Certificate-DC-0912.txt self-approved: M. Hogan approved a request made by M. Hogan',
    ]);
    expect(footbridge[0]!.description).toContain('independent of the design team');
    const audit = await findings({ ...auditPolicy, 'EQR-Sheet-2026-07.txt': reviewSheet('Colm Daly') });
    expect(audit.map((i) => i.title)).toEqual([
      'The request in EQR-Sheet-2026-07.txt self-approved: Colm Daly approved a request made by Colm Daly',
    ]);
  });

  test('decoys: a checker from outside the team', async () => {
    expect(
      await findings({
        ...engineeringStandard,
        'Design-Check-Certificate-DC-0912.txt': certificate('S. Fahy'),
      }),
    ).toEqual([]);
    expect(await findings({ ...auditPolicy, 'EQR-Sheet-2026-07.txt': reviewSheet('Niamh Walsh') })).toEqual(
      [],
    );
  });
});
