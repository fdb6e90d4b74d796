// A record's readings against the limit a procedure sets for what they measure: a sewer crew's
// confined space entry permit, laid out as a scanned form (whitespace columns, a time column and an
// unreadable "i?)" cell), holds an H2S reading above "less than 5 ppm"; a brewery's cellar entry log
// (a CSV table) holds an oxygen reading below "not less than 19.5%"; a water utility's reservoir log
// holds free chlorine below "not less than 0.5 mg/L". Decoys: every reading within its limits, a
// column (CO ppm) whose measure the limit does not name, the limit stated only in another record
// (no policy, procedure or standard), and an oxygen range ("between 19.5% and 23.5%") respected.
import { BLANK_INTAKE, candidateIssues } from '../../../test/helpers/check-harness';
import { measuredReadingCheck } from '.';

// A plain-text permit is a record only when the client's hierarchy says so (a .csv always is).
const INTAKE = { ...BLANK_INTAKE, doc_hierarchy: { evidence: ['*-Permit.txt'] } };
const issues = (files: Record<string, string>) => candidateIssues(measuredReadingCheck, files, INTAKE);

const SEWER_PROCEDURE = [
  '# Confined Space Entry Procedure',
  '',
  '6.2 Entry into a sewer or chamber may proceed only when the atmosphere has been tested and hydrogen sulphide (H2S) is less than 5 ppm.',
  '',
  '6.3 Before and during entry the oxygen (O2) level must be between 19.5% and 23.5%.',
  '',
  '6.4 Flammable gas must remain below 10% of the lower explosive limit (LEL).',
].join('\n');

/** A sewer entry permit as the scanner read it: readings under a header, one row per gas test. */
const sewerPermit = (retestH2s: string, retestCo = '4') =>
  [
    'SOUTHBANK WASTEWATER - CONFINED SPACE ENTRY PERMIT',
    'Permit SEP-0417    Manhole MH-22 Riverside trunk sewer',
    'Crew: R. Tamatea (entrant), L. Pohatu (standby)',
    '',
    'ATMOSPHERIC TESTING',
    'Step        Time    O2 %    LEL %   H2S ppm   CO ppm   Tester',
    'Pre-entry   07:05   20.9    0       2         3        L. Pohatu',
    `Re-test     08:05   20.8    i?)     ${retestH2s}         ${retestCo}        L. Pohatu`,
    'Exit        09:30   20.9    0       1         2        L. Pohatu',
    '',
    'Permit closed by: S. Whaanga  09:45',
  ].join('\n');

test('a sewer permit laid out as a scan: H2S at 7 ppm on the re-test, above "less than 5 ppm"', async () => {
  const found = await issues({
    'Confined-Space-Entry-Procedure.md': SEWER_PROCEDURE,
    'Sewer-Entry-Permit.txt': sewerPermit('7'),
  });
  // The unreadable LEL cell keeps its column: the 7 is read as H2S, not as LEL.
  expect(found.map((i) => i.title)).toEqual([
    expect.stringMatching(
      /^Sewer-Entry-Permit\.txt: H2S reading of 7 ppm \(Re-test\s+08:05\) above the limit of 5 ppm in Confined-Space-Entry-Procedure\.md$/,
    ),
  ]);
  expect(found[0]!.description).toContain('sets a ceiling of 5 ppm');
  expect(found[0]!.description).toContain('hydrogen sulphide (H2S) is less than 5 ppm');
  expect(found[0]!.description).toContain('records H2S at 7 ppm');
  expect(found[0]!.quotes.map((q) => q.document)).toEqual([
    'Confined-Space-Entry-Procedure.md',
    'Sewer-Entry-Permit.txt',
    'Sewer-Entry-Permit.txt',
  ]);
});

const CELLAR_PROCEDURE = [
  '# Cellar Entry Procedure',
  '',
  '4.1 Before anyone enters the fermentation cellar, the oxygen (O2) level must be not less than 19.5% and carbon dioxide (CO2) must be less than 5000 ppm, measured at floor level.',
].join('\n');

const cellarLog = (oxygen: string) =>
  [
    'Date,Time,Area,O2 %,CO2 ppm,Checked by,Entered',
    '2026-03-12,06:40,FV cellar,20.9,1200,M. Ferreira,Yes',
    `2026-03-13,06:55,FV cellar,${oxygen},3900,D. Kowalczyk,Yes`,
    '2026-03-14,07:10,Bright tank room,20.8,1500,M. Ferreira,Yes',
  ].join('\n');

