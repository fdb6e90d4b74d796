// consolidation: group raw findings that share a root cause (not only shared evidence) and name
// the primitive that fits each group best. The local analyst groups by shared root-cause aspects.
import type { Primitive } from '@auditsvc/core';
import type { ModelTask } from '../gateway/types';
import { consolidationPrompt } from '../prompts/consolidation';
import { promptOf } from '../prompts/prompt';
import type { Severity } from '../types';
import { asArray, asObject, asPrimitive, asString } from './json';

export interface ConsolidationItem {
  key: string;
  primitive: Primitive;
  title: string;
  description: string;
  aspects: string[];
  documents: string[];
  severity: Severity;
  confidence: number;
}

export interface ConsolidationGroup {
  keys: string[];
  primitive: Primitive;
}

const PRIMITIVE_PREFERENCE: Primitive[] = [
  'flow_down_check',
  'conflict_check',
  'citation_integrity_check',
  'currency_check',
  'consistency_check',
  'coverage_check',
];

export function groupByAspects(items: ConsolidationItem[]): ConsolidationGroup[] {
  const parent = items.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i]!)));
  // Two findings share a root cause when they share a root-cause aspect and look at the same
  // material (at least one common evidence document).
  for (let i = 0; i < items.length; i += 1) {
    for (let j = 0; j < i; j += 1) {
      const a = items[i]!;
      const b = items[j]!;
      const shared = a.aspects.filter((x) => b.aspects.includes(x));
      if (shared.length === 0) continue;
      // Corpus-level root causes (no framework mapping, no review process) span documents.
      const corpusWide = shared.some((x) => x.startsWith('corpus:'));
      if (
        !corpusWide &&
        a.documents.length &&
        b.documents.length &&
        !a.documents.some((d) => b.documents.includes(d))
      )
        continue;
      parent[find(i)] = find(j);
    }
  }
  const groups = new Map<number, ConsolidationItem[]>();
  items.forEach((item, i) => groups.set(find(i), [...(groups.get(find(i)) ?? []), item]));
  return [...groups.values()].map((members) => {
    const best = Math.max(...members.map((m) => m.confidence));
    const primitive =
      PRIMITIVE_PREFERENCE.find((p) =>
        members.some((m) => m.primitive === p && m.confidence >= best - 0.05),
      ) ?? members[0]!.primitive;
    return { keys: members.map((m) => m.key), primitive };
  });
}

export const consolidationTask: ModelTask<{ findings: ConsolidationItem[] }, ConsolidationGroup[]> = {
  name: 'consolidation',
  tier: 'mid',
  maxOutputTokens: 2000,
  ...promptOf(consolidationPrompt),
  parse(json, input) {
    const known = new Set(input.findings.map((f) => f.key));
    const seen = new Set<string>();
    const groups = asArray(asObject(json, 'consolidation').groups, 'groups').map((raw, i) => {
      const g = asObject(raw, `groups[${i}]`);
      const keys = asArray(g.keys, 'keys')
        .map((k) => asString(k, 'key', 200))
        .filter((k) => known.has(k) && !seen.has(k));
      keys.forEach((k) => seen.add(k));
      return { keys, primitive: asPrimitive(g.primitive, 'primitive') };
    });
    // Keys the model forgot stay on their own.
    for (const f of input.findings)
      if (!seen.has(f.key)) groups.push({ keys: [f.key], primitive: f.primitive });
    return groups.filter((g) => g.keys.length > 0);
  },
  local(input) {
    return groupByAspects(input.findings);
  },
};
