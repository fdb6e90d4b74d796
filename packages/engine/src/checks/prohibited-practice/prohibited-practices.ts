// A procedure that tells staff to do what a policy forbids: the policy says "Card details must
// never be written down, e-mailed, photographed or stored", the procedure's step says "Write the
// card details ... on the Telephone Booking Sheet". The prohibition (of a policy or standard) is
// read as its verbs and the thing they act on (two words at least); an instruction is a step of a
// procedure told in the imperative, opening with one of those verbs on the same thing, with no
// negation before the verb. A description ("Staff collect milk ...") is no instruction.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { quoteOf, type Issue } from '../../analyst/issue';
import { wordLemmas } from '../../analyst/requirements';

export interface Prohibition {
  segment: LocatedSegment;
  /** Lemmas of the forbidden acts: write, email, photograph, store. */
  verbs: Set<string>;
  /** The thing acted on, as written ("Card details") and as the lemmas of its words (card, detail). */
  object: string;
  objectLemmas: string[];
}

export interface ForbiddenInstruction {
  prohibition: Prohibition;
  instruction: LocatedSegment;
  /** The instruction's verb as written ("Write"). */
  verb: string;
}

const VERB = String.raw`[a-z][a-z-]*(?:\s+(?:down|up|out|away))?`;
const VERBS = String.raw`${VERB}(?:(?:\s*,\s*|\s+or\s+|\s*,\s*or\s+)${VERB}){0,6}`;
/** Up to four words of a noun phrase, capitalised or not ("Card details", "patient records"). */
const NOUN_PHRASE = String.raw`[A-Za-z][\w-]*(?:\s+[A-Za-z][\w-]*){0,3}`;
/** "Card details must never be written down, e-mailed ... or stored" (the thing first). */
const PASSIVE_PROHIBITION = new RegExp(
  String.raw`(?:^|[.:;]\s+|\*\*\s*)(?:\d+(?:\.\d+)*\.?\s+|[-*\u2022]\s+|\([a-z0-9]{1,3}\)\s+)?(${NOUN_PHRASE})\s+(?:must|shall|may|should|are to|is to)\s+(?:never|not)\s+be\s+(${VERBS})\b`,
  'g',
);
/** "Staff must never write down or store card numbers", "Never e-mail passwords" (the acts first). */
const ACTIVE_PROHIBITION = new RegExp(
  String.raw`\b(?:(?:must|shall|may|should)\s+(?:never|not)|[Nn]ever|[Dd]o not)\s+(?!be\b)(${VERBS})\s+(?:the\s+|any\s+|a\s+|an\s+)?(${NOUN_PHRASE})`,
  'g',
);
/** Words that are not acts: auxiliaries and fillers a verb list may catch. */
const NOT_AN_ACT = new Set([
  'be',
  'been',
  'being',
  'have',
  'has',
  'used',
  'kept',
  'held',
  'given',
  'made',
  'done',
]);
/** Words a noun phrase may end in that name no thing (the phrase was cut at a verb). */
const NOT_A_THING = /\b(?:that|which|who|when|where|if|unless|and|or|in|on|at|by|to|for|of|with)$/i;

/** The lemma of one act ("written down" -> write, "e-mailed" -> email). */
function actLemma(word: string): string | null {
  const head = word.trim().split(/\s+/)[0]!.toLowerCase().replace(/-/g, '');
  if (NOT_AN_ACT.has(head) || head.length < 3) return null;
  return wordLemmas(head)[0] ?? head;
}

function actsOf(list: string): Set<string> {
  return new Set(
    list
      .split(/\s*,\s*(?:or\s+)?|\s+or\s+/)
      .map(actLemma)
      .filter((v): v is string => v !== null),
  );
}

/** Fewer words than this name no particular thing ("milk", "samples"): too loose to match a step. */
const MIN_OBJECT_WORDS = 2;

function prohibitionOf(segment: LocatedSegment, object: string, acts: string): Prohibition | null {
  const thing = object.replace(NOT_A_THING, '').trim();
  // The thing is a noun phrase: it ends in a noun ("Card details", "patient records").
  const last = thing.split(/\s+/).at(-1) ?? '';
  if (!NOUN_HEAD.test(thing) || NOT_A_NOUN_END.test(last)) return null;
  // Every word counts: "equipment tagged 'Do not use'" is not any equipment.
  const objectLemmas = wordLemmas(thing);
  const verbs = actsOf(acts);
  if (objectLemmas.length < MIN_OBJECT_WORDS || verbs.size === 0) return null;
  return { segment, verbs, object: thing, objectLemmas };
}

