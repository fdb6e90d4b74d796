// Run options: the run body of spec 4.3 with the defaults of DECISIONS ("Engagements"), and the
// options of an investigate-further mini-run (one steered iteration on a budget of its own).
import {
  PRIMITIVES,
  centsToMicrocents,
  readJsonColumn,
  type Primitive,
  type SeverityLevel,
} from '@auditsvc/core';
import type { FromSchema } from 'json-schema-to-ts';
import type { RunRecord } from '@auditsvc/db';
import { DEFAULT_RUN_OPTIONS, runOptionsSchema, type RunOptions } from '@auditsvc/engine';

export interface RunRequest {
  client_id?: string;
  max_iterations?: number;
  max_followup_rounds?: number;
  enable_adversarial_verification?: boolean;
  adversarial_severity_threshold?: SeverityLevel;
  max_questions_per_iteration?: number | null;
}

export interface InvestigateFurtherRequest {
  steering_text?: string;
  primitive?: Primitive;
  budget_cents?: number;
  max_questions?: number;
}

/** A mini-run may spend this much unless the request says otherwise (and the budget allows). */
export const INVESTIGATE_DEFAULT_BUDGET_CENTS = 200;
export const INVESTIGATE_DEFAULT_MAX_QUESTIONS = 10;

/**
 * What a Run row stores in `options`: the engine's options, plus the mini-run's steering, its own
 * spend cap in cents (investigate-further only) and the engagement's spend when it was queued, in
 * micro-cents (a decimal string: JSON has no 64-bit integers). The mini-run may take the spend to
 * that baseline plus its cap over all its attempts.
 */
export const storedRunOptionsSchema = {
  type: 'object',
  properties: {
    ...runOptionsSchema.properties,
    steering: {
      type: 'object',
      properties: {
        text: { type: 'string' },
        primitive: { type: 'string', enum: PRIMITIVES },
        maxQuestions: { type: ['integer', 'null'] },
      },
      required: ['text', 'primitive', 'maxQuestions'],
      additionalProperties: false,
    },
    budgetCents: { type: 'number' },
    spentBeforeMicrocents: { type: 'string', pattern: '^[0-9]+$' },
  },
  required: runOptionsSchema.required,
  additionalProperties: false,
} as const;
export type StoredRunOptions = FromSchema<typeof storedRunOptionsSchema>;

/** A Run row's options: written only by runOptionsFrom or investigateOptionsFrom below. */
export function storedRunOptions(run: RunRecord): StoredRunOptions {
  return readJsonColumn(storedRunOptionsSchema, run.options, `options of run ${run.id}`);
}

/** The engagement's last run options (null before its first run). */
export function engagementRunOptions(stored: unknown): RunOptions | null {
  return stored === null || stored === undefined
    ? null
    : readJsonColumn(runOptionsSchema, stored, 'engagement run options');
}

/** The engine's options of a stored run (without the mini-run's steering and budget). */
export function engineOptions(stored: StoredRunOptions): RunOptions {
  return {
    maxIterations: stored.maxIterations,
    maxFollowupRounds: stored.maxFollowupRounds,
    enableAdversarialVerification: stored.enableAdversarialVerification,
    adversarialSeverityThreshold: stored.adversarialSeverityThreshold,
    maxQuestionsPerIteration: stored.maxQuestionsPerIteration,
  };
}

/**
 * The engagement spend an investigate-further mini-run may reach, or null for a full run (the
 * budget alone). A mini-run queued before the baseline was stored counts from `spentNow`.
 */
export function spendCeiling(options: StoredRunOptions, spentNow: bigint): bigint | null {
  if (options.budgetCents === undefined) return null;
  const baseline =
    options.spentBeforeMicrocents !== undefined ? BigInt(options.spentBeforeMicrocents) : spentNow;
  return baseline + centsToMicrocents(options.budgetCents);
}

export function runOptionsFrom(request: RunRequest): RunOptions {
  return {
    maxIterations: request.max_iterations ?? DEFAULT_RUN_OPTIONS.maxIterations,
    maxFollowupRounds: request.max_followup_rounds ?? DEFAULT_RUN_OPTIONS.maxFollowupRounds,
    enableAdversarialVerification:
      request.enable_adversarial_verification ?? DEFAULT_RUN_OPTIONS.enableAdversarialVerification,
    adversarialSeverityThreshold:
      request.adversarial_severity_threshold ?? DEFAULT_RUN_OPTIONS.adversarialSeverityThreshold,
    maxQuestionsPerIteration:
      request.max_questions_per_iteration ?? DEFAULT_RUN_OPTIONS.maxQuestionsPerIteration,
  };
}

/** The run body echoed on the engagement (run_options), in the API's member names. */
export function presentRunOptions(options: RunOptions) {
  return {
    max_iterations: options.maxIterations,
    max_followup_rounds: options.maxFollowupRounds,
    enable_adversarial_verification: options.enableAdversarialVerification,
    adversarial_severity_threshold: options.adversarialSeverityThreshold,
    max_questions_per_iteration: options.maxQuestionsPerIteration,
  };
}

/**
 * One steered iteration. The engagement's last run options are kept where they apply (follow-up
 * rounds, adversarial verification); the question cap is the request's.
 */
export function investigateOptionsFrom(
  lastRun: RunOptions | null,
  steering: { text: string; primitive: Primitive; maxQuestions: number },
  budget: { cents: number; spentBeforeMicrocents: bigint },
): StoredRunOptions {
  const base = lastRun ?? DEFAULT_RUN_OPTIONS;
  return {
    ...base,
    maxIterations: 1,
    maxQuestionsPerIteration: steering.maxQuestions,
    steering,
    budgetCents: budget.cents,
    spentBeforeMicrocents: budget.spentBeforeMicrocents.toString(),
  };
}
