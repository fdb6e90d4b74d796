// A post a procedure hands a duty to that the policy's roles table does not have, where the table
// gives that same duty to another post: the table says the Records Manager authorises disposal, the
// procedure has the "Archive Compliance Officer" authorise it. Either the procedure names a post that
// does not exist, or the table is out of date; in both cases no one can tell who decides.
//
// Only a title matched to a duty of the table is judged, or one named like a post of the table
// (two field words in common: "Chief Information Security Officer" where the table has an
// Information Security Manager), or one whose holder the table names under another title ("Data
// Protection Officer | Naomi Swan" beside "Privacy Officer | Naomi Swan"): a set names many posts
// in passing ("reports to the Finance Director") that a roles table never lists, and flagging
// every one of them fired on more sets than it helped (tried in an earlier session: 3 defects
// found for 9 false findings).
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { isNormative, type DocumentRole } from '../../analyst/document-roles';
import { excerptAround, quoteAround, type Issue } from '../../analyst/issue';
import { actionClassesIn, contentLemmas } from '../../analyst/requirements';
import { escapeRegExp } from '../../text/normalize';
import { pipeCells } from '../../text/table-cells';
import nouns from '../../analyst/role-nouns.json';
import { roleMentions, type RoleMention } from './roles';

export interface TableRole {
  title: string;
  /** "CISO" of "Chief Information Security Officer (CISO)". */
  abbreviation: string | null;
  duties: string;
  /** The people the row names as holding the post ("| Privacy Officer | Naomi Swan | ..."). */
  holders: string[];
  document: string;
  segment: LocatedSegment;
}

/**
 * Posts, not per-asset roles: every system, policy and data set has an "Owner" or a "Custodian",
 * which a roles table names once in general if at all. A "Lead" is most often a part someone plays
 * in a response team ("Incident Lead", "Technical Lead"), which the plan itself assigns.
 */
const POST = new Set(nouns.leadership.filter((noun) => noun !== 'Lead'));
/**
 * A post the table lists: a title ending in a post's noun, or opening with one before what it
 * heads ("Manager of Information Technology", "Head of Claims", "Head – OT Systems", "Director,
 * Finance"); one holder ("All staff", "Asset Owners" are not).
 */
const TABLE_POST = new RegExp(
  `\\b(?:${nouns.leadership.join('|')})$|^(?:Head|${nouns.leadership.join('|')})(?: of\\b|\\s*[–—-]\\s|,\\s)`,
);
/** Words every duty shares, which say nothing about whose duty it is. */
const GENERIC = new Set([
  'responsible',
  'responsibility',
  'ensure',
  'policy',
  'procedure',
  'role',
  'duty',
  'information',
]);
/** Content words two duties must share to be one duty. */
const SHARED_DUTY_WORDS = 2;

const NOT_A_NAME = new Set([...nouns.leadership, ...nouns.person, ...nouns.group, 'All', 'Staff', 'Vacant']);

/** "Naomi Swan", "Dr Andrew Kiggundu", "D. Okello": a person's name, not a post or a body. */
function isPersonName(cell: string): boolean {
  return (
    /^(?:(?:Dr|Mr|Mrs|Ms|Prof)\.?\s+)?(?:[A-Z]\.\s*)*[A-Z][a-z’'-]+(?:\s+[A-Z][a-z’'-]+){0,2}$/.test(cell) &&
    /\s/.test(cell) &&
    !cell.split(/\s+/).some((w) => NOT_A_NAME.has(w))
  );
}

/**
 * The rows of each "| Role | Responsibilities |" table of the documents of the given roles
 * (policies by default), by title.
 */
export function tableRoles(analysis: CorpusAnalysis, of: readonly DocumentRole[] = ['policy']): TableRole[] {
  // Each check of the family asks again, once per candidate verdict: read once per corpus and roles.
  let byRoles = tableRolesCache.get(analysis);
  if (!byRoles) tableRolesCache.set(analysis, (byRoles = new Map()));
  const key = [...of].sort().join('|');
  let found = byRoles.get(key);
  if (!found) byRoles.set(key, (found = readTableRoles(analysis, of)));
  return found;
}

const tableRolesCache = new WeakMap<CorpusAnalysis, Map<string, TableRole[]>>();

