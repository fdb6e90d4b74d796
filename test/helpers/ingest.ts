// A corpus ingested through the API: each file uploaded, the ingest started, and its end awaited
// (a worker must be running to ingest it).
import type { TestContext } from './context';
import { waitFor } from './wait';

export async function ingestCorpus(
  ctx: TestContext,
  engagementId: string,
  headers: Record<string, string>,
  files: Record<string, Buffer>,
): Promise<void> {
  for (const [name, bytes] of Object.entries(files)) {
    const res = await ctx
      .http()
      .post(`/auditsvc/engagement/${engagementId}/corpus/upload`)
      .set(headers)
      .attach('file', bytes, name);
    if (res.status !== 201) throw new Error(`upload of ${name}: ${res.status} ${JSON.stringify(res.body)}`);
  }
  const ingest = await ctx.http().post(`/auditsvc/engagement/${engagementId}/corpus/ingest`).set(headers);
  if (ingest.status !== 202) throw new Error(`ingest: ${ingest.status} ${JSON.stringify(ingest.body)}`);
  await waitFor('the ingest', async () => {
    const res = await ctx.http().get(`/auditsvc/engagement/${engagementId}`).set(headers);
    const status = (res.body as { corpus: { status: string } }).corpus.status;
    if (status === 'ingest_failed') throw new Error('ingest failed');
    return status === 'ingested';
  });
}
