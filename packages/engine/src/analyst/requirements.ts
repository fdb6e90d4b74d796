// Requirements with a quantity, read with real NLP (wink-nlp's English model: sentences, parts of
// speech, lemmas): what must be done (the action), to what (the topic: the content words of the
// clause around the value), how often or how fast (the quantity), and what narrows it (the
// modifiers of the topic's nouns: "privileged" accounts, "critical" vulnerabilities). Two
// requirements speak about one thing only when their actions match, their topics share more than
// one word, and no modifier sets them apart; that is what lets a conflict be found in wording the
// analyst has never seen without comparing "critical systems" with "all other systems".
import winkNLP, { type ItemToken, type ItsHelpers, type Model, type WinkMethods } from 'wink-nlp';
import { foldTypography } from '../text/normalize';
import type { LocatedSegment, RowFrame } from './corpus-analysis';
import roleNouns from './role-nouns.json';
import { extractTimeQuantities, notesEarlierValue, type Quantity } from './quantities';
import { clauseAround } from './topics';

// The English model (about 40 MB once read) loads at the first reading, so a process that never
// reads documents (the API, which imports the engine for its gateway and tasks) does not carry
// it. The `its` helpers need no model.
const its = require('wink-nlp/src/its.js') as ItsHelpers;
let loaded: WinkMethods | null = null;
const nlp = () => (loaded ??= winkNLP(require('wink-eng-lite-web-model') as Model));
// wink-nlp's typings declare its.lemma with a signature its own out() does not accept; the
// overload out() answers it with is declared in ../wink-nlp.d.ts.
const lemmaOf = its.lemma;

export interface Requirement {
  segment: LocatedSegment;
  quantity: Quantity;
  /** The action's class: "review", "retain", "notify", ... (a verb's or a nominal action's). */
  action: string;
  /** Content lemmas of the clause (nouns, proper nouns, adjectives), without the action's. */
  topic: string[];
  /** Names in the topic: proper nouns and acronyms (a system, a party, "RTO"). */
  named: string[];
  /** Per noun, the identifiers written after it ("Tier A", "Severity 1", "Class II and III"). */
  labels: Map<string, string[]>;
  /** Per noun of the topic, the words that modify it in the clause ("access" -> ["privileged"]). */
  modifiers: Map<string, string[]>;
  /** Stated with must / shall / required / will, or as a plain statement of practice. */
  obligation: boolean;
  /** About the document it stands in ("this policy is reviewed every two years"). */
  selfReference: boolean;
  /**
   * For a table row: the lemmas of its subject cells ("| Critical | 14 days |": critical), and of
   * what frames the table (the value's column name, caption, heading and document subject).
   */
  row?: {
    subject: string[];
    frame: string[];
    /**
     * A subject cell qualified after a dash ("Call recordings — Harrowgate health programme"): the
     * lemmas of the thing ("call", "recording") and the names that qualify it ("Harrowgate").
     */
    qualified?: { thing: string[]; names: string[] };
  };
  /** The content words of the statement's run-in label ("Checks after emergency repairs: ..."). */
  runIn?: string[];
  /** The thing a passive clause is about ("Supplier contracts are reviewed": contract), if it is one. */
  passiveSubject?: string | null;
  /** For a notice: the nouns naming whom it goes to ("to the shift supervisor"), when the clause says. */
  recipient?: string[] | null;
  /** Who must act in an active clause ("the Quality Manager or deputy shall submit"): not what it is about. */
  actor?: string[];
  /** About the rest of a kind ("all other accounts"): a scope set apart from any one named elsewhere. */
  residual?: boolean;
  /**
   * For a list item read with its lead-in: the lead-in. Items under one lead-in are its cases
   * ("high: 48 hours", "medium: 7 days"), never two rules for the same thing.
   */
  leadIn?: string;
}

/** Verbs of one action, and the nouns that name it ("the review", "retention"). */
const ACTION_CLASSES: Record<string, string[]> = {
  review: [
    'review',
    'update',
    'revise',
    'refresh',
    'recertify',
    'recertification',
    'reassess',
    'revalidate',
    're-evaluate',
    'reevaluate',
    'audit',
    'reconcile',
    'reconciliation',
    'check',
    'inspect',
    'inspection',
    'examine',
    'examination',
    'verify',
    'verification',
  ],
  retain: ['retain', 'retention', 'keep', 'store', 'preserve', 'maintain'],
  archive: ['archive', 'archiving'],
  dispose: [
    'delete',
    'deletion',
    'destroy',
    'destruction',
    'purge',
    'dispose',
    'disposal',
    'erase',
    'erasure',
  ],
  change: ['rotate', 'rotation', 'change', 'expire', 'expiry', 'expiration', 'renew', 'renewal', 'reset'],
  test: ['test', 'testing', 'exercise', 'rehearse', 'drill'],
  backup: ['backup', 'back', 'replicate', 'replication', 'snapshot'],
  patch: [
    'patch',
    'patching',
    'remediate',
    'remediation',
    'fix',
    'install',
    'installation',
    'deploy',
    'deployment',
  ],
  notify: ['notify', 'notification', 'report', 'inform', 'alert', 'escalate', 'escalation', 'tell', 'submit'],
  train: ['train', 'training'],
  scan: ['scan', 'scanning'],
  revoke: ['revoke', 'revocation', 'disable', 'deprovision', 'deactivate', 'remove', 'removal', 'terminate'],
  assess: ['assess', 'assessment', 'evaluate', 'evaluation', 'analyse', 'analyze', 'analysis'],
  restore: ['restore', 'restoration', 'recover', 'recovery'],
  acknowledge: ['acknowledge', 'acknowledgement', 'acknowledgment', 'respond', 'response'],
  resolve: ['resolve', 'resolution', 'close', 'closure'],
  approve: ['approve', 'approval', 'authorise', 'authorize', 'authorisation', 'authorization', 'sign'],
  lock: ['lock', 'lockout', 'timeout', 'suspend'],
  // Verbs only: "a failed settlement", "payments above" name what a rule is about, not its action.
  pay: ['pay', 'settle', 'remit', 'disburse'],
};
const ACTION_OF = new Map(
  Object.entries(ACTION_CLASSES).flatMap(([cls, words]) => words.map((w) => [w, cls])),
);

/** Verbs that carry no action of their own: "reviews are performed", "training is completed". */
const LIGHT_VERBS = new Set([
  'be',
  'perform',
  'conduct',
  'carry',
  'complete',
  'undertake',
  'hold',
  'do',
  'make',
  'take',
  'run',
  'execute',
  'occur',
  'happen',
  'require',
  'need',
  'have',
  'ensure',
  'schedule',
  'plan',
  'apply',
  'follow',
  'set',
]);

/** Words that name no subject: time, quantities, triggers ("of becoming aware") and fillers. */
const NOT_TOPIC = new Set(
  (
    'day week month year hour minute second period time date calendar business working quarter ' +
    'least maximum minimum number basis interval frequency cycle deadline timeframe window ' +
    'aware awareness undue delay discovery detection receipt occurrence identification ' +
    'other all each every any same new following relevant appropriate applicable necessary required ' +
    // "such incidents", "a reportable incident": the incidents the rule is about, no narrower kind.
    'such said reportable notifiable ' +
    'level type kind way part practice possible more less fewer practicable soon event ' +
    // "in January and July": when, not what.
    'january february march april may june july august september october november december'
  ).split(' '),
);

/** Words that set one scope apart from another when two requirements differ in them. */
const SCOPE_WORDS = new Set(
  (
    'privileged administrative admin root elevated standard regular general normal ordinary other non-privileged ' +
    'critical high severe major urgent medium moderate low minor non-critical internal external third-party public ' +
    'production live test development staging non-production remote onsite local customer client employee staff ' +
    'contractor vendor supplier paper physical electronic digital new existing initial annual refresher emergency ' +
    'full incremental differential primary secondary personal sensitive confidential restricted'
  ).split(' '),
);

/** Scope words that name one scope ("privileged" and "administrative" accounts): its first word. */
const SCOPE_SYNONYMS = [
  'privileged administrative admin root elevated',
  'standard regular general normal ordinary non-privileged',
  'production live',
  'customer client',
  'employee staff',
  'vendor supplier third-party',
  'electronic digital',
].map((words) => words.split(' '));
const SCOPE_OF = new Map(SCOPE_SYNONYMS.flatMap((words) => words.map((w) => [w, words[0]!] as const)));
const scopeOf = (word: string) => SCOPE_OF.get(word) ?? word;

/**
 * Words naming a step of one duty rather than a kind of thing ("an initial incident report", "a
 * final report", "refresher training"). A step set against an unqualified statement of the same
 * duty is no other scope: "report major incidents within 24 hours" is the first report, which an
 * "initial report within 48 hours" contradicts. Two different steps are apart (see stagesApart).
 */
const STAGE_WORDS = new Set(['initial', 'preliminary', 'interim', 'final', 'follow-up', 'refresher']);

/** "must", "shall", "is required to", "will": the statement binds someone. */
const OBLIGATION =
  /\b(?:must|shall|will|required|requires|is to|are to|mandatory|need to|needs to|have to|has to)\b/i;

interface Token {
  value: string;
  lemma: string;
  pos: string;
  start: number;
  end: number;
}

/**
 * Words the model lemmatises to another word's spelling: "cheque" (the payment) to "check" (the
 * act), which would read every payment by cheque as a review.
 */
const OWN_LEMMA = /^cheques?$/i;

function tokensOf(text: string): Token[] {
  const doc = nlp().readDoc(text);
  const out: Token[] = [];
  let offset = 0;
  doc.tokens().each((token: ItemToken) => {
    const value = token.out(its.value);
    const at = text.indexOf(value, offset);
    const start = at >= 0 ? at : offset;
    out.push({
      value,
      lemma: (OWN_LEMMA.test(value) ? value.replace(/s$/i, '') : (token.out(lemmaOf) ?? value)).toLowerCase(),
      pos: token.out(its.pos),
      start,
      end: start + value.length,
    });
    offset = start + value.length;
  });
  return retagSubjectNouns(out);
}

/**
 * The small model reads a plural noun before an auxiliary as a verb ("Security logs are retained",
 * "Access logs must be kept"): a word tagged as a verb, ending in -s, between a noun, adjective or
 * proper noun and an auxiliary is the subject's noun.
 */
function retagSubjectNouns(tokens: Token[]): Token[] {
  return tokens.map((t, i) => {
    const before = tokens[i - 1];
    const after = tokens[i + 1];
    if (t.pos !== 'VERB' || !/^[a-z]{3,}s$/.test(t.value) || after?.pos !== 'AUX') return t;
    if (!before || !['NOUN', 'ADJ', 'PROPN'].includes(before.pos)) return t;
    return { ...t, pos: 'NOUN', lemma: t.value.slice(0, -1) };
  });
}

const CONTENT = new Set(['NOUN', 'PROPN', 'ADJ']);

