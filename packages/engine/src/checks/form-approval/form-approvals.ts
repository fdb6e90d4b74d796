// conflict_check on filled-in forms: a request approved by the person who made it. The requester
// (or the sponsor who raised it) signs the approval section too, which a segregation-of-duties
// rule, on the form or in the procedure behind it, forbids.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { segmentAt } from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { quoteAround, quoteOf, type Issue } from '../../analyst/issue';
import { escapeRegExp } from '../../text/normalize';

/** A person's name read from a labelled field of a form. */
export interface NameField {
  name: string;
  segment: LocatedSegment;
}

export interface SelfApprovedForm {
  document: string;
  reference: string | null;
  requester: NameField;
  approver: NameField;
  /** The statement that forbids it: a normative document's, else the form's own. */
  rule: LocatedSegment;
  /** When the approver holds the post the rule bars from approving ("not the Shift Supervisor"). */
  barredPost?: string;
}

/**
 * Who asked for it, drew it up or made its first check: "Requested by", "Name of person requiring
 * access", "Authority sponsor", "Prepared by (RM)", "Verified by (name)", "Captured in the
 * payments system by" (the maker of a maker-checker form, whom the approver must not be), a
 * permit's "Performing Authority" (who will do the work), "Released by" (who carries out what was
 * authorised).
 */
const REQUESTER_LABEL =
  /\b(?:requested by|request(?:e|o)r(?:'s)?(?: name)?|name of (?:the )?(?:person|employee|user|staff member) requiring(?: access)?|name of applicant|applicant(?:'s)? name|(?:[A-Z][a-z]+ )?sponsor(?: \(name[^)\n]*\))?|submitted by|raised by|prepared by|completed by|verified by|checked by|performing authority|released by|carried out by|(?:work\s+)?performed by|(?:captured|entered|keyed|input|initiated)(?:\s+(?:in|on|into)\s+[\w -]{1,40}?)?\s+by)\b/i;
/**
 * Who approved it: "Approved by (name / title)", "Approver name" (OCR may join the words), the
 * "Issuing Authority" of a permit to work.
 */
