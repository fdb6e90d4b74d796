// Conflicting requirements found by aligning requirements (see analyst/requirements.ts), not by a
// vocabulary of concepts: any two requirements of normative documents with the same action, the
// same kind of value and aligned topics, whose values contradict each other.
import {
  documentSubject,
  valueColumn,
  type CorpusAnalysis,
  type LocatedSegment,
} from '../../analyst/corpus-analysis';
import { linked } from './links';
import { carriedInto } from './carried-paragraphs';
import { THIRD_PARTY } from '../../analyst/parties';
import { withDefinedTerms } from './contract-terms';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { describeQuantity, incompatible } from '../../analyst/quantities';
import {
  CYCLIC_ACTIONS,
  DOCUMENT_KIND_WORDS,
  aligned,
  differentRecipients,
  heads,
  qualifiedRowFor,
  restated,
  requirementsOf,
  sharedTopic,
  contentLemmas,
  type Requirement,
} from '../../analyst/requirements';

export interface RequirementConflict {
  key: string;
  a: Requirement;
  b: Requirement;
}

/** Actions whose late or missing performance exposes the organisation directly. */
const URGENT_ACTIONS = new Set(['notify', 'patch', 'revoke', 'backup', 'restore']);

function conflictKey(a: Requirement, b: Requirement): string {
  return `requirement:${a.action}:${a.quantity.kind}:${sharedTopic(a, b).sort().join('+')}`;
}

/** How far apart two values are (a ratio, at least 1): the most divergent pair represents a group. */
function divergence(a: Requirement, b: Requirement): number {
  const hi = Math.max(a.quantity.value, b.quantity.value);
  const lo = Math.max(1e-9, Math.min(a.quantity.value, b.quantity.value));
  return hi / lo;
}

/**
 * Every conflict among the requirements the segments state, one per key (action, kind of value
 * and shared topic), skipping pairs another check already reports (`taken`: segment keys).
 */
