import { Writable } from 'node:stream';
import { createLogger, withLogContext } from '../src';

it('writes JSON lines and redacts secret-named members at any depth', () => {
  const lines: string[] = [];
  const stream = new Writable({ write: (chunk, _e, done) => (lines.push(chunk.toString()), done()) });
  const logger = createLogger({ service: 'test', stream });
  logger.info('event', {
    password: 'hunter22',
    nested: { totp_code: '123456', keep: 'visible' },
    authorization: 'Bearer t',
  });
  const line = JSON.parse(lines[0]!);
  expect(line).toMatchObject({
    message: 'event',
    service: 'test',
    level: 'info',
    password: '[redacted]',
    authorization: '[redacted]',
  });
  expect(line.nested).toEqual({ totp_code: '[redacted]', keep: 'visible' });
  expect(lines.join('')).not.toMatch(/hunter22|123456|Bearer t/);
});

it('adds the request or job in progress to every line, across awaits, and nothing outside it', async () => {
  const lines: string[] = [];
  const stream = new Writable({ write: (chunk, _e, done) => (lines.push(chunk.toString()), done()) });
  const logger = createLogger({ service: 'test', stream });
  await withLogContext({ request_id: 'req-1' }, async () => {
    logger.info('first');
    await new Promise((resolve) => setTimeout(resolve, 1));
    await withLogContext({ queue: 'run', job_id: 'run-1' }, async () =>
      logger.info('inner', { job_id: 'own' }),
    );
  });
  logger.info('outside');
  const [first, inner, outside] = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(first).toMatchObject({ message: 'first', request_id: 'req-1' });
  expect(first).not.toHaveProperty('job_id');
  // A member the line names itself wins.
  expect(inner).toMatchObject({ request_id: 'req-1', queue: 'run', job_id: 'own' });
  expect(Object.keys(outside!).sort()).toEqual(['level', 'message', 'service', 'timestamp']);
});
