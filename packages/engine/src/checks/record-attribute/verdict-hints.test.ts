// The record check's verdict on a register the retrieval reached only in part: it reports the rows
// it saw and asks for the offending rows it did not, so the finding names every account without
// the control, not only those that ranked. Fixtures in two industries' wording (an airport ground
// handler's privileged accounts, a clinic's vendor register); decoy: every row seen, nothing asked.
// And its question's query carries the words records and rules use ("encrypted"), so the question
// is not dropped for matching nothing in its own documents.
import { runCheck } from '../../../test/helpers/check-harness';
import { Bm25Index } from '../../retrieval/bm25';
import { synthesizeQuestions, validateQuestions } from '../../pipeline/questions';
import { CATALOG_LIST_NAMES, catalogTargetOf, type CatalogLists } from '../../pipeline/catalog';
import { recordAttributeCheck } from '.';

const POLICY = (control: string) =>
  `# Information Security Policy\n\n6.2 ${control} must be used for all privileged accounts and all remote access.\n`;

async function verdictOnRows(files: Record<string, string>, register: string, seenRows: RegExp) {
  const { analysis, candidates } = await runCheck(recordAttributeCheck, files);
  const candidate = candidates.find((c) => c.documents.includes(register))!;
  const segments = analysis.documents.flatMap((d) => d.segments);
  const visible = new Set(
    segments.filter(
      (s) => s.document !== register || /^Account|^Vendor/.test(s.text) || seenRows.test(s.text),
    ),
  );
  return recordAttributeCheck.verdict(candidate.params, {
    analysis,
    chunks: analysis.snapshot.chunks,
    segments: [...visible],
    visible,
    facts: [],
    citations: [],
    frameworks: [],
    documents: candidate.documents,
  });
}

describe('a register reached in part', () => {
  const groundHandler = {
    'Information-Security-Policy.md': POLICY('Multi-factor authentication (MFA)'),
    'Privileged-Account-Register.csv': [
      'Account,Holder,System,Privileged,MFA enforced',
      'ffacs.admin.yrm,Dale Pritchard,Fuel farm access control,Yes,No',
      'dcs.admin.kwg,Ana Reyes,Departure control,Yes,Yes',
      'nvr.admin.all,Mick Farrell,CCTV recorder,Yes,Yes',
      'svc.gate.bdr,Service account,Gate readers,Yes,No',
    ].join('\n'),
  };

  test('an airport ground handler: one account seen without MFA, the other asked for by its row', async () => {
    const { issues, hints = [] } = await verdictOnRows(
      groundHandler,
      'Privileged-Account-Register.csv',
      /svc\.gate/,
    );
    expect(issues).toHaveLength(1);
    expect(hints.map((h) => h.query).join(' ')).toContain('ffacs.admin.yrm');
  });

  test('a clinic: the vendor whose agreement is missing is asked for when the retrieval saw only another', async () => {
    const { hints = [] } = await verdictOnRows(
      {
        'Privacy-Policy.md':
          '# Privacy Policy\n\n4.1 A data processing agreement (DPA) must be signed with every vendor that processes patient data.\n',
        'Vendor-Register.csv': [
          'Vendor,Service,DPA signed',
          'Kowhai Imaging,Radiology reporting,No',
          'Rata Labs,Pathology,Yes',
          'Tui Billing,Patient billing,No',
        ].join('\n'),
      },
      'Vendor-Register.csv',
      /Tui Billing/,
    );
    expect(hints.map((h) => h.query).join(' ')).toContain('Kowhai Imaging');
  });

  test('decoy: every row seen, nothing asked for', async () => {
    const { issues, hints = [] } = await verdictOnRows(groundHandler, 'Privileged-Account-Register.csv', /./);
    expect(issues).toHaveLength(1);
    expect(hints).toEqual([]);
  });
});

describe('the question finds its documents by the words they use', () => {
  test.each([
    [
      'an insurer: a removable media form and a policy that say "encrypted", never "encryption"',
      'Information-Security-Policy.md',
      '# Information Security Policy\n\n7.3 Restricted information on removable media shall be encrypted with AES-256.\n',
      'Removable-Media-Form.txt',
      'REMOVABLE MEDIA FORM\n\nMedia encrypted with AES-256?\n\n[ ] Yes [X] No\n',
    ],
    [
      'a school: a laptop loan form and a standard that say "encrypted"',
      'Device-Standard.md',
      '# Device Standard\n\n3.1 Staff laptops must be encrypted before they leave the school.\n',
      'Laptop-Loan-Form.txt',
      'LAPTOP LOAN FORM\n\nDevice encrypted?\n\n[ ] Yes [X] No\n',
    ],
  ])('%s: the question is kept', async (_label, policyName, policy, formName, form) => {
    const { analysis, candidates } = await runCheck(recordAttributeCheck, {
      [policyName]: policy,
      [formName]: form,
    });
    expect(candidates.map((c) => c.key)).toEqual([`record-attribute:${formName}:encryption`]);
    const lists = Object.fromEntries(CATALOG_LIST_NAMES.map((name) => [name, []])) as unknown as CatalogLists;
    lists.docPairs = candidates.map((c) => catalogTargetOf(recordAttributeCheck, c));
    const questions = synthesizeQuestions(lists, 1, 'remediation_pipeline');
    const { kept } = validateQuestions(questions, new Bm25Index(analysis.snapshot.chunks));
    expect(kept).toHaveLength(1);
  });
});
