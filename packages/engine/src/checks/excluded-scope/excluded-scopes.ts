// coverage_check on what a procedure leaves out of its scope that another document relies on it,
// or on some documented process, for: "The crewed survey aircraft is outside the scope of this
// procedure" while the policy's section on the crewed aircraft says its "pre-flight inspection and
// maintenance steps ... are set out in the Pre-flight and Maintenance Procedure"; "inspections and
// certificates under the Building Control (Amendment) Regulations are outside the scope of this
// procedure" while the policy requires "a documented process ... for ... inspections ... and
// Ancillary Certificates". When no third document takes the excluded matter on, nothing covers it.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { withinRevisionHistory } from '../../analyst/revision-history';
import { stem, tokenize } from '../../text/normalize';
import { carriedIdentifiers } from '../document-reference/references';

export interface ExcludedScope {
  /** The procedure that leaves the matter out, and its statement saying so. */
  procedure: AnalyzedDocument;
  exclusion: LocatedSegment;
  /** The matter as written ("The crewed survey aircraft"). */
  matter: string;
  /** The document that relies on a process for it, and its statements about the matter. */
  relying: AnalyzedDocument;
  statements: LocatedSegment[];
}

/** "X is outside the scope of this procedure", "X are excluded from the scope of this standard". */
const EXCLUSION =
  /([^.;:]{3,200}?)\s+(?:is|are)\s+(?:outside|out of|excluded from|not within)\s+(?:the\s+)?scope\s+of\s+this\s+(?:procedure|standard|plan|manual|instruction|process)\b/i;
/** A statement relying on a written process: "are set out in the ... Procedure", "shall maintain a documented process". */
const RELIES =
  /\b(?:(?:is|are)\s+(?:set out|described|defined|specified|covered)\s+in|(?:documented|written)\s+(?:process|procedure)|(?:maintain|establish|have)\s+(?:a|an)\s+(?:documented\s+)?(?:process|procedure|programme|program))\b/i;
/** A matter said to be handled elsewhere: "... are reconciled separately under the ...", "... are controlled by the CAME". */
const HANDLED_ELSEWHERE =
  /\b(?:is|are)\s+(?:\w+ly\s+)?(?:covered|governed|managed|handled|controlled|dealt with|reconciled|kept|recorded|processed|administered|addressed|set out)\s+(?:\w+ly\s+)?(?:by|under|in|through)\b/i;