function normaliseLemma(token: Token): string {
  // The small model tags capitalised nouns as proper nouns and keeps their plural: lemmatise by
  // the usual English plural rule.
  let word = token.lemma;
  if (token.pos === 'PROPN' && /^[A-Z][a-z]+s$/.test(token.value))
    word = word
      .replace(/ies$/, 'y')
      .replace(/(ch|sh|x|ss)es$/, '$1')
      .replace(/(?<!s)s$/, '');
  return word;
}

/** The action class of a word: by its lemma, or by its stem ("patched", "re-checked", "reviews"). */
function actionClassOf(token: Token): string | undefined {
  const forms = new Set<string>([token.lemma, token.value.toLowerCase()]);
  for (const form of [...forms]) {
    const bare = form.replace(/^re-?(?=[a-z]{4})/, '');
    forms.add(bare);
    for (const f of [form, bare]) {
      forms.add(f.replace(/(?:ied)$/, 'y').replace(/(?:ed|ing|s)$/, ''));
      forms.add(f.replace(/(?:d|s)$/, ''));
    }
  }
  for (const form of forms) {
    const cls = ACTION_OF.get(form);
    if (cls) return cls;
  }
  return undefined;
}

/**
 * The action of a clause: the word nearest the value that names a known action (any part of
 * speech, since the tagger reads "patched" in "must be patched" as an adjective; verbs first when
 * asked); else its main verb other than a light one.
 */
function actionOf(
  tokens: Token[],
  quantityAt: number,
  preferVerbs = false,
  quantityEnd = Infinity,
): string | null {
  // Words after a comma that follows the value are another element of the clause ("report ...
  // within 72 hours of discovery, using SPM's DoD-approved certificate"): they come last. The event
  // the value runs from ("for five years after it ends") is no action of it at all.
  // So are the words after "then" ("retained ... for 36 months and then purged"): the next event.
  const comma =
    tokens.find((t) => t.start > quantityAt && (t.value === ',' || t.value.toLowerCase() === 'then'))
      ?.start ?? Infinity;
  const trigger =
    tokens.find((t) => t.start >= quantityEnd && t.start - quantityEnd <= 2 && TRIGGER.has(t.lemma))?.start ??
    Infinity;
  const aside = asideBefore(tokens, quantityAt);
  // A participle right after a noun qualifies it ("pay the agent the commissions collected from
  // clients within thirty (30) days"): the clause's own verb comes before it.
  // So does a capitalised participle that opens a defined name ("the customer's Authorized
  // Contacts", "an Approved Supplier").
  const qualifying = new Set(
    tokens.filter(
      (t, i) =>
        (t.pos === 'VERB' && /ed$/i.test(t.value) && ['NOUN', 'PROPN'].includes(tokens[i - 1]?.pos ?? '')) ||
        (/^[A-Z][a-z]+ed$/.test(t.value) && /^[A-Z][a-z]/.test(tokens[i + 1]?.value ?? '') && i > 0),
    ),
  );
  const distance = (t: Token) =>
    Math.abs(t.start - quantityAt) +
    (qualifying.has(t) ? 500 : 0) +
    (t.start > comma || (t.start > aside[0] && t.start < aside[1]) ? 1000 : 0);
  const byDistance = (a: Token, b: Token) => distance(a) - distance(b);
  // The first word of a hyphenated compound qualifies the second ("back-office accounts",
  // "check-in desk"), unless the second is a particle of its verb ("back-up", "sign-off").
  const compounded = new Set(
    tokens.filter((t, i) => {
      const [hyphen, next] = [tokens[i + 1], tokens[i + 2]];
      return (
        hyphen?.value === '-' &&
        hyphen.start === t.start + t.value.length &&
        next?.start === hyphen.start + 1 &&
        !/^(?:up|off|out)$/i.test(next.value)
      );
    }),
  );
  // "on its expiration date", "by the review date": a noun naming a date is when, not what is done.
  const namesDate = (t: Token, i: number) => t.pos !== 'VERB' && /^dates?$/i.test(tokens[i + 1]?.value ?? '');
  const sorted = tokens
    .filter((t, i) => t.start < trigger && !compounded.has(t) && !namesDate(t, i))
    .sort(byDistance);
  if (preferVerbs)
    for (const token of sorted.filter((t) => t.pos === 'VERB')) {
      const cls = actionClassOf(token);
      if (cls) return cls;
    }
  // "... is undertaken every quarter on each ward, recording results on the audit tool": a verb of
  // doing before the comma says what is done that often; an action word after it is another
  // element of the clause.
  const doing = sorted.find((t) => t.pos === 'VERB' && DOING_VERBS.has(t.lemma) && distance(t) < 1000);
  for (const token of sorted) {
    if (!/^[a-z]/i.test(token.value) || token.pos === 'PROPN' || namesAPlace(token)) continue;
    const cls = actionClassOf(token);
    if (cls) return doing && distance(token) >= 1000 ? 'perform' : cls;
  }
  // "working" in "five working days" is part of the value, not a verb of the clause.
  const verbs = sorted.filter((t) => t.pos === 'VERB' && !/^(?:working|business|calendar)$/i.test(t.value));
  // "A stock count shall be carried out once every twelve (12) months, using ...": a verb of doing
  // nearer the value than any other says the thing it is said of is done that often; the action
  // is doing it (its subject gives the topic), not the participle after the comma.
  const nearest = verbs.find((t) => DOING_VERBS.has(t.lemma) || !LIGHT_VERBS.has(t.lemma));
  if (nearest && nearest === doing) return 'perform';
  const verb = verbs.filter((t) => !LIGHT_VERBS.has(t.lemma))[0];
  if (verb && BOUNDING_VERBS.has(verb.lemma)) {
    const bounded = boundedActivity(tokens, verb);
    if (bounded) return bounded;
    // "at intervals not exceeding two (2) hours": a participle right before the value is its bound,
    // not what is done; the clause (or the list's lead-in) names that elsewhere. (In a table's
    // cell the bound stays the action: the row's frame would read the value as its column's.)
    const inRow = tokens.some((t) => t.value === '|');
    if (!inRow && /ing$/i.test(verb.value) && verb.start + verb.value.length >= quantityAt - 2) return null;
    return verb.lemma;
  }
  return verb ? verb.lemma : null;
}

/** Verbs that set a bound on what their subject names ("daily driving time does not exceed ..."). */
const BOUNDING_VERBS = new Set(['exceed', 'surpass', 'overrun']);

/**
 * The activity a bounding verb's subject names: the gerund nearest before the verb ("daily driving
 * time does not exceed 11 hours" bounds driving), read as a verb; null when the subject names none.
 */
function boundedActivity(tokens: Token[], verb: Token): string | null {
  const gerund = tokens
    .filter((t) => t.start < verb.start && /^[a-z]{3,}ing$/i.test(t.value) && t.pos !== 'PROPN')
    .pop();
  return gerund ? verbLemma(gerund.value) : null;
}

const verbLemmas = new Map<string, string>();

/** A word ending in -ing read as a verb: "driving" -> "drive", "testing" -> "test" (read once per word). */
function verbLemma(word: string): string {
  const lower = word.toLowerCase();
  let lemma = verbLemmas.get(lower);
  if (lemma === undefined) {
    const verb = tokensOf(`they are ${lower}`).find((t) => t.pos === 'VERB' && t.lemma !== 'be');
    verbLemmas.set(lower, (lemma = verb?.lemma ?? lower));
  }
  return lemma;
}

/** A noun that names a place, not the act its verb names: "every cold store", "a data store". */
function namesAPlace(token: Token): boolean {
  return token.pos === 'NOUN' && /^stores?$/i.test(token.value);
}

/** Light verbs of doing: "shall be performed / carried out / conducted / held / undertaken". */
const DOING_VERBS = new Set(['perform', 'conduct', 'carry', 'undertake', 'hold', 'execute']);

/** Words that open an aside set off by commas ("..., whether or not it was reported, for ..."). */
const ASIDE_OPENERS = new Set(['whether', 'regardless', 'irrespective', 'including', 'unless', 'except']);

/**
 * The span of an aside between commas before the value ("keeps a record of every breach, whether or
 * not it was reported, for 24 months"): its verbs are not the action the value is for. [start, end)
 * offsets; an empty span when there is none.
 */
function asideBefore(tokens: Token[], quantityAt: number): [number, number] {
  for (let i = 0; i < tokens.length - 1; i += 1) {
    const t = tokens[i]!;
    if (t.start >= quantityAt) break;
    if (t.value !== ',' || !ASIDE_OPENERS.has(tokens[i + 1]!.value.toLowerCase())) continue;
    const close = tokens.slice(i + 1).find((c) => c.value === ',');
    if (close && close.start < quantityAt) return [t.start, close.start];
  }
  return [0, 0];
}

/** Prepositions that open a circumstance (who, against what, when), not the requirement's subject. */
const CIRCUMSTANCE = new Set([
  'by',
  'against',
  'during',
  'at',
  'from',
  'after',
  'before',
  'upon',
  'via',
  'through',
  'under',
  'following',
  'within',
  'until',
  'since',
  'as',
  'per',
  'like',
  'without',
]);

/**
 * Tokens inside a circumstance phrase: from such a preposition to the next punctuation, auxiliary,
 * conjunction or finite verb; and the trigger after a time limit ("within 30 days of the vendor
 * release", "... after discovery").
 */
function inCircumstance(tokens: Token[], quantityEnd: number): Set<Token> {
  const out = new Set<Token>();
  let open = false;
  tokens.forEach((token, i) => {
    const previous = tokens[i - 1];
    const trigger = token.start >= quantityEnd && token.start - quantityEnd <= 2 && TRIGGER.has(token.lemma);
    if (token.pos === 'ADP') open = CIRCUMSTANCE.has(token.lemma) || trigger;
    else if (token.pos === 'PUNCT' || token.pos === 'AUX' || token.pos === 'CCONJ') open = false;
    // "during planned maintenance": a participle inside the phrase does not end it.
    else if (token.pos === 'VERB' && !(previous && ['ADP', 'DET', 'ADJ'].includes(previous.pos)))
      open = false;
    else if (open) out.add(token);
  });
  return out;
}

/** Prepositions that, right after a time limit, name the event it runs from. */
const TRIGGER = new Set(['of', 'after', 'from', 'following']);

const cache = new WeakMap<LocatedSegment, Requirement[]>();

/**
 * The words a value belongs to: its clause, cut at the values before and after it in the same
 * clause ("an early warning within 24 hours and a notification within 72 hours" holds two
 * requirements), so each requirement keeps only its own words.
 */
