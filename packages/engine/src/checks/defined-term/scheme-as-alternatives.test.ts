// A classification scheme stated as alternatives in one sentence ("Railway information is
// classified as Public, Internal, Confidential or Restricted."), against which a contract's
// "classified as Secret" is a level the scheme lacks: a rail operator's signalling agreement and a
// law firm's e-discovery engagement letter ("classified as Sensitive"). Decoys: a level the scheme
// has (also as "Company Confidential"), and a sentence with two levels only (no scheme).
import { candidateIssues } from '../../../test/helpers/check-harness';
import { definedTermCheck } from '.';

const issuesOf = (files: Record<string, string>) => candidateIssues(definedTermCheck, files);

test.each([
  [
    'a rail operator',
    '# Railway Information Security Policy\n\n3.1 Railway information is classified as Public, Internal, Confidential or Restricted.\n',
    'Signalling-Maintenance-Agreement.md',
    '# Signalling Maintenance Agreement\n\n8.4 Interlocking Data is classified as Secret, and the Supplier shall use it only to maintain the interlockings.\n',
    'Secret',
  ],
  [
    'a law firm',
    '# Information Handling Policy\n\n3.2 Firm and client information is classified as Public, Internal and Confidential.\n',
    'E-Discovery-Engagement-Letter.md',
    '# E-Discovery Engagement Letter\n\n7. Review sets are classified as Sensitive and may be opened only by the review team.\n',
    'Sensitive',
  ],
])(
  '%s: a contract uses a level the one-sentence scheme lacks',
  async (_industry, policy, name, text, level) => {
    const issues = await issuesOf({ 'Security-Policy.md': policy, [name]: text });
    expect(issues.map((i) => i.title)).toEqual([
      `Classification level "${level}" used in ${name} is not in the classification scheme`,
    ]);
    expect(issues[0]!.description).toContain('Security-Policy.md');
  },
);

test("decoys: a level the scheme has, also with the company's name, and two levels in one sentence (no scheme)", async () => {
  expect(
    await issuesOf({
      'Security-Policy.md':
        '# Security Policy\n\n3.1 Railway information is classified as Public, Internal, Confidential or Restricted.\n',
      'Signalling-Maintenance-Agreement.md':
        '# Signalling Maintenance Agreement\n\n8.4 Interlocking Data is classified as Restricted.\n',
      'Supplier-Tiering-Standard.md':
        '# Supplier Tiering Standard\n\n| Tier | Access | Review |\n| --- | --- | --- |\n| High | Access to Company Confidential data | Every two years |\n',
    }),
  ).toEqual([]);
  expect(
    await issuesOf({
      'Handling-Note.md':
        '# Handling Note\n\n2. Drafts are classified as Internal or Confidential by their author.\n',
      'Services-Agreement.md': '# Services Agreement\n\n9.1 Customer Data is classified as Secret.\n',
    }),
  ).toEqual([]);
});
