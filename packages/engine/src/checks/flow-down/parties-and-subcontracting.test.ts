// flow_down_check on who the contract's provider is and how a sub-contract controls its own
// sub-contracting:
// 1. counterparty(): the party defined in a role other than the organisation's ("Company" and
//    the "Haulier"), a definition holding a bracketed registration number, names with "&" or
//    "(PRIVATE)", `(hereinafter called "the Service Provider", ...)`, and in a sub-contract the
//    "Subcontractor" beside the organisation's "Contractor";
// 2. in a sub-contract whose provider is defined as plain ("Subcontractor"), its name is no
//    sub-contracting ("Subcontractor shall not assign this Agreement without the prior written
//    consent of Contractor" approves nothing), and "include in each lower-tier subcontract the
//    clauses listed in Schedule B" binds the lower tier to the same terms;
// 3. a policy heading whose line runs on into its lead-in ("8. Carriers ... We engage carriers
//    only under a written agreement that requires the provider to:") introduces contract clauses.
// A dredging contractor with its haulier and survey sub-contractor, a fruit and seafood exporter
// with its reefer carriers, a hospital with its specimen courier. Decoys: a sub-contract requiring
// prior written consent for lower-tier subcontracts; a policy's "only under" that binds no third
// party; a works contract whose provider is the "Contractor".
import { analyzeCorpus, type AnalyzedDocument, type CorpusAnalysis } from '../../analyst/corpus-analysis';
import type { Issue } from '../../analyst/issue';
import { snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { BLANK_INTAKE, candidateIssues } from '../../../test/helpers/check-harness';
import { contractObligations, counterparty, flowDownIssues, parentPolicies } from './flow-down';
import { flowDownCheck } from '.';

async function analyse(files: Record<string, string>): Promise<CorpusAnalysis> {
  return analyzeCorpus(await snapshotOf(files), BLANK_INTAKE);
}

const lines = (...parts: string[]) => parts.join('\n\n');

/** The provider a one-contract corpus names. */
async function providerOf(contract: string): Promise<string | null> {
  const analysis = await analyse({ 'Contract.md': contract });
  const doc: AnalyzedDocument = analysis.byName.get('Contract.md')!;
  expect(doc.role).toBe('contract');
  return counterparty(doc);
}

/** The sub-contracting issues of the policy (first file) and the contract (second file). */
async function subcontractingIssues(files: Record<string, string>): Promise<Issue[]> {
  const analysis = await analyse(files);
  const [parentName, childName] = Object.keys(files);
  const parent = analysis.byName.get(parentName!)!;
  const child = analysis.byName.get(childName!)!;
  return flowDownIssues(analysis, parent, child).filter((i) => i.subject.endsWith(':subcontracting'));
}

const quoteTexts = (issue: Issue) => issue.quotes.map((q) => q.text);

// ---------------------------------------------------------------------------------------------
// 1. counterparty()
// ---------------------------------------------------------------------------------------------

describe('counterparty: the party a contract defines as its provider', () => {
  test.each([
    [
      'a dredging contractor ("Company") and its plant haulier (the "Haulier")',
      lines(
        '# Plant Haulage Agreement',
        'This Agreement is made between ESTUARY DREDGING LIMITED, a company incorporated in England and Wales (registered number 03917264) whose registered office is at Quay House, Dock Road, Harwich ("Company") and FENLAND PLANT HAULAGE LTD, a company incorporated in England and Wales (registered number 08815523) whose registered office is at Unit 4, Wisbech Road, March (the "Haulier").',
        '2.1 The Haulier shall move pipeline sections and booster pumps between the yard and the dredging site.',
      ),
      'FENLAND PLANT HAULAGE LTD',
    ],
    [
      'a hospital ("Client") and its specimen courier (the "Courier")',
      lines(
        '# Specimen Courier Agreement',
        'THIS AGREEMENT is dated 1 March 2025 and is made between SAINT BRENDAN HOSPITAL SERVICES LIMITED, a company registered in Ireland (registered number 512233) of Merrion Road, Dublin 4 ("Client") and QUICKSILVER MEDICAL COURIERS LIMITED, a company registered in Ireland (registered number 601177) of Naas Road, Dublin 12 (the "Courier").',
        '2.1 The Courier shall carry pathology specimens from the wards to the central laboratory.',
      ),
      'QUICKSILVER MEDICAL COURIERS LIMITED',
    ],
  ])('%s: the other party, not the organisation', async (_, contract, provider) => {
    expect(await providerOf(contract)).toBe(provider);
  });

  test('a supplier whose definition holds a bracketed company number', async () => {
    const contract = lines(
      '# Reefer Haulage Agreement',
      'This Agreement is made between Valleyfresh Exports Ltd ("the Customer") and NORTHWAY REEFER HAULAGE LIMITED, a company registered in Scotland (company number SC401122), whose registered office is at 12 Clyde Street, Glasgow (the "Supplier").',
      '3.1 The Supplier shall carry chilled fruit from the packhouse to the port of Grangemouth.',
    );
    expect(await providerOf(contract)).toBe('NORTHWAY REEFER HAULAGE LIMITED');
  });

  test.each([
    [
      'a dredging contractor and its marine supplier: "GULF & DELTA MARINE, INC."',
      lines(
        '# Marine Services Agreement',
        'This Agreement is entered into between ESTUARY DREDGING LIMITED ("Company") and GULF & DELTA MARINE, INC., a Louisiana corporation with offices at 200 Levee Street, Houma (the "Supplier").',
        '2.1 The Supplier shall provide two tugs and a survey launch for the channel deepening works.',
      ),
      'GULF & DELTA MARINE',
    ],
    [
      'a fruit exporter and its packaging supplier: "ZAMBEZI FRESH PACKAGING (PRIVATE) LIMITED"',
      lines(
        '# Packaging Supply Agreement',
        'This Agreement is made between Valleyfresh Exports Ltd ("the Customer") and ZAMBEZI FRESH PACKAGING (PRIVATE) LIMITED, a company incorporated in Zimbabwe, of 14 Seke Road, Harare (the "Supplier").',
        '2.1 The Supplier shall deliver ventilated cartons to the packhouse each week of the citrus season.',
      ),
      'ZAMBEZI FRESH PACKAGING (PRIVATE) LIMITED',
    ],
  ])('%s: the name kept whole', async (_, contract, provider) => {
    expect(await providerOf(contract)).toBe(provider);
  });

  test.each([
    [
      'a seafood exporter and its cold-chain carrier',
      lines(
        '# Reefer Transport Agreement',
        'This Agreement is made at Kochi between MALABAR SEAFOOD EXPORTS PRIVATE LIMITED, a company incorporated under the Companies Act, 2013 (hereinafter called "the Exporter", which expression shall include its successors) AND KAVERI COLD CHAIN (PRIVATE) LIMITED, a company incorporated under the Companies Act, 1956, having its registered office at Willingdon Island, Kochi (hereinafter called "the Service Provider", which expression shall include its successors and permitted assigns).',
        '3.1 The Service Provider shall carry frozen shrimp in reefer containers from the processing plant to the port.',
      ),
      'KAVERI COLD CHAIN (PRIVATE) LIMITED',
    ],
    [
      'a hospital and its patient transport operator',
      lines(
        '# Patient Transport Agreement',
        'This Agreement is made at Chennai between SRI ARUNA HOSPITALS PRIVATE LIMITED, a company incorporated under the Companies Act, 2013 (hereinafter called "the Hospital", which expression shall include its successors) AND VELLORE AMBULANCE SERVICES, a partnership firm having its office at Anna Salai, Chennai (hereinafter called "the Service Provider", which expression shall include its partners and permitted assigns).',
        '3.1 The Service Provider shall keep two equipped ambulances on call at the Hospital at all times.',
      ),
      'VELLORE AMBULANCE SERVICES',
    ],
  ])('%s: `(hereinafter called "the Service Provider", ...)`', async (_, contract, provider) => {
    expect(await providerOf(contract)).toBe(provider);
  });

  test.each([
    [
      'a dredging contractor and its survey sub-contractor',
      lines(
        '# Hydrographic Survey Subcontract',
        'This Subcontract is entered into between ESTUARY DREDGING LIMITED, a company incorporated in England and Wales ("Contractor"), and PELICAN HYDROGRAPHIC SURVEYS LLP, a limited liability partnership ("Subcontractor").',
        '3.1 Subcontractor shall carry out pre-dredge and post-dredge multibeam surveys of the approach channel.',
      ),
      'PELICAN HYDROGRAPHIC SURVEYS LLP',
    ],
    [
      'a cold-chain logistics contractor and its reefer haulier',
      lines(
        '# Chilled Distribution Subcontract',
        'This Subcontract is made between ARCTIC LINK LOGISTICS LIMITED, a company registered in England (registered number 07744120) ("Contractor") and MOORLAND REEFER HAULAGE LTD, a company registered in England (registered number 09912045) ("Subcontractor").',
        '2.1 Subcontractor shall carry chilled pallets from the Contractor cross-dock to supermarket depots.',
      ),
      'MOORLAND REEFER HAULAGE LTD',
    ],
  ])('%s: the "Subcontractor", not the "Contractor"', async (_, contract, provider) => {
    expect(await providerOf(contract)).toBe(provider);
  });

  test('decoy: in a works contract (no sub-contract) the "Contractor" is still the provider', async () => {
    const contract = lines(
      '# Ward Refurbishment Works Contract',
      'This Contract is made between SAINT BRENDAN HOSPITAL SERVICES LIMITED ("Employer") and LIFFEY BUILDING CONTRACTORS LIMITED, a company registered in Ireland (registered number 334455) ("Contractor").',
      '2.1 The Contractor shall refurbish the day surgery ward in four phases.',
    );
    expect(await providerOf(contract)).toBe('LIFFEY BUILDING CONTRACTORS LIMITED');
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Sub-contracting in a sub-contract whose provider is plain "Subcontractor"
// ---------------------------------------------------------------------------------------------

const DREDGING_APPROVAL =
  '5.2 A subcontractor must not sub-contract any part of its works without our prior written approval.';
const DREDGING_SAME_TERMS =
  '5.3 Each subcontractor must ensure that its own subcontractors are bound by the same obligations as it is bound by under its subcontract.';

const dredgingPolicy = (...requirements: string[]) =>
  lines(
    '# Subcontractor Management Policy',
    '## 5. Lower-tier subcontracting',
    '5.1 Subcontractors engaged on dredging and reclamation works are pre-qualified by the Commercial Manager.',
    ...requirements,
  );

const surveySubcontract = (...clauses: string[]) =>
  lines(
    '# Hydrographic Survey Subcontract',
    'This Subcontract is entered into between ESTUARY DREDGING LIMITED, a company incorporated in England and Wales ("Contractor"), and PELICAN HYDROGRAPHIC SURVEYS LLP, a limited liability partnership ("Subcontractor").',
    '3.1 Subcontractor shall carry out pre-dredge and post-dredge multibeam surveys of the approach channel.',
    ...clauses,
  );

const SURVEY_ASSIGN =
  '7.1 Subcontractor shall not assign this Agreement without the prior written consent of Contractor.';
const SURVEY_NOTICE =
  '7.2 Subcontractor may engage Lower-Tier Subcontractors to perform tidal observations upon written notice to Contractor.';
const SURVEY_SCHEDULE =
  '7.3 Subcontractor shall include in each lower-tier subcontract the clauses listed in Schedule B.';

const LOGISTICS_APPROVAL =
  '4.2 Subcontractors shall not sub-contract any haulage to another operator without the prior written approval of the Operations Director.';
const LOGISTICS_SAME_TERMS =
  '4.3 A subcontractor shall ensure that its own subcontractors are bound by equivalent terms.';

const logisticsPolicy = (...requirements: string[]) =>
  lines(
    '# Third-Party Haulage Policy',
    '## 4. Haulage subcontractors',
    '4.1 Chilled pallets are loaded only into trailers pre-cooled to between 0 and 5 degrees Celsius.',
    ...requirements,
  );

const distributionSubcontract = (...clauses: string[]) =>
  lines(
    '# Chilled Distribution Subcontract',
    'This Subcontract is made between ARCTIC LINK LOGISTICS LIMITED, a company registered in England (registered number 07744120) ("Contractor") and MOORLAND REEFER HAULAGE LTD, a company registered in England (registered number 09912045) ("Subcontractor").',
    '2.1 Subcontractor shall carry chilled pallets from the cross-dock to supermarket depots.',
    ...clauses,
  );

const HAULAGE_ASSIGN =
  '9.1 Subcontractor shall not assign any of its rights under this Agreement without the prior written consent of Contractor.';
const HAULAGE_NOTICE =
  '9.2 Subcontractor may engage Lower-Tier Subcontractors for night trunking upon written notice to Contractor.';
const HAULAGE_SCHEDULE =
  '9.3 Subcontractor shall include in each lower-tier subcontract the clauses listed in Schedule B.';

describe('flow_down_check: a sub-contract whose provider is defined as plain ("Subcontractor")', () => {
  test.each([
    [
      'a dredging contractor and its survey sub-contractor',
      { 'Subcontractor-Management-Policy.md': dredgingPolicy(DREDGING_APPROVAL) },
      { 'Hydrographic-Survey-Subcontract.md': surveySubcontract(SURVEY_ASSIGN, SURVEY_NOTICE) },
      'PELICAN HYDROGRAPHIC SURVEYS LLP',
      SURVEY_NOTICE,
    ],
    [
      'a cold-chain logistics contractor and its reefer haulier',
      { 'Third-Party-Haulage-Policy.md': logisticsPolicy(LOGISTICS_APPROVAL) },
      { 'Chilled-Distribution-Subcontract.md': distributionSubcontract(HAULAGE_ASSIGN, HAULAGE_NOTICE) },
      'MOORLAND REEFER HAULAGE LTD',
      HAULAGE_NOTICE,
    ],
  ])(
    '%s: the consent to assignment approves no sub-contracting; lower-tier notice falls short of approval',
    async (_, policy, contract, provider, noticeClause) => {
      const issues = await subcontractingIssues({ ...policy, ...contract });
      expect(issues).toHaveLength(1);
      const [issue] = issues;
      expect(issue!.title).toMatch(/sub-contracting without the safeguard /);
      expect(issue!.description).toContain('prior approval of (or notice of) sub-contractors');
      expect(issue!.description).toContain(`lets ${provider} subcontract with notice only, and no approval`);
      expect(quoteTexts(issue!)).toContainEqual(expect.stringContaining(noticeClause.slice(0, 60)));
      expect(quoteTexts(issue!).join('\n')).not.toContain('shall not assign');
    },
  );

  test.each([
    [
      'a dredging contractor and its survey sub-contractor',
      {
        'Subcontractor-Management-Policy.md': dredgingPolicy(DREDGING_APPROVAL, DREDGING_SAME_TERMS),
        'Hydrographic-Survey-Subcontract.md': surveySubcontract(
          SURVEY_ASSIGN,
          SURVEY_NOTICE,
          SURVEY_SCHEDULE,
        ),
      },
    ],
    [
      'a cold-chain logistics contractor and its reefer haulier',
      {
        'Third-Party-Haulage-Policy.md': logisticsPolicy(LOGISTICS_APPROVAL, LOGISTICS_SAME_TERMS),
        'Chilled-Distribution-Subcontract.md': distributionSubcontract(
          HAULAGE_ASSIGN,
          HAULAGE_NOTICE,
          HAULAGE_SCHEDULE,
        ),
      },
    ],
  ])(
    '%s: "include in each lower-tier subcontract the clauses listed in Schedule B" binds the lower tier; only approval is missing',
    async (_, files) => {
      const issues = await subcontractingIssues(files);
      expect(issues).toHaveLength(1);
      const [issue] = issues;
      expect(issue!.title).toMatch(/without the safeguard /);
      expect(issue!.description).toContain('prior approval of (or notice of) sub-contractors');
      expect(issue!.description).not.toContain('same restrictions and conditions');
    },
  );

  test.each([
    [
      'a dredging contractor',
      { 'Subcontractor-Management-Policy.md': dredgingPolicy(DREDGING_SAME_TERMS) },
      (...c: string[]) => ({ 'Hydrographic-Survey-Subcontract.md': surveySubcontract(...c) }),
      SURVEY_SCHEDULE,
    ],
    [
      'a cold-chain logistics contractor',
      { 'Third-Party-Haulage-Policy.md': logisticsPolicy(LOGISTICS_SAME_TERMS) },
      (...c: string[]) => ({ 'Chilled-Distribution-Subcontract.md': distributionSubcontract(...c) }),
      HAULAGE_SCHEDULE,
    ],
  ])(
    '%s requiring the same terms for the lower tier: the Schedule B clause carries it, its absence does not',
    async (_, policy, contract, scheduleClause) => {
      expect(await subcontractingIssues({ ...policy, ...contract(scheduleClause) })).toEqual([]);
      const without = await subcontractingIssues({ ...policy, ...contract() });
      expect(without.map((i) => i.description)).toEqual([
        expect.stringContaining('sub-contractors bound in writing to the same restrictions and conditions'),
      ]);
    },
  );

  test.each([
    [
      'a dredging contractor',
      {
        'Subcontractor-Management-Policy.md': dredgingPolicy(DREDGING_APPROVAL),
        'Hydrographic-Survey-Subcontract.md': surveySubcontract(
          SURVEY_ASSIGN,
          '7.2 Subcontractor shall not enter into any lower-tier subcontract without the prior written consent of Contractor.',
        ),
      },
    ],
    [
      'a cold-chain logistics contractor',
      {
        'Third-Party-Haulage-Policy.md': logisticsPolicy(LOGISTICS_APPROVAL),
        'Chilled-Distribution-Subcontract.md': distributionSubcontract(
          HAULAGE_ASSIGN,
          '9.2 Subcontractor shall not let any lower-tier subcontract for trunking without the prior written consent of Contractor.',
        ),
      },
    ],
  ])('decoy, %s: prior written consent for lower-tier subcontracts carries approval', async (_, files) => {
    expect(await subcontractingIssues(files)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 3. A policy heading that runs on into its lead-in
// ---------------------------------------------------------------------------------------------

const EXPORTER_SUBCONTRACT_ITEM =
  '(d) not sub-contract any part of the carriage without our prior written approval.';

const exporterPolicy = lines(
  '# Cold Chain Quality Policy',
  '7. Packhouse',
  '7.1 Fruit is pre-cooled to the set point recorded on the dispatch note.',
  '8. Carriers and other logistics providers We engage carriers only under a written agreement that requires the provider to:',
  '(a) keep each reefer container at the set point shown on the dispatch note;',
  '(b) hold goods-in-transit insurance for the full value of each load;',
  '(c) download and send us the temperature logger record of each journey; and',
  EXPORTER_SUBCONTRACT_ITEM,
);

const reeferAgreement = (subcontracting: string) =>
  lines(
    '# Refrigerated Haulage Agreement',
    'This Agreement is made between Valleyfresh Exports Ltd ("the Customer") and Coldroute Logistics Ltd ("the Carrier").',
    '4.1 The Carrier shall collect sealed reefer containers from the packhouse on the dates in the shipping schedule.',
    '4.2 The Carrier holds goods-in-transit insurance for the full value of each load.',
    subcontracting,
  );

const HOSPITAL_SUBCONTRACT_ITEM =
  "(c) not sub-contract any collection or delivery without the Trust's prior written approval.";

const hospitalPolicy = lines(
  '# Pathology Specimen Transport Policy',
  '5. Packaging',
  '5.1 Specimens are packed by ward staff in UN3373 packaging with absorbent material.',
  '6. Courier providers The Trust engages courier providers under a written contract that binds the provider to:',
  '(a) deliver urgent specimens to the laboratory within the times agreed with the Trust;',
  '(b) keep vehicles clean and fitted with spill kits; and',
  HOSPITAL_SUBCONTRACT_ITEM,
);

const courierAgreement = (subcontracting: string) =>
  lines(
    '# Pathology Courier Agreement',
    'This Agreement is made between Saint Brendan Hospital Services Limited ("the Trust") and Quicksilver Medical Couriers Limited ("the Courier").',
    '3.1 The Courier shall collect specimen boxes from the ward collection points on the published rounds.',
    '3.2 The Courier shall keep each vehicle clean and carry a spill kit.',
    subcontracting,
  );

describe('flow_down_check: a policy heading that runs on into its contract lead-in', () => {
  test.each([
    [
      'a fruit exporter and its reefer carrier: "We engage carriers only under a written agreement that requires the provider to:"',
      'Cold-Chain-Quality-Policy.md',
      exporterPolicy,
      'Refrigerated-Haulage-Agreement.md',
      reeferAgreement(
        '4.3 The Carrier may sub-contract any part of the carriage to other hauliers at its discretion.',
      ),
      EXPORTER_SUBCONTRACT_ITEM,
    ],
    [
      'a hospital and its specimen courier: "engages courier providers under a written contract that binds the provider to:"',
      'Pathology-Specimen-Transport-Policy.md',
      hospitalPolicy,
      'Pathology-Courier-Agreement.md',
      courierAgreement('3.3 The Courier may sub-contract collections to other couriers of its choosing.'),
      HOSPITAL_SUBCONTRACT_ITEM,
    ],
  ])('%s', async (_, policyName, policy, contractName, contract, item) => {
    const files = { [policyName]: policy, [contractName]: contract };
    const analysis = await analyse(files);
    const parent = analysis.byName.get(policyName)!;
    // The lettered items are the clauses the contracts must carry.
    const obligations = contractObligations(parent).map((o) => o.text);
    expect(obligations).toContain(item);
    expect(obligations.length).toBeGreaterThanOrEqual(3);
    expect(parentPolicies(analysis)).toContain(parent);
    const issues = (await candidateIssues(flowDownCheck, files)).filter((i) =>
      i.subject.endsWith(':subcontracting'),
    );
    expect(issues).toHaveLength(1);
    expect(issues[0]!.title).toMatch(/sub-contracting without the safeguard/);
    expect(issues[0]!.description).toContain('subcontract without it');
    expect(quoteTexts(issues[0]!)).toContainEqual(expect.stringContaining(item.slice(0, 50)));
  });

  test.each([
    [
      'a fruit exporter',
      'Cold-Chain-Quality-Policy.md',
      exporterPolicy,
      'Refrigerated-Haulage-Agreement.md',
      reeferAgreement(
        '4.3 The Carrier shall not sub-contract any part of the carriage without the prior written approval of the Customer.',
      ),
    ],
    [
      'a hospital',
      'Pathology-Specimen-Transport-Policy.md',
      hospitalPolicy,
      'Pathology-Courier-Agreement.md',
      courierAgreement(
        "3.3 The Courier shall not sub-contract any collection or delivery without the Trust's prior written approval.",
      ),
    ],
  ])(
    'decoy, %s: a contract requiring prior written approval',
    async (_, policyName, policy, contractName, contract) => {
      const issues = await candidateIssues(flowDownCheck, { [policyName]: policy, [contractName]: contract });
      expect(issues.filter((i) => i.subject.endsWith(':subcontracting'))).toEqual([]);
    },
  );

  test.each([
    [
      'a dredging contractor: "deposited at sea only under the marine licence"',
      lines(
        '# Dredged Material Disposal Policy',
        '3. Disposal',
        '3.1 Dredged material is deposited at sea only under the marine licence held by the Company.',
        '3.2 Sediment samples are tested for contaminants before each dredging campaign.',
      ),
      'Plant-Haulage-Agreement.md',
      lines(
        '# Plant Haulage Agreement',
        'This Agreement is made between Estuary Dredging Limited ("Company") and Fenland Plant Haulage Ltd (the "Haulier").',
        '2.1 The Haulier may engage other hauliers to move pipeline sections at its discretion.',
      ),
    ],
    [
      'a hospital: "destroyed only under the supervision of the Accountable Officer"',
      lines(
        '# Controlled Drugs Policy',
        '4. Destruction',
        '4.1 Expired controlled drugs are destroyed only under the supervision of the Accountable Officer.',
        '4.2 Each destruction is recorded in the ward controlled drugs register.',
      ),
      'Pathology-Courier-Agreement.md',
      courierAgreement('3.3 The Courier may sub-contract collections to other couriers of its choosing.'),
    ],
  ])('decoy, %s: binds no third party', async (_, policy, contractName, contract) => {
    const files = { 'Policy.md': policy, [contractName]: contract };
    const analysis = await analyse(files);
    expect(parentPolicies(analysis).map((d) => d.name)).toEqual([]);
    expect(await candidateIssues(flowDownCheck, files)).toEqual([]);
  });
});