/** The prohibitions of a normative document's statements. */
export function prohibitionsIn(doc: AnalyzedDocument): Prohibition[] {
  const out: Prohibition[] = [];
  for (const segment of doc.segments) {
    const text = segment.text.replace(/\*\*/g, ' ');
    for (const m of text.matchAll(PASSIVE_PROHIBITION)) {
      const found = prohibitionOf(segment, m[1]!, m[2]!);
      if (found) out.push(found);
    }
    for (const m of text.matchAll(ACTIVE_PROHIBITION)) {
      const found = prohibitionOf(segment, m[2]!, m[1]!);
      if (found) out.push(found);
    }
  }
  return out;
}

/** A noun phrase's last word is no verb form, pronoun or function word. */
const NOUN_HEAD = /[A-Za-z]{3,}$/;
const NOT_A_NOUN_END = /(?:ing|ed)$|^(?:it|them|this|that|these|those|within|members|access|purposes)$/i;

/**
 * A step that tells staff what to do opens with its verb, after its number or label at most
 * ("Step 3  Take the deposit. Write the card details ...", "(b) Copy the records ...").
 */
const STEP_OPENING =
  /(?:^|[.:;]\s+)(?:(?:step\s+)?\d+(?:\.\d+)*[.):]?\s+|\([a-z0-9]{1,3}\)\s+|[-*\u2022]\s+)?$/i;

/** Words after the verb within which the thing must be named: "Write the card details". */
const OBJECT_WINDOW = 8;
/** A negation or an alternative before the verb in its clause: "do not write", "instead of writing". */
const NEGATED = /\b(?:not|never|no|nor|don['\u2019]t|instead of|rather than|without)\b[^.;:]{0,30}$/i;

/** The instruction's verb where the statement tells staff to do the forbidden act to the thing. */
function instructedVerb(text: string, prohibition: Prohibition): string | null {
  const words = [...text.matchAll(/[A-Za-z][\w'-]*/g)];
  for (const [i, word] of words.entries()) {
    const lemma = actLemma(word[0]);
    if (!lemma || !prohibition.verbs.has(lemma)) continue;
    // An instruction, not a description: the verb opens its sentence or step, capitalised.
    if (!/^[A-Z]/.test(word[0]) || !STEP_OPENING.test(text.slice(0, word.index))) continue;
    if (NEGATED.test(text.slice(Math.max(0, word.index - 40), word.index))) continue;
    const after = words
      .slice(i + 1, i + 1 + OBJECT_WINDOW)
      .map((w) => w[0])
      .join(' ');
    const named = new Set(wordLemmas(after));
    if (prohibition.objectLemmas.every((l) => named.has(l))) return word[0];
  }
  return null;
}

const cache = new WeakMap<CorpusAnalysis, ForbiddenInstruction[]>();

/** Statements of other normative documents that tell staff to do what a prohibition forbids. */
export function forbiddenInstructions(analysis: CorpusAnalysis): ForbiddenInstruction[] {
  const cached = cache.get(analysis);
  if (cached) return cached;
  const out: ForbiddenInstruction[] = [];
  // Rules come from policies and standards; the steps staff follow are procedures'.
  const rules = analysis.documents.filter((d) => d.role === 'policy' || d.role === 'standard');
  const procedures = analysis.documents.filter((d) => d.role === 'procedure');
  for (const doc of rules)
    for (const prohibition of prohibitionsIn(doc))
      for (const other of procedures) {
        for (const segment of other.segments) {
          const verb = instructedVerb(segment.text, prohibition);
          if (verb) {
            out.push({ prohibition, instruction: segment, verb });
            break;
          }
        }
      }
  cache.set(analysis, out);
  return out;
}

export function forbiddenInstructionSubject(found: ForbiddenInstruction): string {
  return `prohibited-practice:${found.instruction.document}:${found.prohibition.objectLemmas.join('+')}`;
}

export function forbiddenInstructionIssue(found: ForbiddenInstruction): Issue {
  const { prohibition, instruction, verb } = found;
  const subject = forbiddenInstructionSubject(found);
  const thing = prohibition.object.toLowerCase();
  return {
    primitive: 'flow_down_check',
    subject,
    aspects: [subject],
    title: `${instruction.document} tells staff to ${verb.toLowerCase()} ${thing}, which ${prohibition.segment.document} forbids`,
    description:
      `${prohibition.segment.document} forbids it ("${prohibition.segment.text.slice(0, 260)}"), but ${instruction.document} ` +
      `instructs it ("${instruction.text.slice(0, 260)}"). Staff following the procedure break the policy, and the ${thing} ` +
      `end up where the policy says they must never be.`,
    rootCause: `${instruction.document} was written or left unchanged without checking it against the prohibition in ${prohibition.segment.document}.`,
    remediationScope: `Rewrite the step of ${instruction.document} so that it meets ${prohibition.segment.document}, and check what was already recorded under it.`,
    remediationEffortHours: 4,
    severity: 'high',
    confidence: 0.75,
    frameworks: [],
    quotes: [quoteOf(prohibition.segment), quoteOf(instruction)],
  };
}
