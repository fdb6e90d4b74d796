// Register rows beyond the value a policy's table sets for their category: a power utility's
// purchase-card register holds a stores card at a daily limit above the one its card type carries
// in the purchasing card policy (a table keyed by rows); a council's contractor register holds a
// category A contractor whose public liability cover ("PL Limit (GBP)") is below the minimum the
// prequalification standard sets for category A (a table keyed by columns); a hospital's locum
// booking register pays a registrar above the agency rate ceiling for the grade. Decoys: a row over
// the limit with an exception reference (in its own column, or as an "EX-2026-03" note), every value
// within the standard, a register column that names something else, and a policy table whose
// columns carry no bound word.
import { candidateIssues } from '../../../test/helpers/check-harness';
import { amountCell, namesSame } from './category-standards';
import { categoryStandardCheck } from '.';

const issues = (files: Record<string, string>) => candidateIssues(categoryStandardCheck, files);

const CARD_POLICY = [
  '# Purchasing Card Policy',
  '',
  '3.1 Each purchasing card is issued with the limits of its card type below; a higher limit needs an approved exception from the Chief Financial Officer.',
  '',
  '| Card type | Daily limit | Monthly limit |',
  '|---|---|---|',
  '| Field crew card | K5,000 | K40,000 |',
  '| Stores card | K20,000 | K150,000 |',
  '| Fleet fuel card | K8,000 | K60,000 |',
  '',
  '3.2 Cardholders reconcile their statements within ten working days of month end.',
].join('\n');

/** The utility's card register; `rows` are "card,holder,type,daily,monthly,exception". */
const cardRegister = (rows: string[]) =>
  [
    'Card no,Cardholder,Depot,Card type,Daily limit,Monthly limit,Exception ref',
    'PC-1021,B. Mwansa,Kitwe,Field crew card,5000,40000,',
    'PC-1022,T. Phiri,Ndola,Stores card,20000,150000,',
    ...rows,
  ].join('\n');

test('a power utility: a stores card at a daily limit of K35,000, above the K20,000 of its card type', async () => {
  const found = await issues({
    'Purchasing-Card-Policy.md': CARD_POLICY,
    'Purchase-Card-Register.csv': cardRegister(['PC-1030,C. Banda,Lusaka,Stores card,35000,150000,']),
  });
  expect(found.map((i) => i.title)).toEqual([
    'Purchase-Card-Register.csv: 1 row with "Daily limit" above the limit for their card type in Purchasing-Card-Policy.md',
  ]);
  expect(found[0]!.description).toContain('sets "Daily limit" at K20,000 for Card type Stores card');
  expect(found[0]!.description).toContain('PC-1030 (Card type Stores card: 35,000)');
  expect(found[0]!.quotes.map((q) => q.document)).toEqual([
    'Purchasing-Card-Policy.md',
    'Purchasing-Card-Policy.md',
    'Purchase-Card-Register.csv',
    'Purchase-Card-Register.csv',
  ]);
});

test('a power utility: two fuel cards over their monthly limit, listed in one issue of the monthly column', async () => {
  const found = await issues({
    'Purchasing-Card-Policy.md': CARD_POLICY,
    'Purchase-Card-Register.csv': cardRegister([
      'PC-1031,J. Zulu,Kabwe,Fleet fuel card,8000,75000,',
      'PC-1032,M. Lungu,Kabwe,Fleet fuel card,6000,90000,',
    ]),
  });
  expect(found.map((i) => i.title)).toEqual([
    'Purchase-Card-Register.csv: 2 rows with "Monthly limit" above the limit for their card type in Purchasing-Card-Policy.md',
  ]);
  expect(found[0]!.description).toContain(
    'PC-1031 (Card type Fleet fuel card: 75,000), PC-1032 (Card type Fleet fuel card: 90,000)',
  );
});

