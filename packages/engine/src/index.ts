// @auditsvc/engine: the audit run pipeline and the built-in offline analyst.
export { STAGES, DEFAULT_RUN_OPTIONS, runIntakeOf, runOptionsSchema } from './types';
export type {
  RunOptions,
  RunEvent,
  StageName,
  EngineFinding,
  EvidenceItem,
  Intake,
  DocHierarchy,
  Severity,
  FilterStatus,
  AdversarialOutcome,
} from './types';
export { runAudit, type RunInput, type RunResult, type RunMethodology } from './pipeline/run';
export { executiveSummaryTask, type ExecutiveSummaryInput } from './tasks/executive-summary';
export { questionVerdictTask } from './tasks/question-verdict';
export { catalogTargetsTask } from './tasks/catalog-targets';
export { clusterLabelsTask } from './tasks/cluster-labels';
export { domainInferenceTask } from './tasks/domain-inference';
export { consolidationTask } from './tasks/consolidation';
export { deepeningTask } from './tasks/deepening';
export { adversarialVerdictTask } from './tasks/adversarial-verdict';
export {
  intakeExtractionTask,
  type IntakeExtraction,
  type IntakeExtractionInput,
} from './tasks/intake-extraction';
export {
  portfolioClusteringTask,
  portfolioClusterSchema,
  type PortfolioCluster,
  type PortfolioClusteringInput,
  type PortfolioFinding,
} from './tasks/portfolio-clustering';
export { verifyQuote } from './quotes';
export { Bm25Index, type ScoredChunk } from './retrieval/bm25';
export { buildSnapshot } from './snapshot';
export { loadCorpusFolder } from './corpus-loader';
export { methodologyText, type MethodologyInput } from './methodology';
export {
  methodologyRecordOf,
  methodologyRecordSchema,
  readMethodologyRecord,
  type MethodologyRecord,
} from './methodology-record';
export type { CorpusSnapshot, CorpusDocument, CorpusChunk } from './corpus';
export * from './gateway/types';
export * from './gateway';