export function findRequirementConflicts(
  analysis: CorpusAnalysis,
  segments: LocatedSegment[],
  taken: Set<string> = new Set(),
): RequirementConflict[] {
  const roleIn = (document: string) => analysis.byName.get(document)?.role ?? 'other';
  const roleOf = (r: Requirement) => roleIn(r.segment.document);
  const textOf = (r: Requirement) => analysis.byName.get(r.segment.document)?.text ?? '';
  // A contract's terms bind the parties as a policy binds staff: a value the contract states for
  // what a policy row states for that very party is one rule stated twice.
  const requirements = segments
    .filter((s) => isNormative(roleIn(s.document)) || roleIn(s.document) === 'contract')
    .flatMap((s) => requirementsOf(s))
    .filter((r) => roleOf(r) !== 'contract' || r.obligation)
    .map((r) => (roleOf(r) === 'contract' ? withDefinedTerms(analysis, r) : r));
  // Candidate pairs share a topic word and an action: index by both.
  const index = new Map<string, Requirement[]>();
  for (const r of requirements)
    for (const word of r.topic) {
      const key = `${r.action}|${word}`;
      index.set(key, [...(index.get(key) ?? []), r]);
    }
  // A procedure's present tense states its practice ("the documentation is maintained for six
  // years"): against the rule it implements, that binds as much as a "must".
  // So does a policy's statement of how long a thing is kept ("Inpatient records are retained for
  // 7 years from discharge", "The Company keeps the record for five years"): policies state
  // retention that way, and how often a control is run ("Privileged accounts are reviewed
  // quarterly by the System Owner"). (Deadlines stated so, "incidents are reported within one
  // hour", are often another chain's step, and so are reports to a committee: not taken as rules.)
  const binds = (r: Requirement) => {
    const role = roleOf(r);
    return (
      r.obligation ||
      role === 'procedure' ||
      (role === 'policy' &&
        (r.action === 'retain' || (r.quantity.kind === 'period' && CYCLIC_ACTIONS.has(r.action))))
    );
  };
  const byDocument = new Map<string, Requirement[]>();
  for (const r of requirements)
    byDocument.set(r.segment.document, [...(byDocument.get(r.segment.document) ?? []), r]);
  const best = new Map<string, RequirementConflict>();
  const seen = new Set<string>();
  for (const bucket of index.values()) {
    for (let i = 0; i < bucket.length; i += 1)
      for (let j = i + 1; j < bucket.length; j += 1) {
        const a = bucket[i]!;
        const b = bucket[j]!;
        if (a.segment === b.segment) continue;
        const pairId = `${a.segment.docIndex}:${a.segment.segIndex}:${a.quantity.index}|${b.segment.docIndex}:${b.segment.segIndex}:${b.quantity.index}`;
        if (seen.has(pairId)) continue;
        seen.add(pairId);
        const contract = [a, b].some((r) => roleOf(r) === 'contract');
        // "shall retain ... for not less than three (3) years" lets the other party destroy the
        // records after three: a minimum below the organisation's own period, compatible as
        // numbers, still drops its rule.
        const shorterRetention = contract && shorterContractRetention(a, b, roleOf);
        if (!incompatible(a.quantity, b.quantity) && !shorterRetention) continue;
        if (floorMetBelow(a, b, roleOf) || floorMetBelow(b, a, roleOf)) continue;
        const thirdPartyRule =
          contract &&
          (weakerForItsParty(a, b, roleOf, binds, textOf) ||
            laxerThanCarried(analysis, a, b, roleOf, textOf));
        // A row for the very party the other document is with is that party's rule, whatever
        // the general rows beside it say.
        const qualified = qualifiedRowFor(a, b, textOf(b)) || qualifiedRowFor(b, a, textOf(a));
        const sameRule =
          qualified ||
          shorterRetention ||
          thirdPartyRule ||
          (!contract &&
            (aligned(a, b) ||
              (restated(a, b, binds) && linked(analysis, a.segment.document, b.segment.document))));
        if (!sameRule) continue;
        if (!qualified && (agreedElsewhere(a, b, byDocument) || agreedElsewhere(b, a, byDocument))) continue;
        if (!contract && differentRecipients(a, b)) continue;
        if (taken.has(segmentKey(a.segment)) && taken.has(segmentKey(b.segment))) continue;
        const key = conflictKey(a, b);
        const current = best.get(key);
        if (!current || divergence(a, b) > divergence(current.a, current.b)) best.set(key, { key, a, b });
      }
  }
  for (const conflict of practiceConflicts(segments, requirements, roleIn)) {
    if (taken.has(segmentKey(conflict.a.segment)) && taken.has(segmentKey(conflict.b.segment))) continue;
    if (!best.has(conflict.key)) best.set(conflict.key, conflict);
  }
  return closestStatements([...best.values()]);
}

/**
 * A statement set against several statements of one other document keeps the one it is about:
 * "DEA Forms 222, CSOS order records ... two years" is the controlled-substance row's subject (ten
 * words shared), not the enrolment-forms row's ("form", "order", "paper"). One sharing less than
 * half the words the closest one shares is about something else.
 */
function closestStatements(conflicts: RequirementConflict[]): RequirementConflict[] {
  const groups = (c: RequirementConflict) => [
    `${segmentKey(c.a.segment)}:${c.a.quantity.index}|${c.b.segment.document}`,
    `${segmentKey(c.b.segment)}:${c.b.quantity.index}|${c.a.segment.document}`,
  ];
  const closest = new Map<string, number>();
  for (const c of conflicts)
    for (const group of groups(c))
      closest.set(group, Math.max(closest.get(group) ?? 0, sharedTopic(c.a, c.b).length));
  return conflicts.filter((c) =>
    groups(c).every((group) => sharedTopic(c.a, c.b).length * 2 >= closest.get(group)!),
  );
}