const APPROVER_LABEL =
  /\b(?:approved by|approver\s*name|authori[sz]ed by|issuing authority|permit issued by|return[- ]to[- ]service|(?:independent\s+)?checker(?:'s)?\s+name)\b/i;
/** A form reference: "Request No. VRA-2026-088", "Request reference PAR-2026-031". */
const REFERENCE =
  /\brequest\s+(?:no\.?|number|ref(?:erence)?\.?)\s*[:|]?\s*([A-Z]{2,}[A-Z0-9]*(?:-[A-Z0-9]+)+)/i;
/**
 * Two or three capitalised words, an initial allowed between, or an initial and a surname: "Dale
 * Whitcomb", "Ciarán Mulroy", "S. Mistry".
 */
const PERSON =
  /(?<![\w.])((?:[A-Z][a-zà-ÿ'\u2019-]+|[A-Z]\.)(?:\s+[A-Z]\.)?(?:\s+[A-Z][a-zà-ÿ'\u2019-]+){1,2})\b/;
/** A name in block capitals, as forms ask for it: "ELIKEM TETTEH", "NAA ADJELEY LAMPTEY". */
const CAPITALS_PERSON = /(?<![\w.])([A-Z][A-Z'\u2019-]+(?:\s+[A-Z][A-Z'\u2019-]+){1,2})\b(?![ \t]*[a-z])/;
/** The name patterns in the order a field's name is looked for, every match of each read. */
const NAME_PATTERNS = [new RegExp(PERSON.source, 'g'), new RegExp(CAPITALS_PERSON.source, 'g')];
/** Words of a form's layout, not of a name. */
const NOT_A_NAME =
  /^(?:Name|Title|Signature|Date|Designation|Decision|Approved|Rejected|Section|Part|Form|Request|Job|Manager|Officer|Supervisor|Head|Director|System|Account|Business|For|Issuing|Performing|Authority)\b/;

/**
 * Self-approval forbidden in words: "A person may not approve their own request", "The sponsor of
 * a request shall not approve it" (OCR reads "shall" as "shail"), "segregation of duties", "If the
 * requester is the System Owner, the request must be approved by the COO", "Part C and Part D
 * must be signed by different officers", "the officer who captures a change may not verify or
 * approve it", "the approver must not be the person making the request", "the person approving a
 * request shall not be the person who raised it", "The officer who approves a dispatch may not also
 * release it".
 */
const SELF_APPROVAL_RULE =
  /\b(?:may|must|sha[il]l|can|will|should)\s*(?:not|never)\s+(?:approve|authori[sz]e)\b[^.\n]{0,30}\b(?:their|his|her|its)\s+own\b|\b(?:no (?:one|person|individual|user|employee|member of staff)|nobody)\s+(?:may|can|shall|is (?:permitted|allowed) to)\s+(?:approve|authori[sz]e)\b[^.\n]{0,30}\b(?:their|his|her)\s+own\b|\b(?:request(?:e|o)r|sponsor|applicant)s?\b[^.\n]{0,60}\b(?:may|must|sha[il]l|can|will|should)\s*not\s+(?:also\s+)?(?:approve|authori[sz]e|be the approver)\b|\bnot\s+(?:be\s+)?approved\s+by\s+(?:the\s+)?(?:request(?:e|o)r|sponsor|applicant)\b|\bsegregation of duties\b|\bif the request(?:e|o)r is (?:also )?the\b[^.\n]{0,60}\b(?:must|sha[il]l|will|is to)\s+be\s+approved\s+by\b|\b(?:signed|completed|approved)\s+by\s+different\s+(?:officers|persons|people|individuals|staff)\b|\bmust be a different person\b|\b(?:person|officer|individual|user|employee|member of staff)\s+who\s+(?:captures?|enters?|keys?|inputs?|prepares?|raises?|submits?|requests?|makes?|initiates?)\b[^.]{0,80}?\b(?:may|must|sha[il]l|can)\s*not\s+(?:\w+\s+or\s+)?(?:approve|authori[sz]e)\b|\b(?:approver|(?:person|officer|individual)\s+(?:approving|who\s+approves)(?:\s+(?:a|the)\s+request)?)\s+(?:may|must|sha[il]l|can)\s*not\s+be\s+the\s+(?:person|officer|individual|user|employee)\s+(?:making|raising|submitting|who\s+(?:makes|made|raises|raised|submits|submitted))\b|\bby the same person (?:is|are) not (?:valid|permitted|allowed)\b|\b(?:issuing authority|approver|authori[sz]er)\s+(?:shall|must|may|can)\s*not\s+(?:also\s+)?be\s+the\s+(?:performing authority|request(?:e|o)r|applicant|permit holder)\b|\b(?:person|officer|individual)\s+who\s+(?:authori[sz]es?|approves?)\b[^.]{0,60}?\b(?:may|must|sha[il]l|can)\s*not\s+(?:also\s+)?(?:carry out|perform|release|execute)\b|\b(?:designee|person|individual|someone|engineer|technician)\s+who\s+did\s+not\s+(?:perform|carry out|do)\s+the\s+work\b|\bindependent\s+of\s+the\s+(?:design|project|engagement|audit|development|delivery)\s+team\b/i;

/** The next field's label read on as part of a name ("Owen Bisson Job title ...", "Edwin Okello Designation"). */
const FIELD_WORD =
  /^(?:Job|Title|Designation|Role|Signature|Signed|Date|Time|Approver|Requester|Department|Position|Grade|Unit|Team|Phone|Email|Extension|Staff|Employee|Decision)$/;

function withoutNextLabel(name: string): string {
  const words = name.split(/\s+/);
  const cut = words.findIndex((w, i) => i >= 2 && FIELD_WORD.test(w));
  return cut < 0 ? name : words.slice(0, cut).join(' ');
}

/** "ELIKEM TETTEH" as "Elikem Tetteh", so layout words in capitals ("SIGNATURE") are known as such. */
function titleCase(name: string): string {
  return name.replace(/[A-Z]+/g, (w) => w[0] + w.slice(1).toLowerCase());
}

/** Letters only, without accents, lower case: OCR may read "Ciarán" as "Ciarén" or "Ciaran". */
function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 0);
}

/** One person: the same surname and the same first initial ("S. Mistry" is "Sanjay Mistry"). */
export function samePerson(a: string, b: string): boolean {
  const x = nameWords(a);
  const y = nameWords(b);
  if (x.length < 2 || y.length < 2) return false;
  const surname = (words: string[]) => words.at(-1)!;
  if (surname(x).length < 2 || surname(x) !== surname(y)) return false;
  return x[0]![0] === y[0]![0];
}