const PREQUALIFICATION_STANDARD = [
  '# Contractor Prequalification Standard',
  '',
  '2.1 Contractors are placed in a risk category when they are approved. Category A covers work on highways, at height or near live services; category B covers other site work.',
  '',
  '| Requirement | Category A | Category B |',
  '|---|---|---|',
  '| Public liability insurance (minimum) | £10,000,000 | £5,000,000 |',
  '| Professional indemnity insurance (minimum) | £2,000,000 | £1,000,000 |',
  '| Health and safety accreditation | Required | Required |',
].join('\n');

const contractorRegister = (rows: string[]) =>
  [
    'Contractor,Trade,Category,PL Limit (GBP),PI Limit (GBP),Employers liability (GBP),Approved until',
    'Hartwell Civils Ltd,Highway resurfacing,A,10000000,2000000,5000000,2027-03-31',
    'Brookside Joinery,Shopfitting,B,5000000,1000000,5000000,2026-11-30',
    ...rows,
  ].join('\n');

test('a council: a category A contractor with PL cover of £5m, below the £10m minimum (a table keyed by columns, an acronym column)', async () => {
  const found = await issues({
    'Contractor-Prequalification-Standard.md': PREQUALIFICATION_STANDARD,
    'Approved-Contractor-Register.csv': contractorRegister([
      'Pennine Scaffolding Ltd,Scaffolding,A,5000000,2000000,10000000,2027-01-31',
    ]),
  });
  expect(found.map((i) => i.title)).toEqual([
    'Approved-Contractor-Register.csv: 1 row with "PL Limit (GBP)" below the minimum for their category in Contractor-Prequalification-Standard.md',
  ]);
  expect(found[0]!.description).toContain(
    'sets "Public liability insurance (minimum)" at £10,000,000 for Category A',
  );
  expect(found[0]!.description).toContain('Pennine Scaffolding Ltd (Category A: 5,000,000)');
});

test('a council: professional indemnity ("PI Limit") below the category B minimum', async () => {
  const found = await issues({
    'Contractor-Prequalification-Standard.md': PREQUALIFICATION_STANDARD,
    'Approved-Contractor-Register.csv': contractorRegister([
      'Oakmere Surveying LLP,Land survey,B,5000000,500000,5000000,2026-09-30',
    ]),
  });
  expect(found.map((i) => i.title)).toEqual([
    expect.stringMatching(
      /^Approved-Contractor-Register\.csv: 1 row with "PI Limit \(GBP\)" below the minimum for their category/,
    ),
  ]);
  expect(found[0]!.description).toContain('Oakmere Surveying LLP (Category B: 500,000)');
});

const LOCUM_POLICY = [
  '# Medical Locum Engagement Policy',
  '',
  '5.1 Agency locums are booked at or below the rate ceiling for their grade.',
  '',
  '| Grade | Maximum hourly rate |',
  '|---|---|',
  '| Foundation doctor | £55 |',
  '| Registrar | £90 |',
  '| Consultant | £150 |',
].join('\n');

test('a hospital: a registrar locum booked at £118 an hour, above the £90 ceiling for the grade', async () => {
  const found = await issues({
    'Medical-Locum-Policy.md': LOCUM_POLICY,
    'Locum-Booking-Register.csv': [
      'Booking,Ward,Grade,Agency,Hourly rate,Shifts,Notes',
      'LB-2210,Emergency department,Registrar,Medrota Staffing,88,4,',
      'LB-2211,Acute medical unit,Registrar,Carewell Locums,118,2,Booked by rota coordinator',
      'LB-2212,Paediatrics,Consultant,Medrota Staffing,145,1,',
    ].join('\n'),
  });
  expect(found.map((i) => i.title)).toEqual([
    'Locum-Booking-Register.csv: 1 row with "Hourly rate" above the limit for their grade in Medical-Locum-Policy.md',
  ]);
  expect(found[0]!.description).toContain('LB-2211 (Grade Registrar: 118)');
});

