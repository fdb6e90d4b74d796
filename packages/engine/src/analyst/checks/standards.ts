// currency_check for superseded editions of cited standards, and consistency_check for one
// standard cited in different editions across the corpus.
import type { CitationFact } from '../corpus-analysis';
import { listDocuments, quoteOf, type Issue } from '../issue';
import { isSuperseded } from '../standards';

export function standardSubject(familyId: string): string {
  return `standard:${familyId}`;
}

export function findSupersededCitations(citations: CitationFact[], familyId?: string): Issue[] {
  const byKey = new Map<string, CitationFact[]>();
  for (const fact of citations) {
    if (familyId && fact.citation.family.id !== familyId) continue;
    if (!isSuperseded(fact.citation)) continue;
    const key = `${fact.citation.family.id}|${fact.segment.document}|${fact.citation.edition}`;
    byKey.set(key, [...(byKey.get(key) ?? []), fact]);
  }
  const issues: Issue[] = [];
  for (const facts of byKey.values()) {
    const { citation, segment } = facts[0]!;
    const family = citation.family;
    issues.push({
      primitive: 'currency_check',
      subject: `${standardSubject(family.id)}:${segment.document}`,
      aspects: [standardSubject(family.id)],
      title: `Superseded edition of ${family.name} cited in ${segment.document}`,
      description:
        `${segment.document} cites ${family.name} as "${citation.phrase}" (edition ${citation.edition}). That edition has been superseded by ` +
        `${family.currentLabel} (${family.currentSince}); controls and mappings built on the old edition may be outdated.`,
      rootCause: `The references of ${segment.document} were not updated when ${family.name} was revised; document reviews do not check the currency of cited standards.`,
      remediationScope: `Move ${segment.document} to ${family.currentLabel}, re-map the affected controls, and add a check of cited editions to the document review procedure.`,
      remediationEffortHours: 6,
      severity: 'medium',
      confidence: 0.9,
      frameworks: [],
      quotes: [quoteOf(segment)],
    });
  }
  return issues;
}

export function findEditionInconsistencies(citations: CitationFact[], familyId?: string): Issue[] {
  const byFamily = new Map<string, CitationFact[]>();
  for (const fact of citations) {
    if (familyId && fact.citation.family.id !== familyId) continue;
    if (!fact.citation.edition) continue;
    byFamily.set(fact.citation.family.id, [...(byFamily.get(fact.citation.family.id) ?? []), fact]);
  }
  const issues: Issue[] = [];
  for (const facts of byFamily.values()) {
    const editions = new Map<string, CitationFact>();
    for (const fact of facts)
      if (!editions.has(fact.citation.edition!)) editions.set(fact.citation.edition!, fact);
    if (editions.size < 2) continue;
    const chosen = [...editions.values()];
    if (new Set(chosen.map((f) => f.segment.document)).size < 2) continue;
    const family = chosen[0]!.citation.family;
    const parts = chosen.map((f) => `"${f.citation.phrase}" in ${f.segment.document}`);
    issues.push({
      primitive: 'consistency_check',
      subject: `${standardSubject(family.id)}:editions`,
      aspects: [standardSubject(family.id)],
      title: `${family.name} cited in ${editions.size} different editions`,
      description: `The corpus cites ${family.name} in different editions: ${parts.join('; ')}. Controls mapped to one edition do not line up with the other (current: ${family.currentLabel}).`,
      rootCause: `No corpus-wide reference list fixes the edition of ${family.name}; ${listDocuments(chosen.map((f) => f.segment.document))} were updated independently.`,
      remediationScope: `Adopt ${family.currentLabel} in every document that cites ${family.name} and keep one reference list for cited standards.`,
      remediationEffortHours: 4,
      severity: 'medium',
      confidence: 0.88,
      frameworks: [],
      quotes: chosen.slice(0, 4).map((f) => quoteOf(f.segment)),
    });
  }
  return issues;
}
