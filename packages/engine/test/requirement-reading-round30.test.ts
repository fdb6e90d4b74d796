// Readings of requirements that decide whether two values are one rule: a number before a qualified
// unit ("24 calendar months") is a quantity, not a label; "at intervals not exceeding two (2)
// hours" is how often, not how long; a participle right before the value is its bound, not the
// action (outside a table row); items of one list under one lead-in are its cases; a row subject's
// excluded scope ("without hot work", "(no remote monitoring)") is not what the row is about; and
// a "cold store" is a place, not a retention. Two industries' wording each, with decoys; then a
// permit-to-work procedure against its gas-testing standard, end to end.
import { analyzeCorpus } from '../src/analyst/corpus-analysis';
import { extractTimeQuantities } from '../src/analyst/quantities';
import { aligned, apart, plainlyApart, requirementsOf, type Requirement } from '../src/analyst/requirements';
import { requirementConflictCheck } from '../src/checks/requirement-conflict';
import { candidateIssues } from './helpers/check-harness';
import { snapshotOf } from './helpers/synthetic-corpus';

/** Every requirement the corpus states, and the one requirement of the segment holding `fragment`. */
async function readings(files: Record<string, string>) {
  const analysis = analyzeCorpus(await snapshotOf(files), null);
  const all = analysis.documents.flatMap((d) => d.segments).flatMap((s) => requirementsOf(s));
  const reading = (fragment: string): Requirement => {
    const found = all.filter((r) => r.segment.text.includes(fragment));
    expect(found.map((r) => r.segment.text)).toEqual([expect.stringContaining(fragment)]);
    return found[0]!;
  };
  return { all, reading };
}

const conflictTitles = async (files: Record<string, string>) =>
  (await candidateIssues(requirementConflictCheck, files)).map((i) => i.title);

describe('a number before a qualified unit is a quantity, not a label', () => {
  test('an airline: recurrent simulator training within the previous 24 vs 36 calendar months', async () => {
    const files = {
      'Flight-Crew-Training-Policy.md':
        '# Flight Crew Training Policy\n\n4.2 Each pilot shall complete recurrent simulator training within the previous 24 calendar months.\n',
      'Flight-Crew-Training-Procedure.md':
        '# Flight Crew Training Procedure\n\nThis procedure implements the Flight Crew Training Policy.\n\n3.1 Each pilot shall complete recurrent simulator training within the previous 36 calendar months.\n',
    };
    const { reading } = await readings(files);
    const policy = reading('24 calendar months');
    const procedure = reading('36 calendar months');
    expect(policy.labels.size).toBe(0);
    expect(procedure.labels.size).toBe(0);
    expect(plainlyApart(policy, procedure)).toBe(false);
    expect(aligned(policy, procedure)).toBe(true);
    expect(await conflictTitles(files)).toEqual([
      'Conflicting train requirement for pilot complete recurrent simulator: 2 years in Flight-Crew-Training-Policy.md vs 3 years in Flight-Crew-Training-Procedure.md',
    ]);
  });

  test('a water utility: discoloured-water complaints investigated within 5 vs 10 working days', async () => {
    const files = {
      'Water-Quality-Policy.md':
        '# Water Quality Policy\n\n5.3 Customer complaints about discoloured water shall be investigated within 5 working days of receipt.\n',
      'Water-Quality-Procedure.md':
        '# Water Quality Procedure\n\nThis procedure implements the Water Quality Policy.\n\n2.4 Customer complaints about discoloured water shall be investigated within 10 working days of receipt.\n',
    };
    const { reading } = await readings(files);
    const policy = reading('5 working days');
    const procedure = reading('10 working days');
    expect(plainlyApart(policy, procedure)).toBe(false);
    expect(aligned(policy, procedure)).toBe(true);
    const issues = await candidateIssues(requirementConflictCheck, files);
    expect(issues.map((i) => i.title)).toEqual([
      'Conflicting investigate requirement for customer complaint water: 5 working days in Water-Quality-Policy.md vs 10 working days in Water-Quality-Procedure.md',
    ]);
    expect(issues[0]!.quotes.map((q) => q.document)).toEqual([
      'Water-Quality-Policy.md',
      'Water-Quality-Procedure.md',
    ]);
  });

  test('decoy: "Tier 2 systems" and "Tier 3 systems" stay apart', async () => {
    const files = {
      'Backup-Policy.md':
        '# Backup Policy\n\n3.1 Restores of Tier 2 systems shall be tested every 6 months.\n',
      'Backup-Procedure.md':
        '# Backup Procedure\n\nThis procedure implements the Backup Policy.\n\n4.1 Restores of Tier 3 systems shall be tested every 12 months.\n',
    };
    const { reading } = await readings(files);
    const tier2 = reading('Tier 2');
    const tier3 = reading('Tier 3');
    expect(tier2.labels.get('tier')).toEqual(['2']);
    expect(tier3.labels.get('tier')).toEqual(['3']);
    expect(plainlyApart(tier2, tier3)).toBe(true);
    expect(await conflictTitles(files)).toEqual([]);
  });
});

