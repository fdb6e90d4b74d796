// Backups taken less often than the recovery point objective, on fixtures in two industries'
// wording (a grain cooperative and a dental laboratory), with a decoy where the only objective is
// an example explaining the term.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { INTAKE, snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { recoveryPointIssue } from './recovery-point';

async function issueOf(files: Record<string, string>) {
  const analysis = analyzeCorpus(await snapshotOf(files), INTAKE);
  return recoveryPointIssue(analysis.facts, new Map(analysis.documents.map((d) => [d.name, d.role])));
}

describe('recoveryPointIssue', () => {
  test('grain cooperative: weekly backups cannot meet a 24-hour recovery point objective', async () => {
    const issue = await issueOf({
      'Continuity-Plan.md':
        '# Continuity Plan\n\nThe weighbridge ledger has a recovery point objective (RPO) of 24 hours.',
      'Backup-Standard.md': '# Backup Standard\n\nThe weighbridge ledger database is backed up weekly.',
    });
    expect(issue?.title).toMatch(/cannot meet the recovery point objective/);
    expect(issue?.quotes.map((q) => q.document).sort()).toEqual(['Backup-Standard.md', 'Continuity-Plan.md']);
  });

  test('dental laboratory: nightly backups against a one-hour objective', async () => {
    const issue = await issueOf({
      'Resilience-Policy.md':
        '# Resilience Policy\n\nThe case tracking system must meet a recovery point objective of 1 hour.',
      'IT-Operations.md': '# IT Operations\n\nThe case tracking system is backed up daily at 02:00.',
    });
    expect(issue).not.toBeNull();
  });

  test("decoy: a payroll provider's objective and a mill's PLC backups name different systems", async () => {
    const issue = await issueOf({
      'Payroll-Services-Agreement.md':
        '# Payroll Services Agreement\n\n11.1 The payroll service has a recovery point objective of 4 hours.',
      'Mill-OT-Procedure.md':
        '# Mill OT Procedure\n\n10.1 PLC programs and HMI project files are backed up monthly.',
    });
    expect(issue).toBeNull();
  });

  test("the only objective (not a provider's) answers backups of another system's words (a courier's platform and its database)", async () => {
    const issue = await issueOf({
      'Continuity-Plan.md':
        '# Continuity Plan\n\nThe parcel tracking platform has a recovery point objective of 4 hours.',
      'IT-Operations.md': '# IT Operations\n\nDatabase backups are taken weekly.',
    });
    expect(issue).not.toBeNull();
  });

  test('decoy: an RPO given as an example of the term is not an objective', async () => {
    const issue = await issueOf({
      'Backup-Guide.md':
        '# Backup Guide\n\nTo choose a schedule, suppose a lab server had an RPO of 2 hours: it would then need hourly snapshots.\n\nFile servers are backed up daily.',
    });
    expect(issue).toBeNull();
  });
});
