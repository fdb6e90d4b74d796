// A decision a policy reserves to a post ("may be released only by the Quality and Compliance
// Manager") that a register records as taken by another post ("Released by | B. Lowry (Coolstore
// Supervisor)"): an orchard exporter's hold register and a blood bank's quarantine log, each post
// kept whole though its title holds "and". Decoys: the reserved post by its initials, and a routine
// release by another post on a row the rule is not about. Then "deviation": an event in the
// reserved phrase ("exposed to a temperature deviation") keeps the rule a reserved decision; a
// deviation from the policy is an exception.
import { candidateIssues, runCheck } from '../../../test/helpers/check-harness';
import { exceptionApproverCheck } from '.';
import { exceptionRules } from './exception-approvers';

const issues = (files: Record<string, string>) => candidateIssues(exceptionApproverCheck, files);

describe('a reserved release recorded in a register as taken by another post', () => {
  const orchardPolicy =
    '# Fruit Quality Policy\n\n8.2 Fruit affected by a Critical deviation is placed on HOLD and may be released only by the Quality and Compliance Manager.\n';
  const holdRegister = (released: string) =>
    [
      'Lot,Grower,Variety,Deviation,Severity,Status,Released by,Release date',
      'L-2231,Kerikeri Growers,Gold kiwifruit,Coolstore 4 above 2C for 9 hours,Critical,Held then released,' +
        `${released},2026-05-12`,
      'L-2232,Te Puke Orchards,Green kiwifruit,None,None,Passed,-,2026-05-12',
    ].join('\n');

  test('an orchard exporter: held fruit released by the Coolstore Supervisor; the post reserved is the whole "Quality and Compliance Manager"', async () => {
    const found = await issues({
      'Fruit-Quality-Policy.md': orchardPolicy,
      'Coolstore-Hold-Register.csv': holdRegister('B. Lowry (Coolstore Supervisor)'),
    });
    expect(found.map((i) => i.title)).toEqual([
      'Coolstore-Hold-Register.csv: release of fruit affected by a critical deviation approved by the Coolstore Supervisor, though Fruit-Quality-Policy.md reserves it to the Quality and Compliance Manager',
    ]);
    expect(found[0]!.description).toContain('the decision is recorded as taken by the Coolstore Supervisor');
    expect(found[0]!.description).toContain('L-2231');
    const { analysis } = await runCheck(exceptionApproverCheck, {
      'Fruit-Quality-Policy.md': orchardPolicy,
    });
    expect(exceptionRules(analysis).map((r) => r.approvers)).toEqual([['Quality and Compliance Manager']]);
  });

  test('a blood bank: a quarantined unit released by a Laboratory Supervisor, where only the Medical and Scientific Director may; decoy: "(MSD)"', async () => {
    const policy =
      '# Blood Component Policy\n\n5.3 Components quarantined after a cold chain breach may be released only by the Medical and Scientific Director.\n';
    const log = (released: string) =>
      [
        'Unit,Component,Reason,Status,Released by,Released on',
        `U-66012,Red cells,Quarantined - cold chain breach in transit,Issued,"${released}",2026-03-02`,
        'U-66013,Platelets,Routine,Issued,-,2026-03-02',
      ].join('\n');
    const found = await issues({
      'Blood-Component-Policy.md': policy,
      'Quarantine-Log.csv': log('H. Okafor, Laboratory Supervisor'),
    });
    expect(found.map((i) => i.title)).toEqual([
      expect.stringMatching(
        /^Quarantine-Log\.csv: release of .* approved by the Laboratory Supervisor, though Blood-Component-Policy\.md reserves it to the Medical and Scientific Director$/,
      ),
    ]);
    expect(
      await issues({ 'Blood-Component-Policy.md': policy, 'Quarantine-Log.csv': log('P. Ward (MSD)') }),
    ).toEqual([]);
  });

  test('decoys: the Quality and Compliance Manager by initials ("M. Tait (QCM)"), and another post releasing a lot that was never held', async () => {
    expect(
      await issues({
        'Fruit-Quality-Policy.md': orchardPolicy,
        'Coolstore-Hold-Register.csv': holdRegister('M. Tait (QCM)'),
      }),
    ).toEqual([]);
    expect(
      await issues({
        'Fruit-Quality-Policy.md': orchardPolicy,
        'Coolstore-Release-Register.csv': [
          'Lot,Grower,Variety,Status,Released by,Release date',
          'L-2240,Te Puke Orchards,Green kiwifruit,Passed,B. Lowry (Coolstore Supervisor),2026-05-14',
        ].join('\n'),
      }),
    ).toEqual([]);
  });
});

