// Requirements read from inline lists, examination tables, deferrals and retention schedules.
// Covered, each in two industries' wording with a decoy that must not fire:
// 1. "examine" / "examination" is the review action: a row under "Maximum interval between thorough
//    examinations" is a review, not a "patch" taken from "after installation" in the caption;
// 2. a sentence whose list runs on after a colon, its items parted by semicolons, gives one
//    requirement per item with the words before the colon as its lead-in (also past 600
//    characters); an item conflicts with another document's row, never with its sibling item;
// 3. how far a due date may move ("deferred once, by no more than fourteen (14) days", "extended
//    by 30 days") is no value of the requirement;
// 4. a row of a retention schedule about records whose subject names an act ("Incident records,
//    including regulatory notifications | 5 years") states how long they are kept, not a notice.
import { analyzeCorpus, type CorpusAnalysis } from '../../analyst/corpus-analysis';
import { requirementsOf, type Requirement } from '../../analyst/requirements';
import { snapshotOf } from '../../../test/helpers/synthetic-corpus';
import { findRequirementConflicts } from './conflicts';

async function analysed(files: Record<string, string>) {
  const analysis = analyzeCorpus(await snapshotOf(files), null);
  const segments = analysis.documents.flatMap((d) => d.segments);
  const conflicts = findRequirementConflicts(analysis, segments);
  return { analysis, conflicts };
}

/** The requirements read from the segment that starts with `start`. */
function readingsOf(analysis: CorpusAnalysis, start: string): Requirement[] {
  const segment = analysis.documents.flatMap((d) => d.segments).find((s) => s.text.startsWith(start));
  if (!segment) throw new Error(`no segment starts with "${start}"`);
  return requirementsOf(segment);
}

/** Each requirement's action and value. */
const actions = (rs: Requirement[]) => rs.map((r) => [r.action, r.quantity.phrase]);

/** The two values of each conflict, in alphabetical order. */
const values = (found: Awaited<ReturnType<typeof analysed>>['conflicts']) =>
  found.map((c) => [c.a.quantity.phrase, c.b.quantity.phrase].sort());

describe('1. "examine" and "examination" are the review action', () => {
  test('a hospital: patient slings examined every six months by the policy, every 12 months in a devices table captioned "after installation"', async () => {
    const { analysis, conflicts } = await analysed({
      'Patient-Handling-Policy.md': [
        '# Patient Handling Policy',
        '',
        '## 5. Hoists and slings',
        '',
        '5.2 Patient slings are thoroughly examined by a competent person at least every six months.',
      ].join('\n'),
      'Medical-Devices-Procedure.md': [
        '# Medical Devices Procedure',
        '',
        '## 7. Planned examinations',
        '',
        'Each device is examined after installation and then at the intervals below.',
        '',
        '| Device | Ward | Maximum interval between thorough examinations |',
        '|---|---|---|',
        '| Patient slings | All wards | 12 months |',
        '| Ceiling track hoists | All wards | 12 months |',
      ].join('\n'),
    });
    expect(actions(readingsOf(analysis, '| Patient slings'))).toEqual([['review', '12 months']]);
    expect(actions(readingsOf(analysis, '| Ceiling track hoists'))).toEqual([['review', '12 months']]);
    expect(actions(readingsOf(analysis, '5.2'))).toEqual([['review', 'every six months']]);
    expect(values(conflicts)).toEqual([['12 months', 'every six months']]);
  });

  test('a forestry contractor: climbing harnesses in an equipment register captioned "after installation on the crew vehicle"', async () => {
    const { analysis } = await analysed({
      'Arborist-Equipment-Procedure.md': [
        '# Arborist Equipment Procedure',
        '',
        '## 2. Equipment register',
        '',
        'Equipment is entered in the register after installation on the crew vehicle.',
        '',
        '| Item | Crew | Maximum interval between thorough examinations |',
        '|---|---|---|',
        '| Climbing harnesses and lanyards | All crews | 12 months |',
        '| Pole saws | Felling crew | 6 months |',
      ].join('\n'),
    });
    expect(actions(readingsOf(analysis, '| Climbing harnesses'))).toEqual([['review', '12 months']]);
    expect(actions(readingsOf(analysis, '| Pole saws'))).toEqual([['review', '6 months']]);
  });

  test('decoy: a row under "Install within" is still a patch deadline', async () => {
    const { analysis } = await analysed({
      'Clinical-Systems-Patching-Standard.md': [
        '# Clinical Systems Patching Standard',
        '',
        '## 3. Deadlines',
        '',
        'Updates are tested before installation and then applied within the deadlines below.',
        '',
        '| Update | Install within |',
        '|---|---|',
        '| Critical security updates | 14 days |',
      ].join('\n'),
    });
    expect(actions(readingsOf(analysis, '| Critical security updates'))).toEqual([['patch', '14 days']]);
  });
});

