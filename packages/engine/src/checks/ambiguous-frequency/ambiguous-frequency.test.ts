// Frequency words of two readings, on fixtures in two industries' wording (a medicines
// manufacturer and a school trust), with decoys: unambiguous words that look alike and a record
// that reports rather than sets a cycle.
import { candidateIssues } from '../../../test/helpers/check-harness';
import { AMBIGUOUS_FREQUENCY_WORDS, FREQUENCY_WORD_SOURCES } from './ambiguous-frequencies';
import { ambiguousFrequencyCheck } from '.';

const issuesOf = (files: Record<string, string>) => candidateIssues(ambiguousFrequencyCheck, files);

describe('ambiguous frequency words', () => {
  test('a manufacturer calibrates balances "biannually"', async () => {
    const issues = await issuesOf({
      'Calibration-SOP.md':
        '# Calibration SOP\n\nAnalytical balances are calibrated biannually by an accredited contractor.\n\nPipettes are checked biannually as well.\n',
    });
    expect(issues.map((i) => i.title)).toEqual(['Ambiguous frequency "biannually" in Calibration-SOP.md']);
    expect(issues[0]!.quotes.map((q) => q.text)).toEqual([
      'Analytical balances are calibrated biannually by an accredited contractor.',
      'Pipettes are checked biannually as well.',
    ]);
    expect(issues[0]!.description).toContain('twice a year and as every two years');
  });

  test('a school trust holds fire drills "bi-monthly" in one policy and "bi-annual" reviews in another', async () => {
    const issues = await issuesOf({
      'Fire-Safety-Policy.md': '# Fire Safety\n\nEach school holds a full evacuation drill bi-monthly.\n',
      'Safeguarding-Policy.md':
        '# Safeguarding\n\nThe designated lead completes a bi-annual review of referrals.\n',
    });
    expect(issues.map((i) => i.subject).sort()).toEqual([
      'term:ambiguous-frequency:bi-annual:Safeguarding-Policy.md',
      'term:ambiguous-frequency:bi-monthly:Fire-Safety-Policy.md',
    ]);
  });

  test('decoy: biennial, semi-annual, twice-yearly and annual cycles, and a record of past work', async () => {
    const issues = await issuesOf({
      'Calibration-SOP.md':
        '# Calibration SOP\n\nBalances are calibrated semi-annually; the calibration procedure itself is reviewed biennially.\n\nPipettes are checked twice a year and audited annually.\n',
      'Calibration-Log.csv': 'instrument,last_check,cycle\nBalance B-12,2026-03-02,bi-annual\n',
    });
    expect(issues).toEqual([]);
  });
});

test('every word has a pattern that compiles, two readings and a source', () => {
  for (const word of AMBIGUOUS_FREQUENCY_WORDS) {
    expect(() => new RegExp(word.pattern, 'i')).not.toThrow();
    expect(word.readings).toHaveLength(2);
    expect(word.sources.length).toBeGreaterThan(0);
    for (const source of word.sources) expect(FREQUENCY_WORD_SOURCES[source]?.url).toMatch(/^https:\/\//);
  }
});
