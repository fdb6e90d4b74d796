// The coverage element kept as data for occupational health and safety: rescue arrangements for
// confined-space entry or work at height, present only when a statement (read with the next two)
// names rescue together with its means (rescuers, retrieval equipment, drills). Fixtures: a
// Trinidad maintenance contractor whose HSE policy only promises rescue arrangements, and an
// Alberta oilfield services firm whose entry permit procedure names no rescue at all. Decoys: a
// ship manager's enclosed space procedure that sets out the rescue equipment, a software firm with
// ISO 45001 in scope but no confined spaces, and the contractor's set with no OHS framework.
import { analyzeCorpus } from '../../analyst/corpus-analysis';
import { elementsFor, normaliseFrameworks } from '../../analyst/frameworks';
import { BLANK_INTAKE, candidateIssues } from '../../../test/helpers/check-harness';
import { snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { findCoverageGaps } from './coverage';
import { coverageCheck } from './index';

const SUBJECT = 'coverage:confined_space_rescue';
const LABEL = 'rescue arrangements for confined-space entry or work at height';

async function rescueIssues(files: Record<string, string>, frameworks: string[]) {
  const issues = await candidateIssues(coverageCheck, files, { ...BLANK_INTAKE, frameworks });
  return issues.filter((i) => i.subject === SUBJECT);
}

/** The gap as the corpus analysis reports it, with the frameworks in scope named. */
async function rescueGap(files: Record<string, string>, frameworks: string[]) {
  const analysis = analyzeCorpus(await snapshotOf(files), { ...BLANK_INTAKE, frameworks });
  return findCoverageGaps(analysis, elementsFor(frameworks), frameworks).find((i) => i.subject === SUBJECT);
}

const TRINIDAD_CONTRACTOR: Record<string, string> = {
  'HSE-Policy.md':
    '# Health, Safety and Environment Policy\n\nCaribbean Plant Services Limited carries out shutdown and turnaround maintenance for clients on the Point Lisas estate.\n\nManagement will make arrangements for the rescue of persons from confined spaces.\n\nEvery employee has the authority to stop any job that is unsafe.\n\nThe Managing Director reviews this policy every year.\n',
  'Permit-to-Work-Procedure.md':
    '# Permit to Work Procedure\n\n1. A permit to work is issued by the area authority for hot work, electrical isolation and confined space entry.\n\n2. Before confined space entry, the vessel is isolated, purged and ventilated, and the atmosphere is tested for oxygen, H2S and hydrocarbons.\n\n3. The permit is displayed at the job site and closed out by the area authority at the end of the shift.\n',
};

const ALBERTA_OILFIELD: Record<string, string> = {
  'Confined-Space-Entry-Procedure.md':
    '# Confined Space Entry Procedure\n\nPrairie Ridge Well Services Ltd. cleans frac tanks, vac truck tanks and separators for producers in the Peace Country.\n\nNo worker enters a tank until the crew lead has signed the confined space entry permit and posted the hazard assessment.\n\nThe atmosphere is monitored continuously with a four-head gas detector while the entry permit is open.\n\nThe site emergency response plan is reviewed at the tailgate meeting.\n',
};

/** Decoy: the rescue is planned, with its equipment and its team. */
const SHIP_MANAGER: Record<string, string> = {
  'Enclosed-Space-Entry-Procedure.md':
    '# Enclosed Space Entry Procedure\n\nAtlantic Bulk Ship Management operates handysize bulk carriers. Cargo holds, ballast tanks and void spaces are treated as enclosed spaces.\n\nNo enclosed space is entered until the master has approved the entry permit and the atmosphere has been tested.\n\nA rescue team is mustered at the entrance before entry begins, with the rescue equipment ready for use: tripod or hoisting equipment, rescue harness, stretcher and two sets of breathing apparatus.\n\nEnclosed space rescue drills are held every two months.\n',
};

/** Decoy: ISO 45001 in scope, but nobody enters a confined space or works at height. */
const SOFTWARE_FIRM: Record<string, string> = {
  'Health-and-Safety-Policy.md':
    '# Health and Safety Policy\n\nBrightloop Software Ltd. develops payroll software; staff work from the Galway office or from home.\n\nEvery workstation is assessed for display screen risks when a new starter joins.\n\nThe emergency plan names a fire warden for each floor, and the building is evacuated twice a year.\n',
};

describe('confined-space rescue (OHS coverage element)', () => {
  test.each([
    'ISO 45001:2018',
    'Occupational Safety and Health Act',
    'OHS Code',
    'OSHA 29 CFR 1910',
    'Safety, Health and Welfare at Work Act 2005',
    'Work Health and Safety Act 2011',
  ])('%s is read as an occupational health and safety framework (OHS)', (name) => {
    expect(normaliseFrameworks([name])).toContain('OHS');
  });

  test('information security and health privacy frameworks are not OHS', () => {
    expect(normaliseFrameworks(['ISO 27001:2022'])).not.toContain('OHS');
    expect(normaliseFrameworks(['HIPAA'])).not.toContain('OHS');
    // ISO 45001 is not read as the ISMS standard either.
    expect(normaliseFrameworks(['ISO 45001:2018'])).not.toContain('ISO 27001');
  });

  test('Trinidad maintenance contractor: a policy that promises rescue arrangements is no rescue plan', async () => {
    const found = await rescueIssues(TRINIDAD_CONTRACTOR, ['ISO 45001:2018']);
    expect(found).toHaveLength(1);
    expect(found[0].title).toContain(`Missing ${LABEL}`);
    expect(found[0].severity).toBe('high');

    const gap = await rescueGap(TRINIDAD_CONTRACTOR, ['ISO 45001:2018']);
    expect(gap?.description).toContain('although OHS is in scope');
    expect(gap?.description).toContain('29 CFR 1910.146(k)');
    // The promise is quoted as the nearest statement.
    expect(gap?.quotes.map((q) => q.text).join(' ')).toContain(
      'arrangements for the rescue of persons from confined spaces',
    );
  });

  test('Alberta oilfield services: an entry permit procedure with no rescue is reported', async () => {
    const frameworks = ['Alberta Occupational Health and Safety Act and OHS Code'];
    const found = await rescueIssues(ALBERTA_OILFIELD, frameworks);
    expect(found).toHaveLength(1);
    expect(found[0].title).toContain(`Missing ${LABEL}`);

    const gap = await rescueGap(ALBERTA_OILFIELD, frameworks);
    expect(gap?.description).toContain('although OHS is in scope');
    expect(gap?.quotes.map((q) => q.document)).toContain('Confined-Space-Entry-Procedure.md');
    expect(gap?.quotes.map((q) => q.text).join(' ')).toMatch(
      /confined space entry permit|emergency response plan/,
    );
  });

  test('decoy: a ship manager whose enclosed space procedure sets out the rescue team and equipment', async () => {
    expect(await rescueIssues(SHIP_MANAGER, ['ISO 45001:2018', 'ISM Code'])).toEqual([]);
    expect(await rescueGap(SHIP_MANAGER, ['ISO 45001:2018'])).toBeUndefined();
  });

  test('decoy: a software firm with ISO 45001 in scope but no confined spaces or work at height', async () => {
    expect(await rescueIssues(SOFTWARE_FIRM, ['ISO 45001:2018', 'ISO 27001:2022'])).toEqual([]);
    expect(await rescueGap(SOFTWARE_FIRM, ['ISO 45001:2018'])).toBeUndefined();
  });

  test('decoy: confined spaces without an OHS framework in the intake', async () => {
    expect(await rescueIssues(TRINIDAD_CONTRACTOR, ['ISO 27001:2022'])).toEqual([]);
    expect(await rescueIssues(ALBERTA_OILFIELD, ['HIPAA', 'SOC 2'])).toEqual([]);
  });
});
