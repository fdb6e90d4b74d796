// Register rows of a kind a rule prohibits: a haulier's tracking platform review lists a "Shared"
// account its policy bans, a clinic's device register a "Personal" laptop where no personal device
// may hold patient records, and a pharmacy's user list a "Generic" login its procedure says staff
// must not use. Decoys: the one shared account carries an exception reference, a "Type" column of a
// register about lockers, a rule about "all other accounts" (no kind), and a value that only
// mentions the word later ("Not shared").
import { candidateIssues } from '../../../test/helpers/check-harness';
import { prohibitedValueCheck } from '.';

const issues = (files: Record<string, string>) => candidateIssues(prohibitedValueCheck, files);

const haulierPolicy = [
  '# Fleet Systems Access Policy',
  '',
  '4.2 Shared or generic accounts are prohibited on the vehicle tracking platform; every planner and driver signs in with an account issued to them by name.',
  '',
  '4.3 Access to the tracking platform is reviewed every quarter by the Transport Manager.',
  '',
].join('\n');

const trackingReview = (nightDeskNote: string, nightDeskType = 'Shared') =>
  [
    'User ID,Holder,Account type,Depot,Last login,Reviewer note',
    'trk-0141,Dawn Pickering,Named,Wakefield,2026-03-02,Retain',
    `trk-nightdesk,Night planning desk,${nightDeskType},Wakefield,2026-03-04,${nightDeskNote}`,
    'trk-0187,Imran Qureshi,Named,Doncaster,2026-02-27,Retain',
  ].join('\n');

const clinicPolicy = [
  '# Patient Information Security Policy',
  '',
  '6.1 No personal devices may be used to hold or open patient records, whether in the clinic or at home.',
  '',
].join('\n');

const deviceRegister = [
  'Asset tag,Assigned to,Ownership,Model,Encrypted',
  'CLN-L-014,Reception desk 1,Practice,Dell Latitude 5440,Yes',
  'CLN-T-022,Dr Hana Sato,Personal,iPad Air,Unknown',
  'CLN-L-031,Practice nurse,Practice,Dell Latitude 5440,Yes',
  'CLN-P-040,Physio on call,Personal (BYOD),Samsung Galaxy A54,No',
].join('\n');

test('a haulier: the tracking platform review lists a "Shared" night-desk account the access policy prohibits', async () => {
  const found = await issues({
    'Fleet-Systems-Access-Policy.md': haulierPolicy,
    'Tracking-Platform-Access-Review.csv': trackingReview('Used by the night planners on rotation'),
  });
  expect(found.map((i) => i.title)).toEqual([
    'Tracking-Platform-Access-Review.csv: 1 account recorded as "Shared" under "Account type", which Fleet-Systems-Access-Policy.md prohibits',
  ]);
  expect(found[0]!.description).toContain('trk-nightdesk (Shared)');
  expect(found[0]!.quotes.map((q) => q.document)).toEqual([
    'Fleet-Systems-Access-Policy.md',
    'Tracking-Platform-Access-Review.csv',
    'Tracking-Platform-Access-Review.csv',
  ]);
});

test('a clinic: "No personal devices may be used ..." and a device register with "Personal" under "Ownership"', async () => {
  const found = await issues({
    'Patient-Information-Security-Policy.md': clinicPolicy,
    'Device-Register.csv': deviceRegister,
  });
  expect(found.map((i) => i.title)).toEqual([
    'Device-Register.csv: 2 devices recorded as "Personal" under "Ownership", which Patient-Information-Security-Policy.md prohibits',
  ]);
  expect(found[0]!.description).toContain('CLN-T-022 (Personal), CLN-P-040 (Personal (BYOD))');
  expect(found[0]!.severity).toBe('high');
});

test('a pharmacy: "must not use generic or shared accounts" and a user list with a "Generic" login', async () => {
  const found = await issues({
    'Dispensing-Procedure.md':
      '# Dispensing Procedure\n\n3.4 Dispensary staff must not use generic or shared accounts on the dispensing system; each pharmacist logs in under their own name.\n',
    'Dispensing-System-Users.csv': [
      'Login,Staff member,Account category,Role,Created',
      'disp-rk,Rachel Kemp,Personal,Pharmacist,2025-09-01',
      'disp-counter,Front counter,Generic,Dispenser,2024-11-12',
    ].join('\n'),
  });
  expect(found.map((i) => i.subject)).toEqual([
    'prohibited-value:Dispensing-System-Users.csv:account category',
  ]);
  expect(found[0]!.title).toContain('recorded as "Generic" under "Account category"');
});

test('decoy: the only shared account carries an exception reference', async () => {
  expect(
    await issues({
      'Fleet-Systems-Access-Policy.md': haulierPolicy,
      'Tracking-Platform-Access-Review.csv': trackingReview(
        'Exception EX-2026-04 approved by the Transport Manager until 30/06/2026',
      ),
    }),
  ).toEqual([]);
});

test('decoy: a "Type" column of a register about lockers, not accounts', async () => {
  expect(
    await issues({
      'Fleet-Systems-Access-Policy.md': haulierPolicy,
      'Depot-Lockers.csv': [
        'Locker,Location,Type,Keyholder',
        'L-01,Wakefield drivers room,Shared,Night shift',
        'L-02,Wakefield drivers room,Single,Dawn Pickering',
      ].join('\n'),
    }),
  ).toEqual([]);
});

test('decoy: a rule about "all other accounts" names no kind of account', async () => {
  expect(
    await issues({
      'Remote-Access-Policy.md':
        '# Remote Access Policy\n\n2.3 Planner accounts may connect over the VPN. All other accounts are not permitted to connect from outside the depot network.\n',
      'Tracking-Platform-Access-Review.csv': trackingReview('Contractor mechanic', 'Other'),
    }),
  ).toEqual([]);
});

test('decoy: a value that only mentions the prohibited kind later ("Not shared")', async () => {
  expect(
    await issues({
      'Fleet-Systems-Access-Policy.md': haulierPolicy,
      'Tracking-Platform-Access-Review.csv': trackingReview('Confirmed with the night planner', 'Not shared'),
    }),
  ).toEqual([]);
});
