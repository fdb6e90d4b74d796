// flow_down_check on onward sub-contracting: a parent policy that forbids a sub-contracted
// provider to pass work on without approval, against contracts that let it do so with notice after
// the event. A haulier (a "Haulage Sub-Contractor Agreement" whose provider is "the Sub-Contractor")
// and a food testing laboratory (a contract letting the lab "engage other laboratories"). Decoys: a
// contract that requires prior written approval for onward sub-contracting of the work.
import { analyzeCorpus } from '../src/analyst/corpus-analysis';
import { THIRD_PARTY } from '../src/analyst/parties';
import { findFlowDownGaps, parentPolicies } from '../src/checks/flow-down/flow-down';
import type { Intake } from '../src/types';
import { snapshotOf } from './helpers/synthetic-corpus';

const INTAKE = {
  domain: 'test',
  audit_purpose: 'test',
  frameworks: ['ISO 27001'],
  focus_areas: [],
  materiality: null,
  doc_hierarchy: null,
  known_concerns: [],
} as unknown as Intake;

async function analyse(files: Record<string, string>) {
  return analyzeCorpus(await snapshotOf(files), INTAKE);
}

async function subcontractingGaps(files: Record<string, string>) {
  return findFlowDownGaps(await analyse(files)).filter((i) => i.subject.endsWith(':subcontracting'));
}

// The policy's only statement about a third party: the sub-contracted haulier itself.
const TRANSPORT_POLICY = [
  '# Transport Operations Policy',
  '',
  '## 4. Loads carried for us',
  '',
  '4.1 Every load is tracked from collection to proof of delivery.',
  '',
  '4.2 A sub-contracted haulier shall not further sub-contract any load carried for the Company without the prior written approval of the Operations Director.',
].join('\n');

const LAB_POLICY = [
  '# Laboratory Quality Policy',
  '',
  '## 6. Testing placed outside',
  '',
  '6.1 Results are reported to the Technical Manager before product is released.',
  '',
  '6.2 A sub-contracted laboratory shall not further sub-contract any analysis of our samples without the prior written approval of the Quality Manager.',
].join('\n');

const haulageContract = (onward: string, extra: string[] = []) =>
  [
    '# Haulage Sub-Contractor Agreement',
    '',
    'This Agreement is made between Brindle Logistics Ltd ("the Company") and Ashcombe Haulage Ltd ("the Sub-Contractor").',
    '',
    '3.1 The Sub-Contractor shall carry each Consignment with due care and deliver it within the agreed window.',
    '',
    "3.2 The Sub-Contractor shall obtain the Company's written approval before changing the vehicle allocated to a regular route.",
    '',
    onward,
    '',
    ...extra,
    'Signed for and on behalf of Ashcombe Haulage Ltd',
  ].join('\n');

const labContract = (onward: string, extra: string[] = []) =>
  [
    '# Laboratory Testing Services Agreement',
    '',
    'This Agreement is made between Hollin Foods Ltd ("Customer") and Calder Analytical Ltd ("Supplier").',
    '',
    '2.1 The Supplier shall test each sample by the accredited method named in the order.',
    '',
    onward,
    '',
    ...extra,
    'Signed for and on behalf of Calder Analytical Ltd',
  ].join('\n');

const HAULIER_LATE_NOTICE =
  '6.2 The Sub-Contractor may engage other hauliers to carry any Consignment at its discretion, provided that it notifies the Company within five (5) Business Days after the engagement.';
const LAB_LATE_NOTICE =
  '5.3 The Supplier may engage other laboratories to perform any analysis at its discretion, provided that it notifies the Customer within five (5) Business Days after the samples are sent.';

describe('parties: "sub-contracted" and "sub-contractor(s)" name a third party', () => {
  test.each([
    'A sub-contracted haulier',
    'the Sub-Contractor',
    'approved sub-contractors',
    'its subcontractors',
  ])('%s', (text) => {
    expect(THIRD_PARTY.test(text)).toBe(true);
  });

  test('a policy whose only third-party statement is about a sub-contracted haulier is a parent policy', async () => {
    const analysis = await analyse({ 'Transport-Operations-Policy.md': TRANSPORT_POLICY });
    expect(parentPolicies(analysis).map((d) => d.name)).toEqual(['Transport-Operations-Policy.md']);
  });
});