describe('"at intervals (not exceeding / of)" a length of time is a period', () => {
  test('a chemical plant: the fire watch re-tests at intervals not exceeding two (2) hours', async () => {
    const sentence =
      '6.3 The fire watch shall re-test the atmosphere at intervals not exceeding two (2) hours while hot work continues.';
    expect(extractTimeQuantities(sentence)).toEqual([
      expect.objectContaining({ kind: 'period', bound: 'max', phrase: 'two (2) hours', value: 2 / 24 }),
    ]);
    const { reading } = await readings({ 'Hot-Work-Procedure.md': `# Hot Work Procedure\n\n${sentence}\n` });
    expect(reading('fire watch')).toMatchObject({
      action: 'test',
      quantity: { kind: 'period', bound: 'max', phrase: 'two (2) hours' },
    });
  });

  test('a hospital laboratory: reference thermometers calibrated at intervals of six months', async () => {
    const sentence =
      '9.1 Reference thermometers are calibrated at intervals of six months against a traceable standard.';
    expect(extractTimeQuantities(sentence)).toEqual([
      expect.objectContaining({ kind: 'period', bound: 'exact', phrase: 'six months' }),
    ]);
    const { reading } = await readings({
      'Laboratory-Quality-Manual.md': `# Laboratory Quality Manual\n\n${sentence}\n`,
    });
    expect(reading('thermometers')).toMatchObject({ action: 'calibrate', quantity: { kind: 'period' } });
  });

  test('decoy: a plain "two (2) hours" stays a duration', () => {
    expect(extractTimeQuantities('A hot work permit is valid for two (2) hours.')).toEqual([
      expect.objectContaining({ kind: 'duration', phrase: 'two (2) hours' }),
    ]);
    expect(
      extractTimeQuantities('Blood cultures reach the laboratory within two (2) hours of collection.'),
    ).toEqual([expect.objectContaining({ kind: 'duration', bound: 'max', phrase: 'two (2) hours' })]);
  });
});

describe('a participle right before the value is its bound, not the action', () => {
  test('a chemical plant: "(c) hot work inside a confined space: at intervals not exceeding two (2) hours" is a re-test', async () => {
    const { all, reading } = await readings({
      'Permit-To-Work-Procedure.md':
        '# Permit to Work Procedure\n\n## 7. Gas testing\n\n7.4 Re-test intervals:\n\n- (c) hot work inside a confined space: at intervals not exceeding two (2) hours\n- (d) confined space entry without hot work: at least every four (4) hours\n',
    });
    expect(reading('(c) hot work')).toMatchObject({
      action: 'test',
      topic: ['hot', 'work', 'confined', 'space'],
      quantity: { kind: 'period', bound: 'max', phrase: 'two (2) hours' },
    });
    expect(all.map((r) => r.action)).not.toContain('exceed');
  });

  test('a hospital laboratory: analysers "at intervals not exceeding eight (8) hours" under "Quality control checks:" are checks', async () => {
    const { all, reading } = await readings({
      'Laboratory-Quality-Manual.md':
        '# Laboratory Quality Manual\n\n## Analyser controls\n\n5.2 Quality control checks:\n\n- (a) chemistry analysers in the core laboratory: at intervals not exceeding eight (8) hours\n- (b) blood gas analysers in the intensive care unit: at intervals not exceeding four (4) hours\n',
    });
    expect(reading('chemistry analysers')).toMatchObject({
      action: 'review',
      quantity: { kind: 'period', bound: 'max', phrase: 'eight (8) hours' },
    });
    expect(reading('blood gas analysers').topic).toEqual(
      expect.arrayContaining(['blood', 'gas', 'analyser']),
    );
    expect(all.map((r) => r.action)).toEqual(['review', 'review']);
  });

  test("decoy: in a table row the bound stays as before, and no topic merges the row's columns", async () => {
    const { all } = await readings({
      'Vulnerability-Standard.md':
        '# Vulnerability Standard\n\n## Remediation timescales\n\n| Severity | CVSS score | Target | Maximum |\n|---|---|---|---|\n| Critical | 9.0 - 10.0 | 7 calendar days | 14 calendar days |\n| High | 7.0 - 8.9 | 30 calendar days | Next planned maintenance outage, not exceeding 90 calendar days |\n',
    });
    expect(
      all.map((r) => ({
        action: r.action,
        topic: r.topic,
        phrase: r.quantity.phrase,
        bound: r.quantity.bound,
      })),
    ).toEqual([{ action: 'exceed', topic: ['high'], phrase: '90 calendar days', bound: 'max' }]);
  });
});

