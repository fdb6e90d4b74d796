// Intake extraction (spec 4.9): one mid-tier model call turns a client's free-text description of
// an audit into a proposed intake, archetype and client name. The local provider answers with the
// offline analyst of ../intake/extract.ts.
import { ARCHETYPES, Archetype } from '@auditsvc/core';
import type { ModelTask } from '../gateway/types';
import { MAX_DESCRIPTION_CHARS, intakeExtractionPrompt } from '../prompts/intake-extraction';
import { promptOf } from '../prompts/prompt';
import { IntakeExtraction, MAX_CONCERN_CHARS, MAX_KNOWN_CONCERNS, extractIntake } from '../intake/extract';

export type { IntakeExtraction } from '../intake/extract';

export interface IntakeExtractionInput {
  description: string;
  /** The client name the user typed, if any. */
  clientName: string | null;
}

export { MAX_DESCRIPTION_CHARS } from '../prompts/intake-extraction';
const MAX_LIST_ITEMS = 20;
const MAX_ITEM_CHARS = 200;

export const intakeExtractionTask: ModelTask<IntakeExtractionInput, IntakeExtraction> = {
  name: 'intake_extraction',
  tier: 'mid',
  maxOutputTokens: 800,
  ...promptOf(intakeExtractionPrompt),
  parse(json, input) {
    if (typeof json !== 'object' || json === null || Array.isArray(json)) {
      throw new Error('intake_extraction: the answer is not a JSON object');
    }
    const answer = json as Record<string, unknown>;
    const archetype = requiredString(answer, 'suggested_archetype');
    if (!(ARCHETYPES as readonly string[]).includes(archetype)) {
      throw new Error(`intake_extraction: suggested_archetype "${archetype}" is not an archetype`);
    }
    const givenName = input.clientName?.trim() ?? '';
    return {
      domain: requiredString(answer, 'domain'),
      audit_purpose: requiredString(answer, 'audit_purpose'),
      frameworks: stringList(answer, 'frameworks', MAX_LIST_ITEMS, MAX_ITEM_CHARS),
      focus_areas: stringList(answer, 'focus_areas', MAX_LIST_ITEMS, MAX_ITEM_CHARS).map((area) =>
        area.toLowerCase(),
      ),
      known_concerns: stringList(answer, 'known_concerns', MAX_KNOWN_CONCERNS, MAX_CONCERN_CHARS),
      suggested_archetype: archetype as Archetype,
      // The name the user typed wins over the model's reading of the text.
      suggested_client_name: givenName || optionalString(answer, 'suggested_client_name'),
    };
  },
  local(input) {
    return extractIntake(input.description.slice(0, MAX_DESCRIPTION_CHARS), input.clientName);
  },
};

function requiredString(answer: Record<string, unknown>, key: string): string {
  const value = answer[key];
  if (typeof value !== 'string' || value.trim() === '') {
    throw new Error(`intake_extraction: "${key}" must be a non-empty string`);
  }
  return value.trim().slice(0, 500);
}

function optionalString(answer: Record<string, unknown>, key: string): string {
  const value = answer[key];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw new Error(`intake_extraction: "${key}" must be a string`);
  return value.trim().slice(0, 200);
}

/** A list of strings, trimmed, without blanks or repeats; anything else in the list is an error. */
function stringList(
  answer: Record<string, unknown>,
  key: string,
  maxItems: number,
  maxChars: number,
): string[] {
  const value = answer[key];
  if (!Array.isArray(value)) throw new Error(`intake_extraction: "${key}" must be an array of strings`);
  const items: string[] = [];
  for (const item of value) {
    if (typeof item !== 'string') throw new Error(`intake_extraction: "${key}" must hold only strings`);
    const trimmed = item.replace(/\s+/g, ' ').trim().slice(0, maxChars);
    if (trimmed && !items.some((seen) => seen.toLowerCase() === trimmed.toLowerCase())) items.push(trimmed);
  }
  return items.slice(0, maxItems);
}
