// Self-approval in a register with more than one sign-off column: an engineering consultancy's
// drawing register ("Designer", "Checked by", "Approved by") where a drawing went out with no
// checker and its own designer as approver, against "The approver of an issue shall not be the
// designer or the checker of the drawing"; a naval architect's register whose maker is "Drawn by";
// and a software house's release register ("Developer", "Reviewed by", "Approved by") where a
// developer approved their own release after someone else's review. Decoys: every approver differs
// from the designer or developer.
import { BLANK_INTAKE, candidateIssues } from '../../../test/helpers/check-harness';
import { recordAttributeCheck } from '.';

const selfApprovals = async (files: Record<string, string>) =>
  (await candidateIssues(recordAttributeCheck, files, BLANK_INTAKE)).filter((i) =>
    i.subject.endsWith(':self_approval'),
  );

const DESIGN_PROCEDURE = [
  '# Design Control Procedure',
  '',
  '6.3 Every drawing is checked before it is issued for construction. The approver of an issue shall not be the designer or the checker of the drawing.',
].join('\n');

const drawings = (c114Approver: string) =>
  [
    'Drawing No.,Title,Rev,Designer,Checked by,Approved by,Issue date',
    'DWG-C-101,Pile cap layout,C,Adaeze Okoro,M. Feldman,R. Duarte (Design Manager),2026-03-02',
    `DWG-C-114,Retaining wall reinforcement,B,Priya Raman,,${c114Approver},2026-03-18`,
    'DWG-S-202,Stair core sections,A,James Whitlock,M. Feldman,R. Duarte (Design Manager),2026-04-07',
  ].join('\n');

test('an engineering consultancy: a drawing issued unchecked and approved by its own designer', async () => {
  const found = await selfApprovals({
    'Design-Control-Procedure.md': DESIGN_PROCEDURE,
    'Drawing-Register.csv': drawings('P. Raman'),
  });
  expect(found.map((i) => i.title)).toEqual([
    'Drawing-Register.csv: 1 item (DWG-C-114) approved by the person named as their "Designer", against Design-Control-Procedure.md',
  ]);
  expect(found[0]!.description).toContain('"Designer" and "Approved by" for DWG-C-114 (Priya Raman)');
  expect(found[0]!.description).toContain('shall not be the designer or the checker of the drawing');
  expect(found[0]!.description).not.toMatch(/DWG-C-101|DWG-S-202/);
});

test('a naval architect: a tank plan issued unchecked and approved by the person who drew it', async () => {
  const found = await selfApprovals({
    'Drawing-Office-Procedure.md':
      '# Drawing Office Procedure\n\n4.2 The checker of a drawing must not be the author of that drawing, and every plan is approved by the Chief Naval Architect or a deputy.\n\n4.3 The approver of a plan shall not be the designer or the checker of that plan.\n',
    'Plan-Register.csv': [
      'Plan No.,Vessel,Title,Drawn by,Checked by,Approved by',
      'GA-3301,Hull 118,General arrangement,Tiago Serrano,L. Haugland,K. Mbeki (Chief Naval Architect)',
      'GA-3302,Hull 118,Tank plan,Signe Aasen,,S. Aasen',
      'GA-3303,Hull 119,Docking plan,Tiago Serrano,L. Haugland,K. Mbeki (Chief Naval Architect)',
    ].join('\n'),
  });
  expect(found.map((i) => i.title)).toEqual([
    'Plan-Register.csv: 1 item (GA-3302) approved by the person named as their "Drawn by", against Drawing-Office-Procedure.md',
  ]);
  expect(found[0]!.description).toContain('"Drawn by" and "Approved by" for GA-3302 (Signe Aasen)');
});

const RELEASE_POLICY = [
  '# Release Management Policy',
  '',
  '5.1 Every production release is peer reviewed and then approved by a release manager. Developers may not approve their own releases for production.',
].join('\n');

const releases = (r207Approver: string) =>
  [
    'Release,Service,Developer,Reviewed by,Approved by,Deployed on',
    'REL-2026.14,Payments API,Hemi Walker,Yusuf Demir,Clara Jansen (Release Manager),2026-05-04',
    `REL-2026.15,Customer portal,Marisol Ortega,Yusuf Demir,${r207Approver},2026-05-11`,
    'REL-2026.16,Ledger sync,Hemi Walker,Anouk Visser,Clara Jansen (Release Manager),2026-05-19',
  ].join('\n');

test('a software house: a release reviewed by a peer but approved by its own developer', async () => {
  const found = await selfApprovals({
    'Release-Management-Policy.md': RELEASE_POLICY,
    'Release-Register.csv': releases('M. Ortega'),
  });
  expect(found.map((i) => i.title)).toEqual([
    'Release-Register.csv: 1 item (REL-2026.15) approved by the person named as their "Developer", against Release-Management-Policy.md',
  ]);
  expect(found[0]!.description).toContain('"Developer" and "Approved by" for REL-2026.15 (Marisol Ortega)');
  expect(found[0]!.quotes.map((q) => q.text)).toContain(
    'REL-2026.15 | Customer portal | Marisol Ortega | Yusuf Demir | M. Ortega | 2026-05-11',
  );
});

describe('decoys', () => {
  test('the unchecked drawing approved by the design manager, not its designer', async () => {
    expect(
      await selfApprovals({
        'Design-Control-Procedure.md': DESIGN_PROCEDURE,
        'Drawing-Register.csv': drawings('R. Duarte (Design Manager)'),
      }),
    ).toEqual([]);
  });

  test('every release approved by the release manager, not its developer', async () => {
    expect(
      await selfApprovals({
        'Release-Management-Policy.md': RELEASE_POLICY,
        'Release-Register.csv': releases('Clara Jansen (Release Manager)'),
      }),
    ).toEqual([]);
  });
});
