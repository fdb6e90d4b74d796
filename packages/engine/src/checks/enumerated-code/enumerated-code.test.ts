// Register codes outside the closed list a procedure defines: an engineering firm's drawing
// register issues a drawing at suitability "S5", which the document control procedure's list
// ("Only the following codes are used", with a series row "A1, A2, A3 ...") does not have, and a
// hospital's equipment register marks a pump "RP", which the equipment procedure's status list
// lacks. Decoys: a register "Status" column whose values are mostly other codes, a list that is
// not closed ("The following status codes are used"), and a suitability cell in free text.
import { candidateIssues } from '../../../test/helpers/check-harness';
import { enumeratedCodeCheck } from '.';

const issues = (files: Record<string, string>) => candidateIssues(enumeratedCodeCheck, files);

const documentControlProcedure = [
  '# Document Control Procedure',
  '',
  '1. Scope',
  '',
  'This procedure applies to every drawing Brackenridge Consulting Engineers issues from the common data environment.',
  '',
  '2. Suitability',
  '',
  'The suitability code records what a recipient may rely on a drawing for. Only the following codes are used:',
  '',
  '| Code | Status | Permitted use |',
  '|---|---|---|',
  '| S0 | Work in progress | Internal to the originating team |',
  '| S1 | Shared for coordination | Coordination between disciplines |',
  '| S2 | Shared for information | Information only |',
  '| S3 | Shared for review and comment | Client and design team review |',
  '| S4 | Shared for stage approval | Approval at the end of a work stage |',
  '| A1, A2, A3 ... | Published, authorised for the numbered stage | Construction to the stage shown |',
  '| CR | As constructed record | Handover to the client |',
  '',
  '3. Each drawing issue is recorded in the drawing register on the day it is issued.',
  '',
].join('\n');

const drawingRegister = (lastSuitability: string) =>
  [
    'Drawing number,Title,Revision,Suitability,Issued',
    'BCE-ST-DR-0101,Ground floor slab general arrangement,P03,S3,2026-01-14',
    'BCE-ST-DR-0102,First floor framing plan,C01,A2,2026-02-02',
    'BCE-ST-DR-0103,Core wall reinforcement,C02,A4,2026-02-20',
    'BCE-ST-DR-0104,Roof steelwork layout,P01,S2,2026-03-03',
    `BCE-ST-DR-0105,Stair 2 sections,P02,${lastSuitability},2026-03-11`,
  ].join('\n');

const equipmentProcedure = (closing: string) =>
  [
    '# Medical Equipment Management Procedure',
    '',
    '1. Equipment register',
    '',
    'Clinical engineering keeps one register of every medical device at St Aldhelm Hospital, with the device status kept current.',
    '',
    closing,
    '',
    '| Code | Meaning |',
    '|---|---|',
    '| IS | In service |',
    '| QR | Quarantined pending investigation |',
    '| OS | Out of service awaiting repair |',
    '| CD | Condemned and awaiting disposal |',
    '| LN | On loan to another trust |',
    '',
    '2. A device is quarantined the same day a fault is reported.',
    '',
  ].join('\n');

const CLOSED = 'Only the following status codes may be used in the register:';

const equipmentRegister = [
  'Asset number,Device,Ward,Status,Last planned maintenance',
  'SAH-00412,Volumetric infusion pump,Ward 7,IS,2025-11-04',
  'SAH-00413,Volumetric infusion pump,Ward 7,RP,2025-11-04',
  'SAH-00527,Syringe driver,Critical care,QR,2025-12-19',
  'SAH-00601,Patient monitor,Emergency department,IS,2026-01-08',
].join('\n');

test('an engineering firm: a drawing issued at "S5", outside the procedure\'s suitability codes (A4 is in the A series)', async () => {
  const found = await issues({
    'Document-Control-Procedure.md': documentControlProcedure,
    'Drawing-Register.csv': drawingRegister('S5'),
  });
  expect(found.map((i) => i.title)).toEqual([
    'Drawing-Register.csv: suitability code S5 is not among the codes Document-Control-Procedure.md allows',
  ]);
  expect(found[0]!.primitive).toBe('consistency_check');
  expect(found[0]!.description).toContain(
    'allows only these suitability codes: S0, S1, S2, S3, S4, A1, A2, A3, CR, An ',
  );
  expect(found[0]!.description).toContain('records S5 under "Suitability" (BCE-ST-DR-0105)');
  expect(found[0]!.description).not.toContain('A4');
  expect(found[0]!.quotes.map((q) => q.document)).toEqual([
    'Document-Control-Procedure.md',
    'Drawing-Register.csv',
  ]);
  expect(found[0]!.quotes[0]!.text).toContain('Only the following codes are used');
  expect(found[0]!.quotes[1]!.text).toContain('BCE-ST-DR-0105');
});

test('a hospital: an infusion pump marked "RP", which "only the following status codes may be used" does not list', async () => {
  const found = await issues({
    'Medical-Equipment-Procedure.md': equipmentProcedure(CLOSED),
    'Medical-Equipment-Register.csv': equipmentRegister,
  });
  expect(found.map((i) => i.title)).toEqual([
    'Medical-Equipment-Register.csv: status code RP is not among the codes Medical-Equipment-Procedure.md allows',
  ]);
  expect(found[0]!.description).toContain('allows only these status codes: IS, QR, OS, CD, LN');
  expect(found[0]!.description).toContain('records RP under "Status" (SAH-00413)');
  expect(found[0]!.quotes.map((q) => q.document)).toEqual([
    'Medical-Equipment-Procedure.md',
    'Medical-Equipment-Register.csv',
  ]);
});

test('decoy: a "Status" column whose values are mostly not codes of the list', async () => {
  expect(
    await issues({
      'Medical-Equipment-Procedure.md': equipmentProcedure(CLOSED),
      'Ward-Bed-Register.csv': [
        'Bed,Ward,Status,Updated',
        'W7-01,Ward 7,AV,2026-03-02',
        'W7-02,Ward 7,OC,2026-03-02',
        'W7-03,Ward 7,CL,2026-03-02',
        'W7-04,Ward 7,IS,2026-03-02',
      ].join('\n'),
    }),
  ).toEqual([]);
});

test('decoy: a list without "only" is not closed', async () => {
  expect(
    await issues({
      'Medical-Equipment-Procedure.md': equipmentProcedure(
        'The following status codes are used in the register:',
      ),
      'Medical-Equipment-Register.csv': equipmentRegister,
    }),
  ).toEqual([]);
});

test('decoy: a suitability cell written as free text, not a code', async () => {
  expect(
    await issues({
      'Document-Control-Procedure.md': documentControlProcedure,
      'Drawing-Register.csv': drawingRegister('Awaiting client comment'),
    }),
  ).toEqual([]);
});
