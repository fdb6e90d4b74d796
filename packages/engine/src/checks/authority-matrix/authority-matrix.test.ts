// Register rows approved below the authority a policy's approval matrix sets for their amount: a
// gold lender's outsourcing register in rupees with lakh grouping and a county's contract register
// in dollars. Decoys: rows approved at their tier or above it, and a register in another currency.
import { candidateIssues } from '../../../test/helpers/check-harness';
import { authorityMatrixCheck } from '.';

const issues = (files: Record<string, string>) => candidateIssues(authorityMatrixCheck, files);

const lenderPolicy = [
  '# IT Outsourcing Policy',
  '',
  '7.1 Approval shall be obtained before the agreement is executed, on the basis of the annual contract value:',
  '',
  '| Annual contract value | Approving authority |',
  '|---|---|',
  '| Up to ₹ 50,00,000 (Rupees Fifty Lakh only) | Head - Information Technology, after review by the CRO |',
  '| Above ₹ 50,00,000 and up to ₹ 2,00,00,000 | IT Strategy Committee |',
  '| Above ₹ 2,00,00,000 | Board of Directors, on the recommendation of the IT Strategy Committee |',
].join('\n');

test("a gold lender's register: 85 lakh approved by the Head of IT, whose limit is 50 lakh", async () => {
  const found = await issues({
    'IT-Outsourcing-Policy.md': lenderPolicy,
    'IT-Outsourcing-Register.csv': [
      'Arrangement ID,Service Provider,Annual Contract Value (INR),Approving Authority,Approval Date',
      'ITO-001,Nilgiri Infotech,"1,20,00,000",Board of Directors (on ITSC recommendation),14/03/2026',
      'ITO-004,Kongu Software Labs,"18,00,000",Head - Information Technology,05/05/2026',
      'ITO-005,Tamil Digital Payments,"85,00,000",Head - Information Technology,14/07/2026',
    ].join('\n'),
  });
  expect(found).toHaveLength(1);
  expect(found[0]!.title).toContain('(ITO-005)');
  expect(found[0]!.description).toContain('85,00,000, approved by Head - Information Technology');
  expect(found[0]!.description).toContain('IT Strategy Committee');
});

const countyPolicy = [
  '# Procurement Policy',
  '',
  '| Contract value | Approver |',
  '|---|---|',
  '| Up to $25,000 | Department Director |',
  '| Over $25,000 and up to $100,000 | County Administrator |',
  '| Over $100,000 | Board of Commissioners |',
].join('\n');

test("a county's contract register: $140,000 approved by the County Administrator", async () => {
  const found = await issues({
    'Procurement-Policy.md': countyPolicy,
    'Contract-Register.csv': [
      'Contract No,Vendor,Contract Amount (USD),Approved By',
      'C-101,Prairie Paving,"$18,400",Department Director',
      'C-102,Lakeside IT,"$140,000",County Administrator',
      'C-103,Redline Fleet,"$64,000",Board of Commissioners',
    ].join('\n'),
  });
  expect(found.map((i) => i.title)).toEqual([
    'Contract-Register.csv: 1 arrangement approved below the authority Procurement-Policy.md requires (C-102)',
  ]);
});

test('decoy: every row approved at its tier or above, and a register kept in another currency', async () => {
  expect(
    await issues({
      'Procurement-Policy.md': countyPolicy,
      'Contract-Register.csv': [
        'Contract No,Vendor,Contract Amount (USD),Approved By',
        'C-101,Prairie Paving,"$18,400",Department Director',
        'C-103,Redline Fleet,"$64,000",Board of Commissioners',
      ].join('\n'),
      'Overseas-Register.csv': [
        'Contract No,Vendor,Contract Amount (EUR),Approved By',
        'E-7,Brandt GmbH,"140,000",Department Director',
      ].join('\n'),
    }),
  ).toEqual([]);
});

