// Runs a fuzz campaign: first every operation once as every caller with a valid request, then
// mutated requests drawn at random, a fresh world every `roundSize` requests (destructive calls
// use up records). Request i is drawn from Rng(seed, i) alone, so FUZZ_SEED and FUZZ_ONLY=i
// replay it. Failures are collected (up to a cap) with everything needed to send them again.
import type { RouteSpec } from '../../../apps/api/src/http/route';
import { createFuzzClient } from './client';
import { judge } from './oracle';
import { Rng } from './prng';
import { FuzzRequest, buildRequest, namesRecords } from './requests';
import { ACTOR_NAMES, World } from './world';

export interface FuzzOptions {
  baseUrl: string;
  routes: RouteSpec[];
  seed: string;
  requests: number;
  /** Send only this request (a replay). */
  only?: number;
  roundSize: number;
  newWorld(): Promise<World>;
  /** Paths of this machine an answer must never show (the repository, the data directory). */
  internalPaths: string[];
  /** Checks of the process after each request (a polluted Object.prototype, say). */
  invariants?: () => string[];
  timeoutMs?: number;
  maxFailures?: number;
  /** Requests in flight at once (1: one after another, as a replay sends them). */
  concurrency?: number;
}

export interface FuzzFailure {
  request: FuzzRequest;
  status: number;
  contentType: string;
  body: string;
  problems: string[];
}

export interface FuzzResult {
  seed: string;
  concurrency: number;
  sent: number;
  operations: Set<string>;
  statuses: Map<number, number>;
  /** Time spent answering each operation, in ms, and how many requests it got. */
  timeByOperation: Map<string, { requests: number; ms: number }>;
  failures: FuzzFailure[];
  durationMs: number;
  /** Time spent seeding worlds, in ms. */
  worldMs: number;
  /** CPU time of this process (client and in-process server), in ms: less sensitive to machine load. */
  cpuMs: number;
}

/**
 * Shares of the random phase. Operations that hash or verify a password with bcrypt (cost 12, a
 * quarter second of CPU each) would otherwise take half the time budget; they keep a small share.
 */
const OPERATION_WEIGHTS: Record<string, number> = {
  login: 0.1,
  changePassword: 0.1,
  createUser: 0.4,
  resetUserPassword: 0.4,
};

/**
 * The request at an index. Coverage first: every route as every caller, naming the caller's own
 * records; then every route that names records again, naming another firm's. Then random draws.
 */
export function requestAt(index: number, routes: RouteSpec[], world: World, seed: string): FuzzRequest {
  const rng = new Rng(seed, index);
  const callers = ACTOR_NAMES.length;
  const own = routes.length * callers;
  if (index < own) {
    const route = routes[Math.floor(index / callers)]!;
    return buildRequest(index, route, ACTOR_NAMES[index % callers]!, world, rng, false, 'own');
  }
  const naming = routes.filter(namesRecords);
  if (index < own + naming.length * callers) {
    const position = index - own;
    const route = naming[Math.floor(position / callers)]!;
    return buildRequest(index, route, ACTOR_NAMES[position % callers]!, world, rng, false, 'foreign');
  }
  const route = rng.weighted(
    routes.map((candidate) => [candidate, OPERATION_WEIGHTS[candidate.operationId] ?? 1] as const),
  );
  const actor = rng.pick(ACTOR_NAMES);
  return buildRequest(index, route, actor, world, rng, rng.chance(0.8));
}

