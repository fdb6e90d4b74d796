// The coverage element for vulnerability remediation deadlines (knowledge/data/coverage-elements.json):
// a set that scans, tracks or patches vulnerabilities but never says by when they are fixed. Fixtures
// in two industries' wording (a software company and a regional hospital); decoys: deadlines as a
// table of severities, in a sentence, and a set that never deals with vulnerabilities.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { elementsFor } from '../../analyst/frameworks';
import { INTAKE, snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { findCoverageGaps } from './coverage';

const SUBJECT = 'coverage:vulnerability_remediation_timeframes';

async function gap(files: Record<string, string>, frameworks = ['SOC 2', 'ISO 27001']) {
  const analysis = analyzeCorpus(await snapshotOf(files), { ...INTAKE, frameworks });
  return findCoverageGaps(analysis, elementsFor(frameworks), frameworks).find((i) => i.subject === SUBJECT);
}

test('a software company tracks scanner findings and fixes HIGH items, with no deadline', async () => {
  const issue = await gap({
    'Platform-Maintenance.md':
      '# Platform Maintenance\n\nVulnerability scans run weekly against every container image. If the reports contain any HIGH items, work to remediate them. Each unique vulnerability is tracked in the issue tracker.',
  });
  expect(issue?.title).toMatch(/timeframes for remediating vulnerabilities/);
  expect(issue?.quotes.map((q) => q.document)).toContain('Platform-Maintenance.md');
});

test('a hospital advises, but does not require, a remediation window', async () => {
  const issue = await gap(
    {
      'Clinical-Systems-Standard.md':
        '# Clinical Systems Standard\n\nThe vendor reports vulnerabilities in the imaging systems to the clinical engineering team. We recommend remediation within 7 days for critical vulnerabilities.',
    },
    ['NIST CSF', 'HIPAA'],
  );
  expect(issue).toBeDefined();
});

test.each([
  [
    'a table of deadlines per severity',
    '# Patch Standard\n\nVulnerabilities found by the quarterly scan are remediated by the system owner within these periods:\n\n| Severity | Remediation deadline |\n| --- | --- |\n| Critical | 14 days |\n| High | 30 days |\n',
  ],
  [
    'a deadline in a sentence',
    '# Vulnerability Management Procedure\n\nCritical vulnerabilities on internet-facing systems must be patched within 72 hours of the vendor release; other vulnerabilities are fixed in the monthly patch cycle.',
  ],
  [
    'deadlines listed by severity in one sentence (a bank)',
    '# Information Security Policy\n\nVulnerabilities identified by scans are remediated as follows. Security patches shall be applied within the following periods from vendor release: critical — 14 days; high — 28 days; medium — 90 days.',
  ],
  [
    'deadlines listed by severity with colons (a council)',
    '# Patch Procedure\n\nVulnerabilities found in council systems are patched by priority: Critical: 7 days, High: 30 days.',
  ],
  [
    'no dealing with vulnerabilities at all',
    '# Acceptable Use Policy\n\nStaff lock their screens when away.',
  ],
])('decoy: %s', async (_name, text) => {
  expect(await gap({ 'Security-Document.md': text })).toBeUndefined();
});