/** The form's non-blank lines, each with its offset in the text. */
function linesOf(doc: AnalyzedDocument): RegExpMatchArray[] {
  return [...doc.text.matchAll(/[^\n]*/g)].filter((m) => m[0].trim());
}

/** The name a labelled field holds: after the label (ending at `labelEnd`) on its line, else on the next lines. */
function nameAfterLabel(
  doc: AnalyzedDocument,
  lines: RegExpMatchArray[],
  i: number,
  labelEnd: number,
): NameField | null {
  const line = lines[i]!;
  // What the label says of the field in brackets is no name, even cut by the line's end:
  // "Approved by (Plant" / "Manager)".
  const rest = doc.text.slice(labelEnd, line.index! + line[0].length);
  const aside = /^\s*\([^)]*\)?/.exec(rest)?.[0].length ?? 0;
  const candidates = [
    { text: rest.slice(aside), at: labelEnd + aside },
    ...lines.slice(i + 1, i + 3).map((next) => ({ text: next[0], at: next.index! })),
  ];
  // A name in capitals only where no line holds one in mixed case: a label's own capitals
  // ("REQUESTER (GLO SPONSOR)") are no name when the name stands on the next line.
  // A label's own words may come first on the line ("Performing Authority: S. Jumbo"): the name is
  // the first match that is no layout word.
  for (const pattern of NAME_PATTERNS)
    for (const candidate of candidates) {
      const person = [...candidate.text.matchAll(pattern)].find((m) => !NOT_A_NAME.test(titleCase(m[1]!)));
      if (!person) continue;
      const segment = segmentAt(doc, candidate.at + person.index);
      return segment ? { name: withoutNextLabel(person[1]!), segment } : null;
    }
  return null;
}

/** The names of the fields a label marks, wherever they stand in the form. */
/**
 * The team a form lists as having done the work ("Design team / E. Lardner (Designer); P. Rabbitte
 * (Project Engineer)"): every member is a maker, whom an independent checker must not be.
 */
const TEAM_LABEL = /^\s*(?:design|project|engagement|audit|development|delivery)\s+team\b\s*:?/i;

function teamNames(doc: AnalyzedDocument, lines: RegExpMatchArray[]): NameField[] {
  return lines.flatMap((line, i) => {
    const m = TEAM_LABEL.exec(line[0]);
    if (!m) return [];
    // The members: on the label's line after it, else on the next line.
    const own = { text: line[0].slice(m[0].length), at: line.index! + m[0].length };
    const next = lines[i + 1];
    const field = own.text.trim() || !next ? own : { text: next[0], at: next.index! };
    return [...field.text.matchAll(new RegExp(PERSON.source, 'g'))].flatMap((person) => {
      if (NOT_A_NAME.test(person[1]!)) return [];
      const segment = segmentAt(doc, field.at + person.index);
      return segment ? [{ name: withoutNextLabel(person[1]!), segment }] : [];
    });
  });
}

function fieldNames(doc: AnalyzedDocument, lines: RegExpMatchArray[], label: RegExp): NameField[] {
  return lines.flatMap((line, i) => {
    const m = label.exec(line[0]);
    const field = m ? nameAfterLabel(doc, lines, i, line.index! + m.index + m[0].length) : null;
    return field ? [field] : [];
  });
}

/**
 * A form's section heading: "SECTION B - LINE MANAGER APPROVAL", "Part E - Approval and
 * provisioning", "APPROVALS (before implementation)".
 */
const NUMBERED_SECTION = /^\s*(?:section|part)\s+(?:[a-z]|\d{1,2})(?![\w.])\s*(?:[-\u2013\u2014:]|$)/i;
/**
 * In capitals, lettered or not, its bracket perhaps cut by the line's end: "D. BUSINESS APPROVAL
 * (SYSTEM". A scan's letter may come out of OCR as a currency sign ("£. LINE MANAGER APPROVAL").
 */