function readTableRoles(analysis: CorpusAnalysis, of: readonly DocumentRole[]): TableRole[] {
  const out: TableRole[] = [];
  for (const doc of analysis.documents.filter((d) => of.includes(d.role))) {
    let inTable = false;
    for (const segment of doc.segments) {
      if (!segment.text.startsWith('|')) {
        inTable = false;
        continue;
      }
      const cells = pipeCells(segment.text);
      // "| Role | ...", "| Recall role | ...", "| Role title (abbreviation) | ...": a roles table's header.
      if (/^(?:[a-z]+\s+)?roles?(?:\s+title)?(?:\s*\([^)]*\))?$/i.test(cells[0] ?? '')) {
        inTable = true;
        continue;
      }
      if (!inTable || /^[-:\s]*$/.test(cells[0] ?? '')) continue;
      const [cell = '', ...rest] = cells;
      const abbreviation = /\(([A-Z]{2,6})\)/.exec(cell)?.[1] ?? null;
      out.push({
        title: cell.replace(/\s*\([^)]*\)/g, '').trim(),
        abbreviation,
        duties: rest.join(' '),
        holders: [/\(([^)]*)\)/.exec(cell)?.[1] ?? '', ...rest].filter(isPersonName),
        document: doc.name,
        segment,
      });
    }
  }
  return out;
}

/**
 * A duty's words: its lower-case content words (the names of the holders and the documents aside)
 * and the actions it names in any form, so that "gives second approval" and "approves" share one.
 */