describe("an approver one matrix names in full is that matrix's, not a look-alike tier of another", () => {
  const twoMatrices = (financing: string[], expenditure: string[]) =>
    [
      '# Delegation Policy',
      '',
      'Section A - Financing',
      '',
      ...financing,
      '',
      'Section B - Operating expenditure',
      '',
      ...expenditure,
    ].join('\n');

  test("a bank: the Executive Credit Committee's financing approvals are not the expenditure matrix's Chief Executive Officer's", async () => {
    const found = await issues({
      'Delegation-Policy.md': twoMatrices(
        [
          '| Ref | Approver | Limit |',
          '|---|---|---|',
          '| A.1 | Head of Retail Banking | Up to $150,000 |',
          '| A.2 | Executive Credit Committee | Up to $2,000,000 |',
          '| A.3 | Board of Directors | Above $2,000,000 |',
        ],
        [
          '| Ref | Approver | Limit |',
          '|---|---|---|',
          '| B.1 | Chief Executive Officer | Up to $150,000 |',
          '| B.2 | Board of Directors | Above $150,000 |',
        ],
      ),
      'Financing-Register.csv': [
        'Facility,Customer,Amount (USD),Approved By',
        'F-01,C-1001,"$420,000",Executive Credit Committee',
        'F-02,C-1002,"$2,750,000",Executive Credit Committee',
      ].join('\n'),
    });
    // F-02 is above the committee's own limit in the financing matrix; F-01 is within it.
    expect(found.map((i) => i.title)).toEqual([expect.stringContaining('(F-02)')]);
  });

  test("a university: the Estates Capital Board's projects are not the revenue matrix's Director of Estates'", async () => {
    const found = await issues({
      'Delegation-Policy.md': twoMatrices(
        [
          '| Ref | Approver | Limit |',
          '|---|---|---|',
          '| A.1 | Director of Estates | Up to £250,000 |',
          '| A.2 | Estates Capital Board | Up to £5,000,000 |',
          '| A.3 | University Council | Above £5,000,000 |',
        ],
        [
          '| Ref | Approver | Limit |',
          '|---|---|---|',
          '| B.1 | Estates Officer | Up to £10,000 |',
          '| B.2 | University Council | Above £10,000 |',
        ],
      ),
      'Capital-Projects-Register.csv': [
        'Project,Site,Amount (GBP),Approved By',
        'P-11,Library roof,"£900,000",Estates Capital Board',
      ].join('\n'),
    });
    expect(found).toEqual([]);
  });
});

describe('a tier written as its range ("$10,000.01 to $50,000", "EUR 20,001 - EUR 150,000")', () => {
  const softwarePolicy = [
    '# Cloud Spend Policy',
    '',
    '| Annual commitment | Approver |',
    '|---|---|',
    '| Up to $10,000 | Engineering Manager |',
    '| $10,000.01 to $50,000 | Director of Engineering |',
    '| $50,000.01 to $500,000 | Chief Technology Officer |',
    '| Above $500,000 | Chief Executive Officer |',
  ].join('\n');

  test("a software firm: a $120,000 cloud commitment in the CTO's range approved by the Director of Engineering", async () => {
    const found = await issues({
      'Cloud-Spend-Policy.md': softwarePolicy,
      'Cloud-Commitments-Register.csv': [
        'Commitment,Provider,Annual Value (USD),Approved By',
        'CC-01,Stratus Compute,"$32,000",Director of Engineering',
        'CC-02,Nimbus Storage,"$120,000",Director of Engineering',
      ].join('\n'),
    });
    expect(found.map((i) => i.title)).toEqual([expect.stringContaining('(CC-02)')]);
    expect(found[0]!.description).toContain('Chief Technology Officer');
  });

  test("a hospital group: a EUR 310,000 imaging contract in the CFO's range approved by the Head of Finance", async () => {
    const found = await issues({
      'Procurement-Authority-Policy.md': [
        '# Procurement Authority Policy',
        '',
        '| Contract value | Approving authority |',
        '|---|---|',
        '| Up to EUR 20,000 | Ward Manager |',
        '| EUR 20,001 - EUR 150,000 | Head of Finance |',
        '| EUR 150,001 - EUR 1,000,000 | Chief Financial Officer |',
        '| Above EUR 1,000,000 | Board of Directors |',
      ].join('\n'),
      'Equipment-Contracts-Register.csv': [
        'Contract,Supplier,Contract Value (EUR),Approved By',
        'HC-7,Medora Imaging,"310,000",Head of Finance',
      ].join('\n'),
    });
    expect(found.map((i) => i.title)).toEqual([expect.stringContaining('(HC-7)')]);
    expect(found[0]!.description).toContain('Chief Financial Officer');
  });

  test('decoy: every commitment approved within its own range', async () => {
    expect(
      await issues({
        'Cloud-Spend-Policy.md': softwarePolicy,
        'Cloud-Commitments-Register.csv': [
          'Commitment,Provider,Annual Value (USD),Approved By',
          'CC-01,Stratus Compute,"$32,000",Director of Engineering',
          'CC-03,Nimbus Storage,"$50,000",Director of Engineering',
          'CC-04,Orbit Monitoring,"$120,000",Chief Technology Officer',
        ].join('\n'),
      }),
    ).toEqual([]);
  });
});