/** A register column that says how often a row's work is done: "Review frequency", "Cycle". */
const CYCLE_COLUMN = /\b(?:frequency|cycle|interval|cadence)\b/i;

/**
 * A register's row that states the cycle its work runs on ("EkoCore | Privileged accounts | ... |
 * Semi-annual") is the practice for what the row covers; run less often than a policy or procedure
 * requires for that ("Privileged Accounts shall be reviewed monthly"), the requirement is not met.
 * The rule's words must be the row's (at least two, most of the rule's topic, and every word that
 * narrows it); a row run more often than required is stricter, not a conflict.
 */
function practiceConflicts(
  segments: LocatedSegment[],
  rules: Requirement[],
  roleIn: (document: string) => string,
): RequirementConflict[] {
  const practices = segments
    .filter((s) => roleIn(s.document) === 'evidence' && s.frame?.header)
    .flatMap((s) => requirementsOf(s))
    .filter(
      (p) =>
        p.row &&
        p.quantity.kind === 'period' &&
        CYCLE_COLUMN.test(valueColumn(p.segment.frame!.header!, p.segment.text, p.quantity).name),
    );
  const out: RequirementConflict[] = [];
  for (const p of practices) {
    const covered = new Set([...p.topic, ...(p.row?.subject ?? [])]);
    for (const r of rules) {
      if (!r.obligation || r.action !== p.action || r.quantity.kind !== 'period' || r.row) continue;
      if (!(p.quantity.value > r.quantity.value * 1.1)) continue;
      const parties = new Set([...(r.actor ?? []), ...(r.recipient ?? [])]);
      const topic = r.topic.filter((w) => !parties.has(w));
      const shared = topic.filter((w) => covered.has(w));
      if (shared.length < 2 || shared.length < 0.6 * topic.length) continue;
      // A word that narrows the rule ("privileged" accounts) must be the row's too.
      const narrowing = new Set([...r.modifiers.values()].flat());
      if (topic.some((w) => !covered.has(w) && narrowing.has(w))) continue;
      out.push({ key: `practice:${conflictKey(r, p)}`, a: r, b: p });
    }
  }
  return out;
}

/**
 * A contract that lets the other party keep records for less time than the organisation's own
 * retention rule for those records ("The Supplier shall retain the Movement Records for three (3)
 * years" against "Duty-suspended movement records ... 6 years"): the rule was not carried into the
 * contract. Both keep something for a stated time; they share at least two words of what is kept
 * besides the parties, meeting on a head noun; the contract's period is the shorter.
 */
function shorterContractRetention(
  a: Requirement,
  b: Requirement,
  roleOf: (r: Requirement) => string,
): boolean {
  const [contract, rule] = roleOf(a) === 'contract' ? [a, b] : [b, a];
  if (roleOf(rule) === 'contract' || contract.action !== 'retain' || rule.action !== 'retain') return false;
  if (contract.quantity.kind !== 'duration' || rule.quantity.kind !== 'duration') return false;
  // "maintain certification ... and provide it within thirty (30) days": a time to do something,
  // not how long a thing is kept.
  if (/\bwithin\s*$/i.test(contract.segment.text.slice(0, contract.quantity.index))) return false;
  if (!(contract.quantity.value < rule.quantity.value * 0.9) || rule.quantity.bound === 'max') return false;
  const parties = new Set([...(contract.actor ?? []), ...(rule.actor ?? [])]);
  const shared = sharedTopic(contract, rule).filter((w) => !parties.has(w));
  const headsA = heads(contract);
  const headsB = heads(rule);
  return shared.length >= 2 && shared.some((w) => headsA.includes(w) && headsB.includes(w));
}

