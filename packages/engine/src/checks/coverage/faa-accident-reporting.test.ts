// The coverage element kept as data for the FAA's small unmanned aircraft rule: accidents reported
// to the FAA within 10 calendar days (14 CFR 107.9). Fixtures: an aerial survey firm whose
// occurrences go only to its monthly safety meeting, and an electricity utility's drone
// inspection programme that reports occurrences to its insurer. Decoys: a set that states the
// FAA report and its 10 days, and the same survey firm with no Part 107 in scope.
import { normaliseFrameworks } from '../../analyst/frameworks';
import { BLANK_INTAKE, candidateIssues } from '../../../test/helpers/check-harness';
import { coverageCheck } from './index';

const SUBJECT = 'coverage:faa_107_accident_reporting';

async function gaps(files: Record<string, string>, frameworks: string[]) {
  const issues = await candidateIssues(coverageCheck, files, { ...BLANK_INTAKE, frameworks });
  return issues.filter((i) => i.subject === SUBJECT);
}

const SURVEY_FIRM: Record<string, string> = {
  'Flight-Operations-Policy.md':
    '# Flight Operations Policy\n\nHigh Desert Mapping flies small unmanned aircraft for LiDAR and photogrammetry surveys.\n\nEvery flight is planned by the remote pilot in command, who checks airspace and weather before launch.\n\nAny accident or occurrence is recorded in the occurrence log and discussed at the monthly safety meeting.\n',
};

const UTILITY: Record<string, string> = {
  'Drone-Inspection-Programme.md':
    "# Drone Inspection Programme\n\nCanyon Electric Cooperative inspects transmission lines with small unmanned aircraft flown by its line crews.\n\nA line crew that damages a structure or injures a person during a drone flight reports the occurrence to the cooperative's insurer and to the Operations Manager the same day.\n\nFlight logs are kept for two years.\n",
};

test('Part 107 in the intake reads as the FAA rule; other aviation names do not', () => {
  expect(normaliseFrameworks(['FAA 14 CFR Part 107 (remote pilot certificate)'])).toContain('FAA Part 107');
  expect(normaliseFrameworks(['14 CFR 107'])).toContain('FAA Part 107');
  expect(normaliseFrameworks(['14 CFR Part 91', 'EASA Part-145'])).not.toContain('FAA Part 107');
});

test.each([
  ['an aerial survey firm', SURVEY_FIRM],
  ["an electricity utility's drone programme", UTILITY],
])('%s: no statement reports accidents to the FAA within 10 days', async (_name, files) => {
  const found = await gaps(files, ['14 CFR Part 107']);
  expect(found.map((i) => i.title)).toEqual([
    'Missing reporting of small unmanned aircraft accidents to the FAA within 10 calendar days',
  ]);
  expect(found[0]!.description).toContain('14 CFR 107.9');
});

test('decoy: the set states the FAA report and its 10 days', async () => {
  const files = {
    'Flight-Operations-Policy.md': SURVEY_FIRM['Flight-Operations-Policy.md']!.replace(
      'discussed at the monthly safety meeting.',
      'discussed at the monthly safety meeting. The remote pilot in command reports to the FAA, within 10 calendar days, any accident causing serious injury or more than $500 of property damage.',
    ),
  };
  expect(await gaps(files, ['14 CFR Part 107'])).toEqual([]);
});

test('decoy: without Part 107 in scope the element is not asked for', async () => {
  expect(await gaps(SURVEY_FIRM, ['NIST CSF 2.0'])).toEqual([]);
});
