// Registers whose rows are past the review cycle a procedure states for what they list: a mobile
// money operator's agents and a charity's volunteers; decoys: rows no longer in force, rows within
// the cycle (and its month of grace), and a register of something the rule does not review.
import { BLANK_INTAKE, runCheck } from '../../../test/helpers/check-harness';
import { overdueRowsCheck } from '.';

async function findings(files: Record<string, string>) {
  // Judged on a fixed audit date, not the wall clock.
  const { candidates, verdict } = await runCheck(overdueRowsCheck, files, BLANK_INTAKE, '2026-11-29');
  return candidates.flatMap((c) => verdict(c.params).issues);
}

describe('register rows past the review cycle the procedure states', () => {
  test.each([
    [
      'a mobile money operator',
      'Agent-Onboarding-Procedure.md',
      '# Agent Onboarding Procedure\n\n5. Every active agent is reviewed at least once every twelve (12) months.\n',
      'Agent-Register.csv',
      [
        'Agent code,Business name,Last due diligence review,Status',
        'AG-07716,Mutundwe Mobile Point,2025-08-22,Active',
        'AG-08355,Mbale Cash Point,2026-03-15,Active',
        'AG-05120,Gulu Corner Shop,2024-01-09,Terminated',
      ],
      ['AG-07716'],
    ],
    [
      'a charity',
      'Safeguarding-Procedure.md',
      '# Safeguarding Procedure\n\n4.2 Each volunteer is re-checked every three (3) years by the Safeguarding Lead.\n',
      'Volunteer-Register.csv',
      [
        'Volunteer,Role,Last background check,Status',
        'V-101,Youth mentor,2022-06-30,Current',
        'V-102,Driver,2023-02-01,Current',
        'V-103,Youth mentor,2025-09-01,Current',
        'V-104,Driver,2020-05-05,Left - inactive',
      ],
      ['V-101', 'V-102'],
    ],
  ])('%s', async (_, ruleName, rule, registerName, rows, overdue) => {
    const issues = await findings({ [ruleName]: rule, [registerName]: rows.join('\n') });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.primitive).toBe('conflict_check');
    for (const name of overdue) expect(issues[0]!.description).toContain(name);
    expect(issues[0]!.description).not.toMatch(/AG-08355|AG-05120|V-103|V-104/);
  });

  test('decoys: every row within its cycle; a register of other things than the rule reviews', async () => {
    expect(
      await findings({
        'Agent-Onboarding-Procedure.md':
          '# Agent Onboarding Procedure\n\n5. Every active agent is reviewed at least once every twelve (12) months.\n',
        'Agent-Register.csv': [
          'Agent code,Last due diligence review,Status',
          'AG-1,2026-01-10,Active',
          'AG-2,2025-10-20,Active',
        ].join('\n'),
        'Printer-Register.csv': [
          'Printer,Last service check,Status',
          'P-1,2021-01-10,Active',
          'P-2,2020-10-20,Active',
        ].join('\n'),
      }),
    ).toEqual([]);
  });
});