describe('"deviation": an event in a reserved decision, or a departure from the policy', () => {
  const email = (subject: string, body: string, name: string, post: string) =>
    [
      'From: Sender <sender@example.example>',
      'To: Pharmacy <pharmacy@example.example>',
      'Date: Thu, 08 Oct 2026 09:12:00 +0100',
      `Subject: ${subject}`,
      '',
      body,
      '',
      'Regards,',
      '',
      name,
      post,
      'St Brigid Hospital Pharmacy',
    ].join('\n');

  test('a hospital pharmacy: vaccines "exposed to a temperature deviation" released by the Dispensary Manager, where only the Chief Pharmacist may', async () => {
    const found = await issues({
      'Medicines-Storage-Policy.md':
        '# Medicines Storage Policy\n\n4.6 Vaccines exposed to a temperature deviation are quarantined and may be released only by the Chief Pharmacist.\n',
      'RE-Fridge-2.eml': email(
        'RE: Fridge 2 alarm overnight',
        'The data logger shows nine degrees for forty minutes. I approve the release of the vaccines quarantined after the temperature deviation in fridge 2, so the clinics can go ahead.',
        'Rory Gallagher',
        'Dispensary Manager',
      ),
    });
    expect(found.map((i) => i.title)).toEqual([
      'RE-Fridge-2.eml: release of vaccines exposed to a temperature deviation approved by the Dispensary Manager, though Medicines-Storage-Policy.md reserves it to the Chief Pharmacist',
    ]);
  });

  test('a dredging contractor: a pipeline laid "after a survey deviation" authorised by the Site Manager, where only the Project Director may', async () => {
    const found = await issues({
      'Dredging-Quality-Plan-Procedure.md':
        '# Dredging Quality Procedure\n\n3.4 A discharge pipeline moved after a survey deviation may be authorised only by the Project Director.\n',
      'RE-Pipeline-Shift.eml': email(
        'RE: Pipeline shifted at chainage 1+200',
        'I authorise the discharge pipeline moved after the survey deviation to go back into service tonight.',
        'Keith Marsh',
        'Site Manager',
      ).replace('St Brigid Hospital Pharmacy', 'Harbour Dredging Ltd'),
    });
    expect(found.map((i) => i.title)).toEqual([
      expect.stringMatching(
        /^RE-Pipeline-Shift\.eml: authorise of .* approved by the Site Manager, though Dredging-Quality-Plan-Procedure\.md reserves it to the Project Director$/,
      ),
    ]);
  });

  test('a hospital pharmacy and a dredging contractor: "deviations from this policy" are exceptions, approved as exceptions', async () => {
    const found = await issues({
      'Medicines-Storage-Policy.md':
        '# Medicines Storage Policy\n\n9.1 Deviations from this policy shall be approved only by the Chief Pharmacist.\n',
      'RE-Fridge-Exception.eml': email(
        'RE: Exception request - ward fridge logging',
        'I approve the exception: ward 6 may skip the second daily fridge reading until the new logger arrives.',
        'Rory Gallagher',
        'Dispensary Manager',
      ),
    });
    expect(found.map((i) => i.title)).toEqual([
      'RE-Fridge-Exception.eml: an exception approved by the Dispensary Manager, though Medicines-Storage-Policy.md reserves exception approval to the Chief Pharmacist',
    ]);
    const dredging = await issues({
      'Dredging-Quality-Procedure.md':
        '# Dredging Quality Procedure\n\n2.2 Any deviation from this procedure shall be approved only by the Project Director.\n',
      'RE-Night-Survey.eml': email(
        'RE: Deviation request - night shift survey runs',
        'I approve the deviation from the procedure: the night shift may dredge the berth pocket without the second survey run.',
        'Keith Marsh',
        'Site Manager',
      ).replace('St Brigid Hospital Pharmacy', 'Harbour Dredging Ltd'),
    });
    expect(dredging.map((i) => i.title)).toEqual([
      'RE-Night-Survey.eml: an exception approved by the Site Manager, though Dredging-Quality-Procedure.md reserves exception approval to the Project Director',
    ]);
  });

  test('decoys: the Chief Pharmacist releases the vaccines; "deviations from this policy may be approved only by" reserves no release', async () => {
    const policy =
      '# Medicines Storage Policy\n\n4.6 Vaccines exposed to a temperature deviation are quarantined and may be released only by the Chief Pharmacist.\n';
    expect(
      await issues({
        'Medicines-Storage-Policy.md': policy,
        'RE-Fridge-2.eml': email(
          'RE: Fridge 2 alarm overnight',
          'I approve the release of the vaccines quarantined after the temperature deviation in fridge 2.',
          'Niamh Byrne',
          'Chief Pharmacist',
        ),
      }),
    ).toEqual([]);
    const { analysis } = await runCheck(exceptionApproverCheck, {
      'Medicines-Storage-Policy.md':
        '# Medicines Storage Policy\n\n9.1 Deviations from this policy may be approved only by the Chief Pharmacist.\n',
    });
    expect(exceptionRules(analysis).filter((r) => r.reserved)).toEqual([]);
  });
});
