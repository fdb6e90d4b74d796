// intake_extraction (spec 4.9): a client's free-text description of an audit -> intake, archetype
// and client name.
import { ARCHETYPES } from '@auditsvc/core';
import type { IntakeExtractionInput } from '../tasks/intake-extraction';
import { optionalStr, str, strList, type TaskPrompt } from './prompt';

/** Descriptions beyond this are cut before prompting; intake text is a paragraph or two. */
export const MAX_DESCRIPTION_CHARS = 8_000;

const SYSTEM = `You are an audit scoping assistant for an audit firm. From a client's description of an
audit, you extract the engagement intake. Answer with exactly one JSON object and nothing else:
{
  "domain": string,                 // the client's industry or business, e.g. "healthcare (software and cloud services)"
  "audit_purpose": string,          // one sentence: why the audit is done, e.g. "SOC 2 Type II readiness assessment"
  "frameworks": [string],           // frameworks, standards and regulations named or clearly implied, canonical short names: "SOC 2", "HIPAA", "ISO 27001", "PCI DSS", "GDPR", "NIST CSF", "NIST SP 800-53", "SOX"
  "focus_areas": [string],          // audit topics in lower case, e.g. "access control", "encryption", "backup and recovery", "vendor management", "incident response", "logging", "change management"
  "known_concerns": [string],       // worries the client states, close to the client's own words
  "suggested_archetype": string,    // one of: ${ARCHETYPES.join(', ')}
  "suggested_client_name": string   // the client organisation's name, or "" if none is given
}
Archetypes: remediation_pipeline = find gaps so they can be fixed; continuous_monitoring = watch
for drift over time; premium_defensibility = results that must stand before regulators, boards,
buyers or certifiers; capability_leverage = mature or streamline a programme that works.
Do not invent frameworks, concerns or names the description does not support.`;

export const intakeExtractionPrompt: TaskPrompt<IntakeExtractionInput> = {
  task: 'intake_extraction',
  version: 1,
  schema: {
    type: 'object',
    properties: {
      domain: str,
      audit_purpose: str,
      frameworks: strList,
      focus_areas: strList,
      known_concerns: strList,
      suggested_archetype: { type: 'string', enum: [...ARCHETYPES] },
      suggested_client_name: optionalStr,
    },
    required: [
      'domain',
      'audit_purpose',
      'frameworks',
      'focus_areas',
      'known_concerns',
      'suggested_archetype',
    ],
  },
  render(input) {
    const description = input.description.slice(0, MAX_DESCRIPTION_CHARS);
    const name = input.clientName?.trim()
      ? `Client name given by the user: ${input.clientName.trim()}\n`
      : '';
    return { system: SYSTEM, user: `${name}Audit description:\n"""\n${description}\n"""` };
  },
};
