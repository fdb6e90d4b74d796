// Backups taken less often than the recovery point objective, on fixtures in two industries'
// wording (a grain cooperative and a dental laboratory), with a decoy where the only objective is
// an example explaining the term.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { INTAKE, snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { recoveryPointIssue, replicationStatements } from './recovery-point';

async function issueOf(files: Record<string, string>) {
  const analysis = analyzeCorpus(await snapshotOf(files), INTAKE);
  return recoveryPointIssue(
    analysis.facts,
    new Map(analysis.documents.map((d) => [d.name, d.role])),
    replicationStatements(analysis),
  );
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

  test.each([
    [
      'a credit union',
      'Core banking has a recovery time objective of four (4) hours and a recovery point objective of fifteen (15) minutes.',
    ],
    ['an ambulance trust', 'Dispatch system: RTO 4 hours, RPO 15 minutes.'],
  ])(
    '%s: the RTO is no RPO; daily backups against a 15-minute RPO still fall short',
    async (_label, objectives) => {
      const issue = await issueOf({
        'Continuity-Plan.md': `# Continuity Plan\n\n${objectives}`,
        'IT-Operations.md': '# IT Operations\n\nThe core databases are backed up daily.',
      });
      expect(issue?.title).toBe(
        'Backup frequency (daily) cannot meet the recovery point objective of 15 minutes',
      );
    },
  );

  test.each([
    [
      'a securities broker: continuous replication of the platform to a second data centre',
      'The wallet platform is replicated continuously to the secondary Singapore data centre.',
    ],
    [
      'a mobile money operator: transaction logs shipped every fifteen minutes',
      'Wallet platform transaction logs are shipped to the recovery site every fifteen (15) minutes.',
    ],
  ])('decoy, %s, meets the objective whatever the nightly backup', async (_label, replication) => {
    // Replication of another system (the HIS, not the wallet) meets nothing of this objective.
    const other = await issueOf({
      'Continuity-Plan.md':
        '# Continuity Plan\n\nThe wallet platform has a recovery point objective of 15 minutes.\n\nHIS data is replicated to the DR site every 15 minutes.',
      'IT-Operations.md': '# IT Operations\n\nThe wallet platform database is backed up daily.',
    });
    expect(other).not.toBeNull();
    const issue = await issueOf({
      'Continuity-Plan.md': `# Continuity Plan\n\nThe wallet platform has a recovery point objective of 15 minutes.\n\n${replication}`,
      'IT-Operations.md': '# IT Operations\n\nThe wallet platform database is backed up daily.',
    });
    expect(issue).toBeNull();
  });
});
