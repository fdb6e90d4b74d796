// What only the worker runs: the ingest job (chunking what the parse child read) and the run
// executor (the engine's pipeline, checks and analyst, with the corpus loader's document parsers).
// Imported from here (`@auditsvc/services/src/worker`), not from index.ts: the API process imports
// index.ts for everything else and must not load the pipeline (issue 13: about 70 MB of its RSS;
// apps/api/test/lean-api.test.ts keeps it out).
export * from './corpus/ingest';
export * from './runs/executor';
export * from './runs/finding-rows';
export * from './runs/snapshot';
