// Prometheus metrics (prom-client): each process keeps one registry, built by its own metrics
// module (apps/api/src/metrics.ts, apps/worker/src/metrics.ts). Names start with auditsvc_ and end
// with their unit. The model call families are defined here because both processes call models:
// the worker for runs and portfolio clustering, the API for intake extraction and executive
// summaries.
import { Counter, Registry } from 'prom-client';

export const METRICS_PREFIX = 'auditsvc_';

/** What a settled model call reports (the gateway's llm_call audit event has these members). */
export interface ModelCallRecord {
  provider: string;
  model: string;
  input_tokens: number;
  output_tokens: number;
  cost_cents: number;
}

export type ModelCallObserver = (call: ModelCallRecord) => void;

/** Model calls, tokens and spend by provider and model, in `registry`; returns their observer. */
export function modelCallMetrics(registry: Registry): ModelCallObserver {
  const calls = new Counter({
    name: `${METRICS_PREFIX}model_calls_total`,
    help: 'Model calls answered by the provider (billed), by provider and model.',
    labelNames: ['provider', 'model'] as const,
    registers: [registry],
  });
  const tokens = new Counter({
    name: `${METRICS_PREFIX}model_tokens_total`,
    help: 'Tokens of model calls, by provider, model and direction (input or output).',
    labelNames: ['provider', 'model', 'direction'] as const,
    registers: [registry],
  });
  const spend = new Counter({
    name: `${METRICS_PREFIX}model_spend_cents_total`,
    help: 'Cents charged for model calls (MODEL_PRICING), by provider and model.',
    labelNames: ['provider', 'model'] as const,
    registers: [registry],
  });
  return (call) => {
    const labels = { provider: call.provider, model: call.model };
    calls.inc(labels);
    tokens.inc({ ...labels, direction: 'input' }, call.input_tokens);
    tokens.inc({ ...labels, direction: 'output' }, call.output_tokens);
    spend.inc(labels, call.cost_cents);
  };
}
