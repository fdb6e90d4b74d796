// What the stages of one run share: the inputs, the model-call wrapper that turns budget
// exhaustion and cancellation into a Halt, stage events, and the state the stages build up
// (raw findings, canonical findings, investigated targets, the last consolidation groups).
import type { Primitive } from '@auditsvc/core';
import type { CorpusSnapshot } from '../corpus';
import { BudgetExhaustedError, type CallMeta, type ModelGateway, type ModelTask } from '../gateway/types';
import type { CorpusAnalysis } from '../analyst/corpus-analysis';
import type { Bm25Index } from '../retrieval/bm25';
import type { ConsolidationGroup } from '../tasks/consolidation';
import type { EngineFinding, Intake, RunEvent, RunOptions, StageName } from '../types';
import { emptyDiscovery, unreadDocuments, type DiscoveryState } from './discovery';
import type { Question, RawFinding } from './model';

export interface RunInput {
  snapshot: CorpusSnapshot;
  intake: Intake;
  archetype: string;
  options: RunOptions;
  gateway: ModelGateway;
  emit(event: RunEvent): void | Promise<void>;
  steering?: { text: string; primitive: Primitive; maxQuestions: number | null };
  isCancelled?(): boolean;
}

export type HaltReason = 'budget' | 'cancelled';

/** The counts a run's methodology reports (snake case: they go into events and reports as is). */
export interface RunMethodology {
  /** Proposed findings (verdicts' or discovery's) dropped because none of their quotes is in the document they cite. */
  quotes_rejected: number;
  /** Single unverifiable quotes dropped (of kept and dropped findings alike). */
  quotes_removed: number;
  /** Model-led discovery; null when the provider is local (its discovery is its checks). */
  discovery: {
    passes: number;
    failed_passes: number;
    proposals: number;
    /** Documents the pass cap or the budget left (partly) unread. */
    documents_unread: string[];
  } | null;
}

export function methodologyOf(run: RunContext): RunMethodology {
  const { discovery } = run.state;
  return {
    quotes_rejected: run.state.quotesRejected,
    quotes_removed: run.state.quotesRemoved,
    discovery: run.remote
      ? {
          passes: discovery.passes,
          failed_passes: discovery.failedPasses,
          proposals: discovery.proposals.length,
          documents_unread: unreadDocuments(run),
        }
      : null,
  };
}

/** Thrown inside the run when it must stop calling the model. */
export class Halt extends Error {
  constructor(readonly reason: HaltReason) {
    super(reason);
  }
}

export interface RunState {
  raws: RawFinding[];
  canonical: EngineFinding[];
  /** Target keys investigated so far (the catalog does not offer them again). */
  investigated: Set<string>;
  /** Target keys the deepen stage proposed for the next iteration. */
  followups: string[];
  /** The groups of the last successful consolidation (kept when a later one cannot run). */
  lastGroups: ConsolidationGroup[];
  /** Questions whose verdict added raw findings (their checks may propose follow-ups). */
  productive: Question[];
  /** Proposed findings dropped because none of their quotes is in the cited document. */
  quotesRejected: number;
  /** Quotes dropped because the cited document does not contain them (all findings and proposals). */
  quotesRemoved: number;
  /** What model-led discovery has read and proposed (remote providers only). */
  discovery: DiscoveryState;
}

export class RunContext {
  readonly state: RunState = {
    raws: [],
    canonical: [],
    investigated: new Set(),
    followups: [],
    lastGroups: [],
    productive: [],
    quotesRejected: 0,
    quotesRemoved: 0,
    discovery: emptyDiscovery(),
  };
  stage: StageName = 'profile';
  iteration = 0;
  modelCalls = 0;
  aborted: HaltReason | null = null;
  /** A remote model serves the run: it reads the corpus itself (discovery). */
  readonly remote: boolean;

  constructor(
    readonly input: RunInput,
    readonly analysis: CorpusAnalysis,
    readonly index: Bm25Index,
  ) {
    const provider = input.gateway.provider;
    this.remote = provider === 'openai' || provider === 'anthropic';
  }

  async emit(event: RunEvent): Promise<void> {
    await this.input.emit(event);
  }

  async startStage(name: StageName): Promise<void> {
    this.stage = name;
    await this.emit({ type: 'stage_start', stage: name, iteration: this.iteration });
  }

  async completeStage(counts: Record<string, unknown>): Promise<void> {
    await this.emit({ type: 'stage_complete', stage: this.stage, iteration: this.iteration, ...counts });
  }

  /** Stops model calls for good: emits `aborted` once and throws Halt. */
  async halt(reason: HaltReason): Promise<never> {
    if (!this.aborted) {
      this.aborted = reason;
      await this.emit({ type: 'aborted', reason, stage: this.stage, iteration: this.iteration });
    }
    throw new Halt(reason);
  }

  async haltIfCancelled(): Promise<void> {
    if (this.input.isCancelled?.()) await this.halt('cancelled');
  }

  /** One model call through the gateway; budget exhaustion and cancellation become a Halt. */
  async call<I, O>(task: ModelTask<I, O>, taskInput: I, meta: Omit<CallMeta, 'stage'>): Promise<O> {
    if (this.aborted) throw new Halt(this.aborted);
    await this.haltIfCancelled();
    try {
      const result = await this.input.gateway.call(task, taskInput, { stage: this.stage, ...meta });
      this.modelCalls += 1;
      return result;
    } catch (error) {
      if (error instanceof BudgetExhaustedError) await this.halt('budget');
      throw error;
    }
  }

  /**
   * A model call whose failure the run survives: a Halt propagates, any other error gives the
   * fallback (a provider that fails one call does not fail the run).
   */
  async callOr<I, O>(
    task: ModelTask<I, O>,
    taskInput: I,
    meta: Omit<CallMeta, 'stage'>,
    fallback: () => O,
  ): Promise<O> {
    try {
      return await this.call(task, taskInput, meta);
    } catch (error) {
      if (error instanceof Halt) throw error;
      return fallback();
    }
  }

  canonicalOnly(): EngineFinding[] {
    return this.state.canonical.filter((f) => f.isCanonical);
  }
}