describe('items of one list carry their lead-in, and are its cases', () => {
  test('a water utility: chlorine residual sampled every 4 hours at the works, every 7 days in the network', async () => {
    const files = {
      'Drinking-Water-Sampling-Procedure.md':
        '# Drinking Water Sampling Procedure\n\n## Sampling\n\n6.2 Chlorine residual sampling:\n\n- (a) at each treatment works, the chlorine residual is sampled every four (4) hours;\n- (b) in the distribution network, the chlorine residual is sampled every seven (7) days.\n',
    };
    const { reading } = await readings(files);
    const works = reading('treatment works');
    const network = reading('distribution network');
    expect(works).toMatchObject({ action: 'sample', leadIn: '6.2 Chlorine residual sampling:' });
    expect(network).toMatchObject({ action: 'sample', leadIn: '6.2 Chlorine residual sampling:' });
    expect(apart(works, network)).toBe(true);
    expect(aligned(works, network)).toBe(false);
    expect(await conflictTitles(files)).toEqual([]);
  });

  test('a chemical plant: live hot work permits audited every 12 hours by the area authority, every 7 days by the site safety lead', async () => {
    const { reading } = await readings({
      'Permit-To-Work-Procedure.md':
        '# Permit to Work Procedure\n\n## Permit audits\n\n8.1 Live permits are audited as follows:\n\n- (a) the area authority audits each live hot work permit every twelve (12) hours;\n- (b) the site safety lead audits each live hot work permit every seven (7) days.\n',
    });
    const area = reading('area authority');
    const site = reading('site safety lead');
    expect(area.leadIn).toBe('8.1 Live permits are audited as follows:');
    expect(site.leadIn).toBe('8.1 Live permits are audited as follows:');
    expect(apart(area, site)).toBe(true);
  });

  test('decoy: two paragraphs (no lead-in) on one thing are still one rule', async () => {
    const files = {
      'Medical-Device-Standard.md':
        '# Medical Device Standard\n\n3.1 Infusion pump firmware must be patched within 30 days of the vendor release.\n\n7.4 Infusion pump firmware is patched within 90 days, during planned maintenance.\n',
    };
    const { reading } = await readings(files);
    const first = reading('30 days');
    const second = reading('90 days');
    expect(first.leadIn).toBeUndefined();
    expect(second.leadIn).toBeUndefined();
    expect(apart(first, second)).toBe(false);
    expect(await conflictTitles(files)).toHaveLength(1);
  });
});

describe("a row subject's excluded scope is not what the row is about", () => {
  test('a chemical plant: "Confined space entry (no hot work)" and "confined space entry without hot work"', async () => {
    const { reading } = await readings({
      'Gas-Testing-Standard.md':
        '# Gas Testing Standard\n\n## Atmospheric re-testing\n\n| Activity | Initial test | Re-test frequency | Instrument |\n|---|---|---|---|\n| Hot work inside a confined space | Before entry | Every 4 hours | Four-gas monitor |\n| Confined space entry (no hot work) | Before entry | Every 4 hours | Four-gas monitor |\n',
      'Permit-To-Work-Procedure.md':
        '# Permit to Work Procedure\n\n## 7. Gas testing\n\n7.4 Re-test intervals:\n\n- (c) hot work inside a confined space: at intervals not exceeding two (2) hours\n- (d) confined space entry without hot work: at least every four (4) hours\n',
    });
    const tableRow = reading('(no hot work)');
    const listItem = reading('without hot work');
    for (const r of [tableRow, listItem]) {
      expect(r.topic).toEqual(expect.arrayContaining(['space', 'entry']));
      expect(r.topic).not.toContain('hot');
      expect(r.topic).not.toContain('work');
    }
    expect(reading('| Hot work inside').topic).toEqual(expect.arrayContaining(['hot', 'work']));
  });

  test('a blood bank: "Platelet incubator without agitation alarm" and "Plasma freezer (no remote monitoring)"', async () => {
    const { reading } = await readings({
      'Blood-Bank-Standard.md':
        '# Blood Bank Standard\n\n## Temperature monitoring\n\n| Storage | Check frequency | Recorded by |\n|---|---|---|\n| Platelet incubator without agitation alarm | Every 4 hours | Biomedical scientist |\n| Plasma freezer (no remote monitoring) | Every 8 hours | Biomedical scientist |\n',
      'Blood-Bank-Procedure.md':
        '# Blood Bank Procedure\n\n## Temperature checks\n\n4.2 Manual temperature checks:\n\n- (a) platelet incubator without agitation alarm: every four (4) hours\n- (b) plasma freezer (no remote monitoring): every eight (8) hours\n',
    });
    for (const fragment of ['| Platelet incubator', '(a) platelet incubator'])
      expect(reading(fragment)).toMatchObject({ action: 'review', topic: ['platelet', 'incubator'] });
    for (const fragment of ['| Plasma freezer', '(b) plasma freezer'])
      expect(reading(fragment)).toMatchObject({ action: 'review', topic: ['plasma', 'freezer'] });
  });

  test('decoy: a subject "with" a feature keeps it', async () => {
    const { reading } = await readings({
      'Blood-Bank-Standard.md':
        '# Blood Bank Standard\n\n## Temperature monitoring\n\n| Storage | Check frequency | Recorded by |\n|---|---|---|\n| Platelet incubator with agitation alarm | Every 12 hours | Biomedical scientist |\n| Plasma freezer | Every 8 hours | Biomedical scientist |\n',
    });
    expect(reading('| Platelet incubator').topic).toEqual(['platelet', 'incubator', 'agitation', 'alarm']);
  });
});