test('a brewery cellar entry log (CSV): oxygen at 18.6% on an entry day, below "not less than 19.5%"', async () => {
  const found = await issues({
    'Cellar-Entry-Procedure.md': CELLAR_PROCEDURE,
    'Cellar-Entry-Log.csv': cellarLog('18.6'),
  });
  expect(found).toHaveLength(1);
  expect(found[0]!.title).toMatch(
    /^Cellar-Entry-Log\.csv: O2 reading of 18\.6 % \(.*FV cellar\) below the limit of 19\.5% in Cellar-Entry-Procedure\.md$/,
  );
  expect(found[0]!.description).toContain('sets a floor of 19.5%');
  expect(found[0]!.description).toContain('records O2 at 18.6 %');
});

const WATER_PROCEDURE = [
  '# Reservoir Sampling Procedure',
  '',
  '5.2 Free chlorine leaving each service reservoir must be not less than 0.5 mg/L, and turbidity must be less than 1 NTU.',
].join('\n');

const reservoirLog = (chlorine: string) =>
  [
    'Sample point,Time,Free chlorine mg/L,Turbidity NTU,Sampler',
    'Hillcrest SR outlet,08:15,0.8,0.2,A. Odhiambo',
    `Kingsway SR outlet,09:05,${chlorine},0.3,A. Odhiambo`,
  ].join('\n');

test('a water utility reservoir log: free chlorine at 0.3 mg/L, below "not less than 0.5 mg/L"', async () => {
  const found = await issues({
    'Reservoir-Sampling-Procedure.md': WATER_PROCEDURE,
    'Reservoir-Sampling-Log.csv': reservoirLog('0.3'),
  });
  expect(found.map((i) => i.title)).toEqual([
    expect.stringMatching(
      /^Reservoir-Sampling-Log\.csv: chlorine reading of 0\.3 mg\/L .*below the limit of 0\.5 mg\/L/,
    ),
  ]);
  expect(found[0]!.description).toContain('Kingsway SR outlet');
});

describe('decoys', () => {
  test('every reading within its limits: the reservoir log, the cellar log and the permit', async () => {
    expect(
      await issues({
        'Reservoir-Sampling-Procedure.md': WATER_PROCEDURE,
        'Reservoir-Sampling-Log.csv': reservoirLog('0.6'),
        'Cellar-Entry-Procedure.md': CELLAR_PROCEDURE,
        'Cellar-Entry-Log.csv': cellarLog('20.7'),
        'Confined-Space-Entry-Procedure.md': SEWER_PROCEDURE,
        'Sewer-Entry-Permit.txt': sewerPermit('3'),
      }),
    ).toEqual([]);
  });

  test('a CO reading of 40 ppm: the procedure limits H2S in ppm, not carbon monoxide', async () => {
    expect(
      await issues({
        'Confined-Space-Entry-Procedure.md': SEWER_PROCEDURE,
        'Sewer-Entry-Permit.txt': sewerPermit('3', '40'),
      }),
    ).toEqual([]);
  });

  test('the limit stated only in another record (a toolbox talk record), no procedure', async () => {
    expect(
      await issues({
        'Toolbox-Talk-Record.csv': [
          'Date,Topic,Notes',
          '2026-02-02,Sewer gases,Crew reminded that hydrogen sulphide (H2S) must be less than 5 ppm before entry',
        ].join('\n'),
        'Sewer-Entry-Permit.txt': sewerPermit('7'),
      }),
    ).toEqual([]);
  });

  test('an oxygen range "between 19.5% and 23.5%" respected by every O2 reading', async () => {
    const procedure = SEWER_PROCEDURE.replace('less than 5 ppm', 'monitored');
    const permit = sewerPermit('7');
    expect(
      await issues({ 'Confined-Space-Entry-Procedure.md': procedure, 'Sewer-Entry-Permit.txt': permit }),
    ).toEqual([]);
    // Its twin: an O2 of 19.1% on the re-test falls below the range's floor.
    const below = await issues({
      'Confined-Space-Entry-Procedure.md': procedure,
      'Sewer-Entry-Permit.txt': permit.replace('20.8', '19.1'),
    });
    expect(below.map((i) => i.title)).toEqual([
      expect.stringMatching(/: O2 reading of 19\.1 % .* below the limit of between 19\.5% and 23\.5% in /),
    ]);
  });
});

// Lengths of time: a hospital's standby generator test log (CSV) records a monthly load test that
// ran 10 minutes against "under load for at least 30 minutes"; a vaccine distributor's cold-room
// log records a door held open 150 minutes against "for no more than 2 hours" (hours read as
// minutes). Decoys: a lead time ("at least 24 hours before") that is no limit on how long a run
// lasts, a log row whose label shares no words with the limit's clause, a capacity statement
// ("enough fuel for at least 48 hours of operation") that is not the load test's limit, and a row
// whose duration cell is blank (read cell by cell, not shifted onto the next column's reading).
const GENERATOR_PROCEDURE = [
  '# Standby Power Maintenance Procedure',
  '',
  '4.1 Run each standby generator under load for at least 30 minutes once a month and record the run time and load on the test log.',
  '',
  '4.2 Each generator day tank and bulk store must hold enough fuel for at least 48 hours of operation at full load.',
  '',
  '4.3 Contractors attending a generator load test must be booked at least 24 hours before arrival on site.',
].join('\n');

