// Three row checks of a register, each in two industries' wording with decoys:
// - expired entries named by an "Operator" or "Technician" column, the date shown as the register
//   writes it with the reading ("14/08/2026, read as 2026-08-14"): a dredging contractor's crane
//   operator tickets and a hospital pharmacy's technician registrations;
// - leavers' accounts where an "MFA Status" column says "Enabled" beside the account's own status:
//   a blood bank and a ferry operator;
// - a permit issued by the person who performs the work ("shall not issue a hot work permit for work
//   that he or she will personally perform"): a shipyard and a cheese factory.
import { BLANK_INTAKE, candidateIssues } from '../../../test/helpers/check-harness';
import { recordAttributeCheck } from '.';

const AUDIT_DATE = '2026-11-20';

const found = async (files: Record<string, string>, id: string) =>
  (await candidateIssues(recordAttributeCheck, files, BLANK_INTAKE, AUDIT_DATE)).filter((i) =>
    i.subject.endsWith(`:${id}`),
  );

describe('an expired entry named by its operator, its date as the register writes it', () => {
  const dredgingPlan =
    '# Plant Operations Procedure\n\n4.2 No operator may run a dredge crane or excavator unless his or her operator ticket is current on the day.\n';

  test('a dredging contractor: an "Operator" whose ticket expired on 14/08/2026 is still Active', async () => {
    const issues = await found(
      {
        'Plant-Operations-Procedure.md': dredgingPlan,
        'Crane-Operator-Tickets.csv': [
          'Ref,Operator,Plant,Ticket expiry,Status',
          'OT-01,Hemi Walker,Backhoe dredger BD-2,23/03/2027,Active',
          'OT-02,Rangi Tuhoe,Grab crane GC-5,14/08/2026,Active',
          'OT-03,Sione Latu,Long-reach excavator,02/05/2026,Suspended',
        ].join('\n'),
      },
      'expired',
    );
    expect(issues.map((i) => i.title)).toEqual([
      'Crane-Operator-Tickets.csv: 1 entry in use with ticket expired (OT-02), against Plant-Operations-Procedure.md',
    ]);
    expect(issues[0]!.description).toContain(
      'OT-02 (Rangi Tuhoe; Ticket expiry 14/08/2026, read as 2026-08-14)',
    );
    expect(issues[0]!.description).not.toMatch(/Hemi Walker|Sione Latu/);
  });

  test('a hospital pharmacy: a "Technician" whose registration lapsed on 30/09/2026 still checks prescriptions', async () => {
    const issues = await found(
      {
        'Dispensary-Procedure.md':
          '# Dispensary Procedure\n\n3.1 Only a technician whose professional registration is valid may carry out the final accuracy check of a dispensed item.\n',
        'Technician-Registration-Register.csv': [
          'Staff ref,Technician,Ward,Registration expiry,Status',
          'PT-114,Amira Haddad,Oncology satellite,30/09/2026,Active',
          'PT-118,Joseph Mwangi,Main dispensary,17/02/2027,Active',
        ].join('\n'),
      },
      'expired',
    );
    expect(issues.map((i) => i.title)).toEqual([
      'Technician-Registration-Register.csv: 1 entry in use with registration expired (PT-114), against Dispensary-Procedure.md',
    ]);
    expect(issues[0]!.description).toContain(
      'PT-114 (Amira Haddad; Registration expiry 30/09/2026, read as 2026-09-30)',
    );
  });

  test('decoy: a date written as the ISO date it reads as is shown once, and an in-date ticket is not named', async () => {
    const issues = await found(
      {
        'Plant-Operations-Procedure.md': dredgingPlan,
        'Crane-Operator-Tickets.csv': [
          'Ref,Operator,Plant,Ticket expiry,Status',
          'OT-01,Hemi Walker,Backhoe dredger BD-2,2027-03-23,Active',
          'OT-02,Rangi Tuhoe,Grab crane GC-5,2026-08-14,Active',
        ].join('\n'),
      },
      'expired',
    );
    expect(issues).toHaveLength(1);
    expect(issues[0]!.description).toContain('OT-02 (Rangi Tuhoe; Ticket expiry 2026-08-14)');
    expect(issues[0]!.description).not.toContain('read as');
    expect(issues[0]!.description).not.toContain('OT-01');
  });
});