describe('2. an inline list after a colon, its items parted by semicolons', () => {
  /** A policy whose one sentence lists examination intervals, and a procedure's table row for slings. */
  const rigging = (examples: string) => ({
    'Lifting-Equipment-Policy.md': [
      '# Lifting Equipment Policy',
      '',
      '## 4. Thorough examination',
      '',
      `4.1 Lifting equipment is thoroughly examined by a competent person at the following intervals: lifting accessories (${examples}): at least every six months; all other lifting equipment, including cranes, hoists and telehandlers used for lifting: at least every twelve months.`,
    ].join('\n'),
    'Crane-Maintenance-Procedure.md': [
      '# Crane Maintenance Procedure',
      '',
      '## 3. Examination schedule',
      '',
      '| Equipment | Examples | Maximum interval between thorough examinations |',
      '|---|---|---|',
      '| Lifting accessories | Slings, shackles, eyebolts | 12 months |',
    ].join('\n'),
  });
  const leadIn =
    '4.1 Lifting equipment is thoroughly examined by a competent person at the following intervals';

  test.each([
    ['a short sentence', 'slings, shackles, chain blocks and eyebolts'],
    [
      'a sentence over 600 characters',
      'webbing slings, round slings, wire rope slings, chain slings, master links, shackles, eyebolts, swivels, lifting beams, spreader beams, plate clamps, beam clamps, vacuum lifters, lifting magnets, rigging screws, turnbuckles, wire rope grips and every other item of tackle that is fitted between a hook and a load, whether it is owned by the Company, hired in from a supplier or brought onto site by a subcontractor',
    ],
  ])('a port contractor, %s: one requirement per item under the lead-in', async (_, examples) => {
    const { analysis, conflicts } = await analysed(rigging(examples));
    const items = readingsOf(analysis, '4.1 Lifting equipment');
    expect(items.map((r) => [r.action, r.quantity.phrase, r.leadIn])).toEqual([
      ['review', 'every six months', leadIn],
      ['review', 'every twelve months', leadIn],
    ]);
    // Each value stays where it stands in the sentence.
    const text = items[0]!.segment.text;
    for (const r of items) expect(text.slice(r.quantity.index).startsWith(r.quantity.phrase)).toBe(true);
    expect(items[0]!.topic).toEqual(expect.arrayContaining(['sling', 'shackle']));
    expect(items[1]!.topic).toEqual(expect.arrayContaining(['crane', 'hoist']));
    // The first item against the procedure's row; never the two items against each other.
    expect(values(conflicts)).toEqual([['12 months', 'every six months']]);
    expect(conflicts[0]!.a.segment.document).not.toBe(conflicts[0]!.b.segment.document);
  });

  test('a hospital: patient slings every six months, other patient lifting equipment every twelve, against a devices table', async () => {
    const { analysis, conflicts } = await analysed({
      'Patient-Handling-Policy.md': [
        '# Patient Handling Policy',
        '',
        '## 5. Hoists and slings',
        '',
        "5.3 Patient lifting equipment on the wards is thoroughly examined by the insurer's engineer: patient slings (fabric, disposable and bathing slings): at least every six months; all other patient lifting equipment, including ceiling track hoists and mobile hoists: at least every twelve months.",
      ].join('\n'),
      'Medical-Devices-Procedure.md': [
        '# Medical Devices Procedure',
        '',
        '## 7. Planned examinations',
        '',
        '| Device | Ward | Maximum interval between thorough examinations |',
        '|---|---|---|',
        '| Patient slings | All wards | 12 months |',
        '| Ceiling track hoists | All wards | 12 months |',
      ].join('\n'),
    });
    const items = readingsOf(analysis, '5.3 Patient lifting');
    expect(items.map((r) => r.quantity.phrase)).toEqual(['every six months', 'every twelve months']);
    expect(new Set(items.map((r) => r.leadIn))).toEqual(
      new Set([
        "5.3 Patient lifting equipment on the wards is thoroughly examined by the insurer's engineer",
      ]),
    );
    expect(values(conflicts)).toEqual([['12 months', 'every six months']]);
  });

  test('decoy: items that each state their own value in one sentence, with no colon lead-in, are read as before', async () => {
    const { analysis, conflicts } = await analysed({
      'Lifting-Equipment-Policy.md': [
        '# Lifting Equipment Policy',
        '',
        '4.1 Lifting accessories are thoroughly inspected at least every six months; cranes are thoroughly inspected at least every twelve months.',
      ].join('\n'),
      'Crane-Maintenance-Procedure.md': [
        '# Crane Maintenance Procedure',
        '',
        '3.1 Cranes are thoroughly inspected at least every 24 months by the insurer.',
      ].join('\n'),
    });
    const items = readingsOf(analysis, '4.1 Lifting accessories');
    expect(items.map((r) => [r.quantity.phrase, r.topic, r.leadIn])).toEqual([
      ['every six months', ['lifting', 'accessory'], undefined],
      ['every twelve months', ['crane'], undefined],
    ]);
    expect(values(conflicts)).toEqual([['every 24 months', 'every twelve months']]);
  });
});