function localSpan(text: string, quantities: Quantity[], i: number): { start: number; end: number } {
  const quantity = quantities[i]!;
  const clause = clauseAround(text, quantity.index, quantity.phrase.length);
  const clauseStart = text.lastIndexOf(clause, quantity.index);
  let start = Math.max(0, clauseStart);
  let end = start + clause.length;
  const previous = quantities[i - 1];
  if (previous && previous.index + previous.phrase.length > start) {
    // This value's own words start after the last conjunction or comma before it.
    const from = previous.index + previous.phrase.length;
    const between = text.slice(from, quantity.index);
    const cuts = [...between.matchAll(/,|\band\b|\bor\b|;/g)];
    start = from + (cuts.length ? cuts[cuts.length - 1]!.index + cuts[cuts.length - 1]![0].length : 0);
  }
  const next = quantities[i + 1];
  if (next && next.index < end) {
    // The next value's own words start after the conjunction or comma before them.
    const between = text.slice(quantity.index + quantity.phrase.length, next.index);
    // A scope written after the value runs to the last conjunction before the next value ("kept
    // for 30 days for gates, perimeters and production floors and for 90 days for warehouses").
    // ("of" after a time is the event it runs from: "within 1 hour of discovery".)
    const scoped = /^\s*for\s/.test(between);
    const cuts = [...between.matchAll(/,|\band\b|\bor\b|;/g)];
    const cut = scoped ? (cuts.at(-1)?.index ?? -1) : between.search(/,|\band\b|\bor\b|;/);
    end = quantity.index + quantity.phrase.length + (cut >= 0 ? cut : between.length);
  } else {
    // A clause of its own after the value ("..., and notifies affected individuals as set out in
    // section 5") is another duty, not this value's subject.
    const after = text.slice(quantity.index + quantity.phrase.length, end);
    const cut = after.search(/(?:,\s*and|;)\s+(?:then\s+)?[a-z]+(?:s|es)\b(?!\s+(?:and|or)\b)/);
    if (cut >= 0) end = quantity.index + quantity.phrase.length + cut;
  }
  return { start, end };
}

// A number before a unit, even a qualified one ("24 calendar months"), is a quantity, no label.
const LABELLED =
  /\b([A-Za-z]{3,})\s+((?:[A-Z]|\d{1,2}|[IVX]{1,4})(?:\s*(?:,|and|or|&|\/)\s*(?:[A-Z]|\d{1,2}|[IVX]{1,4}))*)\b(?![-.:]?\s*(?:(?:calendar|business|working|consecutive|clear|full)\s+)?(?:days?|hours?|weeks?|months?|years?|minutes?)\b)/g;

/** Nouns followed by identifiers: "Tier A systems", "Band 2 and 3 assets", "Severity 1". */
function labelsIn(text: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const m of text.matchAll(LABELLED)) {
    const noun = m[1]!.toLowerCase().replace(/s$/, '');
    const ids = m[2]!.split(/\s*(?:,|and|or|&|\/)\s*/).filter(Boolean);
    out.set(noun, [...(out.get(noun) ?? []), ...ids]);
  }
  return out;
}

/** A capitalised title ending in a post's noun ("Chief Information Security Officer", "Risk Committee"). */
const POST_TITLE = new RegExp(
  `\\b(?:[A-Z][\\w'’-]*\\s+){1,4}(?:${[...roleNouns.leadership, ...roleNouns.person, ...roleNouns.group].join('|')})s?\\b`,
  'g',
);

/** The acronym of a chief officer's post ("CISO", "CFO", "COO") or of a Data Protection Officer. */
const POST_ACRONYM = /^(?:C[A-Z]{1,3}O|DPO)$/;

/** Whether a token is a word of a post's title ("the System Owner") or a post's acronym ("the CISO"). */
function inPostTitle(words: string, token: Token): boolean {
  if (POST_ACRONYM.test(token.value)) return true;
  for (const m of words.matchAll(POST_TITLE))
    if (token.start >= m.index && token.start < m.index + m[0].length) return true;
  return false;
}

/** A list marker and a step's label ("Step 12 ", "Stage 3: "), at the start of a segment. */
const STEP_LABEL = String.raw`^\s*(?:[#>*|-]+\s*)?(?:(?:Step|Stage|Item|Rule|Clause|Section|Article)\s+\d+[a-z]?[.:)]?\s+)`;
const STEP_LABELLED = new RegExp(STEP_LABEL);
const FIRST_WORD = new RegExp(
  `${STEP_LABEL}?(?:\\d{1,3}(?:\\.\\d+)+\\s+|\\(?[\\dA-Za-z]{1,3}(?:\\.\\d+)*[.)]\\s+)?[A-Za-z][\\w'’-]*`,
);

/** Where the segment's first word ends (after any numbering such as "4.2", "a." or "Step 3."). */
function firstWordEnd(text: string): number {
  return FIRST_WORD.exec(text)?.[0].length ?? 0;
}

/** Where a step's label ends ("Step 12 ", "Stage 3: "): its words are numbering, not topic. */
function stepLabelEnd(text: string): number {
  return STEP_LABELLED.exec(text)?.[0].length ?? 0;
}

/** Content tokens of a table row's cells before its first value. */
function rowSubjectTokens(row: string): Token[] {
  const first = extractTimeQuantities(row)[0];
  const lead = row
    .slice(0, first ? first.index : row.length)
    .split('|')
    .slice(0, 2)
    .join(' ');
  return tokensOf(lead).filter(
    (t) =>
      CONTENT.has(t.pos) && t.value.length > 2 && !/\d/.test(t.value) && !NOT_TOPIC.has(normaliseLemma(t)),
  );
}

/** Per noun of `content` (tokens of `words`), the content words right before it in the same phrase. */
function modifiersOf(content: Token[], words: string): Map<string, string[]> {
  const modifiers = new Map<string, string[]>();
  content.forEach((t, j) => {
    if (t.pos === 'ADJ') return;
    const before: string[] = [];
    for (let k = j - 1; k >= 0 && before.length < 2; k -= 1) {
      // A hyphenated compound ("threat-led", "risk-based") modifies as one word.
      if (!/^[\s-]*(?:-[a-z]+\s*)?$/i.test(words.slice(content[k]!.end, content[k + 1]!.start))) break;
      before.unshift(normaliseLemma(content[k]!));
    }
    const noun = normaliseLemma(t);
    modifiers.set(noun, [...(modifiers.get(noun) ?? []), ...before]);
  });
  return modifiers;
}

/** "9.0 or higher", "greater": a comparison with a threshold, not a subject ("high" risks). */
function comparative(t: Token): boolean {
  return t.pos === 'ADJ' && /(?:er|est)$/i.test(t.value) && t.lemma !== t.value.toLowerCase();
}

/**
 * What a row's subject leaves out ("confined space entry without hot work", "Confined space entry
 * (no hot work)"): the case is the rest, not the thing excluded.
 */
const EXCLUDED_SCOPE =
  /\b(?:without|excluding|except|other than)\s+[^,;:|()]*|\(\s*(?:no|not|excluding|without)\s+[^)]*\)/gi;

/** Words that may name a subject: content words that are neither values nor filler. */
function subjectTokens(text: string): Token[] {
  return tokensOf(text).filter(
    (t) =>
      CONTENT.has(t.pos) &&
      !comparative(t) &&
      t.value.length > 2 &&
      !/\d/.test(t.value) &&
      !NOT_TOPIC.has(normaliseLemma(t)),
  );
}

/**
 * The lemmas of a text's words of four letters or more, verbs and participles included ("Held
 * product" -> hold, product), for matching what two texts speak of whatever the grammar.
 */
export function wordLemmas(text: string): string[] {
  const grammar = new Set(['PRON', 'DET', 'ADP', 'AUX', 'CCONJ', 'SCONJ']);
  return [
    ...new Set(
      tokensOf(text)
        .filter((t) => /^[a-z]{4,}$/i.test(t.value) && !grammar.has(t.pos))
        .map((t) => t.lemma),
    ),
  ];
}

/** The content lemmas of a phrase, as a requirement's topic holds them. */
export function contentLemmas(text: string): string[] {
  return [...new Set(subjectTokens(text).map(normaliseLemma))];
}

/**
 * A value inside a cell written as a sentence ("the depot misses the 48-hour notice owed to
 * shippers") is read as one; a short cell ("14 days", "End of contract + 2 years") by its row and frame.
 */
function inProseCell(text: string, quantity: Quantity): boolean {
  const start = text.lastIndexOf('|', quantity.index) + 1;
  const end = text.indexOf('|', quantity.index + quantity.phrase.length);
  const cell = text.slice(start, end < 0 ? text.length : end).replace(quantity.phrase, ' ');
  return cell.split(/\s+/).filter((w) => /[a-z]/i.test(w)).length > 4;
}

/**
 * A cell that opens with its value ("90 days, then destroy, unless exported"): the value is the
 * column's ("Retention"), what follows says what happens after it.
 */
function leadsCell(text: string, quantity: Quantity): boolean {
  const start = text.lastIndexOf('|', quantity.index) + 1;
  return /^\s*(?:(?:at\s+least|minimum(?:\s+of)?|up\s+to|within|for|no\s+(?:less|later|more)\s+than)\s+)?$/i.test(
    text.slice(start, quantity.index),
  );
}

/**
 * A column named "Roll out within" or "Maximum time" holds limits; "Minimum retention", floors. A
 * period's value is an interval, so a "Minimum frequency" of every six months is a longest
 * interval: the bound of a frequency turns round.
 */
function columnBound(columnName: string | null, kind: Quantity['kind']): Quantity['bound'] {
  if (!columnName) return 'exact';
  const frequency = kind === 'period' && /\bfrequen/i.test(columnName);
  if (/\b(?:within|maximum|max|no later than|not later than|deadline|at most|up to)\b/i.test(columnName))
    return frequency ? 'min' : 'max';
  if (/\b(?:minimum|min|at least|no less than|not less than)\b/i.test(columnName))
    return frequency ? 'max' : 'min';
  return 'exact';
}

/**
 * The first action class the texts name, in order ("Roll out within", then the caption, ...); in
 * each, a verb's first ("Fixes must be applied and installed": install).
 */
function firstActionClass(texts: Array<string | null>): string | null {
  for (const text of texts) {
    if (!text) continue;
    const tokens = tokensOf(text).filter((t) => /^[a-z]/i.test(t.value));
    for (const t of [...tokens.filter((x) => x.pos === 'VERB'), ...tokens]) {
      const cls = actionClassOf(t);
      if (cls) return cls;
    }
  }
  return null;
}

/**
 * The requirement a table row's value states: its action from what names the value's column (the
 * column name, then the row's own cells, the table's caption, the section heading, the document's
 * subject); its subject from the row's cells before the value ("| Critical | 14 days |" under
 * "Roll out within", under "Update deadlines": install critical updates within 14 days).
 */
function rowRequirement(
  segment: LocatedSegment,
  frame: RowFrame,
  text: string,
  quantity: Quantity,
): Requirement | null {
  // A row split over lines (one cell per line) has its earlier cells in the frame.
  if (frame.leading !== undefined && !/\s\|\s/.test(text))
    return framedRequirement(segment, frame, quantity, {
      subject: frame.leading,
      column: null,
      own: text,
      row: frame.leadingRow,
    });
  const column = (text.slice(0, quantity.index).match(/\|/g) ?? []).length;
  const cells = text.split('|');
  // The subject cells: those before the value's that hold no value of their own.
  const subject = cells
    .slice(0, column)
    .filter((cell) => extractTimeQuantities(cell).length === 0)
    .join(' , ');
  return framedRequirement(segment, frame, quantity, {
    subject,
    column: frame.header?.split('|')[column] ?? null,
    own: cells.filter((_, i) => i !== column).join(' | '),
  });
}