const CAPITALS_HEADING = /^\s*(?:[A-Z£€][.)]\s+)?[A-Z][A-Z&/ -]{3,}(?:\s*\([^)]*\)?)?\s*$/;
const APPROVAL_SECTION = /\bapprov|\bauthori[sz]|\bsign-?off\b|\bendorse/i;
/** Who asks, or whom the request is for ("A. WORKER DETAILS"): either approving it approves their own. */
const REQUEST_SECTION =
  /\brequest(?:er|or|ed)?\b|\bapplicant\b|\b(?:worker|employee|user|staff member|starter)\s+details\b/i;
/** A name field: "Name", "Line manager name", "System Owner approval (name)", "Name:". */
const NAME_LABEL = /\bname\b\)?\s*:?/i;
/** In a request section, the field of the person asking: "Name", "Full name", "Requester name". */
const OWN_NAME_LABEL = /^\s*(?:full |requester(?:'s)? |applicant(?:'s)? |employee |user )?name\b/i;

type SectionKind = 'approval' | 'request';

/**
 * Names in the name fields of a form's approval and request sections ("SECTION B - LINE MANAGER
 * APPROVAL / Name Jerome Connolly"): the approvers, and the person asking. A requester's field in
 * an approval section (the sponsor who signs it) names no approver.
 */
function sectionNames(doc: AnalyzedDocument, lines: RegExpMatchArray[]): Record<SectionKind, NameField[]> {
  const out: Record<SectionKind, NameField[]> = { approval: [], request: [] };
  let section: SectionKind | null = null;
  lines.forEach((line, i) => {
    const text = line[0];
    if ((NUMBERED_SECTION.test(text) || CAPITALS_HEADING.test(text)) && !NAME_LABEL.test(text)) {
      section = APPROVAL_SECTION.test(text) ? 'approval' : REQUEST_SECTION.test(text) ? 'request' : null;
      return;
    }
    if (section === null) return;
    const label = NAME_LABEL.exec(text);
    if (!label) return;
    if (section === 'approval' ? REQUESTER_LABEL.test(text) : !OWN_NAME_LABEL.test(text)) return;
    const field = nameAfterLabel(doc, lines, i, line.index! + label.index + label[0].length);
    if (field) out[section].push(field);
  });
  return out;
}

/**
 * A post barred from approving: "must be signed by the Works Manager, or by a named deputy, who is
 * not the Shift Supervisor for that job", "approved by a manager other than the Site Supervisor".
 */
const BARRED_POST =
  /\b(?:authori[sz]ed|approved|signed|issued)\s+by\b[^.]{0,200}?\b(?:who\s+is\s+not|who\s+must\s+not\s+be|other\s+than)\s+the\s+((?:[A-Z][a-z]+\s+){0,3}[A-Z][a-z]+)/;

/** Posts a normative statement bars from approving, each with that statement. */
function barredPosts(analysis: CorpusAnalysis): Array<{ post: string; rule: LocatedSegment }> {
  return analysis.documents
    .filter((doc) => isNormative(doc.role))
    .flatMap((doc) =>
      doc.segments.flatMap((segment) => {
        const m = BARRED_POST.exec(segment.text);
        return m ? [{ post: m[1]!, rule: segment }] : [];
      }),
    );
}

/**
 * Who holds a barred post on the form: the name written after the post's title on one line, as a
 * team list gives it ("Shift Supervisor Dana Lowe 03/05/2027").
 */
function postHolders(doc: AnalyzedDocument, lines: RegExpMatchArray[], post: string): NameField[] {
  const title = new RegExp(`\\b${escapeRegExp(post)}\\b[\\s:|\u2013\u2014-]*`, 'i');
  return lines.flatMap((line) => {
    const m = title.exec(line[0]);
    if (!m) return [];
    const after = line[0].slice(m.index + m[0].length);
    const person = PERSON.exec(after);
    if (!person || person.index > 0 || NOT_A_NAME.test(person[1]!)) return [];
    const segment = segmentAt(doc, line.index! + m.index + m[0].length);
    return segment ? [{ name: withoutNextLabel(person[1]!), segment }] : [];
  });
}

/** The first normative statement forbidding self-approval, if any. */
function normativeRule(analysis: CorpusAnalysis): LocatedSegment | null {
  for (const doc of analysis.documents) {
    if (!isNormative(doc.role)) continue;
    const rule = doc.segments.find((s) => SELF_APPROVAL_RULE.test(s.text));
    if (rule) return rule;
  }
  return null;
}

const cache = new WeakMap<CorpusAnalysis, SelfApprovedForm[]>();