describe('a "store" that is a place is no retention', () => {
  test('a food distributor: logger files for every reefer trailer and cold store holding product are sent each day', async () => {
    const { reading } = await readings({
      'Cold-Chain-Procedure.md':
        '# Cold Chain Procedure\n\n5.1 Temperature logger files for every reefer trailer and cold store holding product are sent to the quality team each day.\n',
    });
    expect(reading('cold store')).toMatchObject({
      action: 'send',
      topic: expect.arrayContaining(['cold', 'store', 'logger']),
      quantity: { kind: 'period', phrase: 'each day' },
    });
  });

  test('a hospital: access logs from every data store holding patient records are sent every 7 days', async () => {
    const { reading } = await readings({
      'Privacy-Monitoring-Procedure.md':
        '# Privacy Monitoring Procedure\n\n4.3 Access logs from every data store holding patient records are sent to the Privacy Office every 7 days.\n',
    });
    expect(reading('data store')).toMatchObject({ action: 'send', quantity: { phrase: 'every 7 days' } });
  });

  test('decoy: logger files "are stored for 2 years" are kept', async () => {
    const { reading } = await readings({
      'Cold-Chain-Procedure.md':
        '# Cold Chain Procedure\n\n5.2 Temperature logger files are stored for 2 years after the delivery date.\n',
    });
    expect(reading('stored for')).toMatchObject({ action: 'retain', quantity: { phrase: '2 years' } });
  });
});

describe('end to end: a permit-to-work procedure against its gas-testing standard', () => {
  const files = {
    'Gas-Testing-Standard.md':
      '# Gas Testing Standard\n\n## Atmospheric re-testing\n\n| Activity | Initial test | Re-test frequency | Instrument |\n|---|---|---|---|\n| Hot work inside a confined space | Before entry | Every 4 hours | Four-gas monitor |\n| Confined space entry (no hot work) | Before entry | Every 4 hours | Four-gas monitor |\n',
    'Confined-Space-Entry-Procedure.md':
      '# Confined Space Entry Procedure\n\nThis procedure implements the Gas Testing Standard.\n\n## Atmospheric testing\n\n7.4 Re-test intervals:\n\n- (c) hot work inside a confined space: at intervals not exceeding two (2) hours\n- (d) confined space entry without hot work: at least every four (4) hours\n',
  };

  test('hot work re-tested every 4 hours in the standard, every 2 hours in the procedure: one conflict', async () => {
    const issues = await candidateIssues(requirementConflictCheck, files);
    expect(issues.map((i) => i.title)).toEqual([
      'Conflicting test requirement for hot work confined space: every 4 hours in Gas-Testing-Standard.md vs every 2 hours in Confined-Space-Entry-Procedure.md',
    ]);
    const [issue] = issues;
    expect(issue!.description).toContain('Gas-Testing-Standard.md and Confined-Space-Entry-Procedure.md');
    expect(issue!.quotes.map((q) => [q.document, q.text])).toEqual([
      ['Gas-Testing-Standard.md', expect.stringContaining('| Hot work inside a confined space |')],
      ['Confined-Space-Entry-Procedure.md', expect.stringContaining('(c) hot work inside a confined space')],
    ]);
    expect(issue!.quotes.some((q) => q.text.includes('without hot work'))).toBe(false);
  });

  test('the sibling item without hot work pairs with the no-hot-work row, not the hot-work row', async () => {
    const { reading } = await readings(files);
    const hotRow = reading('| Hot work inside');
    const noHotRow = reading('(no hot work)');
    const hotItem = reading('(c) hot work');
    const sibling = reading('without hot work');
    expect(aligned(hotItem, hotRow)).toBe(true);
    expect(aligned(sibling, hotRow)).toBe(false);
    expect(aligned(sibling, noHotRow)).toBe(true);
    expect(apart(hotItem, sibling)).toBe(true);
  });
});
