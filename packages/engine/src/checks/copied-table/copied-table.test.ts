// One table written in two normative documents, its copy drifted in one time value: a pharma
// site's cleanroom monitoring standard and its sampling procedure disagree on how often a grade C
// room is sampled for active air ("Weekly" against "Monthly", its row key written with a hyphen for a dash), and a bank's backup standard and its
// recovery runbook on how often tier 2 systems are backed up ("Daily" against "Weekly"). Decoys: the
// differing cell is an owner's name, the rows have different keys, the same frequency written two
// ways ("Every 7 days" and "Weekly"), a copy in an evidence register, and a two-column table.
import { BLANK_INTAKE, candidateIssues } from '../../../test/helpers/check-harness';
import { copiedTableCheck } from '.';

const issues = (files: Record<string, string>) => candidateIssues(copiedTableCheck, files);

const HEADER = '| Grade / area | Non-viable particles | Active air (viable) | Surface contact plates |';

const monitoringTable = (gradeCActiveAir: string, gradeCKey = 'C — Filling suite FS-02') =>
  [
    HEADER,
    '|---|---|---|---|',
    '| A — Isolator ISO-1 | Continuous | Every shift | Every shift |',
    '| B — Background to ISO-1 | Daily | Daily | Weekly |',
    `| ${gradeCKey} | Weekly | ${gradeCActiveAir} | Monthly |`,
  ].join('\n');

const cleanroomStandard = (table = monitoringTable('Weekly')) =>
  [
    '# Environmental Monitoring Standard',
    '',
    '1. Purpose',
    '',
    'This standard sets the minimum sampling frequency for every classified area of the Larchfield sterile products site.',
    '',
    '2. Sampling frequencies',
    '',
    table,
    '',
    '3. Excursions are reported to Quality Assurance within one working day.',
    '',
  ].join('\n');

const samplingProcedure = (table = monitoringTable('Monthly', 'C - Filling suite FS-02')) =>
  [
    '# Environmental Monitoring Sampling Procedure',
    '',
    '1. Scope',
    '',
    'Microbiology technicians follow this procedure when sampling the classified areas of the site.',
    '',
    '2. Sampling frequencies',
    '',
    table,
    '',
    '3. Plates are incubated and read by the microbiology laboratory.',
    '',
  ].join('\n');

const backupTable = (tier2Frequency: string, tier2Owner = 'Core Banking Platform Team') =>
  [
    '| System tier | Backup frequency | Retention | Backup owner |',
    '|---|---|---|---|',
    '| Tier 1 — Payments and ledger | Every 4 hours | 90 days | Payments Engineering |',
    `| Tier 2 — Customer servicing | ${tier2Frequency} | 60 days | ${tier2Owner} |`,
    '| Tier 3 — Internal tools | Weekly | 30 days | Workplace Technology |',
  ].join('\n');

const backupStandard = (table = backupTable('Daily')) =>
  [
    '# Data Backup Standard',
    '',
    '1. Backup schedule by system tier',
    '',
    'Every production system of Harbourline Bank is backed up on the schedule for its tier.',
    '',
    table,
    '',
    '2. Backups are encrypted at rest and copied to the secondary data centre.',
    '',
  ].join('\n');

const recoveryRunbook = (table = backupTable('Weekly')) =>
  [
    '# Backup and Recovery Runbook',
    '',
    '1. Backup schedule',
    '',
    'Infrastructure operations configure the backup jobs with the schedule below.',
    '',
    table,
    '',
    '2. A failed job is re-run the same day and logged in the operations ticket queue.',
    '',
  ].join('\n');