describe('a leaver\'s account: an "MFA Status" is not the account\'s status', () => {
  const bloodBankPolicy =
    '# Information Security Policy\n\n7.4 Accounts of leavers shall be disabled on their last working day.\n';
  const bloodBank = (accountStatus: string) =>
    [
      'Account ID,Holder,HR status,MFA Status,Account Status,Last login',
      'bb-lab-017,Grace Otieno,Active,Enabled,Active,2026-11-18',
      `bb-lab-022,Wiremu Tane,Leaver 2026-07-31,Enabled,${accountStatus},2026-07-30`,
    ].join('\n');

  test('a blood bank: a leaver whose account is "Disabled" beside "MFA Status" Enabled gives no finding', async () => {
    expect(
      await found(
        {
          'Information-Security-Policy.md': bloodBankPolicy,
          'Donor-System-Access-Register.csv': bloodBank('Disabled'),
        },
        'departed_access',
      ),
    ).toEqual([]);
  });

  test('a blood bank: a leaver whose "Account Status" is Active is still found, by that column', async () => {
    const issues = await found(
      {
        'Information-Security-Policy.md': bloodBankPolicy,
        'Donor-System-Access-Register.csv': bloodBank('Active'),
      },
      'departed_access',
    );
    expect(issues.map((i) => i.title)).toEqual([
      'Donor-System-Access-Register.csv: 1 account of people who have left still live (bb-lab-022), against Information-Security-Policy.md',
    ]);
    expect(issues[0]!.description).toContain('"Account Status" Active');
    expect(issues[0]!.description).not.toContain('MFA Status');
  });

  test('a ferry operator: "2FA status" Enabled beside a terminated deckhand\'s disabled login; a live one still counts', async () => {
    const policy =
      '# Access Control Standard\n\n5.2 Access of a departing crew member must be revoked within 24 hours of the termination date.\n';
    const register = (state: string) =>
      [
        'Login,Crew member,Employment status,2FA status,Account state,Last sign-in',
        'ops.kaur,Simran Kaur,Employed,Enabled,Enabled,2026-11-17',
        `ops.brennan,Liam Brennan,Terminated 2026-09-05,Enabled,${state},2026-09-04`,
      ].join('\n');
    expect(
      await found(
        { 'Access-Control-Standard.md': policy, 'Booking-System-Logins.csv': register('Disabled') },
        'departed_access',
      ),
    ).toEqual([]);
    const live = await found(
      { 'Access-Control-Standard.md': policy, 'Booking-System-Logins.csv': register('Enabled') },
      'departed_access',
    );
    expect(live.map((i) => i.title)).toEqual([
      expect.stringMatching(
        /^Booking-System-Logins\.csv: 1 account of people who have left still live \(ops\.brennan\)/,
      ),
    ]);
    expect(live[0]!.description).toContain('"Account state" Enabled');
  });
});

describe('a permit issued by the person who performs the work', () => {
  const shipyardRule =
    '# Hot Work Procedure\n\n6.3 The Permit Issuer shall not issue a hot work permit for work that he or she will personally perform.\n';
  const shipyardLog = [
    'Permit No,Vessel,Task,Permit Issuer,Performed By,Date',
    'HW-0411,MV Karamea,Weld doubler plate in hold 2,T. Fifita (Area Supervisor),Dan Kowalski,2026-10-02',
    'HW-0412,MV Karamea,Cut out corroded bulkhead,Marta Nowak,Marta Nowak,2026-10-03',
    'HW-0413,Tug Aroha,Grind deck fittings,T. Fifita (Area Supervisor),Ivan Petrov,2026-10-05',
  ].join('\n');

  test('a shipyard: one person both issues the hot work permit and performs the work', async () => {
    const issues = await found(
      { 'Hot-Work-Procedure.md': shipyardRule, 'Hot-Work-Permit-Log.csv': shipyardLog },
      'self_approval',
    );
    expect(issues.map((i) => i.title)).toEqual([
      'Hot-Work-Permit-Log.csv: 1 item (HW-0412) approved by the person named as their "Performed By", against Hot-Work-Procedure.md',
    ]);
    expect(issues[0]!.description).toContain('"Performed By" and "Permit Issuer"');
    expect(issues[0]!.description).not.toMatch(/HW-0411|HW-0413/);
  });

  test('a cheese factory: an issuing authority who authorises a permit to work for a task they will carry out', async () => {
    const issues = await found(
      {
        'Permit-to-Work-Procedure.md':
          '# Permit to Work Procedure\n\n4.1 An issuing authority must not authorise a permit to work on a vat or brine line for a task which they will carry out.\n',
        'Permit-to-Work-Register.csv': [
          'PTW ref,Plant,Work,Issuing authority,Carried out by,Issued',
          'PTW-88,Vat 3,Replace agitator seal,Priya Shah (Engineering Lead),Tom Riley,2026-09-14',
          'PTW-89,Brine line,Repair leaking valve,Aroha Ngata,A. Ngata,2026-09-15',
        ].join('\n'),
      },
      'self_approval',
    );
    expect(issues.map((i) => i.title)).toEqual([
      'Permit-to-Work-Register.csv: 1 item (PTW-89) approved by the person named as their "Carried out by", against Permit-to-Work-Procedure.md',
    ]);
  });

  test('decoys: every permit issued to someone else, and a rule on permits that says nothing of who performs the work', async () => {
    expect(
      await found(
        {
          'Hot-Work-Procedure.md': shipyardRule,
          'Hot-Work-Permit-Log.csv': shipyardLog.replace(
            'Marta Nowak,Marta Nowak',
            'T. Fifita (Area Supervisor),Marta Nowak',
          ),
        },
        'self_approval',
      ),
    ).toEqual([]);
    expect(
      await found(
        {
          'Hot-Work-Procedure.md':
            '# Hot Work Procedure\n\n6.3 The Permit Issuer shall not issue a hot work permit until the fire watch has been briefed.\n',
          'Hot-Work-Permit-Log.csv': shipyardLog,
        },
        'self_approval',
      ),
    ).toEqual([]);
  });
});
