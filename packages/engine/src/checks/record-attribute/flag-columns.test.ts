// Yes/no columns a register keeps for what a rule requires of each entry, read from the header
// instead of a list: an insurer's ICT register ("Exit plan documented") and a hospital's research
// register ("DPIA completed"), each bound by the rule's own scope column. Decoys: a column that
// describes the entry ("Privileged"), a rule about reviewing the thing rather than having it, and
// a rule conditional on something no column records.
import { BLANK_INTAKE, candidateIssues } from '../../../test/helpers/check-harness';
import { recordAttributeCheck } from '.';

const INTAKE = { ...BLANK_INTAKE, doc_hierarchy: { evidence: ['*.csv'] } };
const titles = async (files: Record<string, string>) =>
  (await candidateIssues(recordAttributeCheck, files, INTAKE)).map((i) => i.title);

test("an insurer's register: an arrangement supporting a critical function has no documented exit plan", async () => {
  expect(
    await titles({
      'Third-Party-Policy.md':
        '# Third-Party Risk Policy\n\n8.1 A documented exit strategy shall be in place for every arrangement supporting a Critical or Important Function before the service goes live.\n',
      'ICT-Register.csv': [
        'Arrangement ID,Provider,Supports Critical or Important Function,Exit plan documented,Owner',
        'ICT-01,Liffey Digital,Y,Yes - EXP-01,Head of IT',
        'ICT-02,Claimsure Software,Y,No - to be drafted,Head of Claims',
        'ICT-03,Printworks,N,No,Facilities',
      ].join('\n'),
    }),
  ).toEqual([expect.stringMatching(/^ICT-Register\.csv: 1 record without the exit plan/)]);
});

test("a hospital's research register: a study without the completed DPIA the privacy policy requires", async () => {
  expect(
    await titles({
      'Privacy-Policy.md':
        '# Privacy Policy\n\n6.2 A data protection impact assessment must be completed for each research study before recruitment starts.\n',
      'Research-Register.csv': [
        'Study,Lead,Data protection impact assessment completed',
        'RS-11,Dr Ngata,Yes',
        'RS-12,Dr Hale,No',
        'RS-13,Dr Moore,Yes',
      ].join('\n'),
    }),
  ).toEqual([
    expect.stringMatching(/^Research-Register\.csv: 1 record without the data protection impact assessment/),
  ]);
});

test("a bank's outsourcing register: a status column says the exit plan is not documented, though the policy says it must be", async () => {
  expect(
    await titles({
      'Outsourcing-Policy.md':
        '# Outsourcing Policy\n\n8.1 For every material arrangement, the business owner must document an exit plan covering the triggers for exit.\n',
      'Outsourcing-Register.csv': [
        'Ref,Service provider,Exit plan status,Next review',
        'OS-001,Nimbus Cloud,Approved by TRC 03/02/2026,04/2027',
        'OS-002,Card Services,Approved by TRC 20/11/2025,11/2026',
        'OS-003,Corvane Systems,Not documented. Draft being prepared; target Q1 2027,04/2027',
      ].join('\n'),
    }),
  ).toEqual([expect.stringMatching(/^Outsourcing-Register\.csv: 1 record without the exit plan/)]);
});

test('decoys: a column describing the entry, a rule to review rather than have, a rule conditional on no column', async () => {
  expect(
    await titles({
      'Access-Policy.md':
        '# Access Policy\n\n4.1 Privileged accounts shall be approved by the system owner.\n\n4.2 Exit plans shall be reviewed annually.\n\n4.3 Where a vendor hosts personal data, an escrow agreement shall be in place.\n',
      'Accounts.csv': ['Account,Privileged,Owner', 'adm-1,Y,IT', 'usr-2,N,HR', 'usr-3,N,HR'].join('\n'),
      'Vendors.csv': [
        'Vendor,Exit plan documented,Escrow agreement in place',
        'V-1,No,No',
        'V-2,Yes,Yes',
        'V-3,Yes,No',
      ].join('\n'),
    }),
  ).toEqual([]);
});