/** How many requests the coverage phase sends before random draws begin. */
export function coverageRequests(routes: RouteSpec[]): number {
  return (routes.length + routes.filter(namesRecords).length) * ACTOR_NAMES.length;
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const started = Date.now();
  // Generous: a loaded machine (a load average of 20 on 2 cores) stretches bcrypt logins past 15 s.
  const client = createFuzzClient(options.baseUrl, options.timeoutMs ?? 60_000);
  const maxFailures = options.maxFailures ?? 10;
  const result: FuzzResult = {
    seed: options.seed,
    concurrency: options.concurrency ?? 1,
    sent: 0,
    operations: new Set(),
    statuses: new Map(),
    timeByOperation: new Map(),
    failures: [],
    durationMs: 0,
    worldMs: 0,
    cpuMs: 0,
  };
  const cpuAtStart = process.cpuUsage();
  const indices =
    options.only !== undefined ? [options.only] : Array.from({ length: options.requests }, (_, i) => i);
  // Rounds: a fresh world each; within a round, `concurrency` requests are in flight at once.
  const rounds: number[][] = [];
  for (const index of indices) {
    if (rounds.length === 0 || index % options.roundSize === 0) rounds.push([]);
    rounds[rounds.length - 1]!.push(index);
  }
  const { concurrency } = result;
  // A request with no answer ends the campaign: the service may be stuck, and waiting out the
  // timeout again for each further request would only spend the time budget.
  const done = () =>
    result.failures.length >= maxFailures || result.failures.some((failure) => failure.status === 0);

  async function sendOne(index: number, world: World): Promise<void> {
    const request = requestAt(index, options.routes, world, options.seed);
    const sentAt = Date.now();
    const response = await client.send(request);
    const time = result.timeByOperation.get(request.operationId) ?? { requests: 0, ms: 0 };
    result.timeByOperation.set(request.operationId, {
      requests: time.requests + 1,
      ms: time.ms + Date.now() - sentAt,
    });
    result.sent++;
    result.operations.add(request.operationId);
    result.statuses.set(response.status, (result.statuses.get(response.status) ?? 0) + 1);
    const problems = [
      ...judge(request, response, world, options.internalPaths),
      ...(options.invariants?.() ?? []),
    ];
    if (problems.length > 0 && !done()) {
      result.failures.push({
        request,
        status: response.status,
        contentType: String(response.headers['content-type'] ?? ''),
        body: response.body.toString('utf8'),
        problems,
      });
    }
  }

  try {
    for (const round of rounds) {
      if (done()) break;
      const seedingStarted = Date.now();
      const world = await options.newWorld();
      result.worldMs += Date.now() - seedingStarted;
      let next = 0;
      const worker = async () => {
        while (next < round.length && !done()) await sendOne(round[next++]!, world);
      };
      await Promise.all(Array.from({ length: concurrency }, worker));
    }
    result.failures.sort((a, b) => a.request.index - b.request.index);
  } finally {
    client.close();
    result.durationMs = Date.now() - started;
    const cpu = process.cpuUsage(cpuAtStart);
    result.cpuMs = Math.round((cpu.user + cpu.system) / 1000);
  }
  return result;
}

function printable(text: string, max: number): string {
  const shown = JSON.stringify(text.length > max ? `${text.slice(0, max)}` : text);
  return text.length > max ? `${shown} ... (${text.length} characters)` : shown;
}

/** The report of a failed campaign: the seed to replay it, and each failing request in full. */
export function formatFailures(result: FuzzResult, requests: number): string {
  const lines = [
    `Fuzzing found ${result.failures.length} failing request(s) among ${result.sent} sent.`,
    `Replay the run:     FUZZ_SEED=${result.seed} FUZZ_REQUESTS=${requests}`,
    `Replay one request: FUZZ_SEED=${result.seed} FUZZ_ONLY=<index>`,
    ...(result.concurrency > 1
      ? [
          `(${result.concurrency} requests were in flight at once: a failure that needs its neighbours ` +
            'may need the whole run, or FUZZ_CONCURRENCY=1, to show again)',
        ]
      : []),
  ];
  for (const failure of result.failures) {
    const { request } = failure;
    const headers = Object.entries(request.headers)
      .map(([name, value]) =>
        name === 'authorization' || name === 'x-admin-token'
          ? `${name}: <${request.actor} credential>`
          : `${name}: ${value}`,
      )
      .join('; ');
    lines.push(
      '',
      `#${request.index} ${request.operationId} as ${request.actor} (${request.mutation})`,
      `  ${request.method} ${printable(request.url, 300)}`,
      `  headers: ${headers || '(none)'}`,
      `  body: ${request.body ? printable(request.body.toString('utf8'), 400) : '(none)'}`,
      `  answered ${failure.status} ${failure.contentType}: ${printable(failure.body, 400)}`,
      ...failure.problems.map((problem) => `  problem: ${problem}`),
      `  replay: FUZZ_SEED=${result.seed} FUZZ_ONLY=${request.index}`,
    );
  }
  return lines.join('\n');
}
