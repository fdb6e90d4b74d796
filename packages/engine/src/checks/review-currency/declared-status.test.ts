// Documents that declare themselves legacy, superseded or under review while they stay in force: a
// county council's policies carrying a "legacy, under review" banner and a logistics firm's wiki
// page marked "no longer maintained", one finding for the set. Decoys: a policy that says it is
// reviewed annually, a sentence about another document being superseded, a banner far down a long
// document's history.
import { reviewCurrencyCheck } from '.';
import { BLANK_INTAKE, runCheck } from '../../../test/helpers/check-harness';
import { DECLARED_STATUS_SUBJECT } from './declared-status';

async function declared(files: Record<string, string>) {
  const { candidates, verdict } = await runCheck(reviewCurrencyCheck, files, BLANK_INTAKE, '2026-11-26');
  const candidate = candidates.find((c) => c.key === DECLARED_STATUS_SUBJECT);
  return candidate ? verdict(candidate.params, candidate.documents).issues : [];
}

test("a county council's policies carry a legacy banner; a logistics wiki page is no longer maintained", async () => {
  const banner =
    '**Note:** This document is legacy guidance. It is under review and likely to be withdrawn soon.';
  const issues = await declared({
    'Remote-Access-Policy.md': `# Remote Access Policy\n\n${banner}\n\nStaff must connect through the council VPN.`,
    'Incident-Policy.md': `# Incident Policy\n\n${banner}\n\nIncidents are reported to the service desk.`,
    'Depot-Wifi-Guide.md':
      '# Depot Wi-Fi Guide\n\nThis page is no longer maintained.\n\nDrivers join the depot network with their badge number.',
    'Password-Standard.md': '# Password Standard\n\nPasswords have at least 14 characters.',
  });
  expect(issues).toHaveLength(1);
  const issue = issues[0]!;
  expect(issue.primitive).toBe('currency_check');
  expect(issue.severity).toBe('high');
  expect(issue.title).toBe('3 documents declare themselves legacy or under review but remain in force');
  expect(issue.quotes.map((q) => q.document).sort()).toEqual([
    'Depot-Wifi-Guide.md',
    'Incident-Policy.md',
    'Remote-Access-Policy.md',
  ]);
  expect(issue.quotes.map((q) => q.text)).toContain('**Note:** This document is legacy guidance.');
});

test('decoys: a review cycle, another document superseded, a note deep in a long history', async () => {
  const history = Array.from(
    { length: 80 },
    (_, i) => `| 1.${i} | 20${10 + (i % 15)}-01-01 | Minor edits to section ${i} |`,
  ).join('\n');
  expect(
    await declared({
      'Access-Policy.md': '# Access Policy\n\nThis policy is reviewed annually by the CISO.',
      'Records-Policy.md':
        '# Records Policy\n\nThe 2019 retention schedule has been superseded by this policy. This policy is under the authority of the board.',
      'Network-Standard.md': `# Network Standard\n\nFirewalls deny inbound traffic by default.\n\n## Revision history\n\n${history}\n\nThis standard is under review in the next cycle.`,
    }),
  ).toEqual([]);
});
