// Coverage elements kept as data: retention periods (a set that keeps personal data or logs "as
// long as needed") and a frequency for access reviews ("periodic user access reviews"). Fixtures in
// two industries' wording (a design agency and a logistics firm); decoys: periods in a sentence and
// in a retention table, a review with its frequency, and a review of the access control process
// (no review of access) beside a review of access with no frequency.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { elementsFor } from '../../analyst/frameworks';
import { INTAKE, snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { findCoverageGaps } from './coverage';

async function gaps(files: Record<string, string>, frameworks = ['SOC 2', 'ISO 27001', 'GDPR']) {
  const analysis = analyzeCorpus(await snapshotOf(files), { ...INTAKE, frameworks });
  return findCoverageGaps(analysis, elementsFor(frameworks), frameworks).map((i) => i.subject);
}

describe('retention periods', () => {
  test('a design agency keeps client personal data "as long as needed" and never says how long', async () => {
    expect(
      await gaps({
        'Data-Handling-Policy.md':
          '# Data Handling Policy\n\nClient personal data is kept for as long as the project needs it and deleted when the need to know lapses. Slack channels are archived, not deleted.',
      }),
    ).toContain('coverage:retention_periods');
  });

  test('a logistics firm keeps security logs with no period', async () => {
    expect(
      await gaps({
        'Logging-Standard.md':
          '# Logging Standard\n\nSecurity logs from the warehouse systems are sent to the central log store and reviewed when an incident occurs. Audit logs are protected from change.',
      }),
    ).toContain('coverage:retention_periods');
  });

  test.each([
    ['a period in a sentence', 'Security logs are retained for twelve (12) months and then deleted.'],
    [
      'a retention table',
      'Records are kept as follows:\n\n| Record | Retention |\n| --- | --- |\n| Customer personal data | 6 years after the contract ends |',
    ],
  ])('decoy: %s', async (_name, body) => {
    expect(await gaps({ 'Retention-Schedule.md': `# Retention Schedule\n\n${body}` })).not.toContain(
      'coverage:retention_periods',
    );
  });
});

describe('access review frequency', () => {
  test('a design agency conducts "periodic user access reviews"; its annual review is of the access control process', async () => {
    expect(
      await gaps({
        'Access-Control-Policy.md':
          '# Access Control Policy\n\nPeriodic user access reviews are conducted by the security team. The security team reviews and updates the access control process on an annual basis.',
      }),
    ).toContain('coverage:access_review_frequency');
  });

  test('a logistics firm says depot accounts are reviewed, and not how often', async () => {
    expect(
      await gaps({
        'Depot-IT-Procedure.md':
          '# Depot IT Procedure\n\nDepot accounts are reviewed by the depot manager and removed when no longer needed.',
      }),
    ).toContain('coverage:access_review_frequency');
  });

  test.each([
    [
      '"on an annual basis"',
      'System owners perform access rights reviews of user accounts on an annual basis.',
    ],
    ['"every six months"', 'Privileged accounts are reviewed every six months by the system owner.'],
    [
      '"Access rights to business applications are reviewed ... at least annually"',
      'Access rights to business applications are reviewed by system owners at least annually.',
    ],
    [
      '"Accounts on the lab systems are reviewed quarterly"',
      'Accounts on the lab systems are reviewed quarterly.',
    ],
  ])('decoy: a review with its frequency, %s', async (_name, body) => {
    expect(await gaps({ 'Access-Standard.md': `# Access Standard\n\n${body}` })).not.toContain(
      'coverage:access_review_frequency',
    );
  });
});
