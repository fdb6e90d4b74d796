// A job's final failure: the client gets an actionable sentence, the log gets the cause.
import { Writable } from 'node:stream';
import { ModelCallError } from '@auditsvc/engine';
import { createLogger } from '@auditsvc/runtime';
import { StorageUnavailableError } from '@auditsvc/storage';
import { publicFailureReason } from '../src/jobs/failure-reason';

function capturingLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger({ level: 'info', service: 'worker', stream }), lines };
}

it('never passes an internal error message to the client, but logs it', () => {
  const { logger, lines } = capturingLogger();
  const internal = new Error('connect ECONNREFUSED /srv/data/auditsvc.db: prisma P1001');
  const reason = publicFailureReason('The run', internal, logger, { run_id: 'run-1' });
  expect(reason).toBe(
    'The run stopped on an unexpected error; start it again (the worker log has the details).',
  );
  expect(reason).not.toContain('prisma');
  expect(lines.join('')).toContain('ECONNREFUSED');
  expect(lines.join('')).toContain('run-1');
});

it('names a worker lost too often, and a model provider failure', () => {
  const { logger } = capturingLogger();
  const stalled = new Error('job stalled more than allowable limit');
  expect(publicFailureReason('The ingest', stalled, logger, {})).toMatch(/^The ingest stopped: the worker/);
  const provider = new ModelCallError('openai call of question_verdict failed: HTTP 500');
  expect(publicFailureReason('The run', provider, logger, {})).toBe(
    'The run failed: openai call of question_verdict failed: HTTP 500',
  );
});

it('says the file store was unavailable, in its own words only', () => {
  const { logger, lines } = capturingLogger();
  const away = new StorageUnavailableError('ECONNREFUSED', { cause: new Error('connect 10.0.0.5:9000') });
  const reason = publicFailureReason('The ingest', away, logger, {});
  expect(reason).toBe('The ingest stopped: the file store was unavailable; start it again once it is back.');
  expect(lines.join('')).toContain('ECONNREFUSED');
});
