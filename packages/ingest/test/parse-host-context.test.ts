// The parse host tells `onFileDone` about each file in the context of the caller that handed the
// file over (the job's log context: its request id), not in that of whoever started the child:
// the child's messages arrive on a channel opened during the first job, and would otherwise carry
// that job's context into every later job's lines.
import { currentLogContext, withLogContext } from '@auditsvc/runtime';
import { createParseHost, type ParseHost } from '../src';

let host: ParseHost;
afterEach(async () => {
  await host.close();
});

const file = (text: string) => ({ filename: 'note.txt', bytes: Buffer.from(text) });

it("reports each file in the context of the call that parsed it, not the child's first caller", async () => {
  const seen: (string | undefined)[] = [];
  host = createParseHost({ onFileDone: () => seen.push(currentLogContext().request_id) });
  await withLogContext({ request_id: 'first-job' }, () => host.parse(file('The first file.')));
  await withLogContext({ request_id: 'second-job' }, () => host.parse(file('The second file.')));
  await host.parse(file('A file parsed outside any job.'));
  expect(seen).toEqual(['first-job', 'second-job', undefined]);
}, 60_000);