/** Read once per corpus: the candidates and every target's verdict ask for them. */
export function selfApprovedForms(analysis: CorpusAnalysis): SelfApprovedForm[] {
  let forms = cache.get(analysis);
  if (!forms) cache.set(analysis, (forms = findSelfApprovedForms(analysis)));
  return forms;
}

function findSelfApprovedForms(analysis: CorpusAnalysis): SelfApprovedForm[] {
  const out: SelfApprovedForm[] = [];
  const normative = normativeRule(analysis);
  const barred = barredPosts(analysis);
  for (const doc of analysis.documents) {
    if (isNormative(doc.role) || doc.role === 'contract') continue;
    const lines = linesOf(doc);
    const sections = sectionNames(doc, lines);
    const approvers = [...fieldNames(doc, lines, APPROVER_LABEL), ...sections.approval];
    if (approvers.length === 0) continue;
    const requesters = [
      ...fieldNames(doc, lines, REQUESTER_LABEL),
      ...sections.request,
      ...teamNames(doc, lines),
    ].filter((r) => !approvers.some((a) => a.segment === r.segment && a.name === r.name));
    const pair = requesters
      .flatMap((requester) => approvers.map((approver) => ({ requester, approver })))
      .find(({ requester, approver }) => samePerson(requester.name, approver.name));
    // A procedure's rule first; else the form's own ("The requester may not approve ...").
    const rule = normative ?? doc.segments.find((s) => SELF_APPROVAL_RULE.test(s.text)) ?? null;
    if (pair && rule) {
      out.push({ document: doc.name, reference: REFERENCE.exec(doc.text)?.[1] ?? null, rule, ...pair });
      continue;
    }
    // Approved by the holder of the post the rule bars from approving it.
    const holder = barred
      .flatMap(({ post, rule }) =>
        postHolders(doc, lines, post).flatMap((requester) =>
          approvers
            .filter((approver) => samePerson(requester.name, approver.name))
            .map((approver) => ({ requester, approver, rule, post })),
        ),
      )
      .at(0);
    if (holder)
      out.push({
        document: doc.name,
        reference: REFERENCE.exec(doc.text)?.[1] ?? null,
        rule: holder.rule,
        requester: holder.requester,
        approver: holder.approver,
        barredPost: holder.post,
      });
  }
  return out;
}

export function selfApprovalSubject(document: string): string {
  return `self-approval:${document}`;
}

export function selfApprovalIssue(form: SelfApprovedForm): Issue {
  const request = form.reference ? `Request ${form.reference}` : `The request in ${form.document}`;
  const near = (field: NameField) =>
    quoteAround(field.segment, new RegExp(field.name.split(/\s+/).map(escapeRegExp).join('\\s+')));
  const quotes = [near(form.requester)];
  if (form.approver.segment !== form.requester.segment) quotes.push(near(form.approver));
  quotes.push(quoteOf(form.rule));
  return {
    primitive: 'conflict_check',
    subject: selfApprovalSubject(form.document),
    aspects: [selfApprovalSubject(form.document)],
    title: form.barredPost
      ? `${request} self-approved: approved by ${form.approver.name}, its ${form.barredPost}`
      : `${request} self-approved: ${form.approver.name} approved a request made by ${form.requester.name}`,
    description:
      (form.barredPost
        ? `${form.document} records ${form.requester.name} as the ${form.barredPost} and ${form.approver.name} as its approver: ` +
          `the ${form.barredPost} authorised it, though the approver must not be the ${form.barredPost}. `
        : `${form.document} records ${form.requester.name} as the person who made, sponsored, verified or carried out the request and ` +
          `${form.approver.name} as its approver: the same person approved their own request. `) +
      `${form.rule.document} forbids it ("${form.rule.text.slice(0, 200)}"), so the access or change went ahead without independent approval.`,
    rootCause: `Approval of ${form.document} was not independent of the requester (segregation of duties), and nothing stopped a self-approved request from being acted on.`,
    remediationScope: `Have ${request.toLowerCase().startsWith('request') ? request : 'the request'} re-approved by an independent approver, review what was granted under it, and make the approval step reject a request signed by its own requester.`,
    remediationEffortHours: 3,
    severity: 'high',
    confidence: 0.8,
    frameworks: [],
    quotes,
  };
}
