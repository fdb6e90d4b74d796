// Self-approval where the register's person column is a "...holder" column: a haulage fleet's fuel
// card register ("Cardholder") and a hospital's purchasing card register ("Cardholder"), and a
// locksmith's master key register ("Keyholder"), each with one entry approved by the holder under
// initial and surname ("Pita Rangihuna" and "P. Rangihuna"), against a rule worded "No employee may
// approve ... to themselves". Decoys: every holder approved by someone else, and a rule without the
// self-approval wording (no issue).
import { BLANK_INTAKE, candidateIssues } from '../../../test/helpers/check-harness';
import { recordAttributeCheck } from '.';

const selfApprovals = async (files: Record<string, string>) =>
  (await candidateIssues(recordAttributeCheck, files, BLANK_INTAKE)).filter((i) =>
    i.subject.endsWith(':self_approval'),
  );

const FLEET_POLICY = [
  '# Fleet Fuel Card Policy',
  '',
  '3.4 Fuel cards are issued to named drivers only. No employee may approve a fuel card, or a change to its monthly limit, to themselves.',
].join('\n');

const fuelCards = (secondApprover: string) =>
  [
    'Card No,Cardholder,Vehicle,Monthly limit,Approved by,Date approved',
    'FC-2231,Pita Rangihuna,KXR 412,1200,M. Delacroix (Transport Manager),2026-01-14',
    `FC-2238,Sunniva Lindqvist,KXR 418,1500,${secondApprover},2026-02-03`,
    'FC-2240,Oluwaseun Adebayo,KXT 102,900,M. Delacroix (Transport Manager),2026-02-19',
  ].join('\n');

test('a fleet: a fuel card approved by its own cardholder, written as initial and surname', async () => {
  const found = await selfApprovals({
    'Fleet-Fuel-Card-Policy.md': FLEET_POLICY,
    'Fuel-Card-Register.csv': fuelCards('S. Lindqvist (Depot Supervisor)'),
  });
  expect(found.map((i) => i.title)).toEqual([
    'Fuel-Card-Register.csv: 1 item (FC-2238) approved by the person named as their "Cardholder", against Fleet-Fuel-Card-Policy.md',
  ]);
  expect(found[0]!.description).toContain('to themselves');
  expect(found[0]!.description).toContain('"Cardholder" and "Approved by"');
  expect(found[0]!.description).not.toContain('FC-2231');
});

const HOSPITAL_PROCEDURE = [
  '# Purchasing Card Procedure',
  '',
  '2.6 Each purchasing card is approved by a budget holder in the cardholder’s directorate. No employee may authorise a card or a raised transaction limit for themselves.',
].join('\n');

test('a hospital: a purchasing card approved by the ward manager who holds it', async () => {
  const found = await selfApprovals({
    'Purchasing-Card-Procedure.md': HOSPITAL_PROCEDURE,
    'Purchasing-Card-Register.csv': [
      'Card ref,Cardholder,Ward,Single transaction limit,Approver,Approval date',
      'PC-0071,Dr Imogen Castellanos,Cardiology,500,R. Abernethy (Finance Business Partner),2026-04-02',
      'PC-0074,Farida Nasser,Ward 7B,250,F. Nasser (Ward Manager),2026-04-09',
      'PC-0079,Tomasz Wrobel,Pharmacy,750,R. Abernethy (Finance Business Partner),2026-04-15',
    ].join('\n'),
  });
  expect(found.map((i) => i.title)).toEqual([
    expect.stringMatching(
      /^Purchasing-Card-Register\.csv: 1 item \(PC-0074\) approved by the person named as their "Cardholder", against Purchasing-Card-Procedure\.md$/,
    ),
  ]);
});

test('a locksmith: a master key issued to a keyholder who approved it', async () => {
  const found = await selfApprovals({
    'Key-Control-Procedure.md':
      '# Key Control Procedure\n\n5.1 Master and grand master keys are issued only on written approval. No employee may approve the issue of a master key to themselves.\n',
    'Master-Key-Register.csv': [
      'Key ID,Keyholder,Key level,Site,Authorised by,Issued on',
      'MK-GM-01,Declan Fairweather,Grand master,Head office,Y. Okonkwo (Operations Director),2026-05-06',
      'MK-M-14,Ines Valbuena,Master,Eastgate depot,I. Valbuena (Depot Lead),2026-05-20',
    ].join('\n'),
  });
  expect(found.map((i) => i.title)).toEqual([
    expect.stringMatching(
      /^Master-Key-Register\.csv: 1 item \(MK-M-14\) approved by the person named as their "Keyholder"/,
    ),
  ]);
});

describe('decoys', () => {
  test('every cardholder approved by someone else', async () => {
    expect(
      await selfApprovals({
        'Fleet-Fuel-Card-Policy.md': FLEET_POLICY,
        'Fuel-Card-Register.csv': fuelCards('M. Delacroix (Transport Manager)'),
      }),
    ).toEqual([]);
  });

  test('a rule without the self-approval wording: the holder approving their own card is not an issue here', async () => {
    expect(
      await selfApprovals({
        'Fleet-Fuel-Card-Policy.md':
          '# Fleet Fuel Card Policy\n\n3.4 Fuel cards are issued to named drivers only. Each fuel card and any change to its monthly limit must be approved and recorded in the register.\n',
        'Fuel-Card-Register.csv': fuelCards('S. Lindqvist (Depot Supervisor)'),
      }),
    ).toEqual([]);
  });
});
