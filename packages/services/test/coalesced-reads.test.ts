// Coalesced reads: many concurrent callers, few reads, and never an answer read before the
// question was asked (what a stream's snapshot relies on: a read that starts after its
// subscription).
import { coalescedReads } from '../src/streams/coalesced-reads';

function countingRead() {
  const started: number[] = [];
  let release: Array<() => void> = [];
  const read = async (key: string) => {
    const at = started.push(performance.now());
    await new Promise<void>((resolve) => release.push(resolve));
    return { key, startedAt: started[at - 1]!, n: at };
  };
  const finishAll = () => {
    const now = release;
    release = [];
    for (const r of now) r();
  };
  return { read, started, finishAll };
}

test('a hundred callers at once cause two reads; every answer started after its question', async () => {
  const { read, started, finishAll } = countingRead();
  const get = coalescedReads(read);
  const asked: number[] = [];
  const answers: Array<Promise<{ startedAt: number }>> = [];
  for (let i = 0; i < 100; i++) {
    asked.push(performance.now());
    answers.push(get('eng-1'));
  }
  expect(started).toHaveLength(1);
  finishAll();
  await new Promise((resolve) => setImmediate(resolve));
  expect(started).toHaveLength(2);
  finishAll();
  const results = await Promise.all(answers);
  // The first caller got the first read; the 99 who asked while it ran share the second.
  expect(new Set(results.map((r) => r.startedAt)).size).toBe(2);
  results.forEach((r, i) => expect(r.startedAt).toBeGreaterThanOrEqual(asked[i]!));
});

test('keys are read apart; a failed read fails its callers, and the next caller reads again', async () => {
  let calls = 0;
  const get = coalescedReads(async (key) => {
    calls += 1;
    if (key === 'bad' && calls === 1) throw new Error('database busy');
    return key;
  });
  await expect(get('bad')).rejects.toThrow('database busy');
  expect(await Promise.all([get('bad'), get('good')])).toEqual(['bad', 'good']);
  expect(calls).toBe(3);
});