/**
 * A policy's rule for the third parties it deals with ("Any cold-chain service provider shall
 * notify the Quality Assurance Manager ... within two (2) hours") restated in a contract with such a
 * party with a laxer value ("Within twenty-four (24) hours of detection"): the contract does not
 * carry the rule. The rule's actor is a third party, and the words that narrow it ("cold-chain
 * service") are the contract's; the contract restates the rule (same action, what it is about
 * meets); its value is the laxer one (a later deadline, a longer cycle, a shorter retention).
 */
function weakerForItsParty(
  a: Requirement,
  b: Requirement,
  roleOf: (r: Requirement) => string,
  binds: (r: Requirement) => boolean,
  textOf: (r: Requirement) => string,
): boolean {
  const [term, rule] = roleOf(a) === 'contract' ? [a, b] : [b, a];
  if (roleOf(rule) === 'contract' || !rule.obligation) return false;
  const actor = rule.actor ?? [];
  const party = actor.filter((w) => THIRD_PARTY.test(w));
  if (party.length === 0) return false;
  const contractText = textOf(term).toLowerCase();
  if (actor.some((w) => !party.includes(w) && !contractText.includes(w))) return false;
  return restated(rule, term, binds) && laxer(term, rule);
}

/** The contract's value is the laxer one: a later deadline, a longer cycle, a shorter retention. */
function laxer(term: Requirement, rule: Requirement): boolean {
  return rule.action === 'retain'
    ? term.quantity.value < rule.quantity.value * 0.9
    : term.quantity.value > rule.quantity.value * 1.1;
}

/**
 * A contract term laxer than a paragraph the policy says such contracts must carry ("Every reseller
 * agreement must reflect ... the rebate period in paragraph 4.3": "Rebates are paid to the reseller
 * within ten (10) days after quarter end" against the agreement's "within sixty (60) days"). The
 * paragraph binds the contract whoever it names as acting, so only what the two are about must
 * meet.
 */
function laxerThanCarried(
  analysis: CorpusAnalysis,
  a: Requirement,
  b: Requirement,
  roleOf: (r: Requirement) => string,
  textOf: (r: Requirement) => string,
): boolean {
  const [term, rule] = roleOf(a) === 'contract' ? [a, b] : [b, a];
  if (roleOf(rule) !== 'policy' || !carriedInto(analysis, rule.segment, textOf(term))) return false;
  return restated(rule, term, () => true) && laxer(term, rule);
}

/**
 * A policy's binding floor on how often ("Service reservoirs shall be inspected at least annually")
 * and a procedure, standard or contract that does it more often ("every six (6) months"): the
 * policy sets the least, the document below it is stricter, and both are kept. (A procedure whose
 * own floor is laxer than the policy's rule, "no less often than once a year" against "quarterly",
 * still conflicts.)
 */
function floorMetBelow(floor: Requirement, other: Requirement, roleOf: (r: Requirement) => string): boolean {
  return (
    floor.quantity.kind === 'period' &&
    other.quantity.kind === 'period' &&
    floor.quantity.bound === 'max' &&
    floor.obligation &&
    roleOf(floor) === 'policy' &&
    roleOf(other) !== 'policy' &&
    other.quantity.bound !== 'max' &&
    other.quantity.value <= floor.quantity.value * 1.1
  );
}

/** Document-name words per analysis (one `byDocument` map per analysis), so nothing outlives a run. */
const titleCache = new WeakMap<Map<string, Requirement[]>, Map<string, string[]>>();

/** The content words of a document's name ("Subject-Access-Request-Procedure.docx": subject, access, request, procedure). */
function titleLemmas(documentName: string, byDocument: Map<string, Requirement[]>): string[] {
  let names = titleCache.get(byDocument);
  if (!names) titleCache.set(byDocument, (names = new Map()));
  let lemmas = names.get(documentName);
  if (!lemmas) names.set(documentName, (lemmas = contentLemmas(documentSubject(documentName))));
  return lemmas;
}