describe('flow_down_check: onward sub-contracting with notice only after it', () => {
  test('a haulier: the Sub-Contractor may engage other hauliers at its discretion with notice within five Business Days after', async () => {
    const gaps = await subcontractingGaps({
      'Transport-Operations-Policy.md': TRANSPORT_POLICY,
      'Haulage-Sub-Contractor-Agreement.md': haulageContract(HAULIER_LATE_NOTICE),
    });
    expect(gaps).toHaveLength(1);
    const [gap] = gaps;
    expect(gap!.title).toMatch(
      /sub-contracting without the safeguard Transport-Operations-Policy\.md requires/,
    );
    // Its name is no sub-contracting: the vehicle approval in 3.2 does not carry the rule.
    expect(gap!.description).toMatch(/with notice to the customer only after the appointment/);
    expect(gap!.quotes.map((q) => q.text)).toEqual(
      expect.arrayContaining([expect.stringContaining('may engage other hauliers')]),
    );
  });

  test('a food testing laboratory: the Supplier may engage other laboratories with notice within five Business Days after', async () => {
    const gaps = await subcontractingGaps({
      'Laboratory-Quality-Policy.md': LAB_POLICY,
      'Laboratory-Testing-Agreement.md': labContract(LAB_LATE_NOTICE),
    });
    expect(gaps).toHaveLength(1);
    expect(gaps[0]!.title).toMatch(/sub-contracting without the safeguard/);
    expect(gaps[0]!.description).toMatch(/with notice to the customer only after the appointment/);
    expect(gaps[0]!.quotes.map((q) => q.text)).toEqual(
      expect.arrayContaining([expect.stringContaining('may engage other laboratories')]),
    );
  });

  test.each([
    [
      'a haulier',
      {
        'Transport-Operations-Policy.md': TRANSPORT_POLICY,
        'Haulage-Sub-Contractor-Agreement.md': haulageContract(
          "6.2 The Sub-Contractor shall not engage other hauliers or sub-contract the carriage of any Consignment without the Company's prior written approval.",
        ),
      },
    ],
    [
      'a food testing laboratory',
      {
        'Laboratory-Quality-Policy.md': LAB_POLICY,
        'Laboratory-Testing-Agreement.md': labContract(
          "5.3 The Supplier shall not sub-contract any analysis to another laboratory without the Customer's prior written approval.",
        ),
      },
    ],
  ])(
    'decoy: %s contract requiring prior written approval for onward sub-contracting of the work',
    async (_label, files) => {
      expect(await subcontractingGaps(files)).toEqual([]);
    },
  );
});

describe('flow_down_check: sub-processors of personal data and sub-contracting of work are separate rules', () => {
  const SUBPROCESSOR_APPROVAL =
    "7.1 The Supplier shall not engage any sub-processor to process personal data of the Customer's staff without the Customer's prior written approval.";

  test('approval of sub-processors of personal data does not carry a rule on passing work on (laboratory)', async () => {
    const gaps = await subcontractingGaps({
      'Laboratory-Quality-Policy.md': LAB_POLICY,
      'Laboratory-Testing-Agreement.md': labContract(LAB_LATE_NOTICE, [SUBPROCESSOR_APPROVAL, '']),
    });
    expect(gaps).toHaveLength(1);
    expect(gaps[0]!.description).toMatch(/only after the appointment/);
  });

  test('approval of sub-processors of personal data does not carry a rule on passing work on (haulier)', async () => {
    const gaps = await subcontractingGaps({
      'Transport-Operations-Policy.md': TRANSPORT_POLICY,
      'Haulage-Sub-Contractor-Agreement.md': haulageContract(HAULIER_LATE_NOTICE, [
        "9.4 The Sub-Contractor shall not appoint any sub-processor of personal data relating to consignees without the Company's prior written approval.",
        '',
      ]),
    });
    expect(gaps).toHaveLength(1);
    expect(gaps[0]!.description).toMatch(/only after the appointment/);
  });

  // A contract's "Subcontractor" is often its sub-processor ("any third party ... that processes
  // Customer Data"): a rule on sub-processors is read against every sub-contracting clause.
  test("decoy: a rule on sub-processors is carried by the contract's approval of any sub-contracting", async () => {
    const privacyPolicy = [
      '# Staff Data Protection Policy',
      '',
      '## 5. Processors',
      '',
      "5.2 Processors must not engage a sub-processor of staff personal data without the Company's prior written approval.",
    ].join('\n');
    const gaps = await subcontractingGaps({
      'Staff-Data-Protection-Policy.md': privacyPolicy,
      'Laboratory-Testing-Agreement.md': labContract(
        "5.3 The Supplier shall not sub-contract any analysis to another laboratory without the Customer's prior written approval.",
        [
          '7.1 The Supplier may appoint sub-processors of personal data at its discretion and notifies the Customer within thirty (30) days after each appointment.',
          '',
        ],
      ),
    });
    expect(gaps).toEqual([]);
  });

  test('decoy: a contract approving both sub-processors and onward sub-contracting of the work', async () => {
    expect(
      await subcontractingGaps({
        'Laboratory-Quality-Policy.md': LAB_POLICY,
        'Laboratory-Testing-Agreement.md': labContract(
          "5.3 The Supplier shall not sub-contract any analysis to another laboratory without the Customer's prior written approval.",
          [SUBPROCESSOR_APPROVAL, ''],
        ),
      }),
    ).toEqual([]);
  });
});