/**
 * A verbless line stating a value after its subject ("R1 Inpatient case records (...) 10 years Date
 * of discharge"): a row of a table laid out on the page, read as a row whose subject is the text
 * before the value. A line with a finite verb before its value is a clause, not a row: its action,
 * if any, was the clause's ("dispensing records" or "signed forms" name things, "is kept" acts).
 */
function laidOutRowRequirement(
  segment: LocatedSegment,
  text: string,
  quantity: Quantity,
): Requirement | null {
  const frame = segment.frame;
  // A keyed row put back together from its wrapped cells (keyed-rows.ts) is longer than a line.
  if (!frame?.laidOut || text.length > (frame.columns === undefined ? 240 : 700)) return null;
  const before = text.slice(0, quantity.index);
  const finite = tokensOf(before).some(
    (t) => t.pos === 'AUX' || (t.pos === 'VERB' && !/(?:ing|ed)$/i.test(t.value)),
  );
  // A keyed row is known to be a row: its cells run together ("... records ID copies") and a
  // noun may read as a verb.
  if (finite && frame.columns === undefined) return null;
  return framedRequirement(segment, { ...frame, heading: segment.section ?? frame.heading }, quantity, {
    subject: frame.columns ? withoutOwnerCell(before, frame.columns) : before,
    column: frame.columns ? valueColumnOf(frame.columns) : null,
    own: text.slice(quantity.index + quantity.phrase.length),
  });
}

/** A column that names who holds a record: "Owner", "Custodian", "Responsible". */
const OWNER_COLUMN = /\b(?:owner|custodian|responsible|accountable|department)\b/i;

/**
 * A keyed row's words before its value without the owner's cell, when the owner's column stands
 * just before the value's ("... Examples Owner Retention period"): the row's last capitalised
 * words ("Group Security Manager", "CISO / CPO", "Head of IT; approved by CISO") name who keeps
 * the record or signs it off, not what it is.
 */