/**
 * Whether `other`'s document states `r`'s value for `r`'s subject elsewhere, at least as closely
 * as `other` does: then `other`'s value is another rule's ("notify within 24 hours of a disruption"
 * beside "within 72 hours of a material incident"), not a contradiction of `r`.
 */
function agreedElsewhere(
  r: Requirement,
  other: Requirement,
  byDocument: Map<string, Requirement[]>,
): boolean {
  if (r.segment.document === other.segment.document) return false;
  // What a statement is about includes what its document is about: "Case papers are kept for two
  // years" in a subject access request procedure are the papers of those requests.
  const title = titleLemmas(r.segment.document, byDocument);
  const closeness = (c: Requirement) =>
    new Set([...sharedTopic(r, c), ...title.filter((w) => c.topic.includes(w))]).size;
  const bar = Math.max(2, closeness(other));
  // A name both share ("CDD records ... five years" and "R01 Investor CDD / KYC file | 3 years")
  // marks their subject: a statement without it ("investor transaction records | 5 years") agrees
  // about another part of the rule.
  const sharedNames = r.named.filter((w) => other.topic.includes(w));
  return (byDocument.get(other.segment.document) ?? []).some(
    (c) =>
      c !== other &&
      c.action === r.action &&
      !incompatible(r.quantity, c.quantity) &&
      closeness(c) >= bar &&
      sharedNames.every((w) => c.topic.includes(w)),
  );
}

export function segmentKey(segment: { document: string; start: number }): string {
  return `${segment.document}:${segment.start}`;
}

function what(r: Requirement): string {
  return `${describeQuantity(r.quantity)} ("${r.segment.text.slice(0, 180)}")`;
}

/**
 * What two requirements are about, in words: their shared topic and, for two table rows keyed by
 * a word or so ("High"), what frames both tables ("periodic CDD review").
 */
function topicWords(a: Requirement, b: Requirement): string[] {
  const shared = sharedTopic(a, b);
  if (!a.row || !b.row || shared.length >= 2) return shared;
  const frameB = new Set(b.row.frame);
  return [
    ...shared,
    ...a.row.frame
      .filter((w) => frameB.has(w) && !shared.includes(w) && !DOCUMENT_KIND_WORDS.has(w))
      .slice(0, 3),
  ];
}

export function conflictIssue(conflict: RequirementConflict): Issue {
  const { a, b, key } = conflict;
  const docA = a.segment.document;
  const docB = b.segment.document;
  const topic = topicWords(a, b).join(' ');
  const sameDocument = docA === docB;
  const where = sameDocument ? `two places of ${docA}` : `${docA} and ${docB}`;
  const urgent = URGENT_ACTIONS.has(a.action) && a.obligation && b.obligation;
  return {
    primitive: 'conflict_check',
    subject: key,
    aspects: [key],
    title: `Conflicting ${a.action} requirement for ${topic}: ${describeQuantity(a.quantity).split(' (')[0]} in ${docA} vs ${describeQuantity(b.quantity).split(' (')[0]} in ${docB}`,
    description:
      `${where} state incompatible values for the same requirement (${a.action}, ${topic}): ` +
      `${docA} says ${what(a)}, while ${docB}${sameDocument ? ' elsewhere' : ''} says ${what(b)}. ` +
      'Staff following one document break the other, and the control cannot be tested against a single requirement.',
    rootCause: sameDocument
      ? `${docA} was amended in one place without updating the other.`
      : `${docA} and ${docB} were written or revised separately and never aligned on this requirement.`,
    remediationScope: `Decide one value for the ${topic} ${a.action} requirement, state it in ${sameDocument ? 'both places' : `${docA} and ${docB}`} alike, and confirm the operating practice matches it.`,
    remediationEffortHours: 3,
    severity: urgent ? 'high' : 'medium',
    confidence: a.obligation && b.obligation ? 0.8 : 0.7,
    frameworks: [],
    quotes: [quoteOf(a.segment), quoteOf(b.segment)],
  };
}
