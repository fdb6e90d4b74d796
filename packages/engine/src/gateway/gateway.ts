// The model gateway: every model call of a run, an intake extraction or a portfolio clustering
// goes through `call`, which
//   1. reserves the call's worst-case cost (prompt estimate + maxOutputTokens) against the ledger,
//      moving to a cheaper tier when only that one fits ("downshift");
//   2. runs it on the provider (retries of requests that never reached it are the provider's);
//   3. settles: releases the reservation and charges the actual cost (never more than reserved);
//   4. appends an llm_call event to the audit log.
// An answer that cannot be used is billed and asked once more (a fresh reservation), and so is a
// request that timed out or was cut off (the provider may bill it: it is charged its reserved
// worst case); after that the call fails with ModelCallError. No prompt, answer or key is logged.
// Each llm_call event is also handed to `observe` (the process's model call metrics).
import { microcentsToCents } from '@auditsvc/core';
import type { Logger, ModelCallObserver } from '@auditsvc/runtime';
import { TIER_ORDER } from './providers/tiers';
import {
  AuditSink,
  BudgetExhaustedError,
  CallMeta,
  ModelCallError,
  ModelGateway,
  ModelProvider,
  ModelTask,
  ModelTier,
  PriceTable,
  SpendLedger,
  TokenUsage,
} from './types';

/** Attempts per call: the first, and one more after an unusable answer or a possibly billed failure. */
const ANSWER_ATTEMPTS = 2;

/** budget_utilization is a ratio of bigints computed in millionths (a precision, not a unit). */
const UTILIZATION_STEPS = 1_000_000n;

export interface GatewayDeps {
  provider: ModelProvider;
  pricing: PriceTable;
  ledger: SpendLedger;
  audit: AuditSink | null;
  engagementId: string | null;
  logger?: Logger;
  now?: () => Date;
  observe?: ModelCallObserver;
}

interface Reservation {
  tier: ModelTier;
  model: string;
  /** The worst case the reservation covers: the prompt estimate and the task's output cap. */
  worstCase: TokenUsage;
  reservedMicrocents: bigint;
  downshiftedFrom: string | null;
}

export function createModelGateway(
  deps: GatewayDeps,
): ModelGateway & { readonly calls: number; readonly spentCents: number } {
  const { provider, pricing, ledger, audit, engagementId, logger, observe } = deps;
  const now = deps.now ?? (() => new Date());
  let calls = 0;
  let spentMicrocents = 0n;

  /** The requested tier, then each cheaper tier with another model, until one reservation fits. */
  async function reserve<I, O>(task: ModelTask<I, O>, input: I): Promise<Reservation> {
    const requested = provider.modelFor(task.tier);
    const inputTokens = provider.estimateInputTokens(task, input);
    const candidates = TIER_ORDER.slice(0, TIER_ORDER.indexOf(task.tier) + 1).reverse();
    const tried = new Set<string>();
    for (const tier of candidates) {
      const model = provider.modelFor(tier);
      if (tried.has(model)) continue;
      tried.add(model);
      const worstCase = { inputTokens, outputTokens: task.maxOutputTokens };
      const reservedMicrocents = pricing.costMicrocents(model, worstCase);
      if (await ledger.reserve(reservedMicrocents)) {
        return {
          tier,
          model,
          worstCase,
          reservedMicrocents,
          downshiftedFrom: model === requested ? null : requested,
        };
      }
    }
    throw new BudgetExhaustedError();
  }

  async function settle<I, O>(
    task: ModelTask<I, O>,
    reservation: Reservation,
    usage: TokenUsage | null,
    meta: CallMeta,
    latencyMs: number,
  ): Promise<void> {
    const actual = usage ? pricing.costMicrocents(reservation.model, usage) : 0n;
    if (actual > reservation.reservedMicrocents) {
      logger?.warn('model_call_cost_clamped', {
        model: reservation.model,
        reserved_microcents: String(reservation.reservedMicrocents),
        actual_microcents: String(actual),
      });
    }
    const state = await ledger.settle({
      reservedMicrocents: reservation.reservedMicrocents,
      actualMicrocents: actual,
      stage: meta.stage,
      model: reservation.model,
    });
    spentMicrocents += state.chargedMicrocents;
    if (!usage) return;
    calls++;
    const utilization =
      state.budgetMicrocents > 0n
        ? Number((state.spentMicrocents * UTILIZATION_STEPS) / state.budgetMicrocents) /
          Number(UTILIZATION_STEPS)
        : 1;
    const event = {
      event: 'llm_call' as const,
      model: reservation.model,
      provider: provider.name,
      input_tokens: usage.inputTokens,
      output_tokens: usage.outputTokens,
      cost_cents: microcentsToCents(state.chargedMicrocents),
      latency_ms: Math.round(latencyMs),
      downshifted_from: reservation.downshiftedFrom,
      budget_utilization: utilization,
      metadata: {
        engagement_id: engagementId,
        stage: meta.stage,
        step: meta.step,
        question_id: meta.questionId ?? null,
        prompt_version: task.promptVersion,
      },
      ts: now().toISOString(),
    };
    logger?.debug('model_call', {
      model: event.model,
      provider: event.provider,
      stage: meta.stage,
      step: meta.step,
      input_tokens: event.input_tokens,
      output_tokens: event.output_tokens,
      cost_cents: event.cost_cents,
      latency_ms: event.latency_ms,
      downshifted_from: event.downshifted_from,
    });
    observe?.(event);
    if (!audit) return;
    try {
      await audit.append(event);
    } catch (error) {
      // The call is made and paid; losing its log line must not lose its result.
      logger?.error('audit_log_append_failed', {
        engagement_id: engagementId,
        error: (error as Error).message,
      });
    }
  }

  async function call<I, O>(task: ModelTask<I, O>, input: I, meta: CallMeta): Promise<O> {
    for (let attempt = 1; ; attempt++) {
      const reservation = await reserve(task, input);
      const started = performance.now();
      let result: { output: O; usage: TokenUsage };
      try {
        result = await provider.complete(task, input, reservation.model);
      } catch (error) {
        const failure =
          error instanceof ModelCallError
            ? error
            : new ModelCallError(`${provider.name} call of ${task.name} failed`, { cause: error });
        // A request the provider may have billed costs its worst case: spend is never under-counted.
        const usage = failure.usage ?? (failure.possiblyBilled ? reservation.worstCase : null);
        await settle(task, reservation, usage, meta, performance.now() - started);
        if ((failure.unusableAnswer || failure.possiblyBilled) && attempt < ANSWER_ATTEMPTS) {
          logger?.warn('model_call_retried', {
            task: task.name,
            model: reservation.model,
            attempt,
            reason: failure.unusableAnswer ? 'unusable_answer' : 'possibly_billed_failure',
          });
          continue;
        }
        throw failure;
      }
      await settle(task, reservation, result.usage, meta, performance.now() - started);
      return result.output;
    }
  }

  return {
    call,
    provider: provider.name,
    get calls() {
      return calls;
    },
    get spentCents() {
      return microcentsToCents(spentMicrocents);
    },
  };
}
