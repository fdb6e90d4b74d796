// The engine without its run pipeline: the model gateway, the tasks that run outside an audit run
// (executive summary, intake extraction, portfolio clustering), run options, and the methodology
// text and record. Code the API process loads imports the engine from here
// (`@auditsvc/engine/src/lean`): the package's index adds the pipeline, its checks and analyst
// and the corpus loader with every document parser, about 70 MB of a process that never runs an
// audit (apps/api/test/lean-api.test.ts keeps them out of the API). index.ts re-exports all of this.
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
export { executiveSummaryTask, type ExecutiveSummaryInput } from './tasks/executive-summary';
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
