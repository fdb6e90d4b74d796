// Items of a policy's or procedure's table left without the owner or frequency every other row
// has: a pension fund's control table and a food manufacturer's HACCP monitoring table; decoys: a
// table where the column is mostly blank (no rule), a blank row in an evidence register, and a
// table too short to show a rule.
import { runCheck } from '../../../test/helpers/check-harness';
import { unassignedRowsCheck } from '.';

async function findings(files: Record<string, string>) {
  const { candidates, verdict } = await runCheck(unassignedRowsCheck, files);
  return candidates.flatMap((c) => verdict(c.params, c.documents).issues);
}

const table = (header: string, rows: string[]) =>
  [
    header,
    `|${header
      .split('|')
      .slice(1, -1)
      .map(() => '---')
      .join('|')}|`,
    ...rows,
  ].join('\n');

test('a pension fund: one control of the schedule has neither owner nor frequency', async () => {
  const policy = [
    '# Information Security Policy',
    '',
    '9.1 Every control listed below has a named owner and a defined frequency.',
    '',
    table('| Control ID | Control | Owner | Frequency |', [
      '| SC-01 | Server patching | IT Manager | Monthly |',
      '| SC-02 | Firewall rule review | IT Manager | Six-monthly |',
      '| SC-03 | Restore testing of backups |  |  |',
      '| SC-04 | Supplier security review | Risk Manager | Annually |',
      '| SC-05 | Access review | System owners | Quarterly |',
    ]),
  ].join('\n');
  const issues = await findings({ 'Security-Policy.md': policy });
  expect(issues.map((i) => i.title)).toEqual([
    'Security-Policy.md: "SC-03 Restore testing of backups" has no owner and no frequency',
  ]);
  expect(issues[0]!.primitive).toBe('coverage_check');
});

test('a food manufacturer: a critical control point monitored by nobody named', async () => {
  const procedure = [
    '# HACCP Monitoring Procedure',
    '',
    table('| CCP | Hazard | Monitoring | Responsible | Frequency |', [
      '| CCP1 | Pathogens | Cook core temperature | Line Supervisor | Every batch |',
      '| CCP2 | Metal | Metal detector test | QA Technician | Hourly |',
      '| CCP3 | Pathogens | Chill time | - | Every batch |',
      '| CCP4 | Allergens | Label check | Packing Lead | Start of each run |',
    ]),
  ].join('\n');
  const issues = await findings({ 'HACCP-Monitoring-Procedure.md': procedure });
  expect(issues.map((i) => i.title)).toEqual([
    'HACCP-Monitoring-Procedure.md: "CCP3 Pathogens" has no responsible',
  ]);
});

test('decoys: a column mostly blank, a register row, a table too short', async () => {
  const mostlyBlank = [
    '# Records Standard',
    '',
    table('| Record | Owner | Notes |', [
      '| Minutes | Company Secretary | |',
      '| Board packs |  | |',
      '| Registers |  | |',
      '| Seal book |  | |',
    ]),
  ].join('\n');
  const register =
    'Asset,Description,Owner,Frequency\nA-1,Laptop,IT,Yearly\nA-2,Phone,,\nA-3,Tablet,IT,Yearly\nA-4,Printer,IT,Yearly\nA-5,Router,IT,Yearly\n';
  const short = [
    '# Backup Standard',
    '',
    table('| Task | Owner |', ['| Daily backup | IT |', '| Restore test |  |']),
  ].join('\n');
  expect(
    await findings({
      'Records-Standard.md': mostlyBlank,
      'Asset-Register.csv': register,
      'Backup-Standard.md': short,
    }),
  ).toEqual([]);
});

test('decoy: the second line of a row wrapped on the page goes on from the line above', async () => {
  const procedure = [
    '# Incident Notification Procedure',
    '',
    table('| Recipient | Trigger | Deadline | Responsible |', [
      '| Regulator | Breach of personal data | 72 hours | Data Protection Officer |',
      '| Police (Cyber | Suspected offence under | As soon as practicable | Head of Legal |',
      '| Crime Unit) | the Computer Misuse Act |  |  |',
      '| Card schemes | Card data compromise | 24 hours | Head of Finance |',
      '| Insurer | Any claimable incident | 48 hours | Risk Manager |',
    ]),
  ].join('\n');
  expect(await findings({ 'Incident-Notification-Procedure.md': procedure })).toEqual([]);
});

test('a vessel operator and a water utility: "To be assigned" and "TBC" in the owner and frequency columns are no owner and no frequency', async () => {
  for (const [owner, frequency] of [
    ['To be assigned', 'To be agreed'],
    ['TBC', 'TBD'],
  ]) {
    const policy = [
      '# Information Security Policy',
      '',
      table('| Control ID | Control | Owner | Frequency |', [
        '| ISC-01 | Privileged account review | IT Manager | Quarterly |',
        '| ISC-02 | User access review of finance systems | Financial Controller | Six-monthly |',
        `| ISC-03 | User access review of payroll bureau accounts | ${owner} | ${frequency} |`,
        '| ISC-04 | Backup restoration test | IT Manager | Quarterly |',
        '| ISC-05 | Vulnerability scan | IT Manager | Monthly |',
      ]),
    ].join('\n');
    expect((await findings({ 'Security-Policy.md': policy })).map((i) => i.title)).toEqual([
      'Security-Policy.md: "ISC-03 User access review of payroll bureau accounts" has no owner and no frequency',
    ]);
  }
});

test('decoy: "To be agreed" in a notes column assigns nothing', async () => {
  const policy = [
    '# Information Security Policy',
    '',
    table('| Control ID | Control | Owner | Frequency | Notes |', [
      '| ISC-01 | Privileged account review | IT Manager | Quarterly | - |',
      '| ISC-02 | User access review | Financial Controller | Six-monthly | To be agreed with the bureau |',
      '| ISC-03 | Backup restoration test | IT Manager | Quarterly | - |',
      '| ISC-04 | Vulnerability scan | IT Manager | Monthly | - |',
    ]),
  ].join('\n');
  expect(await findings({ 'Security-Policy.md': policy })).toEqual([]);
});
