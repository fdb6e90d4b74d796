// deepening: look across canonical findings for patterns (shared documents, shared root causes),
// escalate severity where three or more findings share a root cause, and propose follow-up
// targets for the next iteration.
import type { ModelTask } from '../gateway/types';
import { deepeningPrompt } from '../prompts/deepening';
import { promptOf } from '../prompts/prompt';
import type { Severity } from '../types';
import { asArray, asObject, asSeverity, asString, asStringArray } from './json';

export interface DeepeningItem {
  key: string;
  title: string;
  primitive: string;
  severity: Severity;
  documents: string[];
  rootCause: string;
}

export interface DeepeningInput {
  findings: DeepeningItem[];
  /** Target keys the catalog could still investigate. */
  openTargets: Array<{ key: string; label: string; documents: string[] }>;
}

export interface DeepeningResult {
  patterns: string[];
  escalations: Array<{ key: string; severity: Severity }>;
  followups: string[];
}

const ESCALATE: Record<Severity, Severity> = {
  low: 'medium',
  medium: 'high',
  high: 'critical',
  critical: 'critical',
};

export const deepeningTask: ModelTask<DeepeningInput, DeepeningResult> = {
  name: 'deepening',
  tier: 'mid',
  maxOutputTokens: 1500,
  ...promptOf(deepeningPrompt),
  parse(json, input) {
    const o = asObject(json, 'deepening');
    const keys = new Set(input.findings.map((f) => f.key));
    const open = new Set(input.openTargets.map((t) => t.key));
    return {
      patterns: o.patterns === undefined ? [] : asStringArray(o.patterns, 'patterns').slice(0, 20),
      escalations: (o.escalations === undefined ? [] : asArray(o.escalations, 'escalations'))
        .map((raw) => {
          const e = asObject(raw, 'escalation');
          return { key: asString(e.key, 'key', 200), severity: asSeverity(e.severity, 'severity') };
        })
        .filter((e) => keys.has(e.key)),
      followups: (o.followups === undefined ? [] : asStringArray(o.followups, 'followups')).filter((k) =>
        open.has(k),
      ),
    };
  },
  local(input) {
    const patterns: string[] = [];
    const escalations: DeepeningResult['escalations'] = [];
    // Documents behind several findings are a pattern worth naming.
    const byDocument = new Map<string, DeepeningItem[]>();
    for (const f of input.findings)
      for (const d of new Set(f.documents)) byDocument.set(d, [...(byDocument.get(d) ?? []), f]);
    for (const [document, findings] of byDocument)
      if (findings.length >= 2)
        patterns.push(
          `${document} is evidence in ${findings.length} findings: ${findings.map((f) => f.title).join('; ')}`,
        );
    // Three or more findings between the same documents share a root cause (the documents were
    // never aligned): each escalates one tier.
    const byDocumentSet = new Map<string, DeepeningItem[]>();
    for (const f of input.findings) {
      const documents = [...new Set(f.documents)].sort();
      if (documents.length < 2) continue;
      const key = documents.join('|');
      byDocumentSet.set(key, [...(byDocumentSet.get(key) ?? []), f]);
    }
    for (const [key, findings] of byDocumentSet) {
      if (findings.length < 3) continue;
      patterns.push(
        `${findings.length} findings share the documents ${key.split('|').join(', ')}: one root cause, the documents were never aligned`,
      );
      for (const f of findings)
        if (f.severity !== 'critical' && !escalations.some((e) => e.key === f.key))
          escalations.push({ key: f.key, severity: ESCALATE[f.severity] });
    }
    // Follow up open targets that touch documents already implicated.
    const implicated = new Set(input.findings.flatMap((f) => f.documents));
    const followups = input.openTargets
      .filter((t) => t.documents.some((d) => implicated.has(d)))
      .map((t) => t.key)
      .slice(0, 10);
    return { patterns, escalations: escalations.slice(0, 10), followups };
  },
};
