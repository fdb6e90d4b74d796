// Prisma's query compiler is WebAssembly (a 3.5 MB module; the process's Prisma clients share one
// instance of it). V8 compiles it with its baseline compiler (Liftoff), then compiles the functions
// that run often again, in background threads, with its optimising one (TurboFan): about 40 MB more
// of the API's RSS after start (225-245 MB against 183-190 MB measured), for no speed we could
// measure (6,000 Prisma queries took 2.1-2.8 s either way, alternating runs: most of a query's cost
// is JavaScript). The API holds thousands of open streams in a memory budget (issue 13), so it
// keeps the baseline code. Node's fetch (remote model calls) parses HTTP with WebAssembly too.
import v8 from 'node:v8';

/** Applies to WebAssembly compiled from now on: call it before the database is opened. */
export function keepWasmBaselineCode(): void {
  v8.setFlagsFromString('--liftoff-only');
}
