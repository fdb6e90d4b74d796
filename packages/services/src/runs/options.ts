// Run options: the run body of spec 4.3 with the defaults of DECISIONS ("Engagements"), and the
// options of an investigate-further mini-run (one steered iteration on a budget of its own).
import { PRIMITIVES, SEVERITIES, centsToMicrocents, readJsonColumn, type Primitive } from '@auditsvc/core';
import type { FromSchema } from 'json-schema-to-ts';
import type { RunRecord } from '@auditsvc/db';
import { DEFAULT_RUN_OPTIONS, runOptionsSchema, type RunOptions } from '@auditsvc/engine/src/lean';

/** The run body of spec 4.3: every member optional; the defaults are DECISIONS'. */
export const runRequestSchema = {
  type: 'object',
  properties: {
    client_id: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description:
        'The ingested corpus to audit (its engagement id); default: the corpus bound to the engagement.',
    },
    max_iterations: { type: 'integer', minimum: 1, maximum: 10, default: 3 },
    max_followup_rounds: { type: 'integer', minimum: 0, maximum: 5, default: 2 },
    enable_adversarial_verification: { type: 'boolean', default: true },
    adversarial_severity_threshold: {
      type: 'string',
      enum: [...SEVERITIES],
      default: 'medium',
      description: 'Findings of this severity and above are challenged.',
    },
    max_questions_per_iteration: {
      type: ['integer', 'null'],
      minimum: 1,
      maximum: 1000,
      default: null,
      description: 'Caps the investigate stage to the top-N priority-sorted questions; null: no cap.',
    },
  },
  additionalProperties: false,
} as const;

/** What starts a run: the body as posted (members with a default may be absent). */
export type RunRequest = FromSchema<typeof runRequestSchema, { keepDefaultedPropertiesOptional: true }>;

/** The investigate-further body of spec 4.5. */
export const investigateFurtherRequestSchema = {
  type: 'object',
  properties: {
    steering_text: {
      type: 'string',
      minLength: 1,
      maxLength: 4000,
      description: "What to look into; default: the finding's description.",
    },
    primitive: { type: 'string', enum: [...PRIMITIVES], description: "Default: the finding's primitive." },
    budget_cents: {
      type: 'integer',
      minimum: 1,
      maximum: 100000,
      description: "The mini-run's own spend cap (default 200), never more than the engagement has left.",
    },
    max_questions: { type: 'integer', minimum: 1, maximum: 1000, default: 10 },
  },
  additionalProperties: false,
} as const;

export type InvestigateFurtherRequest = FromSchema<
  typeof investigateFurtherRequestSchema,
  { keepDefaultedPropertiesOptional: true }
>;

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