describe('decoys', () => {
  test('a stores card over its daily limit with an exception reference in the "Exception ref" column', async () => {
    expect(
      await issues({
        'Purchasing-Card-Policy.md': CARD_POLICY,
        'Purchase-Card-Register.csv': cardRegister([
          'PC-1030,C. Banda,Lusaka,Stores card,35000,150000,CFO-APP-0114',
        ]),
      }),
    ).toEqual([]);
  });

  test('a registrar locum over the ceiling with an "EX-2026-03" note', async () => {
    expect(
      await issues({
        'Medical-Locum-Policy.md': LOCUM_POLICY,
        'Locum-Booking-Register.csv': [
          'Booking,Ward,Grade,Agency,Hourly rate,Shifts,Notes',
          'LB-2211,Acute medical unit,Registrar,Carewell Locums,118,2,Winter pressures rate agreed under EX-2026-03',
        ].join('\n'),
      }),
    ).toEqual([]);
  });

  test('every value within the standard: cards at or under their limits, contractors at or above their minimums', async () => {
    expect(
      await issues({
        'Purchasing-Card-Policy.md': CARD_POLICY,
        'Purchase-Card-Register.csv': cardRegister(['PC-1030,C. Banda,Lusaka,Stores card,20000,120000,']),
        'Contractor-Prequalification-Standard.md': PREQUALIFICATION_STANDARD,
        'Approved-Contractor-Register.csv': contractorRegister([
          'Pennine Scaffolding Ltd,Scaffolding,A,12000000,2000000,10000000,2027-01-31',
        ]),
      }),
    ).toEqual([]);
  });

  test('a register column that names something else: employers liability of £1m is not public liability', async () => {
    expect(
      await issues({
        'Contractor-Prequalification-Standard.md': PREQUALIFICATION_STANDARD,
        'Approved-Contractor-Register.csv': contractorRegister([
          'Pennine Scaffolding Ltd,Scaffolding,A,10000000,2000000,1000000,2027-01-31',
        ]),
      }),
    ).toEqual([]);
  });

  test('a policy table whose columns carry no bound word ("Typical daily spend")', async () => {
    expect(
      await issues({
        'Purchasing-Card-Policy.md': [
          '# Purchasing Card Policy',
          '',
          '| Card type | Typical daily spend | Typical monthly spend |',
          '|---|---|---|',
          '| Field crew card | K2,000 | K15,000 |',
          '| Stores card | K9,000 | K60,000 |',
        ].join('\n'),
        'Purchase-Card-Spend-Log.csv': [
          'Card no,Cardholder,Card type,Typical daily spend,Typical monthly spend',
          'PC-1021,B. Mwansa,Field crew card,4500,31000',
          'PC-1022,T. Phiri,Stores card,16000,98000',
        ].join('\n'),
      }),
    ).toEqual([]);
  });
});

describe('amountCell', () => {
  test.each([
    ['K10,000', 10000],
    ['$5,000,000', 5000000],
    ['ZMW 5,000', 5000],
    ['£90', 90],
    ['5000000', 5000000],
  ])('reads %s as %d', (cell, value) => {
    expect(amountCell(cell)).toBe(value);
  });

  test.each([['Required'], ['n/a'], ['up to 5,000 per day'], ['']])('reads no amount in "%s"', (cell) => {
    expect(amountCell(cell)).toBeNull();
  });
});

describe('namesSame', () => {
  test('the same words, words of the label, and word starts name the same thing', () => {
    expect(namesSame('Daily limit', 'Daily limit')).toBe(true);
    expect(namesSame('Maximum hourly rate', 'Hourly rate')).toBe(true);
    expect(namesSame('Automobile liability (minimum)', 'Auto liability')).toBe(true);
  });

  test('an acronym of consecutive words names the label', () => {
    expect(namesSame('Public liability insurance (minimum)', 'PL Limit (GBP)')).toBe(true);
    expect(namesSame('Commercial general liability (minimum)', 'CGL cover')).toBe(true);
  });

  test('another thing, a lower-case acronym, or a column of filler words alone does not', () => {
    expect(namesSame('Public liability insurance (minimum)', 'Employers liability')).toBe(false);
    expect(namesSame('Daily limit', 'Monthly limit')).toBe(false);
    expect(namesSame('Public liability insurance (minimum)', 'pl limit')).toBe(false);
    expect(namesSame('Daily limit', 'Limit')).toBe(false);
  });
});
