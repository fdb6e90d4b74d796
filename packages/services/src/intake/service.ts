// Intake extraction (spec 4.9): a client's description of the audit becomes a proposed intake in
// one model call capped at 20 cents. Nothing is stored; the user reviews the proposal and posts
// the intake to the engagement.
import {
  ARCHETYPES,
  BadGatewayError,
  Caller,
  NotFoundError,
  ValidationError,
  assertFirmVisible,
  firmScope,
  requireMutator,
  stringListSchema as strings,
} from '@auditsvc/core';
import type { Repositories } from '@auditsvc/db';
import type { Logger } from '@auditsvc/runtime';
import { BudgetExhaustedError, ModelCallError, intakeExtractionTask } from '@auditsvc/engine/src/lean';
import type { StandaloneGatewayFactory } from './standalone-gateway';
import type { FromSchema } from 'json-schema-to-ts';

export const INTAKE_EXTRACTION_CAP_CENTS = 20;
export const MIN_DESCRIPTION_CHARS = 30;

/** POST /auditsvc/intake/extract; firm_id defaults to the caller's firm (platform admins must name one). */
export const intakeExtractRequestSchema = {
  type: 'object',
  properties: {
    description: { type: 'string', minLength: MIN_DESCRIPTION_CHARS, maxLength: 20000 },
    client_name: { type: 'string', maxLength: 200 },
    firm_id: { type: 'string', minLength: 1, maxLength: 200 },
  },
  required: ['description'],
  additionalProperties: false,
} as const;
export type IntakeExtractRequest = FromSchema<typeof intakeExtractRequestSchema>;

/** Its answer: the proposed intake, archetype and client name, and what the call cost. */
export const intakeExtractResponseSchema = {
  type: 'object',
  properties: {
    domain: { type: 'string' },
    audit_purpose: { type: 'string' },
    frameworks: strings,
    focus_areas: strings,
    known_concerns: strings,
    suggested_archetype: { type: 'string', enum: [...ARCHETYPES] },
    suggested_client_name: { type: 'string' },
    cost_cents: { type: 'number', minimum: 0, maximum: INTAKE_EXTRACTION_CAP_CENTS },
  },
  required: [
    'domain',
    'audit_purpose',
    'frameworks',
    'focus_areas',
    'known_concerns',
    'suggested_archetype',
    'suggested_client_name',
    'cost_cents',
  ],
  additionalProperties: false,
} as const;
export type IntakeExtractResponse = FromSchema<typeof intakeExtractResponseSchema>;

export function createIntakeExtractionService(deps: {
  repos: Pick<Repositories, 'firms'>;
  gateways: StandaloneGatewayFactory;
  logger?: Logger;
}) {
  const { repos, gateways, logger } = deps;
  return {
    async extract(caller: Caller, request: IntakeExtractRequest): Promise<IntakeExtractResponse> {
      requireMutator(caller);
      if (request.description.trim().length < MIN_DESCRIPTION_CHARS) {
        throw ValidationError.of(
          ['body', 'description'],
          `must have at least ${MIN_DESCRIPTION_CHARS} characters`,
          'string_too_short',
        );
      }
      const firmId = request.firm_id ?? firmScope(caller);
      if (!firmId) throw ValidationError.of(['body', 'firm_id'], 'Field required', 'missing');
      assertFirmVisible(caller, firmId, 'Firm');
      if (!(await repos.firms.findById(firmId))) throw new NotFoundError('Firm');

      const gateway = gateways(INTAKE_EXTRACTION_CAP_CENTS);
      try {
        const intake = await gateway.call(
          intakeExtractionTask,
          { description: request.description, clientName: request.client_name ?? null },
          { stage: 'intake', step: 'extract' },
        );
        return { ...intake, cost_cents: gateway.spentCents };
      } catch (error) {
        if (error instanceof BudgetExhaustedError) {
          throw new BadGatewayError(
            `The model call was not made: it would pass the ${INTAKE_EXTRACTION_CAP_CENTS}-cent cap of intake extraction.`,
          );
        }
        if (error instanceof ModelCallError) {
          // The message names the provider and status only; never the prompt or a key.
          logger?.warn('intake_extraction_failed', { firm_id: firmId, error: error.message });
          throw new BadGatewayError('The model call failed; try again later.');
        }
        throw error;
      }
    },
  };
}

export type IntakeExtractionService = ReturnType<typeof createIntakeExtractionService>;
