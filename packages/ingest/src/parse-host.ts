// Parses untrusted files in a child process, one at a time, with a time limit and a memory limit
// per file. A file that hangs a parser is killed after `timeoutMs`; one that makes the child's
// resident memory pass `maxRssMb` (checked every 100 ms, Linux) is killed then; one that crashes it
// (out of heap, a native fault) fails alone: the next file gets a fresh child. The child is Node
// with tsx's CommonJS hook preloaded (not the tsx CLI, which would put a relay process in between
// and leave the parser running when the relay is killed), and its heap is capped too, so a memory
// bomb cannot take the worker with it. Each failure names its reason.
import { AsyncResource } from 'node:async_hooks';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { CHILD_TMP_PREFIX, type ChildReply, type ParseRequest } from './parse-protocol';
import type { ParseFileInput } from './parse-file';
import { peakResidentBytes, residentBytes, resetPeakResident } from './process-memory';
import { ParseError, type ParsedDocument } from './types';

export interface ParseHostOptions {
  /** Per-file time limit, from the moment the file is handed to a ready child. Default 60 s. */
  timeoutMs?: number;
  /** V8 old-space cap of the child. Default 640 MB. */
  maxOldSpaceMb?: number;
  /** Resident memory cap of the child (its heap, buffers and code). Default 896 MB. */
  maxRssMb?: number;
  /** Told about each file once it is done: for monitoring, e.g. logging each parse's peak memory. */
  onFileDone?: (report: ParseReport) => void;
}

/** How one file's parse went. */
export interface ParseReport {
  filename: string;
  ok: boolean;
  /** The failure reason (as in the ParseError), null when parsed. */
  reason: string | null;
  /** The child's highest resident memory while it parsed this file; null where it cannot be read. */
  peakRssBytes: number | null;
  elapsedMs: number;
}

export interface ParseHost {
  /** Parses one file in the child; `options.timeoutMs` overrides the host's limit for this file. */
  parse(input: ParseFileInput, options?: { timeoutMs?: number }): Promise<ParsedDocument>;
  close(): Promise<void>;
  /** The current child's process id (null between children): for monitoring. */
  readonly childPid: number | null;
}

export const DEFAULT_PARSE_TIMEOUT_MS = 60_000;
export const DEFAULT_PARSE_MAX_OLD_SPACE_MB = 640;
export const DEFAULT_PARSE_MAX_RSS_MB = 896;
const MEMORY_CHECK_MS = 100;
const STDERR_TAIL_CHARS = 4_096;
const CHILD_SCRIPT = path.join(__dirname, 'parse-child.ts');

interface Child {
  process: ChildProcess;
  ready: Promise<void>;
  exited: Promise<string>;
  stderrTail: () => string;
}

function seconds(ms: number): string {
  return String(Number((ms / 1000).toFixed(3)));
}

/**
 * The child's environment: only what parsers and the programs they run need. The worker's own
 * environment holds credentials (database and Redis URLs, provider keys, the admin token) that
 * code parsing a client's hostile file must never be able to read.
 */
const INHERITED_VARIABLES = ['PATH', 'LANG', 'LC_ALL', 'HOME', 'OMP_THREAD_LIMIT', 'TESSDATA_PREFIX'];

function childEnvironment(tmp: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { TMPDIR: tmp };
  for (const name of INHERITED_VARIABLES) if (process.env[name] !== undefined) env[name] = process.env[name];
  return env;
}

function startChild(maxOldSpaceMb: number): Child {
  // Each child gets its own temporary directory (TMPDIR, which os.tmpdir() reads), removed when the
  // child ends however it ends: a killed OCR parse leaves no image copies behind.
  const tmp = mkdtempSync(path.join(os.tmpdir(), CHILD_TMP_PREFIX));
  const child = spawn(
    process.execPath,
    [`--max-old-space-size=${maxOldSpaceMb}`, '--require', require.resolve('tsx/cjs'), CHILD_SCRIPT],
    {
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
      env: childEnvironment(tmp),
      // Its own process group, so a kill also reaches the programs it runs (tesseract).
      detached: true,
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL_CHARS);
  });
  const exited = new Promise<string>((resolve) => {
    const done = (how: string) => {
      killGroup(child);
      void rm(tmp, { recursive: true, force: true }).then(
        () => resolve(how),
        () => resolve(how),
      );
    };
    child.on('error', (error) => done(`could not start (${error.message})`));
    child.on('exit', (code, signal) => done(signal ? `signal ${signal}` : `exit code ${code}`));
  });
  const ready = new Promise<void>((resolve, reject) => {
    const onMessage = (message: ChildReply) => {
      if (message.type !== 'ready') return;
      child.off('message', onMessage);
      resolve();
    };
    child.on('message', onMessage);
    void exited.then((how) => reject(new Error(`the parser process stopped before it was ready (${how})`)));
  });
  ready.catch(() => undefined);
  return { process: child, ready, exited, stderrTail: () => stderr };
}

