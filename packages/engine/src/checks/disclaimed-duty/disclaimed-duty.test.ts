// A contract relieving the provider of a duty a policy or procedure requires: a records-storage
// firm's backup media and a pathology courier's chain of custody; decoy: a disclaimer of
// something no document requires.
import { runCheck } from '../../../test/helpers/check-harness';
import { disclaimedDutyCheck } from '.';

async function findings(files: Record<string, string>) {
  const { candidates, verdict } = await runCheck(disclaimedDutyCheck, files, {
    domain: '',
    audit_purpose: '',
    frameworks: [],
    focus_areas: [],
    materiality: null,
    doc_hierarchy: { policy: ['*-Policy.md', '*-Procedure.md'], contract: ['*-Agreement.md'] },
    known_concerns: [],
  });
  return candidates.flatMap((c) => verdict(c.params, c.documents).issues);
}

test('a records-storage firm: the agreement disclaims encrypting the backup media the policy requires encrypted', async () => {
  const issues = await findings({
    'Backup-Policy.md':
      '# Backup Policy\n\n4.2 Backup media leaving the data centre must be encrypted and logged before transport.\n',
    'Offsite-Storage-Agreement.md':
      '# Offsite Storage Agreement\n\n7.3 The Provider shall have no obligation to encrypt or log any backup media delivered by the Customer for transport.\n',
  });
  expect(issues.map((i) => i.title)).toEqual([
    'Offsite-Storage-Agreement.md disclaims a duty Backup-Policy.md requires (backup, medium, transport)',
  ]);
  expect(issues[0]!.primitive).toBe('flow_down_check');
});

test('a pathology network: the courier is not responsible for recording the chain of custody the procedure requires', async () => {
  const issues = await findings({
    'Specimen-Transport-Procedure.md':
      '# Specimen Transport Procedure\n\n3.1 The courier shall record the chain of custody of every specimen box at collection and at delivery.\n',
    'Courier-Services-Agreement.md':
      '# Courier Services Agreement\n\n5.4 The Carrier shall not be responsible for recording the chain of custody of specimen boxes.\n',
  });
  expect(issues).toHaveLength(1);
});

test('decoy: a disclaimer of something no document requires', async () => {
  expect(
    await findings({
      'Backup-Policy.md':
        '# Backup Policy\n\n4.2 Backup media leaving the data centre must be encrypted and logged before transport.\n',
      'Offsite-Storage-Agreement.md':
        '# Offsite Storage Agreement\n\n7.3 The Provider shall have no obligation to train Customer staff in the use of the portal.\n',
    }),
  ).toEqual([]);
});
