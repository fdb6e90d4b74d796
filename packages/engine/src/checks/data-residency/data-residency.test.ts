// Where data may be kept, in two industries' wording: a lender whose policy keeps customer data
// in Ghana and whose cloud contract lets the provider replicate it to South Africa; a transit
// agency whose policy keeps rider data in Canada and whose fare-system contract replicates backups
// to the United States. Decoys: a contract that forbids other countries, a contract that names only
// a city, and a policy with no residency rule.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { candidateIssues } from '../../../test/helpers/check-harness';
import { residencyBreaches, residencyIssue } from './residency';
import { dataResidencyCheck } from '.';

async function breaches(files: Record<string, string>) {
  const analysis = analyzeCorpus(await snapshotOf(files), null);
  return { analysis, found: residencyBreaches(analysis) };
}

const ghanaPolicy =
  '# Information Security Policy\n\n10.2 Outsourcing contracts shall provide for (d) hosting of customer and core banking data in data centres located in Ghana, unless the Bank of Ghana has approved another location.\n';
const canadaPolicy =
  '# Information Security Policy\n\n10.3 Information about riders and employees, including backups and replicas, is stored and processed in Canada.\n';

describe('a contract that lets data go where the policy does not allow', () => {
  test('a lender: the cloud agreement lets the provider replicate customer data to its facilities in Johannesburg, Republic of South Africa', async () => {
    const { analysis, found } = await breaches({
      'Information-Security-Policy.md': ghanaPolicy,
      'Cloud-Hosting-Agreement.md':
        '# Cloud Hosting Agreement\n\n5.3 The Provider may also store, replicate or otherwise process Customer Data in other data centres, including its facilities in Johannesburg, Republic of South Africa.\n',
    });
    expect(found.map((b) => [b.permission.document, b.places])).toEqual([
      ['Cloud-Hosting-Agreement.md', ['Republic of South Africa']],
    ]);
    const issue = residencyIssue(found[0]!);
    expect(issue.primitive).toBe('flow_down_check');
    expect(issue.title).toMatch(/Republic of South Africa.*Ghana/);
    for (const q of issue.quotes)
      expect(analysis.byName.get(q.document)!.text.slice(q.start, q.end)).toBe(q.text);
  });

  test('a transit agency: the fare-system contract replicates the tenant, including backups, to Ashburn, Virginia, United States', async () => {
    const files = {
      'Information-Security-Policy.md': canadaPolicy,
      'Fare-Collection-Agreement.md':
        "# Fare Collection Services Agreement\n\n3.1 The production environment is hosted in the Vendor's primary data centre in Toronto, Ontario.\n\n3.2 For business continuity, the Vendor replicates the Commission's tenant, including backups, to its secondary hosting region in Ashburn, Virginia, United States.\n",
    };
    const { found } = await breaches(files);
    expect(found.map((b) => b.places)).toEqual([['United States']]);
    // Through the check: one flow-down finding for the contract.
    const issues = await candidateIssues(dataResidencyCheck, files);
    expect(issues.map((i) => i.subject)).toEqual(['residency:Fare-Collection-Agreement.md']);
  });
});

describe('decoys: an approved country and a rule for a region', () => {
  test("a payroll bureau's policy approves the provider's Singapore recovery site; an insurer's rule is the UK or the EEA", async () => {
    expect(
      (
        await breaches({
          'Personal-Data-Protection-Policy.md':
            "# Personal Data Protection Policy\n\n10.1 Employee personal data shall be stored only in Malaysia.\n\n10.3 The payroll provider's disaster recovery site in Singapore was assessed and approved by the DPO.\n",
          'Payroll-Services-Agreement.md':
            '# Payroll Services Agreement\n\n9.4 The Provider may replicate Employee Data to its disaster recovery site in Singapore.\n',
        })
      ).found,
    ).toEqual([]);
    expect(
      (
        await breaches({
          'Data-Protection-Policy.md':
            '# Data Protection Policy\n\n9.1 Personal data must not be stored outside the United Kingdom or EEA without a transfer risk assessment.\n',
          'Hosting-Agreement.md':
            '# Hosting Agreement\n\n3.1 The Supplier may store Customer Data in its facilities in Ireland.\n',
        })
      ).found,
    ).toEqual([]);
  });
});

describe('decoys', () => {
  test('a contract that forbids other countries, one that names only a city, and a policy without a residency rule', async () => {
    expect(
      (
        await breaches({
          'Information-Security-Policy.md': ghanaPolicy,
          'Cloud-Hosting-Agreement.md':
            '# Cloud Hosting Agreement\n\n5.3 The Provider shall not store, replicate or process Customer Data outside Ghana, and in particular not in South Africa or Ireland.\n\n5.4 Backups of Customer Data are replicated to the secondary site in Kumasi.\n',
        })
      ).found,
    ).toEqual([]);
    expect(
      (
        await breaches({
          'Information-Security-Policy.md':
            '# Information Security Policy\n\n4.1 Customer data is classified as Confidential.\n',
          'Cloud-Hosting-Agreement.md':
            '# Cloud Hosting Agreement\n\n5.3 The Provider may replicate Customer Data to its data centre in Dublin, Ireland.\n',
        })
      ).found,
    ).toEqual([]);
  });
});
