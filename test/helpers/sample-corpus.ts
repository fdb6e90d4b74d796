// The sample client corpus in ../shared/corpora, as the API and worker tests upload it.
import fs from 'node:fs';
import path from 'node:path';
import type { TestContext } from './context';

const SAMPLE_CORPUS_DIR = path.resolve(__dirname, '../../../shared/corpora/northwind-health');

/** The client's files (the corpus folder also holds EXPECTED.* and NOTICE, which are not). */
export const sampleNames: string[] = fs
  .readdirSync(SAMPLE_CORPUS_DIR)
  .filter((name) => !/^(EXPECTED|NOTICE)/.test(name));

export function sampleFile(name: string): Buffer {
  return fs.readFileSync(path.join(SAMPLE_CORPUS_DIR, name));
}

/** The engagement intake EXPECTED.json prescribes for the corpus. */
export const sampleIntake = (
  JSON.parse(fs.readFileSync(path.join(SAMPLE_CORPUS_DIR, 'EXPECTED.json'), 'utf8')) as { intake: object }
).intake;

/** Uploads sample files into the engagement's corpus through the in-process app; each must be stored. */
export async function uploadSampleFiles(
  ctx: TestContext,
  engagementId: string,
  headers: Record<string, string>,
  names: string[],
): Promise<void> {
  for (const name of names) {
    const res = await ctx
      .http()
      .post(`/auditsvc/engagement/${engagementId}/corpus/upload`)
      .set(headers)
      .attach('file', sampleFile(name), name);
    if (res.status !== 201) throw new Error(`upload of ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  }
}
