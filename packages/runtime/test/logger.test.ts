import { Writable } from 'node:stream';
import { createLogger } from '../src';

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