/** Kills the child and everything it started (its process group). */
function killGroup(child: ChildProcess): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
}

function crashReason(how: string, stderr: string): string {
  if (/heap out of memory|allocation failed/i.test(stderr))
    return 'the parser ran out of memory on this file';
  return `the parser process crashed (${how})`;
}

export function createParseHost(options: ParseHostOptions = {}): ParseHost {
  const timeoutMs = options.timeoutMs ?? DEFAULT_PARSE_TIMEOUT_MS;
  const maxOldSpaceMb = options.maxOldSpaceMb ?? DEFAULT_PARSE_MAX_OLD_SPACE_MB;
  const maxRssBytes = (options.maxRssMb ?? DEFAULT_PARSE_MAX_RSS_MB) * 1024 * 1024;
  let child: Child | null = null;
  let nextId = 1;
  let closed = false;
  // Files are parsed one after another: a queue of promises, each waiting for the one before.
  let queue: Promise<unknown> = Promise.resolve();

  const discardChild = (target: Child) => {
    if (child === target) child = null;
    killGroup(target.process);
  };

  const parseOne = async (input: ParseFileInput, limitMs: number): Promise<ParsedDocument> => {
    if (closed) throw new Error('the parse host is closed');
    child ??= startChild(maxOldSpaceMb);
    const current = child;
    try {
      await current.ready;
    } catch (error) {
      discardChild(current);
      throw new ParseError(input.filename, (error as Error).message);
    }
    const id = nextId++;
    const pid = current.process.pid!;
    const started = Date.now();
    // The peak is measured from here: the kernel's high-water mark, reset for this file, or, where
    // it cannot be reset, the highest of the samples the memory check takes.
    const peakResettable = resetPeakResident(pid);
    let sampledPeak = residentBytes(pid);
    return new Promise<ParsedDocument>((resolve, reject) => {
      let settled = false;
      // Bound to the caller's async context: the child's messages arrive on a channel opened by
      // whichever call started it, and onFileDone (a job's log lines) belongs to this call.
      const finish = AsyncResource.bind((outcome: { document: ParsedDocument } | { reason: string }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearInterval(memoryCheck);
        current.process.off('message', onMessage);
        current.process.off('close', onClose);
        const kernelPeak = peakResettable ? peakResidentBytes(pid) : null;
        const peaks = [kernelPeak, sampledPeak].filter((bytes): bytes is number => bytes !== null);
        options.onFileDone?.({
          filename: input.filename,
          ok: 'document' in outcome,
          reason: 'reason' in outcome ? outcome.reason : null,
          peakRssBytes: peaks.length > 0 ? Math.max(...peaks) : null,
          elapsedMs: Date.now() - started,
        });
        if ('document' in outcome) resolve(outcome.document);
        else reject(new ParseError(input.filename, outcome.reason));
      });
      const onMessage = (message: ChildReply) => {
        if (message.type === 'parsed' && message.id === id) finish({ document: message.document });
        if (message.type === 'failed' && message.id === id) finish({ reason: message.reason });
      };
      const timer = setTimeout(() => {
        finish({ reason: `parsing took longer than ${seconds(limitMs)} s` });
        discardChild(current);
      }, limitMs);
      const memoryCheck = setInterval(() => {
        const resident = residentBytes(pid);
        if (resident === null) return;
        sampledPeak = Math.max(sampledPeak ?? 0, resident);
        if (resident <= maxRssBytes) return;
        finish({
          reason: `the parser used more than ${maxRssBytes / 1024 / 1024} MB of memory on this file`,
        });
        discardChild(current);
      }, MEMORY_CHECK_MS);
      current.process.on('message', onMessage);
      // 'close' (not a promise callback) so that nothing of this file stays referenced by a
      // long-lived child once the file is done; 'close' also waits for the last stderr output.
      const onClose = (code: number | null, signal: NodeJS.Signals | null) => {
        if (child === current) child = null;
        const how = signal ? `signal ${signal}` : `exit code ${code}`;
        finish({ reason: closed ? 'the parse host was closed' : crashReason(how, current.stderrTail()) });
      };
      current.process.on('close', onClose);
      const request: ParseRequest = {
        id,
        filename: input.filename,
        bytes: input.bytes,
        tesseractPath: input.tesseractPath,
      };
      current.process.send(request, (error) => {
        if (error) {
          finish({ reason: `the file could not be handed to the parser (${error.message})` });
          discardChild(current);
        }
      });
    });
  };

  return {
    parse(input, parseOptions) {
      const result = queue.then(() => parseOne(input, parseOptions?.timeoutMs ?? timeoutMs));
      queue = result.catch(() => undefined);
      return result;
    },
    async close() {
      closed = true;
      const current = child;
      child = null;
      if (!current) return;
      killGroup(current.process);
      await current.exited;
    },
    get childPid() {
      return child?.process.pid ?? null;
    },
  };
}
