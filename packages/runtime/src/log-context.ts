// What every log line written while serving one request or running one job carries: the request
// id (of the API call, and of the API call that queued the job), and in the worker the queue and
// job id. It follows the work through awaits (AsyncLocalStorage), so code that logs deep inside a
// service needs no logger of its own. The API's request id also travels with each job it queues
// (packages/jobs/src/producer.ts): one request can be followed across processes.
import { AsyncLocalStorage } from 'node:async_hooks';

export interface LogContext {
  request_id?: string;
  queue?: string;
  job_id?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

/** Runs `work` with `context` added to the current one (for every line it logs, awaits included). */
export function withLogContext<T>(context: LogContext, work: () => T): T {
  return storage.run({ ...storage.getStore(), ...context }, work);
}

/** The context of the work in progress; empty outside any request or job. */
export function currentLogContext(): LogContext {
  return storage.getStore() ?? {};
}
