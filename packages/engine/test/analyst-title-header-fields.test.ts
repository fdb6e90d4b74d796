// A document's title under a running header of fields parted by " | " that holds the document's
// code or a company's registered name ("DS-2025-0088 | Marsh Channel Surveys, LLC | No CUI"): the
// header files the document, the title is the next line. Two industries' wording (a survey firm
// working for a dredging contractor, a dental practice) and a forestry company's code-only header;
// decoys: a title line with a bar but neither a code nor a registered name, and a code written
// in the title line itself.
import { analyzeCorpus } from '../src/analyst/corpus-analysis';
import { snapshotOf } from './helpers/synthetic-corpus';

async function titles(files: Record<string, string>): Promise<string[]> {
  const analysis = analyzeCorpus(await snapshotOf(files), null);
  return analysis.documents.map((d) => d.title);
}

test("a survey firm's plan under a header of its code, its company's name and a marking", async () => {
  expect(
    await titles({
      'Dredge-Monitoring-Plan.txt': [
        'DS-2025-0088 | Marsh Channel Surveys, LLC | No CUI',
        '',
        'Dredge Monitoring Survey Plan',
        'Bathymetric surveys are run before and after each dredging campaign.',
      ].join('\n'),
    }),
  ).toEqual(['Dredge Monitoring Survey Plan']);
});

test("a dental practice's procedure under a header naming the company, with no code", async () => {
  expect(
    await titles({
      'Decontamination-Procedure.txt': [
        'Brightwater Dental Care Ltd | Issue 3 | Printed copies are uncontrolled',
        'Instrument Decontamination Procedure',
        'Instruments are cleaned, inspected and sterilised after every patient.',
      ].join('\n'),
    }),
  ).toEqual(['Instrument Decontamination Procedure']);
});

test("a forestry company's procedure under a header of its code and issue", async () => {
  expect(
    await titles({
      'Felling-Procedure.md': [
        'FOR-SOP-014 | Issue 2 | Approved by the Harvest Manager',
        '',
        '# Chainsaw Felling Procedure',
        '',
        'Fellers keep two tree lengths clear of every other worker.',
      ].join('\n'),
    }),
  ).toEqual(['Chainsaw Felling Procedure']);
});

test('decoys: a title with a bar but neither a code nor a registered name; a code in the title line itself', async () => {
  expect(
    await titles({
      'Harvest-Planning-Guide.txt': [
        'Kestrel Timber | Harvest Planning Guide',
        'Coupes are planned a season ahead.',
      ].join('\n'),
      'Sterile-Services-Standard.txt': [
        'DEN-STD-002 Sterile Services Standard',
        'The autoclave log is kept for every cycle.',
      ].join('\n'),
    }),
  ).toEqual(['Kestrel Timber | Harvest Planning Guide', 'DEN-STD-002 Sterile Services Standard']);
});