test('a sterile products site: the standard samples grade C active air weekly, the procedure monthly', async () => {
  const found = await issues({
    'Environmental-Monitoring-Standard.md': cleanroomStandard(),
    'Environmental-Monitoring-Procedure.md': samplingProcedure(),
  });
  expect(found.map((i) => i.title)).toEqual([
    'Conflicting Active air (viable) for C — Filling suite FS-02: Weekly in Environmental-Monitoring-Standard.md vs Monthly in Environmental-Monitoring-Procedure.md',
  ]);
  expect(found[0]!.primitive).toBe('conflict_check');
  expect(found[0]!.description).toContain('under "Active air (viable)"');
  expect(found[0]!.description).toContain('"Weekly"');
  expect(found[0]!.description).toContain('"Monthly"');
  expect(found[0]!.quotes.map((q) => q.document).sort()).toEqual([
    'Environmental-Monitoring-Procedure.md',
    'Environmental-Monitoring-Standard.md',
  ]);
  expect(found[0]!.quotes.map((q) => q.text).join('\n')).toContain('Filling suite FS-02');
});

test('a bank: the backup standard backs tier 2 up daily, the recovery runbook weekly', async () => {
  const found = await issues({
    'Data-Backup-Standard.md': backupStandard(),
    'Backup-Recovery-Runbook.md': recoveryRunbook(),
  });
  expect(found.map((i) => i.title)).toEqual([
    'Conflicting Backup frequency for Tier 2 — Customer servicing: Daily in Data-Backup-Standard.md vs Weekly in Backup-Recovery-Runbook.md',
  ]);
  expect(found[0]!.description).toContain(
    'columns "System tier", "Backup frequency", "Retention", "Backup owner"',
  );
  expect(found[0]!.quotes.map((q) => q.document).sort()).toEqual([
    'Backup-Recovery-Runbook.md',
    'Data-Backup-Standard.md',
  ]);
});

test('decoy: the two copies differ only in an owner name, not a time value', async () => {
  expect(
    await issues({
      'Data-Backup-Standard.md': backupStandard(backupTable('Daily', 'Core Banking Platform Team')),
      'Backup-Recovery-Runbook.md': recoveryRunbook(backupTable('Daily', 'Customer Channels Operations')),
    }),
  ).toEqual([]);
});

test('decoy: the differing rows have different keys', async () => {
  expect(
    await issues({
      'Environmental-Monitoring-Standard.md': cleanroomStandard(
        monitoringTable('Weekly', 'C — Filling suite FS-02'),
      ),
      'Environmental-Monitoring-Procedure.md': samplingProcedure(
        monitoringTable('Monthly', 'C — Weighing room WR-01'),
      ),
    }),
  ).toEqual([]);
});

test('decoy: the same frequency written two ways ("Every 7 days" and "Weekly")', async () => {
  expect(
    await issues({
      'Environmental-Monitoring-Standard.md': cleanroomStandard(monitoringTable('Every 7 days')),
      'Environmental-Monitoring-Procedure.md': samplingProcedure(monitoringTable('Weekly')),
    }),
  ).toEqual([]);
});

test('decoy: a copy of the table in an evidence record is not compared with the standard', async () => {
  const intake = { ...BLANK_INTAKE, doc_hierarchy: { evidence: ['*-Evidence-Record.md'] } };
  expect(
    await candidateIssues(
      copiedTableCheck,
      {
        'Data-Backup-Standard.md': backupStandard(),
        'Backup-Job-Evidence-Record.md': [
          '# Backup Job Evidence Record — March 2026',
          '',
          'Schedule found configured in the backup console on 14 March 2026:',
          '',
          backupTable('Weekly'),
          '',
        ].join('\n'),
      },
      intake,
    ),
  ).toEqual([]);
});

test('decoy: a two-column table is not compared', async () => {
  const twoColumns = (tier2: string) =>
    [
      '| System tier | Backup frequency |',
      '|---|---|',
      '| Tier 1 — Payments and ledger | Every 4 hours |',
      `| Tier 2 — Customer servicing | ${tier2} |`,
    ].join('\n');
  expect(
    await issues({
      'Data-Backup-Standard.md': backupStandard(twoColumns('Daily')),
      'Backup-Recovery-Runbook.md': recoveryRunbook(twoColumns('Weekly')),
    }),
  ).toEqual([]);
});
