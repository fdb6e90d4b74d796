// domain_inference: the client's domain and the frameworks the corpus speaks to (profile stage).
import type { ModelTask } from '../gateway/types';
import { domainInferencePrompt } from '../prompts/domain-inference';
import { promptOf } from '../prompts/prompt';
import { normaliseFrameworks } from '../analyst/frameworks';
import { asObject, asString, asStringArray } from './json';

export interface DomainInput {
  titles: string[];
  terms: string[];
  text: string;
}

export interface DomainResult {
  domain: string;
  frameworks: string[];
}

const DOMAINS: Array<[RegExp, string]> = [
  [/\b(PHI|patients?|HIPAA|health|clinical|medical)\b/gi, 'healthcare'],
  [/\b(cardholder|PCI|payments?|bank\w*|financ\w*)\b/gi, 'financial services'],
  [/\b(students?|FERPA|school|universit\w*)\b/gi, 'education'],
  [/\b(SaaS|cloud|platform|software)\b/gi, 'software'],
];

export const domainInferenceTask: ModelTask<DomainInput, DomainResult> = {
  name: 'domain_inference',
  tier: 'mid',
  maxOutputTokens: 200,
  ...promptOf(domainInferencePrompt),
  parse(json) {
    const o = asObject(json, 'domain');
    return {
      domain: asString(o.domain, 'domain', 200),
      frameworks: asStringArray(o.frameworks, 'frameworks').slice(0, 10),
    };
  },
  local(input) {
    const scores = DOMAINS.map(
      ([pattern, name]) => [name, (input.text.match(pattern) ?? []).length] as const,
    ).sort((a, b) => b[1] - a[1]);
    const found = scores.filter(([, n]) => n > 0).map(([name]) => name);
    const domain = found.length ? found.slice(0, 2).join(' / ') : 'general';
    const named: Array<[RegExp, string]> = [
      [/HIPAA/i, 'HIPAA'],
      [/SOC ?2/i, 'SOC 2'],
      [/ISO(?:\/IEC)? ?27001/i, 'ISO 27001'],
      [/GDPR/i, 'GDPR'],
      [/PCI[- ]DSS/i, 'PCI DSS'],
    ];
    return {
      domain,
      frameworks: normaliseFrameworks(named.filter(([p]) => p.test(input.text)).map(([, name]) => name)),
    };
  },
};
