// Records issued for longer than a rule lets them run: a solar contractor's electrical permit to
// work (day-first dates with times, capped at one shift of twelve hours) and a terminal operator's
// visitor pass (ISO dates, capped at one day). Decoys: a permit inside its shift, a pass capped by
// a rule about another thing, and a retention period that is no validity.
import { candidateIssues } from '../../../test/helpers/check-harness';
import { validityTermCheck } from '.';

const issues = (files: Record<string, string>) => candidateIssues(validityTermCheck, files);

const permitProcedure =
  '# Permit to Work Procedure\n\n5.4 Validity. A permit is valid for one shift only and shall not exceed twelve (12) hours. Work continuing beyond the shift requires a new permit.\n';
const permit = (to: string) =>
  [
    'PERMIT TO WORK (ELECTRICAL)',
    'Permit No. PTW/2026/0412 | Dates DD/MM/YYYY',
    'Work location: Inverter room 7',
    '',
    'Valid from 03/11/2026 07:00 hrs',
    '',
    `Valid to ${to}`,
    '',
    'Issued by: Site In-charge on 28/10/2026',
  ].join('\n');

const passPolicy =
  '# Visitor Access Policy\n\n4.1 Visitor passes are valid for no more than one (1) day and are surrendered at the gate on exit.\n';
const pass = (from: string, to: string) =>
  [
    'TEMPORARY VISITOR PASS',
    'Pass no. VP-2291',
    'Visitor: R. Alvarez (crane surveyor)',
    `Valid from ${from} to ${to}`,
  ].join('\n');

test('a solar contractor: a permit to work valid over four days against a twelve-hour cap', async () => {
  const found = await issues({
    'Permit-to-Work-Procedure.md': permitProcedure,
    'Permit-PTW-0412.txt': permit('06/11/2026 19:00 hrs'),
  });
  expect(found).toHaveLength(1);
  expect(found[0]!.title).toBe(
    'Permit-PTW-0412.txt: a permit valid for 84 hours (03/11/2026 07:00 hrs Valid to 06/11/2026 19:00 hrs), beyond the twelve (12) hours limit of Permit-to-Work-Procedure.md',
  );
  expect(found[0]!.quotes.map((q) => q.document)).toEqual([
    'Permit-to-Work-Procedure.md',
    'Permit-PTW-0412.txt',
  ]);
});

test('a marine terminal: a visitor pass issued for a week against a one-day cap', async () => {
  const found = await issues({
    'Visitor-Access-Policy.md': passPolicy,
    'Visitor-Pass-VP-2291.txt': pass('2026-03-02', '2026-03-09'),
  });
  expect(found).toHaveLength(1);
  expect(found[0]!.title).toContain(
    'a pass valid for 7 days (2026-03-02 to 2026-03-09), beyond the one (1) day limit',
  );
});

test.each([
  [
    'a permit inside its shift',
    { 'Permit-to-Work-Procedure.md': permitProcedure, 'Permit-PTW-0412.txt': permit('03/11/2026 18:30 hrs') },
  ],
  [
    'a pass, where the only cap is on permits',
    {
      'Permit-to-Work-Procedure.md': permitProcedure,
      'Visitor-Pass-VP-2291.txt': pass('2026-03-02', '2026-03-09'),
    },
  ],
  [
    'a retention period, no validity',
    {
      'Visitor-Access-Policy.md':
        '# Visitor Access Policy\n\n4.3 Copies of visitor passes are retained for no more than one (1) month.\n',
      'Visitor-Pass-VP-2291.txt': pass('2026-03-02', '2026-03-09'),
    },
  ],
])('%s (decoy)', async (_label, files) => {
  expect(await issues(files)).toEqual([]);
});
