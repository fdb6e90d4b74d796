// The handling of individuals' requests to see, correct or delete their personal information, a
// duty of national privacy laws outside the GDPR (POPIA, PIPEDA, the NZ Privacy Act, the DPDP Act).
// Fixtures: a South African wine co-operative whose policy defines the "responsible party" (a word
// that answers no request) and a Canadian credit union; decoys: a statement of how requests are
// answered, and the same set under a framework without the duty.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { elementsFor } from '../../analyst/frameworks';
import { INTAKE, snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { findCoverageGaps } from './coverage';

async function gaps(files: Record<string, string>, frameworks: string[]) {
  const analysis = analyzeCorpus(await snapshotOf(files), { ...INTAKE, frameworks });
  return findCoverageGaps(analysis, elementsFor(frameworks), frameworks).map((i) => i.subject);
}

const SUBJECT = 'coverage:privacy_access_correction_requests';
const winePolicy =
  '# Privacy Policy\n\n4.1 "Personal information", "data subject" and "responsible party" have the meanings given to them in section 1 of POPIA.\n\n6.1 Wine club members may withdraw their marketing consent at any time.\n';
const creditUnionPolicy =
  "# Member Privacy Policy\n\n3.2 Members' personal information is kept in the banking system and protected by the safeguards of the Information Security Policy.\n";

test.each([
  [
    'a wine co-operative under POPIA',
    winePolicy,
    ['Protection of Personal Information Act 4 of 2013 (POPIA)'],
  ],
  ['a credit union under PIPEDA', creditUnionPolicy, ['PIPEDA']],
])(
  '%s: no statement says how a request to see or correct personal information is answered',
  async (_label, policy, frameworks) => {
    expect(await gaps({ 'Privacy-Policy.md': policy }, frameworks)).toContain(SUBJECT);
  },
);

test('decoys: requests answered within 30 days; a framework without the duty', async () => {
  expect(
    await gaps(
      {
        'Privacy-Policy.md': `${winePolicy}\n7.1 Requests by data subjects for access to, or correction or deletion of, their personal information are logged by the Deputy Information Officer and answered within 30 days.\n`,
      },
      ['POPIA'],
    ),
  ).not.toContain(SUBJECT);
  expect(await gaps({ 'Privacy-Policy.md': winePolicy }, ['ISO 22000:2018'])).not.toContain(SUBJECT);
  // A processor's process: requests under its heading are passed to the customer.
  expect(
    await gaps(
      {
        'Data-Protection-Policy.md':
          '# Data Protection Policy\n\n9. Rights of Data Principals\n\n9.1 Requests received by the Company about Customer Data are forwarded to the relevant customer within 2 business days.\n',
      },
      ['Digital Personal Data Protection Act, 2023'],
    ),
  ).not.toContain(SUBJECT);
});
