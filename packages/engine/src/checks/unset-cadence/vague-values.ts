// Phrases that stand where a requirement's value belongs without giving one: "on a regular basis",
// "periodically", "on the agreed cycle" (how often, never said), "in a timely manner",
// "within the specified window", "within an established time limit" (how fast, never said), or a
// value left to someone else ("at an interval the quality manager decides"). Each is read as the
// requirement it qualifies (its action and subject) with the same NLP reading as a stated value.
import type { CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { extractTimeQuantities, type Quantity, type QuantityKind } from '../../analyst/quantities';
import { isActionClass, requirementAround, type Requirement } from '../../analyst/requirements';
import { clauseAround } from '../../analyst/topics';
import { foldTypography } from '../../text/normalize';
import { sentenceAround } from '../../text/sentences';
import { namedActivitiesIn, recurringActivityOf, type RecurringActivity } from './activities';
import { leadInOf } from './statement-context';

/**
 * How plainly the text says a value exists but is not written here: named ("the agreed cycle"),
 * vague ("regularly"), or unstated (a policy obligates a recurring activity and says nothing of
 * how often: "All staff complete security awareness training.").
 */
export type Explicitness = 'named' | 'vague' | 'unstated';

interface Marker {
  pattern: RegExp;
  kind: QuantityKind;
  /** named: the text says a value was set ("the agreed cycle"); vague: it only implies one. */
  explicitness: Explicitness;
}

const SET_WORDS =
  '(?:defined|predefined|pre-defined|predetermined|pre-determined|set|specified|agreed|established|required|prescribed|designated)';
const SCHEDULE_WORDS = '(?:schedule|frequency|cadence|intervals?|basis|cycle)';
const SPAN_WORDS =
  '(?:timeframe|time frame|time-frame|time period|period(?: of time)?|timescale|time limit|deadline|window)';
const ROLE_WORDS =
  '(?:team|officer|manager|management|owner|committee|lead|department|function|board|ciso|cio|cto|administrator)';

const MARKERS: Marker[] = [
  // How often, never said.
  {
    pattern: new RegExp(
      `\\b(?:on|at|per|to|following|according to) (?:a|an|the) ${SET_WORDS}(?:,? (?:and )?(?:${SET_WORDS.slice(3, -1)}|regular|recurring))? ${SCHEDULE_WORDS}\\b`,
      'gi',
    ),
    kind: 'period',
    explicitness: 'named',
  },
  {
    pattern: new RegExp(`\\bat ${SET_WORDS} intervals\\b`, 'gi'),
    kind: 'period',
    explicitness: 'named',
  },
  {
    pattern:
      /\b(?:on|at) (?:a|an) (?:regular|periodic|routine|recurring|ongoing|scheduled) (?:basis|cadence|intervals?|schedule)\b|\bat (?:regular|periodic|appropriate|planned) intervals\b|\b(?:regularly|periodically|routinely)\b|\bperiodic\b/gi,
    kind: 'period',
    explicitness: 'vague',
  },
  // How fast (or how long), never said.
  {
    pattern: new RegExp(
      `\\b(?:within|for|in|during) (?:a|an|the) ${SET_WORDS}(?:,? (?:and )?(?:${SET_WORDS.slice(3, -1)}|reasonable))? ${SPAN_WORDS}\\b`,
      'gi',
    ),
    kind: 'duration',
    explicitness: 'named',
  },
  {
    pattern:
      /\btimely(?= (?:notification|notice|review|remediation|reporting|patching|response|resolution)s?\b)|\bin a timely (?:manner|fashion|way)\b|\bwithin (?:a|an) (?:reasonable|appropriate|acceptable) (?:timeframe|time frame|time period|period(?: of time)?|time)\b/gi,
    kind: 'duration',
    explicitness: 'vague',
  },
  // When other work leaves room: "as operational schedules permit", "when time allows".
  {
    pattern:
      /\b(?:as|when|whenever) (?:(?:operational|business|production|staff|workload|resource) )?(?:schedules?|time|resources|workload|capacity|priorities|operations) (?:permits?|allows?)\b/gi,
    kind: 'duration',
    explicitness: 'vague',
  },
  // The value left to a role: "on a schedule set by the plant manager".
  {
    pattern: new RegExp(
      `\\b(?:frequency|schedule|interval|timeframe|time frame|deadline|cadence)s?,? (?:(?:is|are|will be) )?(?:as )?(?:defined|determined|set|specified|agreed|decided) by (?:the )?(?:[\\w-]+ ){0,3}${ROLE_WORDS}\\b`,
      'gi',
    ),
    kind: 'period',
    explicitness: 'named',
  },
  // "inspected as decided by the site lead": the value may be anything the role decides.
  {
    pattern: new RegExp(
      `\\bas (?:defined|determined|set|specified|agreed|decided|required) by (?:the )?(?:[\\w-]+ ){0,3}${ROLE_WORDS}\\b`,
      'gi',
    ),
    kind: 'period',
    explicitness: 'vague',
  },
];

/** A requirement whose value is one of those phrases. */
export interface VagueRequirement {
  requirement: Requirement;
  explicitness: Explicitness;
  /** For an unstated value: the activity as the frameworks name it. */
  activity?: RecurringActivity;
}

const cache = new WeakMap<LocatedSegment, VagueRequirement[]>();

/** The phrases of a text that stand for a value, in order, without overlaps. */
export function vaguePhrasesOf(text: string): Array<{ quantity: Quantity; explicitness: Explicitness }> {
  const found: Array<{ quantity: Quantity; explicitness: Explicitness }> = [];
  for (const marker of MARKERS)
    for (const m of text.matchAll(marker.pattern)) {
      const end = m.index + m[0].length;
      if (found.some((f) => m.index < f.quantity.index + f.quantity.phrase.length && end > f.quantity.index))
        continue;
      found.push({
        quantity: {
          kind: marker.kind,
          value: Number.NaN,
          phrase: m[0],
          index: m.index,
          bound: 'exact',
          changedFrom: null,
        },
        explicitness: marker.explicitness,
      });
    }
  return found.sort((a, b) => a.quantity.index - b.quantity.index);
}

const LIST_ITEM = /^\s*(?:[-*\u2022]|\(?(?:\d+(?:\.\d+)*|[a-z]|[ivxlc]+)[.)])\s/i;
// The modals that bind (not "is to", which also opens a statement of purpose: "this is to ensure").
const OBLIGATION =
  /\b(?:must|shall|will|(?:is|are|be) required|mandatory|need to|needs to|have to|has to)\b/i;

/**
 * The words of a sentence that explains how a tool, a setting or a mechanism works ("the controller
 * supports this with its delay setting, which indicates ..."): it describes, it does not obligate.
 */
const DESCRIPTION =
  /\b(?:supports?|allows?|enables?|lets|indicates?|means that|parameters?|settings?|options?|flags?|arguments?|attributes?|properties)\b/i;

/**
 * The modals that bind a reader. In a description, "has to" and "needs to" state the mechanism's
 * condition ("the fault has to persist for a set period before ..."), not a duty.
 */
const BINDING = /\b(?:must|shall|(?:is|are|be) required|mandatory)\b/i;

/** A phrase in a sentence that only describes how something works, without a modal that binds. */
function inDescription(text: string, quantity: Quantity): boolean {
  const sentence = sentenceAround(text, quantity.index);
  return DESCRIPTION.test(sentence) && !BINDING.test(sentence);
}

/**
 * A policy states its rules as practice in the present tense ("Restoration of backups is tested
 * periodically"), and a procedure its steps ("5.2 POS terminals are inspected for tampering
 * periodically"): in a policy, standard or procedure, a numbered clause of that form obligates as
 * "must" does.
 */
function statedPractice(segment: LocatedSegment, analysis: CorpusAnalysis, text: string): boolean {
  const role = analysis.documents[segment.docIndex]?.role;
  return (
    (role === 'policy' || role === 'standard' || role === 'procedure') &&
    /^\s*\d+(?:\.\d+)+\s/.test(text) &&
    /\b(?:is|are)\s+[a-z]+ed\b/i.test(text)
  );
}

/** Whether a list item falls under a lead-in that obligates ("... must be performed, including:"). */
function underObligatingLeadIn(segment: LocatedSegment, analysis: CorpusAnalysis): boolean {
  return LIST_ITEM.test(segment.raw) && OBLIGATION.test(leadInOf(analysis, segment));
}

/**
 * The requirements a segment states with a phrase where the value belongs. A segment that ends
 * with a colon introduces a list that may give the value; a question or a heading obligates
 * nothing; only known actions (review, test, scan, notify, remediate, ...) are read, since a
 * vague adverb on any other verb sets no control's value. A phrase that says a value was set
 * ("the agreed cycle") is read wherever it stands, but for a sentence that only explains how a tool
 * or setting works; a merely vague one ("regularly") only in
 * an obligation (its own modal or its list's lead-in), not in a description or a definition, and
 * only for an activity the frameworks require a value for (recurring-activities.json).
 */
export function vagueRequirementsOf(segment: LocatedSegment, analysis: CorpusAnalysis): VagueRequirement[] {
  const cached = cache.get(segment);
  if (cached) return cached;
  const text = foldTypography(segment.text);
  const out: VagueRequirement[] = [];
  // A statement that also gives a value ("periodically, at least annually") has one.
  const open = text.length <= 600 && extractTimeQuantities(text).length === 0;
  if (open && !/[:?]\s*$/.test(text) && !/^\s*#/.test(segment.raw))
    for (const { quantity, explicitness } of vaguePhrasesOf(text)) {
      const requirement = requirementAround(segment, quantity);
      if (!requirement || !isActionClass(requirement.action) || requirement.topic.length === 0) continue;
      if (inDescription(text, quantity)) continue;
      if (explicitness === 'vague') {
        if (
          !OBLIGATION.test(text) &&
          !underObligatingLeadIn(segment, analysis) &&
          !statedPractice(segment, analysis, text)
        )
          continue;
        const clause = clauseAround(text, quantity.index, quantity.phrase.length);
        if (!recurringActivityOf(requirement.action, clause)) continue;
      }
      out.push({ requirement, explicitness });
    }
  if (open && out.length === 0 && !/[:?]\s*$/.test(text) && !/^\s*#/.test(segment.raw)) {
    for (const unstated of unstatedRequirementsOf(segment, analysis, text))
      out.push({ ...unstated, explicitness: 'unstated' });
  }
  cache.set(segment, out);
  return out;
}

/**
 * A rule done on an event ("change on suspected compromise", "review after a major change") has
 * no cycle to state; one that defers to another document ("governed by the Business Continuity
 * Policy") states its cycle there.
 */
const EVENT_OR_ELSEWHERE =
  /\b(?:if|when|where|whenever|before|after|upon|following|in the event of|in case of|on (?:suspected|suspicion|detection|discovery|request|termination|departure|completion|compromise))\b|\b(?:governed by|set out in|described in|defined in|specified in|in accordance with|as per)\b[^.;]{0,60}\b(?:Policy|Procedure|Standard|Plan|Schedule|Agreement|Manual)\b/i;

/** An activity named as the circumstance of something else: "during the", "based on the", "from a". */
const IN_PASSING_BEFORE =
  /\b(?:during|from|after|before|in|within|through|following|of|by|under|based on)\s+(?:the|a|an|each|any|its|their)?\s*$/i;
/** An activity named as the modifier of a thing: "risk assessment table", "penetration test report". */
const IN_PASSING_AFTER =
  /^[\s-]*(?:tables?|process(?:es)?|reports?|templates?|method\w*|results?|findings?|plans?|procedures?|polic(?:y|ies)|programmes?|programs?|tools?|scope|records?|logs?|registers?|materials?|content|modules?|platforms?|providers?|vendors?|teams?|outputs?|data)\b/i;

/**
 * A policy or standard that obligates a recurring activity, named as the frameworks name it
 * (recurring-activities.json `named_as`), without a word of how often ("The card environment is
 * subject to penetration testing.", "All staff complete awareness training."): the requirement, read
 * as if its value stood right after the activity's name. Procedures are left out: a step performs
 * the activity once, its cycle is the policy's.
 */
function unstatedRequirementsOf(
  segment: LocatedSegment,
  analysis: CorpusAnalysis,
  text: string,
): Array<{ requirement: Requirement; activity: RecurringActivity }> {
  const role = analysis.documents[segment.docIndex]?.role;
  if (role !== 'policy' && role !== 'standard') return [];
  // A list item is part of its lead-in's whole ("The 3PAO's yearly assessment includes: * announced
  // penetration testing"): its cycle is the lead-in's.
  if (LIST_ITEM.test(segment.raw)) return [];
  if (!/[.;]\s*$/.test(text) || EVENT_OR_ELSEWHERE.test(text)) return [];
  // Each activity is read where it is named, as if its value stood right after it; an activity
  // named only to qualify something else ("the risk assessment table", "impacts identified during
  // the risk assessment") is not the one the sentence obligates.
  return namedActivitiesIn(text).flatMap(({ activity, start, end }) => {
    if (IN_PASSING_BEFORE.test(text.slice(0, start)) || IN_PASSING_AFTER.test(text.slice(end))) return [];
    const quantity: Quantity = {
      kind: 'period',
      value: Number.NaN,
      phrase: '',
      index: end,
      bound: 'exact',
      changedFrom: null,
    };
    const requirement = requirementAround(segment, quantity);
    return requirement?.action === activity.action && requirement.topic.length > 0
      ? [{ requirement, activity }]
      : [];
  });
}
