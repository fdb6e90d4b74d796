// winston JSON logs. Secrets never reach a log line: request logging records only method, path
// (without its query string), status, timing and ids, and `redact` scrubs known secret keys from
// any metadata object as a second line of defence.
import winston from 'winston';
import { currentLogContext } from './log-context';

const SECRET_KEYS =
  /^(authorization|x-admin-token|password|current_password|new_password|token|secret|totp_code|backup_code|backup_codes|code|signature|sig|cookie|api_key|apikey)$/i;

function scrub(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrub(item, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value as Record<string, unknown>)) {
    out[key] = SECRET_KEYS.test(key) ? '[redacted]' : scrub(inner, depth + 1);
  }
  return out;
}

const redact = winston.format((info) => {
  for (const key of Object.keys(info)) {
    if (SECRET_KEYS.test(key)) info[key] = '[redacted]';
    else if (typeof info[key] === 'object') info[key] = scrub(info[key]);
  }
  return info;
});

export type Logger = winston.Logger;

export function createLogger(options: {
  level?: string;
  service: string;
  stream?: NodeJS.WritableStream;
}): Logger {
  const transport = options.stream
    ? new winston.transports.Stream({ stream: options.stream })
    : new winston.transports.Console();
  return winston.createLogger({
    level: options.level ?? 'info',
    // Read when each line is logged (winston copies these members then, on the caller's turn):
    // the request or job in progress (log-context.ts). An unset member is left out of the line.
    defaultMeta: {
      service: options.service,
      get request_id() {
        return currentLogContext().request_id;
      },
      get queue() {
        return currentLogContext().queue;
      },
      get job_id() {
        return currentLogContext().job_id;
      },
    },
    format: winston.format.combine(redact(), winston.format.timestamp(), winston.format.json()),
    transports: [transport],
  });
}