describe('3. a deferral is no value of the requirement', () => {
  test('a dredging contractor: a channel survey "may be deferred once, by no more than fourteen (14) days"', async () => {
    const { analysis } = await analysed({
      'Dredging-Operations-Plan.md': [
        '# Dredging Operations Plan',
        '',
        '5.1 The channel condition survey is carried out every three months; a scheduled survey may be deferred once, by no more than fourteen (14) days, where weather keeps the survey launch in port.',
        '',
        '5.2 Where weather prevents the survey launch from working, a scheduled survey may be deferred once, by no more than fourteen (14) days, with the approval of the Dredge Master.',
      ].join('\n'),
    });
    expect(readingsOf(analysis, '5.1').map((r) => r.quantity.phrase)).toEqual(['every three months']);
    expect(readingsOf(analysis, '5.2')).toEqual([]);
  });

  test('a dental practice: an autoclave inspection "may be extended by 30 days"', async () => {
    const { analysis, conflicts } = await analysed({
      'Decontamination-Policy.md': [
        '# Decontamination Policy',
        '',
        "4.1 Each autoclave is inspected every 12 months by the service engineer; if the engineer cannot attend, the inspection may be extended by 30 days with the Practice Manager's written approval.",
        '',
        '4.2 Where a part is on order, the pressure vessel inspection may be postponed by up to 30 days.',
      ].join('\n'),
    });
    expect(actions(readingsOf(analysis, '4.1'))).toEqual([['review', 'every 12 months']]);
    expect(readingsOf(analysis, '4.2')).toEqual([]);
    expect(conflicts).toEqual([]);
  });

  test('decoy: "without delay and by no later than 10 days" is still the notice\'s deadline', async () => {
    const { analysis } = await analysed({
      'Dental-Incident-Policy.md': [
        '# Dental Incident Policy',
        '',
        '3.1 A serious injury to a patient is reported to the regulator without delay and by no later than 10 days after the incident.',
      ].join('\n'),
    });
    expect(actions(readingsOf(analysis, '3.1'))).toEqual([['notify', '10 days']]);
  });
});

describe('4. a retention schedule row about records that names an act is a retention', () => {
  test('a veterinary clinic: "Incident records, including regulatory notifications | 5 years" against 3 years in the procedure', async () => {
    const { analysis, conflicts } = await analysed({
      'Records-Retention-Schedule.md': [
        '# Records Retention Schedule',
        '',
        '| Record | Minimum period |',
        '|---|---|',
        '| Incident records, including regulatory notifications | 5 years |',
        '| Controlled drug registers | 2 years |',
      ].join('\n'),
      'Incident-Reporting-Procedure.md': [
        '# Incident Reporting Procedure',
        '',
        '4.1 Incident records, including regulatory notifications, are kept for 3 years.',
      ].join('\n'),
    });
    expect(actions(readingsOf(analysis, '| Incident records'))).toEqual([['retain', '5 years']]);
    expect(values(conflicts)).toEqual([['3 years', '5 years']]);
  });

  test('an airline: a manual\'s "Document Retention Schedule" section, occurrence report files "including reports to the aviation authority"', async () => {
    const { analysis } = await analysed({
      'Safety-Management-Manual.md': [
        '# Safety Management Manual',
        '',
        '## 9. Document Retention Schedule',
        '',
        '| Document | Period |',
        '|---|---|',
        '| Occurrence report files, including reports to the aviation authority | 5 years |',
      ].join('\n'),
    });
    expect(actions(readingsOf(analysis, '| Occurrence report files'))).toEqual([['retain', '5 years']]);
  });

  test('decoy: the same row in a table of reporting timelines is a notice', async () => {
    const { analysis } = await analysed({
      'Incident-Reporting-Timelines.md': [
        '# Incident Reporting Timelines',
        '',
        '| Record | Period |',
        '|---|---|',
        '| Incident records, including regulatory notifications | 5 days |',
      ].join('\n'),
    });
    expect(actions(readingsOf(analysis, '| Incident records'))).toEqual([['notify', '5 days']]);
  });
});