function withoutOwnerCell(before: string, columns: string): string {
  const owner = columns.search(OWNER_COLUMN);
  const value = valueColumnOf(columns);
  // A column named for its value alone ("Owner Frequency Evidence") is the value's too.
  const valueAt = value ? columns.indexOf(value) : columns.search(VALUE_COLUMN_WORD);
  if (owner < 0 || valueAt < owner) return before;
  // The cell may name who signs off too ("Head of IT; approved by CISO").
  return before.replace(
    /(?:\s+(?:[A-Z][\w&'-]*[;,]?|\/|&|and|of|with|(?:approved|reviewed|authori[sz]ed|signed off|checked|verified) by)){1,10}\s*$/,
    '',
  );
}

/** Nouns that name a column of values ("Retention period", "Review frequency", "Response time"). */
const VALUE_NOUNS = 'period|time|frequency|deadline|interval|cycle|target|limit|window';
const VALUE_COLUMN_NOUN = new RegExp(`^(?:${VALUE_NOUNS})$`, 'i');
/** Such a noun anywhere in the column names ("Control ID Control Owner Frequency Evidence"). */
const VALUE_COLUMN_WORD = new RegExp(`\\b(?:${VALUE_NOUNS})\\b`, 'i');

/**
 * The column a laid-out row's value stands in, from the table's column names when the line cannot
 * say which cell is which ("Ref Record class Examples Retention period Trigger Disposal Basis"): the
 * action named before a noun of values ("Retention period"), or else the first action named.
 */
function valueColumnOf(columns: string): string | null {
  const tokens = tokensOf(columns).filter((t) => /^[a-z]/i.test(t.value));
  const actions = tokens.filter((t) => actionClassOf(t));
  const beforeValueNoun = actions.find((t) =>
    VALUE_COLUMN_NOUN.test(tokens[tokens.indexOf(t) + 1]?.value ?? ''),
  );
  // Otherwise the first: a schedule names its value's column before the method's ("Retention
  // Trigger Disposal").
  return (beforeValueNoun ?? actions[0])?.value ?? null;
}

const RETENTION_TABLE = /\bretention\b/i;
const RECORD_NOUN = /\b(?:records?|files?|registers?|logs?|documents?|forms?|copies|archives?)\b/i;

/** A row's requirement from its subject cells, the value's column name and its other cells. */
function framedRequirement(
  segment: LocatedSegment,
  frame: RowFrame,
  quantity: Quantity,
  cells: { subject: string; column: string | null; own: string; row?: string },
): Requirement | null {
  const { subject: subjectCells, column: columnName, own: ownCells } = cells;
  // The nearest words first: the value's column name, then the row's own cells ("Acknowledge
  // receipt"), then what introduces the table.
  // A row of a retention schedule about records ("Incident records, including regulatory
  // notifications | 5 years") states how long they are kept, whatever act its subject names.
  const retentionRow =
    RETENTION_TABLE.test(`${frame.title} ${frame.heading ?? ''} ${frame.caption ?? ''}`) &&
    RECORD_NOUN.test(subjectCells);
  const action = retentionRow
    ? 'retain'
    : firstActionClass([columnName, subjectCells, frame.caption, ownCells, frame.heading, frame.title]);
  if (!action) return null;
  const actionWords = new Set(ACTION_CLASSES[action] ?? []);
  const lemmasOf = (tokens: Token[]) => [
    ...new Set(
      tokens
        .filter((t) => actionClassOf(t) !== action)
        .map(normaliseLemma)
        .filter((w) => !actionWords.has(w)),
    ),
  ];
  const content = subjectTokens(subjectCells.replace(EXCLUDED_SCOPE, ' ')).filter(
    (t) => actionClassOf(t) !== action,
  );
  const subject = lemmasOf(content);
  if (subject.length === 0) return null;
  const frameWords = lemmasOf(
    subjectTokens([columnName, frame.caption, frame.heading, frame.title].filter(Boolean).join(' . ')),
  );
  // "| Brake systems | 42 days |" under "Inspection intervals": the time between inspections.
  const kind =
    quantity.kind === 'duration' &&
    /\bintervals?\b/i.test([columnName, frame.caption, frame.heading].filter(Boolean).join(' '))
      ? 'period'
      : quantity.kind;
  return {
    segment,
    quantity: {
      ...quantity,
      kind,
      bound: quantity.bound === 'exact' ? columnBound(columnName, kind) : quantity.bound,
    },
    action,
    topic: [
      ...new Set([
        ...subject,
        ...lemmasOf(subjectTokens(columnName ?? '')),
        ...lemmasOf(subjectTokens(cells.row ?? '')),
      ]),
    ],
    named: [],
    labels: labelsIn(subjectCells),
    // The compounds of the whole split row ("Reportable Cyber Incident") head it too.
    modifiers: cells.row
      ? modifiersOf(
          subjectTokens(cells.row).filter((t) => actionClassOf(t) !== action),
          cells.row,
        )
      : modifiersOf(content, subjectCells),
    obligation: true,
    selfReference: OWN_REVIEW_FIELD.test(subjectCells) || OWN_REVIEW_FIELD.test(segment.text),
    row: {
      subject,
      frame: frameWords.filter((w) => !subject.includes(w)),
      qualified: qualifiedSubject(subjectCells),
    },
  };
}

/** "Call recordings — Harrowgate health programme": the thing, and the names after the dash. */
function qualifiedSubject(subjectCells: string): { thing: string[]; names: string[] } | undefined {
  const cell = subjectCells.split(' , ').find((c) => /[a-z]{3}/.test(c));
  const m = cell ? /^(.+?)\s+[–—-]\s+(.+)$/.exec(cell.trim()) : null;
  if (!m) return undefined;
  const thing = [...new Set(subjectTokens(m[1]!).map(normaliseLemma))];
  const names = (m[2]!.match(/\b[A-Z][A-Za-z]{2,}\b/g) ?? []).filter(
    (w, i) => i > 0 || !/^(?:All|Other|The)$/.test(w),
  );
  return thing.length > 0 && names.length > 0 ? { thing, names } : undefined;
}

/**
 * A row about one party's or programme's share of a thing ("Call recordings — Harrowgate health
 * programme") and a statement of that thing in a document that names the party (the agreement
 * with Harrowgate): one requirement, though the statement does not repeat the name.
 */
export function qualifiedRowFor(row: Requirement, other: Requirement, otherText: string): boolean {
  const q = row.row?.qualified;
  if (!q || other.row || row.action !== other.action || row.quantity.kind !== other.quantity.kind)
    return false;
  const topic = new Set(other.topic);
  return q.thing.every((w) => topic.has(w)) && q.names.every((n) => new RegExp(`\\b${n}\\b`).test(otherText));
}

/**
 * "for (a minimum of) seven years": how long something is held, which is the clause's verb's
 * ("maintain documentation of risk assessment efforts for seven years" keeps documents; it assesses
 * nothing for seven years), so the verb decides the action before any nominal action nearer the value.
 */
function heldFor(text: string, quantity: Quantity): boolean {
  const before = text.slice(Math.max(0, quantity.index - 40), quantity.index).toLowerCase();
  const own = quantity.phrase.toLowerCase();
  const lead =
    /\bfor\s+(?:(?:a\s+)?(?:rolling\s+|continuous\s+)?(?:minimum|maximum|period)\s+of\s+|at\s+least\s+|up\s+to\s+|not?\s+(?:less|more)\s+than\s+)?$/;
  return (lead.test(before) || /^for\s/.test(own)) && quantity.kind === 'duration';
}

/** "Customer Data is held ... for a rolling period of thirty-six (36) months": what is held for a time is kept. */
const HELD = /\b(?:is|are|be|been|being)\s+held\b/i;

const RETAIN_WORD = new RegExp(`\\b(?:${ACTION_CLASSES.retain!.join('|')})(?:s|ed|ing)?\\b`, 'i');

/**
 * "Closed eligibility files are destroyed 18 months after the eligibility end date": a time after
 * which a thing is destroyed is how long it is kept, the same rule as "kept for 18 months".
 */
function destroyedAfter(action: string, text: string, quantity: Quantity): boolean {
  if (action !== 'dispose' || quantity.kind !== 'duration') return false;
  return /^\s*(?:after|from|following)\b/i.test(text.slice(quantity.index + quantity.phrase.length));
}

/** The requirement a value states within the words of its span, or null when no action is named. */
function requirementIn(
  segment: LocatedSegment,
  text: string,
  quantity: Quantity,
  span: { start: number; end: number },
  preferVerbs = false,
): Requirement | null {
  const words = text.slice(span.start, span.end);
  const tokens = tokensOf(words);
  const quantityEnd = quantity.index - span.start + quantity.phrase.length;
  const circumstance = inCircumstance(tokens, quantityEnd);
  const held = heldFor(text, quantity);
  // "keeps the record — its fields — for not less than five years after it ends": the clause's
  // verb stands before an aside; what is held for a time is kept.
  const named =
    actionOf(tokens, quantity.index - span.start, preferVerbs || held, quantityEnd) ??
    (held && (RETAIN_WORD.test(text.slice(0, span.start)) || HELD.test(text.slice(0, quantity.index)))
      ? 'retain'
      : null);
  if (!named) return null;
  // "is held for seven years": what is held for a time is kept, not done.
  const heldAsKept =
    held && (named === 'hold' || (named === 'perform' && HELD.test(text.slice(0, quantity.index))));
  const action = destroyedAfter(named, text, quantity) || heldAsKept ? 'retain' : named;
  const actionWords = new Set(ACTION_CLASSES[action] ?? [action]);
  const labelEnd = stepLabelEnd(text);
  const inQuantity = (t: Token) =>
    span.start + t.start >= quantity.index && span.start + t.start < quantity.index + quantity.phrase.length;
  // "A stock count shall be carried out every three (3) months, rotating between chilled and
  // ambient aisles": what is done is named before the value; a participle's phrase after the comma
  // says how, not what.
  const adjunct =
    action === 'perform'
      ? (tokens.find(
          (t, i) =>
            t.value === ',' &&
            t.start >= quantityEnd &&
            tokens[i + 1]?.pos === 'VERB' &&
            /ing$/i.test(tokens[i + 1]!.value),
        )?.start ?? Infinity)
      : Infinity;
  const content = tokens.filter(
    (t) =>
      t.start < adjunct &&
      span.start + t.start >= labelEnd &&
      CONTENT.has(t.pos) &&
      !comparative(t) &&
      !inQuantity(t) &&
      !circumstance.has(t) &&
      actionClassOf(t) !== action &&
      t.value.length > 2 &&
      !/\d/.test(t.value) &&
      !NOT_TOPIC.has(normaliseLemma(t)) &&
      !actionWords.has(normaliseLemma(t)) &&
      // The gerund that names a bounded activity is the action ("driving time does not exceed").
      !(/ing$/i.test(t.value) && !ACTION_CLASSES[action] && verbLemma(t.value) === action),
  );
  // A table row's leading cells name the subject of every value in the row.
  const rowSubject = /\s\|\s/.test(text) && span.start > 0 ? rowSubjectTokens(text) : [];
  for (const t of rowSubject) if (!content.some((c) => c.lemma === t.lemma)) content.unshift(t);
  const modifiers = modifiersOf(content, words);
  return {
    segment,
    quantity,
    action,
    labels: labelsIn(text.slice(span.start, span.end)),
    topic: [...new Set(content.map(normaliseLemma))],
    // A capitalised first word is no name ("Driver licences must ..."), nor is a post's title:
    // who does a thing ("by the System Owner with the CISO") is no part of what it is about.
    named: [
      ...new Set(
        content
          .filter(
            (t) =>
              (/^[A-Z]{2,}$/.test(t.value) ||
                (t.pos === 'PROPN' && span.start + t.start >= firstWordEnd(text))) &&
              !inPostTitle(words, t),
          )
          .map(normaliseLemma),
      ),
    ],
    modifiers,
    // A list item binds as the sentence that introduces it does ("The District shall:").
    obligation:
      OBLIGATION.test(words) ||
      OBLIGATION.test(text.slice(0, span.start)) ||
      imperative(text) ||
      // A register of obligations states each in its cell ("| LR-04 | ... | Notify the regulator
      // within 24 hours of discovery |").
      (/\s\|\s/.test(text) && imperative(cellAround(text, quantity.index))) ||
      OBLIGATION.test(segment.leadIn ?? ''),
    selfReference: SELF_REFERENCE.test(words) || OWN_REVIEW_FIELD.test(text),
    recipient: action === 'notify' ? recipientOf(tokens) : null,
    // A table row's cells are no clause.
    passiveSubject: /\s\|\s/.test(text) ? null : passiveSubjectOf(tokens),
    runIn: runInLabel(text),
    actor: actorOf(tokens),
    residual: /\b(?:other|remaining)\s+(?!than\b)[a-z]+/i.test(
      words.slice(0, Math.max(0, quantity.index - span.start)),
    ),
  };
}

/** The table cell of a row's text that holds an offset. */
function cellAround(text: string, offset: number): string {
  const start = text.lastIndexOf('|', offset) + 1;
  const end = text.indexOf('|', offset);
  return text.slice(start, end < 0 ? undefined : end);
}

/**
 * A statement in the imperative binds as "must" does ("(d) Maintain documentation ... for seven
 * years", "4. Review access rights quarterly"): its first word after a list marker is a verb in its
 * base form, or a known action not used as a noun ("Review of access" is a noun).
 */
function imperative(text: string): boolean {
  const tokens = tokensOf(text.slice(0, 120)).filter((t) => t.pos !== 'SPACE');
  let i = 0;
  while (
    i < tokens.length &&
    (tokens[i]!.pos === 'PUNCT' ||
      tokens[i]!.pos === 'NUM' ||
      (/^[a-z]$|^[ivx]+$/i.test(tokens[i]!.value) && tokens[i + 1]?.value === ')'))
  )
    i += 1;
  const first = tokens[i];
  const next = tokens[i + 1];
  if (!first || !/^[A-Z][a-z]+$/.test(first.value)) return false;
  const base = first.value.toLowerCase();
  if (first.pos === 'VERB' && first.lemma === base) return true;
  return (
    ACTION_OF.has(base) &&
    !/(?:ion|al|ment|ing)$/.test(base) &&
    next !== undefined &&
    ['NOUN', 'DET', 'ADJ', 'PROPN'].includes(next.pos) &&
    next.value.toLowerCase() !== 'of'
  );
}

const MODALS = new Set(['shall', 'must', 'will', 'should', 'may']);

/**
 * The noun phrase right before the modal of an active clause ("After assessment, the Quality
 * Manager or deputy shall submit": manager, deputy, quality). A passive clause ("shall be
 * reported") has no actor here; its subject is what it is about.
 */
function actorOf(tokens: Token[]): string[] {
  const modal = tokens.findIndex((t) => t.pos === 'AUX' && MODALS.has(t.value.toLowerCase()));
  if (modal <= 0 || tokens[modal + 1]?.lemma === 'be') return [];
  const actor: string[] = [];
  for (let i = modal - 1; i >= 0; i -= 1) {
    const t = tokens[i]!;
    if (t.pos === 'NOUN' || t.pos === 'PROPN') actor.push(normaliseLemma(t));
    else if (!['DET', 'ADJ', 'CCONJ', 'PART'].includes(t.pos)) break;
  }
  return actor;
}

/** A label that opens a list item or clause: "Checks after emergency repairs:", "**Hired vans.**". */
const RUN_IN =
  /^\s*(?:[-*\u2022]\s+|\(?[\dA-Za-z]{1,3}(?:\.\d+)*[.)]\s+)?(?:\*\*([^*]{2,80})\*\*|([^:.|]{2,80}):\s)/;

/** The content words of a statement's run-in label, the scope its list item or clause is about. */
function runInLabel(text: string): string[] {
  const m = RUN_IN.exec(text);
  const label = m ? (m[1] ?? m[2] ?? '') : '';
  // Every word counts in a label ("Scheduled", "Ad Hoc"), not only its nouns, and so does an
  // identifier ("Zone 2", "Tier 1").
  const words = tokensOf(label).filter(
    (t) => /^[a-z0-9]/i.test(t.value) && !['DET', 'ADP', 'CCONJ', 'PRON', 'PART', 'AUX'].includes(t.pos),
  );
  return [...new Set(words.map(normaliseLemma))];
}

/**
 * Where the main clause starts when a statement opens with a condition ("Where no approver can be
 * reached within 30 minutes, the supervisor may authorise"): a value in the condition is the
 * circumstance's, not the rule's. 0 when there is no such clause.
 */
function leadingConditionEnd(text: string): number {
  const m =
    /^\s*(?:[-*\u2022]\s+|\(?\d+(?:\.\d+)*[.)]?\s+|\(?[A-Za-z]{1,3}[.)]\s+)?(\w+)\b[^,;:]{0,200},/.exec(text);
  return m && SUBORDINATORS.has(m[1]!.toLowerCase()) ? m[0].length : 0;
}

/** Words that open a condition or time clause before the main clause. */
const SUBORDINATORS = new Set([
  'where',
  'when',
  'whenever',
  'if',
  'once',
  'after',
  'before',
  'until',
  'unless',
  'while',
]);

/**
 * The subject of a passive clause ("Supplier contracts are ... reviewed", "All remaining vehicles are
 * inspected"): the last noun before the auxiliary that is not the action's own noun ("privileged
 * access reviews are performed": access). Null for an active clause, where the subject is the
 * actor.
 */
function passiveSubjectOf(tokens: Token[]): string | null {
  // "Where a breach is determined, JCECC shall notify ...": a clause that opens with a condition has
  // its main clause after the comma.
  const words = tokens.filter((t) => /^[a-z]/i.test(t.value));
  const conditional = words[0] !== undefined && SUBORDINATORS.has(words[0].value.toLowerCase());
  const from = conditional ? tokens.findIndex((t) => t.value === ',') + 1 : 0;
  const aux = tokens.findIndex(
    (t, i) =>
      i >= from &&
      (from > 0 || !conditional) &&
      t.pos === 'AUX' &&
      t.lemma === 'be' &&
      tokens.slice(i + 1, i + 4).some((n) => n.pos === 'VERB' || (n.pos === 'ADJ' && /ed$/.test(n.value))),
  );
  if (aux <= 0) return null;
  const isThing = (t: Token) =>
    (t.pos === 'NOUN' || t.pos === 'PROPN') &&
    actionClassOf(t) === undefined &&
    !NOT_TOPIC.has(normaliseLemma(t));
  // "Administrator accounts on servers, the directory and GxP systems are reviewed": the subject's
  // head stands before its first preposition, however long the list after it.
  const subjectStart = tokens.slice(from, aux).findIndex((t) => /^[a-z]/i.test(t.value)) + from;
  const preposition = tokens.findIndex(
    (t, i) => i > subjectStart && i < aux && t.pos === 'ADP' && isThing(tokens[i - 1]!),
  );
  // A participle after the preposition qualifies the subject ("incidents of the types listed in
  // Annexure I ... shall be reported"); one before it may be the clause's own verb.
  if (preposition > 0 && !tokens.slice(subjectStart, preposition).some((t) => t.pos === 'VERB'))
    return normaliseLemma(tokens[preposition - 1]!);
  for (let i = aux - 1; i >= 0; i -= 1) {
    const t = tokens[i]!;
    if (t.pos === 'PUNCT' || t.pos === 'ADP' || t.pos === 'VERB') break;
    if (isThing(t)) return normaliseLemma(t);
  }
  return null;
}

/**
 * Whom a notice goes to: the nouns after "to" following the notice word ("escalation to the
 * shift supervisor", "report it to the service desk"), or the object of the verb ("informs the
 * customer's account manager"). Null when the clause does not say.
 */
function recipientOf(tokens: Token[]): string[] | null {
  const at = tokens.findIndex((t) => /^[a-z]/i.test(t.value) && actionClassOf(t) === 'notify');
  if (at < 0) return null;
  // One notifies or informs a person, but reports or submits a thing: after "report" or "submit"
  // the object is what is sent ("report every occurrence that falls within ... to the UK CAA").
  const sendsAThing = /^(?:report|submit|escalate)$/.test(tokens[at]!.lemma.toLowerCase());
  const verb = tokens[at]!.pos === 'VERB' && !sendsAThing;
  // "escalation of urgent faults to the shift supervisor", "report it to": the first "to" a noun
  // follows, a few words on (further after a verb that sends a thing).
  const to = tokens
    .slice(at + 1, at + (sendsAThing ? 24 : 10))
    .findIndex((t, k, rest) => t.lemma === 'to' && t.pos !== 'PART' && rest[k + 1]?.pos !== 'VERB');
  let i = at + 1;
  if (to >= 0) i = at + 2 + to;
  else if (!verb) return null;
  const nouns: string[] = [];
  for (; i < tokens.length; i += 1) {
    const t = tokens[i]!;
    if (t.pos === 'NOUN' || t.pos === 'PROPN') nouns.push(normaliseLemma(t));
    // A name runs on through "of" ("the Office of the Information Commissioner", "the Bank of
    // Jamaica"): whom the notice goes to is the whole name.
    else if (t.lemma === 'of' && capitalised(tokens[i - 1]) && nameFollows(tokens, i + 1)) continue;
    else if (!['DET', 'ADJ', 'PART', 'PUNCT'].includes(t.pos) || (t.pos === 'PUNCT' && t.value !== "'"))
      break;
  }
  return nouns.length > 0 ? nouns : null;
}

/** Two names of one recipient: the words of the shorter are all the longer's ("the Commissioner"). */
function oneName(a: string[], b: string[]): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.every((w) => long.includes(w));
}

/** A word of a name: capitalised (the tagger reads "Office" in "the Office of" as a common noun). */
function capitalised(token: Token | undefined): boolean {
  return token !== undefined && /^[A-Z][a-z]/.test(token.value);
}

/** A word of a name next, after at most an article. */
function nameFollows(tokens: Token[], from: number): boolean {
  return capitalised(tokens[from]?.pos === 'DET' ? tokens[from + 1] : tokens[from]);
}

/**
 * Two notices to different people ("to the shift supervisor" and "informs the insurer's claims desk")
 * are two links of one chain, not one rule. Contracts name the parties by their defined roles
 * ("the Contractor" is the policy's company), so callers leave a contract's notices out.
 */
export function differentRecipients(a: Requirement, b: Requirement): boolean {
  if (!a.recipient || !b.recipient) return false;
  return !a.recipient.some((w) => b.recipient!.includes(w));
}

/**
 * "Weekly snapshot sets", "annual leave": a frequency written before a noun whose head is no
 * action names a kind of thing, not how often something is done ("weekly backups" and "an annual
 * penetration test" still state frequencies).
 */
function namesAKind(text: string, quantity: Quantity): boolean {
  const frequency = quantity.kind === 'period' && /^[a-z]+ly$|^annual$/i.test(quantity.phrase);
  // So does a span written as one word before a noun ("a 24-hour security operations centre", "a
  // 24-hour hotline"), unless the noun is itself a span or a deadline ("a 72-hour notice", "the
  // 30-day window", "a 7-year retention period").
  const span =
    quantity.kind === 'duration' && /^\S+-(?:minute|hour|day|week|month|year)$/i.test(quantity.phrase);
  if (!frequency && !span) return false;
  const after = tokensOf(
    text.slice(quantity.index + quantity.phrase.length, quantity.index + quantity.phrase.length + 60),
  );
  // The noun phrase right after the value (the tagger may read a verb-like word such as "restore" in
  // "restore copies" as a verb); its head is its last noun.
  let head: Token | null = null;
  for (const t of after) {
    if (!['NOUN', 'PROPN', 'ADJ', 'VERB', 'CCONJ'].includes(t.pos)) break;
    if (t.pos === 'NOUN' || t.pos === 'PROPN') head = t;
  }
  return (
    head !== null && actionClassOf(head) === undefined && !(span && SPAN_NOUNS.has(normaliseLemma(head)))
  );
}

/** Nouns a span before them measures: "a 72-hour notice", "the 30-day window", "a 7-year term". */
const SPAN_NOUNS = new Set([
  'period',
  'deadline',
  'window',
  'notice',
  'limit',
  'timeframe',
  'time',
  'term',
  'cycle',
  'interval',
  'timeline',
  'timescale',
  'target',
  'turnaround',
  'clock',
  'grace',
  'sla',
  'rule',
  'requirement',
  'lookback',
  'horizon',
]);

/**
 * "Accounts with no logon for 90 days are flagged ... unless the reviewer records a reason to keep
 * them", "locked after 45 days without use": a span of inactivity triggers the rule; it is no
 * period anything is kept for or done within (it is the value only of a rule that disables
 * dormant accounts).
 */
function inactivityTrigger(text: string, quantity: Quantity): boolean {
  const before = text.slice(Math.max(0, quantity.index - 40), quantity.index);
  const after = text.slice(
    quantity.index + quantity.phrase.length,
    quantity.index + quantity.phrase.length + 30,
  );
  // "No driver shall drive for more than nine hours": a prohibition of the subject, not a span of
  // inactivity; a modal between "no" and "for" says so.
  const idle =
    /\b(?:no|without|not (?:been )?used|inactiv\w*|unused|idle|dormant)\b([^.;,]{0,25})\bfor\s+(?:more than\s+|over\s+)?$/i.exec(
      before,
    );
  return (
    (idle !== null && !/\b(?:shall|must|may|will|should|can|is to|are to)\b/i.test(idle[1]!)) ||
    /^\s*(?:of\s+)?(?:without|of (?:no |in)activity|inactivity|unused|idle)\b/i.test(after)
  );
}

/**
 * "stricter than the ten-minute kiosk timeout": a value named to compare with is another
 * rule's, not this sentence's ("no later than 72 hours" is this sentence's limit).
 */
function comparedWith(text: string, quantity: Quantity): boolean {
  const before = text.slice(Math.max(0, quantity.index - 40), quantity.index).toLowerCase();
  return /\b(?:shorter|longer|stricter|tighter|looser|faster|slower|sooner|quicker)\s+than\s+(?:the\s+|a\s+|an\s+)?$/.test(
    before,
  );
}

/**
 * "may be deferred once, by no more than fourteen (14) days", "extended by 30 days": how far a
 * due date may move, not how often or how soon the thing is done.
 */
function deferral(text: string, quantity: Quantity): boolean {
  const before = text.slice(Math.max(0, quantity.index - 60), quantity.index).toLowerCase();
  return /\b(?:defer\w*|postpon\w*|extend\w*|delay\w*)\b[^.;]{0,30}\bby\s+(?:(?:up to|no more than|not more than|at most|a maximum of)\s+)?$/.test(
    before,
  );
}

/** The requirements with a time quantity that one segment states (cached per segment). */
export function requirementsOf(segment: LocatedSegment): Requirement[] {
  const cached = cache.get(segment);
  if (cached) return cached;
  if (segment.diagram) return [];
  const text = foldTypography(segment.text);
  const condition = leadingConditionEnd(text);
  const quantities = (text.length <= 600 ? extractTimeQuantities(text) : []).filter(
    (q) => !namesAKind(text, q) && !comparedWith(text, q) && !deferral(text, q) && q.index >= condition,
  );
  const frame =
    segment.frame && (/\s\|\s/.test(text) || segment.frame.leading !== undefined) ? segment.frame : null;
  const out = quantities.flatMap((quantity, i) => {
    // A prose cell that names no action of its own ("If at least 250 residents are affected: not
    // later than 60 days") takes its row's, as a short cell does.
    // A keyed row put back together (keyed-rows.ts) is a row, whatever verb its cells hold.
    const keyedRow = segment.frame?.columns !== undefined;
    // Under known column names, a keyed row's first value of a kind is its value column's; a later
    // one in brackets is a note on it or on another cell ("6 years (13 months online)", "21 CFR
    // 1304.04 (2 yrs); Ohio Board of Pharmacy (3 yrs)").
    if (segment.frame?.columns && notesEarlierValue(text, quantity, quantities.slice(0, i))) return [];
    const requirement =
      frame && (!inProseCell(text, quantity) || leadsCell(text, quantity))
        ? rowRequirement(segment, frame, text, quantity)
        : keyedRow
          ? laidOutRowRequirement(segment, text, quantity)
          : (requirementIn(segment, text, quantity, localSpan(text, quantities, i)) ??
            (frame
              ? rowRequirement(segment, frame, text, quantity)
              : laidOutRowRequirement(segment, text, quantity)));
    // A span of inactivity is the value of a rule that disables dormant accounts, or of a screen
    // or session lock (minutes, not days: "lock after 15 minutes without use"), and of no other.
    const sessionLock = requirement?.action === 'lock' && quantity.value < 1;
    if (requirement && requirement.action !== 'revoke' && !sessionLock && inactivityTrigger(text, quantity)) {
      // "disables staff accounts that have not been used for ninety (90) days and notifies the
      // holder": the span is the disabling's (or the suspending's), whatever verb stands nearer.
      const actions = actionClassesIn(text.slice(0, quantity.index));
      const disabling = actions.has('revoke') || actions.has('lock');
      return disabling ? [{ ...requirement, action: 'revoke' }] : [];
    }
    if (!requirement) return [];
    const read = sectionActivity(segment, text, quantity, requirement);
    // Items of one list under one lead-in ("7.4 Re-test intervals:") each state their own case.
    return [segment.leadIn ? { ...read, leadIn: segment.leadIn } : read];
  });
  // A sentence too long to read whole may still be a list of short items.
  const result =
    out.length > 0 || (quantities.length === 0 && text.length <= 600)
      ? out
      : segment.leadIn
        ? underLeadIn(segment, foldTypography(segment.leadIn), text)
        : inlineList(segment, text);
  cache.set(segment, result);
  return result;
}

/** Controls run on a cycle: a statement of how often one is done states its cycle. */
export const CYCLIC_ACTIONS: ReadonlySet<string> = new Set([
  'review',
  'test',
  'scan',
  'assess',
  'backup',
  'change',
]);

/** Nothing but a step's number before the value: "Step 11. Every six (6) months, ...", "(b) Quarterly, ...". */
const ONLY_STEP_LABEL = /^\s*(?:(?:step\s+)?(?:\d+(?:\.\d+)*|[a-z]|[ivx]+)[.):]?\s*|\([a-z0-9]+\)\s*)?$/i;

/**
 * A procedure step that opens with its cycle ("Step 11. Every six (6) months, the IT Manager
 * extracts the list of active accounts ...") states how often the activity its section is named
 * for is done ("User access review"), whatever the step's own verb (extract, send, export): the
 * requirement is the section's activity, about what the heading and the step name.
 */
function sectionActivity(
  segment: LocatedSegment,
  text: string,
  quantity: Quantity,
  requirement: Requirement,
): Requirement {
  if (quantity.kind !== 'period' || CYCLIC_ACTIONS.has(requirement.action) || !segment.section)
    return requirement;
  if (!ONLY_STEP_LABEL.test(text.slice(0, quantity.index))) return requirement;
  // The compound's head is its last word: "Backup testing" is a test (of backups).
  const action = [...actionClassesIn(segment.section)].filter((a) => CYCLIC_ACTIONS.has(a)).pop();
  if (!action) return requirement;
  const named = new Set(ACTION_CLASSES[action] ?? [action]);
  const heading = contentLemmas(segment.section).filter((w) => !named.has(w));
  if (heading.length === 0) return requirement;
  return { ...requirement, action, topic: [...new Set([...heading, ...requirement.topic])] };
}

/**
 * A list item that names no action of its own takes its lead-in's ("Laptops are patched at these
 * intervals:" over "(b) kiosks in branches: monthly;"): the values of the item (which starts at
 * `offset` of the segment's text), read with the lead-in before it.
 */
function underLeadIn(segment: LocatedSegment, leadIn: string, item: string, offset = 0): Requirement[] {
  const joined = `${leadIn} ${item}`;
  const shift = joined.length - item.length;
  const quantities = extractTimeQuantities(joined).filter(
    (q) => q.index >= shift && !namesAKind(joined, q) && !comparedWith(joined, q),
  );
  return quantities.flatMap((quantity) => {
    const requirement = requirementIn(segment, joined, quantity, { start: 0, end: joined.length });
    // The value stays where it stands in the segment's own text.
    return requirement
      ? [
          {
            ...requirement,
            quantity: { ...quantity, index: quantity.index - shift + offset },
            leadIn: segment.leadIn ?? leadIn,
          },
        ]
      : [];
  });
}

/**
 * A sentence whose list runs on after a colon, its items apart by semicolons ("Lifting equipment
 * is thoroughly examined: lifting accessories: at least every six months; all other lifting
 * equipment: at least every twelve months"): each item read as a list item under the words before
 * the colon, so that the items are cases of one rule.
 */
function inlineList(segment: LocatedSegment, text: string): Requirement[] {
  const colon = text.search(/:\s/);
  if (colon < 0 || !text.includes(';', colon)) return [];
  const leadIn = text.slice(0, colon);
  let offset = colon + 1;
  return text
    .slice(colon + 1)
    .split(';')
    .flatMap((item) => {
      const read = underLeadIn(segment, leadIn, item, offset);
      offset += item.length + 1;
      return read;
    });
}

/**
 * The requirement a segment states around a phrase that stands where a value belongs ("on a
 * regular basis", "within the specified window"): the same reading as a stated value's, over the phrase's
 * clause. `quantity` carries the phrase, its offset in the segment's folded text and its kind.
 */
export function requirementAround(segment: LocatedSegment, quantity: Quantity): Requirement | null {
  const text = foldTypography(segment.text);
  // A vague adverb qualifies the verb ("verify the tape copies routinely" is a check, not a copy).
  return requirementIn(segment, text, quantity, localSpan(text, [quantity], 0), true);
}

/**
 * Whether a requirement's value may be done by one of these actions: its action is of one of
 * these classes, or of no known class ("enumerate", a trigger's verb: unknown is no evidence).
 * Nouns of the clause do not decide: in "indicators reported monthly under the Backup Standard"
 * the value is a report's, whatever the clause names.
 */
export function attachesToAction(requirement: Requirement, classes: readonly string[]): boolean {
  return classes.includes(requirement.action) || !(requirement.action in ACTION_CLASSES);
}

/** The action classes a text names in any form ("scanning", "re-tested", "reviews"). */
export function actionClassesIn(text: string): Set<string> {
  const out = new Set<string>();
  for (const t of tokensOf(text)) {
    const cls = /^[a-z]/i.test(t.value) ? actionClassOf(t) : undefined;
    if (cls) out.add(cls);
  }
  return out;
}

/** Whether an action is one of the known classes ("review", "notify", ...) rather than a bare verb. */
export function isActionClass(action: string): boolean {
  return action in ACTION_CLASSES;
}

/** Words two topics share. */
export function sharedTopic(a: Requirement, b: Requirement): string[] {
  const other = new Set(b.topic);
  return a.topic.filter((w) => other.has(w));
}

/**
 * Nouns that head their compound: nouns that modify no other noun of the topic, other than
 * classifiers followed by an identifier ("Tier 1", "Severity 2").
 */
export function heads(r: Requirement): string[] {
  const modifying = new Set([...r.modifiers.values()].flat());
  return [...r.modifiers.keys()].filter((noun) => !modifying.has(noun) && !r.labels.has(noun));
}

/**
 * Nouns that name a measure, not what is measured ("the recommended value is 24 hours"): alone, such
 * a topic says nothing of the subject, so two of them never align.
 */
const MEASURE_NOUNS = new Set([
  'value',
  'values',
  'amount',
  'number',
  'figure',
  'setting',
  'time',
  'period',
  'duration',
  'length',
  'level',
  'default',
]);

/** Two topics at least this similar (shared words over all words) may be one requirement. */
const MIN_SIMILARITY = 0.5;

/**
 * Two requirements speak about the same thing: same action and kind of value; topics that are
 * mostly the same words (at least two shared, or the same single word other than a measure noun)
 * whose compounds share a
 * head noun; no named thing (a
 * system, a party, an acronym) on each side that the other lacks; and no modifier or scope word
 * that sets them apart ("privileged" and "user" accounts; "critical" and "other" systems).
 */
export function aligned(a: Requirement, b: Requirement): boolean {
  if (a.action !== b.action || a.quantity.kind !== b.quantity.kind) return false;
  if (rowKeyed(a, b) || rowKeyed(b, a)) return !labelsApart(a, b);
  if (rowsOfOneTable(a, b)) return !labelsApart(a, b) && !plainlyApart(a, b);
  const shared = sharedTopic(a, b);
  const union = new Set([...a.topic, ...b.topic]).size;
  const oneWord =
    a.topic.length === 1 && b.topic.length === 1 && shared.length === 1 && !MEASURE_NOUNS.has(shared[0]!);
  if (!oneWord && (shared.length < 2 || shared.length / union < MIN_SIMILARITY)) return false;
  // The compounds' head nouns must meet: "supplier performance" is no "supplier"; who acts and
  // whom a notice goes to are no meeting ("the Trustee shall notify the regulator" of an incident
  // and of a control weakness).
  const parties = partiesOf(a, b);
  const headsA = heads(a).filter((w) => !parties.has(w));
  const headsB = heads(b).filter((w) => !parties.has(w));
  if (headsA.length > 0 && headsB.length > 0 && !headsA.some((h) => headsB.includes(h))) return false;
  return !apart(a, b);
}

/** Who acts and whom a notice goes to: they say nothing of what a rule is about. */
function partiesOf(a: Requirement, b: Requirement): Set<string> {
  return new Set([...(a.actor ?? []), ...(b.actor ?? []), ...(a.recipient ?? []), ...(b.recipient ?? [])]);
}

/**
 * Looser than `aligned`, for a statement and the document that implements it or that it
 * implements (a policy and its procedure, a policy and a contract that cites it), where a reader
 * expects the same rule restated in other words: same known action and kind of value, both
 * binding (obligations, unless `binds` says otherwise), nothing plainly apart, and what they are about (the topic without who acts or whom
 * a notice goes to) meets on a head noun and shares a second word, unless both topics are short
 * ("dormant accounts are disabled").
 */
export function restated(
  a: Requirement,
  b: Requirement,
  binds: (r: Requirement) => boolean = (r) => r.obligation,
): boolean {
  if (a.action !== b.action || a.quantity.kind !== b.quantity.kind || !isActionClass(a.action)) return false;
  if (!binds(a) || !binds(b) || plainlyApart(a, b)) return false;
  const parties = partiesOf(a, b);
  // A step's run-in label names what it is about ("5. Chemical spill: the Site Supervisor informs
  // ... within 48 hours of the spill being contained"), the label's last word its head.
  const about = (r: Requirement) => new Set([...r.topic, ...(r.runIn ?? [])]);
  const topicB = about(b);
  const shared = [...about(a)]
    .filter((w) => topicB.has(w))
    .filter((w) => !parties.has(w) && !MEASURE_NOUNS.has(w));
  // The compounds must meet on a head noun: an "information security incident" is no
  // "information security control weakness".
  const labelHead = (r: Requirement) => (r.runIn?.length ? [r.runIn[r.runIn.length - 1]!] : []);
  const headsA = [...heads(a), ...labelHead(a)].filter((w) => !parties.has(w));
  const headsB = [...heads(b), ...labelHead(b)].filter((w) => !parties.has(w));
  // Access and the accounts that carry it are one thing ("access of leavers is disabled",
  // "accounts are disabled").
  const accessHead = (hs: string[]) => hs.some((w) => ONE_ACCESS_SUBJECT.has(w));
  const meet =
    shared.some((w) => headsA.includes(w) && headsB.includes(w)) ||
    (accessHead(headsA) && accessHead(headsB)) ||
    sameRecordsNamed(a, b, headsA, headsB);
  if (!meet) return false;
  // Notices to the same named recipient that meet on what is notified ("notify the Commissioner"
  // of a breach, "notify the Office of the Information Commissioner" of a personal data breach)
  // are one duty, however differently the rest of the clause runs.
  const sameRecipient =
    !!a.recipient && !!b.recipient && oneName(a.recipient, b.recipient) && !modifiedApart(a, b, () => true);
  // Short topics that meet on one noun only: the noun must not be two compounds ("visitor logs"
  // and the "data subject request log").
  return (
    shared.length >= 2 ||
    sameRecipient ||
    (headsA.length + headsB.length <= 4 && !modifiedApart(a, b, () => true))
  );
}

/**
 * A table row and a statement of the same thing: the action is a known one, the row's subject
 * cells are all among the statement's words ("Urgent" in "fixes classed as Urgent ... are installed
 * within 10 days"), and, for a one-word subject, what frames the table (its column name, caption,
 * heading or document subject: "Update deadlines") names one more of them. However long the statement, the row is keyed
 * by its subject, as a reader looks a value up in a summary table.
 */
function rowKeyed(row: Requirement, other: Requirement): boolean {
  if (!row.row || other.row || !isActionClass(row.action)) return false;
  const topic = new Set(other.topic);
  // A long subject cell may name the thing twice ("Investor CDD / KYC file"): one word of three or
  // more the statement does not use leaves it the same subject.
  const missing = row.row.subject.filter((w) => !topic.has(w)).length;
  if (missing > (row.row.subject.length >= 3 ? 1 : 0)) return false;
  return row.row.subject.length >= 2 || row.row.frame.some((w) => topic.has(w));
}

/** Words of a table's frame that name a kind of document, not what the table is about. */
export const DOCUMENT_KIND_WORDS: ReadonlySet<string> = new Set([
  'policy',
  'procedure',
  'standard',
  'schedule',
  'register',
  'manual',
  'plan',
  'table',
  'appendix',
  'annex',
  'guideline',
  'record',
]);

/**
 * Two table rows, in two documents, of one table restated: one row's subject is among the other's
 * ("High | At least every 12 months" and "High risk: every two years") and what frames the tables
 * shares two words beyond kinds of document ("CDD periodic review" in both). Rows keyed by a level
 * alone ("High") are cases of whatever the table is about: its frame says which.
 */
function rowsOfOneTable(a: Requirement, b: Requirement): boolean {
  if (!a.row || !b.row || a.segment.document === b.segment.document) return false;
  const shorter = a.row.subject.length <= b.row.subject.length ? a.row : b.row;
  // The level keys both rows: it is in each row's key (its first named cell or its label), not
  // somewhere among the other cells ("regular backups" cited in a row about restore tests).
  if (!shorter.subject.every((w) => keyWords(a).has(w) && keyWords(b).has(w))) return false;
  const frameB = new Set(b.row.frame);
  const sharedFrame = a.row.frame.filter((w) => frameB.has(w) && !DOCUMENT_KIND_WORDS.has(w));
  return sharedFrame.length >= 2;
}

/** An identifier cell ("CO-19", "R.4.2"): it names the row, not what the row is about. */
const ID_CELL = /^[A-Z]{1,6}[-.]?\d[\w.-]*$/;

const keyWordsCache = new WeakMap<LocatedSegment, Set<string>>();

/** The words of a row's key: its first cell that is not an identifier, or the label before its colon. */
function keyWords(r: Requirement): Set<string> {
  let words = keyWordsCache.get(r.segment);
  if (!words) keyWordsCache.set(r.segment, (words = readKeyWords(r)));
  return words;
}

function readKeyWords(r: Requirement): Set<string> {
  const text = r.segment.text;
  const key = text.includes('|')
    ? text
        .split('|')
        .map((c) => c.trim())
        .find((c) => /[a-z]/i.test(c) && !ID_CELL.test(c))
    : /^\s*(?:[-*\u2022]\s*)?([^:]{1,60}):/.exec(text)?.[1];
  return new Set(key ? contentLemmas(key) : []);
}

/** "Tier A systems" and "Tier B records": one noun, different identifiers. */
function labelsApart(a: Requirement, b: Requirement): boolean {
  for (const [noun, ids] of a.labels) {
    const other = b.labels.get(noun);
    if (other && !ids.some((id) => other.includes(id))) return true;
  }
  return false;
}

/**
 * Two statements of one document under sections for different scopes ("High Severity" and "Low
 * Severity", "Tier 1 systems" and "Tier 2 systems"): the sections' scope words or identifiers differ.
 */
function sectionsApart(a: Requirement, b: Requirement): boolean {
  const sa = a.segment.section;
  const sb = b.segment.section;
  if (a.segment.document !== b.segment.document || !sa || !sb || sa === sb) return false;
  const scope = (title: string) =>
    [...(title.toLowerCase().match(/[a-z][a-z-]+/g) ?? [])].filter((w) => SCOPE_WORDS.has(w));
  const [wa, wb] = [scope(sa), scope(sb)];
  if (wa.length > 0 && wb.length > 0 && !wa.some((w) => wb.includes(w))) return true;
  const la = labelsIn(sa);
  const lb = labelsIn(sb);
  return [...la].some(([noun, ids]) => lb.has(noun) && !ids.some((id) => lb.get(noun)!.includes(id)));
}

/**
 * Two list items or clauses under different run-in labels ("Checks after planned
 * maintenance:" and "Checks after emergency repairs:"): each label names something the other
 * does not.
 */
function runInsApart(a: Requirement, b: Requirement): boolean {
  const la = a.runIn ?? [];
  const lb = b.runIn ?? [];
  if (la.length === 0 || lb.length === 0) return false;
  return la.some((w) => !lb.includes(w)) && lb.some((w) => !la.includes(w));
}

/** Nouns that name information held, whatever its form: what modifies them says which. */
const RECORD_NOUNS = new Set(['datum', 'data', 'information', 'record', 'history', 'log', 'file']);

/**
 * "Location data" and "location history", "access records" and "access logs": compounds headed
 * by a noun of information held, with a modifier in common, name the same records.
 */
function sameRecordsNamed(a: Requirement, b: Requirement, headsA: string[], headsB: string[]): boolean {
  const modifiersOfRecords = (r: Requirement, hs: string[]) =>
    hs.filter((h) => RECORD_NOUNS.has(h)).flatMap((h) => r.modifiers.get(h) ?? []);
  const ofB = new Set(modifiersOfRecords(b, headsB));
  return modifiersOfRecords(a, headsA).some((w) => ofB.has(w));
}

/** Passive subjects that name one thing: "privileged access is reviewed", "admin accounts are reviewed". */
const ONE_ACCESS_SUBJECT = new Set(['access', 'account', 'right', 'privilege', 'permission']);

/**
 * Two passive clauses about different things ("Supplier contracts are reviewed every year",
 * "Waivers are reviewed monthly"): one's subject is not among the other's words.
 */
function subjectsApart(a: Requirement, b: Requirement): boolean {
  if (!a.passiveSubject || !b.passiveSubject || a.passiveSubject === b.passiveSubject) return false;
  if (ONE_ACCESS_SUBJECT.has(a.passiveSubject) && ONE_ACCESS_SUBJECT.has(b.passiveSubject)) return false;
  if (sameRecordsNamed(a, b, [a.passiveSubject], [b.passiveSubject])) return false;
  return !b.topic.includes(a.passiveSubject) || !a.topic.includes(b.passiveSubject);
}

/** "this policy", "the present procedure": a statement about the document it stands in. */
const SELF_REFERENCE =
  /\bth(?:is|e present) (?:policy|standard|procedure|plan|document|section|schedule|guideline|guide|programme|program|manual|framework|charter|agreement|addendum|contract)\b/i;
/** A document-control field of the document's own review: "Review cycle | Annual", "Review frequency: Every two years". */
const OWN_REVIEW_FIELD =
  /^[\s|*_#-]*(?:document\s+)?review\s+(?:cycle|frequency|period|interval|schedule)\b/i;

/**
 * Evidence that two requirements speak about different things, whatever words they share: a named
 * thing (a system, a party, an acronym) on each side that the other lacks; a shared noun modified
 * differently ("privileged" and "user" access); or any of the plain signs of `plainlyApart`.
 */
export function apart(a: Requirement, b: Requirement): boolean {
  if (a.leadIn !== undefined && b.leadIn !== undefined && a.leadIn === b.leadIn) return true;
  const namedA = a.named.filter((w) => !b.topic.includes(w));
  const namedB = b.named.filter((w) => !a.topic.includes(w));
  if (namedA.length > 0 && namedB.length > 0) return true;
  return modifiedApart(a, b, () => true) || plainlyApart(a, b);
}

/** A shared noun that each modifies differently, where `counts` accepts the two modifier lists. */
function modifiedApart(
  a: Requirement,
  b: Requirement,
  counts: (ma: string[], mb: string[]) => boolean,
): boolean {
  const shared = sharedTopic(a, b);
  const own = (r: Requirement, noun: string) =>
    (r.modifiers.get(noun) ?? []).filter((w) => !shared.includes(w) && !STAGE_WORDS.has(w));
  return shared.some((noun) => {
    const ma = own(a, noun);
    const mb = own(b, noun);
    return ma.length > 0 && mb.length > 0 && ma.join(' ') !== mb.join(' ') && counts(ma, mb);
  });
}

/**
 * The signs of different subjects that hold even when the rest of the reading is rough (a long
 * sentence, a table row): different identifiers after one noun ("Tier A" and "Tier B"); passive
 * clauses about different things ("contracts are reviewed", "waivers are reviewed"); scope words
 * apart ("critical" and "other" systems); or, in two documents, a statement about the document
 * itself ("this policy is reviewed every two years" is each policy's own rule).
 */
export function plainlyApart(a: Requirement, b: Requirement): boolean {
  if (labelsApart(a, b)) return true;
  if (sectionsApart(a, b)) return true;
  if (runInsApart(a, b)) return true;
  if (subjectsApart(a, b)) return true;
  if (a.segment.document !== b.segment.document && (a.selfReference || b.selfReference)) return true;
  if (stagesApart(a, b)) return true;
  // One noun, modified differently where a modifier is a scope word ("external" and "application"
  // penetration tests).
  if (modifiedApart(a, b, (ma, mb) => [...ma, ...mb].some((w) => SCOPE_WORDS.has(w)))) return true;
  return scopesApart(a, b);
}

/** Two different steps of a duty ("initial" and "final" reports; "initial" and "refresher" training). */
function stagesApart(a: Requirement, b: Requirement): boolean {
  const stages = (r: Requirement) => r.topic.filter((w) => STAGE_WORDS.has(w));
  const [sa, sb] = [stages(a), stages(b)];
  return sa.length > 0 && sb.length > 0 && !sa.some((w) => sb.includes(w));
}

/** Each names a scope word the other lacks ("critical" and "other" systems): different scopes. */
export function scopesApart(a: Requirement, b: Requirement): boolean {
  const shared = sharedTopic(a, b);
  const scopes = (r: Requirement) =>
    new Set(r.topic.filter((w) => SCOPE_WORDS.has(w) && !STAGE_WORDS.has(w)).map(scopeOf));
  const [scopesOfA, scopesOfB] = [scopes(a), scopes(b)];
  // A scope both name, in one word or another, is shared.
  const scope = (r: Requirement) =>
    r.topic.filter(
      (w) =>
        SCOPE_WORDS.has(w) &&
        !STAGE_WORDS.has(w) &&
        !shared.includes(w) &&
        !(scopesOfA.has(scopeOf(w)) && scopesOfB.has(scopeOf(w))),
    );
  const scopeA = scope(a);
  const scopeB = scope(b);
  // "All other accounts" is the rest, apart from any kind the other statement names.
  if (Boolean(a.residual) !== Boolean(b.residual)) return (a.residual ? scopeB : scopeA).length > 0;
  // A retention rule lists the kinds of record it keeps: scope words that each qualify only a
  // kind the other rule does not list ("internal memos" among one's records, the "archive box"
  // the other's go to) set no scope of what both keep; one on a thing both name ("standard user
  // accounts" beside "accounts with administrative rights") does.
  const qualifiesOnlyOwn = (r: Requirement, other: Requirement) => (w: string) => {
    const nouns = [...r.modifiers].filter(([, mods]) => mods.includes(w)).map(([noun]) => noun);
    return nouns.length > 0 && nouns.every((noun) => !other.topic.includes(noun));
  };
  if (a.action === 'retain' && scopeA.every(qualifiesOnlyOwn(a, b)) && scopeB.every(qualifiesOnlyOwn(b, a)))
    return false;
  return scopeA.length > 0 && scopeB.length > 0;
}
