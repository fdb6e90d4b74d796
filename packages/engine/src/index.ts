// @auditsvc/engine: the audit run pipeline and the built-in offline analyst, with everything of
// lean.ts (the gateway and what runs outside a run), which the API process imports on its own.
export * from './lean';
export { runAudit, type RunInput, type RunResult, type RunMethodology } from './pipeline/run';
export { questionVerdictTask } from './tasks/question-verdict';
export { catalogTargetsTask } from './tasks/catalog-targets';
export { clusterLabelsTask } from './tasks/cluster-labels';
export { domainInferenceTask } from './tasks/domain-inference';
export { consolidationTask } from './tasks/consolidation';
export { deepeningTask } from './tasks/deepening';
export { adversarialVerdictTask } from './tasks/adversarial-verdict';
export { verifyQuote } from './quotes';
export { Bm25Index, type ScoredChunk } from './retrieval/bm25';
export { buildSnapshot } from './snapshot';
export { loadCorpusFolder } from './corpus-loader';