export const lemmasOf = (text: string) => {
  const words = contentLemmas(text.replace(/\b[A-Z][\w'’-]*/g, ' ')).filter((w) => !GENERIC.has(w));
  return new Set([...words, ...actionClassesIn(text)]);
};

/** A rank that makes a title another post: the Chief Information Security Officer is not the Information Security Officer. */
export const RANK_OF_ANOTHER_POST = /^(?:chief|deputy|assistant|vice|associate)\b/;

/** Whether the table knows the title: as written, by its abbreviation, or as part of a longer title. */
export function inTable(title: string, roles: TableRole[]): boolean {
  const t = title.toLowerCase();
  return roles.some((r) => {
    const known = r.title.toLowerCase();
    const longer = t.endsWith(` ${known}`) && !RANK_OF_ANOTHER_POST.test(t.slice(0, -known.length));
    return known === t || known.endsWith(` ${t}`) || longer || r.abbreviation === title;
  });
}

/** The words of the mention's sentence or table row, the title's own words aside. */
function dutyText(m: RoleMention): string {
  const text = m.segment.text;
  const start = Math.max(text.lastIndexOf('. ', m.index) + 1, 0);
  const stop = text.indexOf('. ', m.index);
  return (
    text.slice(start, m.index) +
    ' ' +
    text.slice(m.index + m.title.length, stop < 0 ? text.length : stop)
  ).replace(/\|/g, ' ');
}

/**
 * A title standing alone as the head of a roles list ("Quality Systems Manager (QSM)" on its own
 * line, its duties below): the next paragraph, and the document's sentences that name the post by
 * its abbreviation ("4. The QSM approves the deviation").
 */
function listedDuties(analysis: CorpusAnalysis, m: RoleMention): string {
  const head = new RegExp(`^${escapeRegExp(m.title)}\\s*(?:\\(([A-Z]{2,6})\\))?\\s*:?$`).exec(
    m.segment.text.trim(),
  );
  const doc = analysis.byName.get(m.segment.document);
  if (!head || !doc) return '';
  const abbreviation = head[1] ? new RegExp(`\\b${head[1]}\\b`) : null;
  const uses = abbreviation
    ? doc.segments.filter((s) => s !== m.segment && abbreviation.test(s.text)).map((s) => s.text)
    : [];
  return [doc.segments[m.segment.segIndex + 1]?.text ?? '', ...uses].join(' ').replace(/\|/g, ' ');
}

function namedAfterItsDocument(m: RoleMention, doc: AnalyzedDocument | undefined): boolean {
  const title = new Set(contentLemmas(`${doc?.title ?? ''} ${m.segment.document.replace(/[-_.]+/g, ' ')}`));
  return contentLemmas(m.qualifier).every((w) => title.has(w));
}

/** Words of a title that say which field a post covers: not its rank ("Chief", "Head") nor its noun. */
const RANK = new Set([
  'chief',
  'head',
  'senior',
  'deputy',
  'assistant',
  'group',
  'the',
  'and',
  'for',
  ...nouns.leadership.map((n) => n.toLowerCase()),
]);

export const fieldWords = (title: string) =>
  new Set(
    title
      .toLowerCase()
      .split(/[\s/&,-]+/)
      .filter((w) => w.length > 2 && !RANK.has(w)),
  );

/**
 * The table's post whose title shares the most field words with an untabled title ("IT Security
 * Manager" and "Chief Information Security Officer": security): the post the writer most likely
 * meant, so the untabled title is that post under a name the table does not give it. Null when no
 * post shares two field words.
 */
function namesake(title: string, posts: TableRole[]): { role: TableRole; shared: string[] } | null {
  const words = fieldWords(title);
  const ranked = posts
    .map((role) => ({ role, shared: [...fieldWords(role.title)].filter((w) => words.has(w)) }))
    // One field word ("risk", "network") is a field many posts work in; two name the post.
    .filter((p) => p.shared.length >= 2)
    .sort((a, b) => b.shared.length - a.shared.length);
  // Two posts as near as each other ("Security Operations Manager", "Security Architect") leave
  // the meant one open.
  const rival = ranked.find((p) => p.role.title !== ranked[0]?.role.title);
  if (ranked.length === 0 || rival?.shared.length === ranked[0]!.shared.length) return null;
  return ranked[0]!;
}

/**
 * The table's role whose holder a mention names beside the untabled title ("| Data Protection
 * Officer | Naomi Swan |", "Data Protection Officer (DPO) - Naomi Swan" where the table has "|
 * Privacy Officer | Naomi Swan |"): one person under two titles, so the untabled one is the
 * tabled post renamed.
 */
function heldBySomeoneTabled(
  mentions: RoleMention[],
  tabled: TableRole[],
): { role: TableRole; holder: string } | null {
  for (const m of mentions) {
    const beside = m.segment.text.slice(m.index + m.title.length, m.index + m.title.length + 40);
    for (const role of tabled) {
      const holder = role.holders.find((h) =>
        new RegExp(`^\\s*(?:\\([A-Z]{2,6}\\)\\s*)?(?:\\||\\(|[-–—:])\\s*${escapeRegExp(h)}\\b`).test(beside),
      );
      if (holder) return { role, holder };
    }
  }
  return null;
}

/**
 * A post of the roles table of the mentions' own document (a procedure's "| Role |
 * Responsibility |" table of three rows or more) when that table lacks the title too: a post the
 * procedure hands a step to ("report it to the Ward Medicines Officer") that neither it nor the
 * organisation lists, named in the words of posts that do exist. A procedure with its own table
 * names in it whoever acts in its steps, so such a post is one no one holds.
 */
function ownTableWithout(
  title: string,
  mentions: RoleMention[],
  procedureRoles: TableRole[],
  organisation: TableRole[],
): TableRole | null {
  const documents = new Set(mentions.map((m) => m.segment.document));
  if (documents.size !== 1) return null;
  const own = procedureRoles.filter((r) => documents.has(r.document));
  if (own.length < 3 || inTable(title, own)) return null;
  // A title made of two or more words of posts that exist ("Ward" of the Ward Manager, "Medicines"
  // of the Medicines Safety Officer) is one of them misnamed; a post of its own field ("Chief
  // Executive Officer", "Communications Manager") or of one field word ("Medical Director" beside
  // a Claims Medical Officer) is one the tables need not list.
  const known = new Set([...own, ...organisation].flatMap((r) => [...fieldWords(r.title)]));
  const words = [...fieldWords(title)];
  if (words.length < 2 || !words.every((w) => known.has(w))) return null;
  return own.find((r) => TABLE_POST.test(r.title)) ?? own[0]!;
}

/** A mention that is a field's value: "Procedure owner ....... Data Protection Officer", "Owner: X". */
function inFieldValue(m: RoleMention): boolean {
  return /(?:\.{3,}|:)\s*$/.test(m.segment.text.slice(Math.max(0, m.index - 5), m.index));
}

export function untabledRoleSubject(title: string): string {
  return `role:untabled:${title.toLowerCase()}`;
}

/** The mentions of single-holder titles the policies' roles tables lack, in normative documents. */
function untabledMentions(
  analysis: CorpusAnalysis,
  roles: TableRole[],
  tabled: Set<LocatedSegment>,
): RoleMention[] {
  const documents = analysis.documents.filter((d: AnalyzedDocument) => isNormative(d.role));
  const mentions = roleMentions(documents.flatMap((d) => d.segments));
  // A post several documents name is one the organisation has, listed in the table or not; a
  // title only one document uses is that document's own.
  const naming = new Map<string, Set<string>>();
  for (const m of mentions) naming.set(m.title, (naming.get(m.title) ?? new Set()).add(m.segment.document));
  return mentions.filter(
    (m) =>
      naming.get(m.title)!.size === 1 &&
      // Named as a post ("the X", "by the X", a table cell, a numbered item "4.5 X - approves ..."),
      // not words run together from a layout.
      // A form field's value ("Procedure owner ....... Data Protection Officer", "Owner: X") too.
      (/(?:^|\|\s*|\b[Tt]he\s+)$/.test(m.segment.text.slice(Math.max(0, m.index - 5), m.index)) ||
        inFieldValue(m) ||
        /^\s*\d+(?:\.\d+)+\s+$/.test(m.segment.text.slice(0, m.index))) &&
      // "the Incident Manager" of an incident plan is the part the plan itself assigns.
      !namedAfterItsDocument(m, analysis.byName.get(m.segment.document)) &&
      POST.has(m.noun) &&
      !m.plural &&
      // "CorvidPM and Head (of ...)", "The Director, IT Operations": not one title.
      !/\s(?:and|&)\s/.test(m.title) &&
      !/^(?:The|A|An)$/.test(m.qualifier) &&
      !tabled.has(m.segment) &&
      !inTable(m.title, roles) &&
      // "Deputy Quality Manager" where the table has the Quality Manager: the post's deputy.
      !(/^(?:Deputy|Assistant|Acting)\s/.test(m.title) && inTable(m.title.replace(/^\S+\s+/, ''), roles)) &&
      // "the Supplier's Account Manager": another organisation's post.
      !/['’]s\s+$/.test(m.segment.text.slice(Math.max(0, m.index - 3), m.index)),
  );
}

export function untabledRoleIssues(analysis: CorpusAnalysis, onlySubject?: string): Issue[] {
  if (onlySubject && !onlySubject.startsWith(untabledRoleSubject(''))) return [];
  // The organisation's roles: the tables of its policies and standards (a roles charter or standard).
  const roles = tableRoles(analysis, ['policy', 'standard']);
  if (roles.length < 3) return [];
  const posts = roles.filter((r) => TABLE_POST.test(r.title));
  const tabled = new Set(roles.map((r) => r.segment));
  const procedureRoles = tableRoles(analysis, ['procedure']);
  const byTitle = new Map<string, RoleMention[]>();
  for (const m of untabledMentions(analysis, roles, tabled))
    byTitle.set(m.title, [...(byTitle.get(m.title) ?? []), m]);
  const issues: Issue[] = [];
  for (const [title, mentions] of byTitle) {
    const subject = untabledRoleSubject(title);
    if (onlySubject && subject !== onlySubject) continue;
    // A field's value names the post and its holder, not a duty: the lines beside it are other
    // fields ("Approved by : Head - Projects").
    const texts = mentions.map((m) =>
      inFieldValue(m) ? '' : `${dutyText(m)} ${listedDuties(analysis, m)}`.trim(),
    );
    const duties = lemmasOf(texts.join(' '));
    const best = posts
      .map((role) => ({ role, shared: [...lemmasOf(role.duties)].filter((w) => duties.has(w)) }))
      .sort((a, b) => b.shared.length - a.shared.length)[0];
    const sameDuty = best && best.shared.length >= SHARED_DUTY_WORDS ? best : null;
    const near = sameDuty ? null : namesake(title, posts);
    // One person under two titles is a post renamed, whatever noun the table's title ends in
    // ("Data Protection Guardian").
    const sameHolder = sameDuty || near ? null : heldBySomeoneTabled(mentions, roles);
    const ownTable =
      sameDuty || near || sameHolder ? null : ownTableWithout(title, mentions, procedureRoles, roles);
    if (!sameDuty && !near && !sameHolder && !ownTable) continue;
    // The mention with the longest duty shows it best.
    const mention = mentions[texts.indexOf(texts.reduce((a, b) => (b.length > a.length ? b : a)))]!;
    const role = sameDuty?.role ?? near?.role ?? sameHolder?.role ?? ownTable!;
    const why = sameDuty
      ? `the table gives that duty (${sameDuty.shared.join(', ')}) to the ${role.title}`
      : near
        ? `the table's post of that field (${near.shared.join(', ')}) is the ${role.title}`
        : sameHolder
          ? `the table names ${sameHolder.holder} as the ${role.title}`
          : `nor does the roles table of ${mention.segment.document} itself, which lists the ${role.title} and the posts beside it`;
    // The organisation's table the title is missing from: the one of the post it was matched to,
    // or, for a title only its own document's table could have held, the organisation's tables.
    const organisationTable = ownTable
      ? [...new Set(roles.map((r) => r.document))].join(' and ')
      : role.document;
    issues.push({
      primitive: 'consistency_check',
      subject,
      aspects: [subject],
      title: `"${title}" in ${mention.segment.document} is not a role of the roles table in ${organisationTable}`,
      description:
        `${mention.segment.document} gives duties to the "${title}" ("${excerptAround(mention.segment.text, mention.index)}"), ` +
        `a role the roles table of ${organisationTable} does not have; ${why} ` +
        `("${role.duties.slice(0, 200)}"). Either the procedure names a post that does not exist or the table is out of date; staff cannot tell who decides.`,
      rootCause: `${mention.segment.document} was written with a role title that is not in the organisation's roles and responsibilities.`,
      remediationScope: `Give the duty to the ${role.title} in ${mention.segment.document}, or add the "${title}" and its duties to the roles table of ${organisationTable}.`,
      remediationEffortHours: 1,
      severity: 'medium',
      confidence: 0.75,
      frameworks: [],
      quotes: [
        quoteAround(mention.segment, new RegExp(title.split(/\s+/).map(escapeRegExp).join('\\s+'))),
        quoteAround(role.segment, new RegExp(escapeRegExp(role.title))),
      ],
    });
  }
  return issues;
}