const generatorLog = (rows: string[]) =>
  [
    'Test ID,Date,Generator,Test,Duration (min),Load %,Fuel level %,Tested by',
    'GT-14,2026-01-06,GEN-1 Main theatres,Monthly generator load test,35,72,91,K. Adeyemi',
    'GT-15,2026-01-06,GEN-2 Ward block,Monthly generator load test,32,68,88,K. Adeyemi',
    ...rows,
  ].join('\n');

describe('lengths of time', () => {
  test('a hospital generator test log: a monthly load test that ran 10 minutes, below "for at least 30 minutes"', async () => {
    const found = await issues({
      'Standby-Power-Procedure.md': GENERATOR_PROCEDURE,
      'Generator-Test-Log.csv': generatorLog([
        'GT-16,2026-02-03,GEN-1 Main theatres,Monthly generator load test,10,70,90,P. Nwosu',
      ]),
    });
    // The capacity statement (48 hours of fuel) and the lead time (24 hours before) are not the
    // test's limit: the issue cites the 30 minutes.
    expect(found.map((i) => i.title)).toEqual([
      'Generator-Test-Log.csv: Duration reading of 10 min (GT-16 Monthly generator load test) below the limit of 30 minutes in Standby-Power-Procedure.md',
    ]);
    expect(found[0]!.description).toContain('sets a floor of 30 minutes');
    expect(found[0]!.description).toContain('under load for at least 30 minutes');
    expect(found[0]!.description).not.toContain('48 hours');
  });

  const COLD_ROOM_PROCEDURE = [
    '# Cold Chain Handling Procedure',
    '',
    '3.4 During stock rotation the cold room door may be held open for no more than 2 hours in any one session, with the curtain strips in place.',
  ].join('\n');

  const coldRoomLog = (minutes: string) =>
    [
      'Date,Cold room,Activity,Door open (min),Temp (°C),Signed',
      '2026-04-01,CR-2 Vaccines,Stock rotation,45,5.1,L. Moreau',
      `2026-04-08,CR-2 Vaccines,Stock rotation,${minutes},6.8,F. Osei`,
      '2026-04-15,CR-2 Vaccines,Stock rotation,60,5.4,L. Moreau',
    ].join('\n');

  test('a vaccine distributor cold-room log: a door held open 150 minutes, above "for no more than 2 hours"', async () => {
    const found = await issues({
      'Cold-Chain-Procedure.md': COLD_ROOM_PROCEDURE,
      'Cold-Room-Log.csv': coldRoomLog('150'),
    });
    expect(found.map((i) => i.title)).toEqual([
      expect.stringMatching(
        /^Cold-Room-Log\.csv: \w+ reading of 150 min \(2026-04-08 Stock rotation\) above the limit of 2 hours in Cold-Chain-Procedure\.md$/,
      ),
    ]);
    expect(found[0]!.description).toContain('sets a ceiling of 2 hours');
  });

  test('the cold-room door held open 95 minutes: within 2 hours once hours are read as minutes', async () => {
    expect(
      await issues({
        'Cold-Chain-Procedure.md': COLD_ROOM_PROCEDURE,
        'Cold-Room-Log.csv': coldRoomLog('95'),
      }),
    ).toEqual([]);
  });

  test('decoy: a lead time "at least 24 hours before arrival" is no limit on how long a load test runs', async () => {
    expect(
      await issues({
        'Standby-Power-Procedure.md': GENERATOR_PROCEDURE.replace(/\n\n4\.[12] [^\n]+/g, ''),
        'Generator-Test-Log.csv': generatorLog([
          'GT-16,2026-02-03,GEN-1 Main theatres,Monthly generator load test,10,70,90,P. Nwosu',
        ]),
      }),
    ).toEqual([]);
  });

  test('decoy: a 5-minute battery charger check shares no words with the load test clause', async () => {
    expect(
      await issues({
        'Standby-Power-Procedure.md': GENERATOR_PROCEDURE,
        'Generator-Test-Log.csv': generatorLog([
          'GT-16,2026-02-03,GEN-1 Main theatres,Battery charger inspection,5,0,90,P. Nwosu',
        ]),
      }),
    ).toEqual([]);
  });

  test('decoy: an aborted test with a blank duration is not read as running for its 20% load', async () => {
    expect(
      await issues({
        'Standby-Power-Procedure.md': GENERATOR_PROCEDURE,
        'Generator-Test-Log.csv': generatorLog([
          'GT-16,2026-02-03,GEN-1 Main theatres,Monthly generator load test,,20,85,P. Nwosu',
        ]),
      }),
    ).toEqual([]);
  });
});
