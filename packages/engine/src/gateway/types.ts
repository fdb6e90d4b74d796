// The model gateway's contract. Every model task of a run (and of intake extraction and
// portfolio clustering) is a ModelTask: a prompt and a parser for remote models, and the built-in
// offline analyst's answer for the `local` provider. The gateway prices each call, reserves it
// against the spend cap before it runs, settles it after, and appends it to the audit log, so
// callers never see providers, prices or budgets.

export type ModelTier = 'small' | 'mid' | 'strong';

export type TaskName =
  | 'cluster_labels'
  | 'domain_inference'
  | 'catalog_targets'
  | 'question_verdict'
  | 'consolidation'
  | 'deepening'
  | 'adversarial_verdict'
  | 'executive_summary'
  | 'intake_extraction'
  | 'portfolio_clustering'
  | 'corpus_discovery';

/**
 * The JSON Schema of a task's answer (draft-07, an object at the root: OpenAI's json_schema mode
 * and Anthropic's tool input_schema both require one). One source: sent to the provider, shown in
 * the prompt for servers without structured outputs, and checked with ajv before `parse`.
 */
export interface AnswerSchema {
  type: 'object';
  properties: Record<string, unknown>;
  required?: string[];
  [keyword: string]: unknown;
}

export interface ModelTask<I, O> {
  name: TaskName;
  tier: ModelTier;
  /** Upper bound of the answer's size; used to reserve spend before the call. */
  maxOutputTokens: number;
  /** The prompt for a remote model, whose answer must be one JSON value (src/prompts/<task>.ts). */
  prompt(input: I): { system: string; user: string };
  /** `<task>@<n>` of the prompt file; the audit log records it for every call. */
  promptVersion: string;
  /** The answer's JSON Schema. */
  answerSchema: AnswerSchema;
  /** Validates and normalises a remote model's JSON answer; throws when it cannot be used. */
  parse(json: unknown, input: I): O;
  /** The built-in offline analyst's answer (MODEL_PROVIDER=local). */
  local(input: I): O | Promise<O>;
}

/** Where a call belongs, for cost by stage and the audit log's metadata. */
export interface CallMeta {
  stage: string;
  step: string;
  questionId?: string | null;
}

export interface ModelGateway {
  call<I, O>(task: ModelTask<I, O>, input: I, meta: CallMeta): Promise<O>;
  /** The provider behind the gateway; a remote one also reads the corpus (discovery). */
  readonly provider?: ProviderName;
}

/** The call would pass the spend cap: it was not made. Runs stop with `aborted` (reason budget). */
export class BudgetExhaustedError extends Error {
  constructor(message = 'The compute budget is exhausted.') {
    super(message);
    this.name = 'BudgetExhaustedError';
  }
}

/** Tokens a provider reported (or, for the local analyst, estimated) for one call. */
export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
}

/** The provider failed after its retries, or its answer could not be used. */
export class ModelCallError extends Error {
  /** Usage the provider reported before failing (an unusable answer is still billed). */
  readonly usage: TokenUsage | null;
  /** The answer arrived but could not be parsed or validated; asking again may help. */
  readonly unusableAnswer: boolean;
  /**
   * The request reached the provider but no usage came back (it timed out, or the answer was cut
   * off): the provider may bill it, so the gateway charges its reserved worst case.
   */
  readonly possiblyBilled: boolean;
  /** The HTTP status of a request the provider refused (4xx other than 429), else null. */
  readonly status: number | null;
  constructor(
    message: string,
    options?: {
      cause?: unknown;
      usage?: TokenUsage | null;
      unusableAnswer?: boolean;
      possiblyBilled?: boolean;
      status?: number | null;
    },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ModelCallError';
    this.usage = options?.usage ?? null;
    this.unusableAnswer = options?.unusableAnswer ?? false;
    this.possiblyBilled = options?.possiblyBilled ?? false;
    this.status = options?.status ?? null;
  }
}

// ---------------------------------------------------------------------------------------------
// The gateway's collaborators. Providers know protocols, the price table knows money, the ledger
// knows the cap, the audit sink knows where events go; the gateway only sequences them.

export type ProviderName = 'local' | 'openai' | 'anthropic';

export interface ProviderResult<O> {
  output: O;
  usage: TokenUsage;
}

export interface ModelProvider {
  readonly name: ProviderName;
  /** The model that serves a tier (configurable per provider). */
  modelFor(tier: ModelTier): string;
  /** An upper estimate of the input tokens of the call, used to size the reservation. */
  estimateInputTokens<I, O>(task: ModelTask<I, O>, input: I): number;
  /** Runs the task once (with transport retries); throws ModelCallError. */
  complete<I, O>(task: ModelTask<I, O>, input: I, model: string): Promise<ProviderResult<O>>;
}

export interface ModelPrice {
  input_cents_per_1k: number;
  output_cents_per_1k: number;
}

export interface PriceTable {
  /** The price of a model: MODEL_PRICING, its "*", the built-in table, else a conservative default. */
  priceOf(model: string): ModelPrice & { source: 'override' | 'override_any' | 'builtin' | 'fallback' };
  /** Cost in micro-cents (1 cent = 1,000,000), rounded up so estimates never fall short. */
  costMicrocents(model: string, usage: TokenUsage): bigint;
}

export interface Settlement {
  /** What was reserved before the call. */
  reservedMicrocents: bigint;
  /** What the call actually cost; the ledger charges at most the reservation. */
  actualMicrocents: bigint;
  stage: string;
  model: string;
}

export interface LedgerState {
  spentMicrocents: bigint;
  budgetMicrocents: bigint;
}

export interface SpendLedger {
  /** Atomically reserves `microcents` if spent + reserved + it stays within the cap. */
  reserve(microcents: bigint): Promise<boolean>;
  /** Releases the reservation and charges min(actual, reserved); returns the state after. */
  settle(settlement: Settlement): Promise<LedgerState & { chargedMicrocents: bigint }>;
}

/** One audit-log line (DECISIONS "Audit log and signed URLs"). */
export interface AuditEvent {
  event: 'llm_call';
  model: string;
  provider: ProviderName;
  input_tokens: number;
  output_tokens: number;
  cost_cents: number;
  latency_ms: number;
  downshifted_from: string | null;
  budget_utilization: number;
  metadata: {
    engagement_id: string | null;
    stage: string;
    step: string;
    question_id: string | null;
    /** The version of the task's prompt (`<task>@<n>`). */
    prompt_version: string;
  };
  ts: string;
}

export interface AuditSink {
  append(event: AuditEvent): Promise<void>;
}
