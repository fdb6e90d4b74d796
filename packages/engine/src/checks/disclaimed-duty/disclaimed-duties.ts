// flow_down_check: a contract disclaims a duty a policy or procedure requires ("Provider shall
// have no obligation to inspect, verify or record the pre-cooling of any trailer" against "the
// loader shall verify and record ... that the trailer ... has been pre-cooled"). The disclaimer is
// any "no obligation / duty / responsibility to ..." clause of a contract; the duty is a binding
// statement of a normative document that names the same actions and things (an action word and
// two more words of the disclaimed clause).
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { actionClassesIn, contentLemmas } from '../../analyst/requirements';

/** "shall have no obligation to", "is under no duty to", "shall not be responsible for". */
const DISCLAIMER =
  /\b(?:(?:shall|will|does|do)\s+(?:have|bear)\s+no|has\s+no|have\s+no|(?:is|are|shall\s+be)\s+under\s+no|(?:shall|will)\s+not\s+be\s+under\s+any)\s+(?:obligation|duty|responsibility|liability)\s+(?:to|for)\s+([^.;]{8,200})|\b(?:shall|will)\s+not\s+be\s+(?:responsible|obliged|required)\s+(?:to|for)\s+([^.;]{8,200})/i;
/** A binding statement: must, shall, is required to. */
const BINDING = /\b(?:must|shall|is required to|are required to)\b/i;
/** Words of the disclaimed clause that name no duty: parties and contract words. */
const NOT_THE_DUTY = new Set(
  'provider customer supplier contractor vendor party parties agreement clause schedule service services company client purpose'.split(
    ' ',
  ),
);
/** An action word and this many words more in common make the same duty. */
const MIN_SHARED = 3;

export interface DisclaimedDuty {
  disclaimer: LocatedSegment;
  duty: LocatedSegment;
  shared: string[];
}

interface Disclaimer {
  segment: LocatedSegment;
  words: string[];
  actions: Set<string>;
  verb: string | null;
}

function disclaimersOf(doc: AnalyzedDocument): Disclaimer[] {
  return doc.segments.flatMap((segment) => {
    const m = DISCLAIMER.exec(segment.text);
    const clause = m?.[1] ?? m?.[2];
    if (!clause) return [];
    const words = contentLemmas(clause).filter((w) => !NOT_THE_DUTY.has(w));
    // The disclaimed verb itself ("recording", "inspect"), for actions of no known class.
    const verb = /^\s*([a-z]{4,}?)(?:ing|s)?\b/i.exec(clause)?.[1]?.toLowerCase() ?? null;
    return [{ segment, words, actions: actionClassesIn(clause), verb }];
  });
}

const cache = new WeakMap<CorpusAnalysis, DisclaimedDuty[]>();

/** Per contract, the disclaimer that meets a normative duty best (once per corpus). */
export function disclaimedDuties(analysis: CorpusAnalysis): DisclaimedDuty[] {
  const cached = cache.get(analysis);
  if (cached) return cached;
  const duties = analysis.documents
    .filter((d) => isNormative(d.role))
    .flatMap((d) => d.segments)
    .filter((s) => BINDING.test(s.text) && s.text.length < 800)
    .map((segment) => ({
      segment,
      words: new Set(contentLemmas(segment.text)),
      actions: actionClassesIn(segment.text),
    }));
  const out: DisclaimedDuty[] = [];
  for (const contract of analysis.documents.filter((d) => d.role === 'contract')) {
    let best: DisclaimedDuty | null = null;
    for (const disclaimer of disclaimersOf(contract))
      for (const duty of duties) {
        const sameAction =
          [...disclaimer.actions].some((a) => duty.actions.has(a)) ||
          (disclaimer.verb !== null && new RegExp(`\\b${disclaimer.verb}`, 'i').test(duty.segment.text));
        if (!sameAction) continue;
        const shared = disclaimer.words.filter((w) => duty.words.has(w));
        if (shared.length < MIN_SHARED) continue;
        if (!best || shared.length > best.shared.length)
          best = { disclaimer: disclaimer.segment, duty: duty.segment, shared };
      }
    if (best) out.push(best);
  }
  cache.set(analysis, out);
  return out;
}

export function disclaimedSubject(found: DisclaimedDuty): string {
  return `disclaimed-duty:${found.disclaimer.document}`;
}

export function disclaimedIssue(found: DisclaimedDuty): Issue {
  const { disclaimer, duty, shared } = found;
  const subject = disclaimedSubject(found);
  return {
    primitive: 'flow_down_check',
    subject,
    aspects: [subject],
    title: `${disclaimer.document} disclaims a duty ${duty.document} requires (${shared.slice(0, 4).join(', ')})`,
    description:
      `${duty.document} requires it ("${duty.text.slice(0, 220)}"), but ${disclaimer.document} expressly relieves the other party of it ` +
      `("${disclaimer.text.slice(0, 220)}"). The requirement was not flowed down: where the contract applies, nobody is bound to do what the policy requires.`,
    rootCause: `${disclaimer.document} was negotiated without checking its exclusions against the duties ${duty.document} assigns.`,
    remediationScope: `Amend ${disclaimer.document} so the provider performs (or evidences) the duty, or assign it in writing to someone who will, and update ${duty.document} to match.`,
    remediationEffortHours: 4,
    severity: 'high',
    confidence: 0.7,
    frameworks: [],
    quotes: [quoteOf(duty), quoteOf(disclaimer)],
  };
}