describe('limits per post that all start at nothing, a register naming the person and the post, and a bare amount under a column in TT$ or N$', () => {
  // A Trinidad maintenance contractor lists each post's own limit, highest first; its procurement
  // register records who signed ("Approved By") and in what post ("Approver Role"), with amounts
  // bare under "Value TT$ (excl. VAT)".
  const contractorPolicy = [
    '# Procurement Policy',
    '',
    '4.2 Each purchase requisition is approved by the holder of a post within that post’s limit:',
    '',
    '| Post | Approval limit |',
    '|---|---|',
    '| General Manager | up to TT$1,000,000.00 |',
    '| Finance Manager | up to TT$250,000.00 |',
    '| Operations Manager | up to TT$50,000.00 |',
    '| HSE Manager | up to TT$50,000.00 |',
  ].join('\n');
  const procurementRegister = (rows: string[]) =>
    [
      'Requisition No.,Description,Supplier,Value TT$ (excl. VAT),Approved By,Approver Role,Approval Date',
      ...rows,
    ].join('\n');
  const withinLimit = [
    'PR-0398,Gas detector calibration,Caroni Safety Supplies,"46,800.00",Kavita Ramdial,HSE Manager,12/03/2026',
    'PR-0405,Compressor overhaul - Point Lisas,Gulf Rotating Equipment,"212,400.00",Marcus Baptiste,Finance Manager,19/03/2026',
  ];

  test('a Trinidad maintenance contractor: TT$86,250.00 of scaffolding approved by the Operations Manager, whose limit is TT$50,000.00', async () => {
    const found = await issues({
      'Procurement-Policy.md': contractorPolicy,
      'Procurement-Register.csv': procurementRegister([
        ...withinLimit,
        'PR-0412,Scaffolding hire - turnaround,Southern Access Ltd,"86,250.00",Dwayne Mohammed,Operations Manager,26/03/2026',
      ]),
    });
    expect(found.map((i) => i.title)).toEqual([
      'Procurement-Register.csv: 1 arrangement approved below the authority Procurement-Policy.md requires (PR-0412)',
    ]);
    expect(found[0]!.description).toContain('PR-0412 (86,250.00, approved by Operations Manager)');
    expect(found[0]!.description).toContain('| Finance Manager | up to TT$250,000.00 |');
    expect(found[0]!.description).toContain('in the tier of the Finance Manager');
    expect(found[0]!.description).not.toMatch(/PR-0398|PR-0405/);
    expect(found[0]!.quotes.map((q) => q.text)).toEqual([
      '| Finance Manager | up to TT$250,000.00 |',
      expect.stringContaining(
        'PR-0412 | Scaffolding hire - turnaround | Southern Access Ltd | 86,250.00 | Dwayne Mohammed | Operations Manager',
      ),
    ]);
  });

  test('a Namibian water utility: N$ 312 400 of pipe approved by an Area Superintendent, whose limit is N$ 100 000', async () => {
    const found = await issues({
      'Delegation-of-Authority-Policy.md': [
        '# Delegation of Authority Policy',
        '',
        '| Delegate | Limit per order |',
        '|---|---|',
        '| Executive: Operations | Up to N$ 2 000 000 |',
        '| Area Superintendent | Up to N$ 100 000 |',
        '| Manager: Infrastructure | Up to N$ 500 000 |',
      ].join('\n'),
      'Orders-Register.csv': [
        'Order,Scheme,Order value,Authorised by,Authoriser post',
        'WO-2201,Rehoboth reservoir valves,N$ 64 500,T. Shikongo,Area Superintendent',
        'WO-2207,Okahandja bulk pipeline,N$ 312 400,T. Shikongo,Area Superintendent',
        'WO-2213,Gobabis pump station,N$ 410 000,E. Nangolo,Manager: Infrastructure',
      ].join('\n'),
    });
    expect(found.map((i) => i.title)).toEqual([
      'Orders-Register.csv: 1 arrangement approved below the authority Delegation-of-Authority-Policy.md requires (WO-2207)',
    ]);
    expect(found[0]!.description).toContain('WO-2207 (N$ 312 400, approved by Area Superintendent)');
    expect(found[0]!.description).toContain('in the tier of the Manager: Infrastructure');
  });

  test('decoy: every requisition within its approver’s own limit, and a register kept in US dollars', async () => {
    expect(
      await issues({
        'Procurement-Policy.md': contractorPolicy,
        'Procurement-Register.csv': procurementRegister(withinLimit),
        'Offshore-Purchases.csv': [
          'Requisition No.,Description,Value (USD),Approved By,Approver Role',
          'US-031,Subsea camera rental,"86,250.00",Dwayne Mohammed,Operations Manager',
        ].join('\n'),
      }),
    ).toEqual([]);
  });
});