/** After the exclusion, a pointer to where the matter is handled: "(see ...)", "; they follow ...". */
const POINTED_ELSEWHERE =
  /^[^.]{0,20}(?:\(?see\b|;\s*(?:see|refer|they|these|it)\b|\b(?:which|and)\s+(?:is|are)\s+(?:covered|governed|managed|handled))/i;
/** Words of a matter that say nothing of what it is (compared as stems). */
const VAGUE_WORDS = [
  'activity',
  'work',
  'related',
  'other',
  'certain',
  'matter',
  'include',
  'including',
  'associate',
  'company',
  'regulation',
  'amendment',
  'procedure',
  'policy',
  'site',
];
const VAGUE = new Set(VAGUE_WORDS.map(stem));

function keyWords(text: string): string[] {
  // Stems, not a tagger's lemmas: "crewed" in "the crewed survey aircraft" and in a title
  // "Crewed Aircraft ..." are one word however each is tagged.
  return [...new Set(tokenize(text).filter((w) => w.length > 2 && !/\d/.test(w) && !VAGUE.has(w)))];
}

const sectionCache = new WeakMap<AnalyzedDocument, LocatedSegment[][]>();

/** The document's statements grouped by the section they stand in (read once per document). */
function sections(doc: AnalyzedDocument): LocatedSegment[][] {
  let found = sectionCache.get(doc);
  if (found) return found;
  const out = new Map<string, LocatedSegment[]>();
  for (const s of doc.segments) {
    if (withinRevisionHistory(doc, s.start)) continue;
    const key = s.section ?? '';
    const list = out.get(key);
    if (list) list.push(s);
    else out.set(key, [s]);
  }
  sectionCache.set(doc, (found = [...out.values()]));
  return found;
}

const cache = new WeakMap<CorpusAnalysis, ExcludedScope[]>();

export function excludedScopes(analysis: CorpusAnalysis): ExcludedScope[] {
  let found = cache.get(analysis);
  if (!found) cache.set(analysis, (found = readExcludedScopes(analysis)));
  return found;
}

function readExcludedScopes(analysis: CorpusAnalysis): ExcludedScope[] {
  const normative = analysis.documents.filter((d) => isNormative(d.role));
  const out: ExcludedScope[] = [];
  for (const procedure of normative)
    for (const exclusion of procedure.segments) {
      const m = EXCLUSION.exec(exclusion.text);
      if (!m) continue;
      // The matter is the clause's subject, after a section number.
      const matter = m[1]!
        .replace(/^\s*\d+(?:\.\d+)*\s*/, '')
        .replace(/[\s,;]+$/, '')
        .trim();
      // An exclusion that says where the matter is handled instead ("... are reconciled under the
      // Finance month-end close checklist", "... are controlled by the CAME", "see the ...") leaves
      // nothing uncovered.
      const after = exclusion.text.slice((m.index ?? 0) + m[0].length);
      if (HANDLED_ELSEWHERE.test(m[1]!) || POINTED_ELSEWHERE.test(after)) continue;
      const words = keyWords(matter);
      if (words.length === 0) continue;
      const need = Math.min(2, words.length);
      const names = [procedure.title, ...carriedIdentifiers(procedure).map((id) => id.text)];
      const cites = (s: LocatedSegment) =>
        RELIES.test(s.text) || names.some((n) => n.length > 3 && s.text.includes(n));
      const shared = (text: string) => {
        const lemmas = new Set(tokenize(text));
        return words.filter((w) => lemmas.has(w)).length;
      };
      // The section of another document most about the matter that relies on a written process
      // for it (this procedure by name or identifier, or a documented process it requires).
      let best: { relying: AnalyzedDocument; section: LocatedSegment[]; score: number } | null = null;
      for (const relying of normative) {
        if (relying === procedure) continue;
        for (const section of sections(relying)) {
          // The section is about the matter: its heading names it.
          if (shared(section[0]?.section ?? '') === 0) continue;
          const score = shared(section.map((s) => s.text).join(' '));
          if (score >= need && (!best || score > best.score) && section.some(cites))
            best = { relying, section, score };
        }
      }
      if (!best) continue;
      const { relying, section } = best;
      // A third document that takes the matter on (its title names it) covers it.
      const covered = analysis.documents.some(
        (d) =>
          d !== procedure && d !== relying && shared(`${d.title} ${d.name.replace(/[-_.]/g, ' ')}`) >= need,
      );
      if (covered) continue;
      const statements = section.filter((s) => cites(s) || shared(s.text) >= need);
      out.push({ procedure, exclusion, matter, relying, statements: statements.slice(0, 2) });
    }
  return out;
}

export function excludedScopeSubject(found: ExcludedScope): string {
  return `excluded-scope:${found.procedure.name}:${keyWords(found.matter).join('+')}`;
}

export function excludedScopeIssue(found: ExcludedScope): Issue {
  const { procedure, exclusion, matter, relying, statements } = found;
  const subject = excludedScopeSubject(found);
  const thing = matter.replace(/^the\s+/i, '').replace(/^./, (c) => c.toLowerCase());
  return {
    primitive: 'coverage_check',
    subject,
    aspects: [subject],
    title: `No document covers the ${thing}: ${procedure.name} excludes it, while ${relying.name} relies on a written process for it`,
    description:
      `${relying.name} relies on a documented process for the ${thing} ("${statements.map((s) => s.text.slice(0, 200)).join('"; "')}"), ` +
      `but ${procedure.name} says "${exclusion.text.slice(0, 200)}", and no other document of the set covers it. ` +
      `The ${thing} is left without the steps, owner and records the policy expects.`,
    rootCause: `${procedure.name} was scoped narrower than ${relying.name} assumes, and no document was written for what it leaves out.`,
    remediationScope: `Write the process for the ${thing} (or bring it into the scope of ${procedure.name}), and correct ${relying.name}'s reference.`,
    remediationEffortHours: 16,
    severity: 'high',
    confidence: 0.72,
    frameworks: [],
    quotes: [...statements.map((s) => quoteOf(s)), quoteOf(exclusion)],
  };
}
