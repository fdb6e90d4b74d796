// The roles a set of documents names (capitalised titles ending in a role noun, analyst/role-nouns.json)
// and four ways the set gets them wrong:
// - one post under two titles: "Information Security Manager" in some documents, "Information
//   Security Officer" in others, and no document names both (a document that names both treats
//   them as two posts);
// - a combined post beside separate ones: "the Security and Privacy Officer" where other places
//   name a "Security Officer" and a "Privacy Officer";
// - a team abbreviation cut short: "the IRT" used and never spelled out, where another document
//   defines "Security Incident Response Team (SIRT)";
// - a designated role given to two different posts (role-holders.ts).
import type { LocatedSegment } from '../../analyst/corpus-analysis';
import { excerptAround, listDocuments, quoteAround, type Issue } from '../../analyst/issue';
import { escapeRegExp } from '../../text/normalize';
import nouns from '../../analyst/role-nouns.json';
import { roleHolderIssues } from './role-holders';

export interface RoleMention {
  /** The title as written, without a leading article: "Information Security Manager". */
  title: string;
  /** The words before the role noun: "Information Security", "Security and Privacy". */
  qualifier: string;
  noun: string;
  /** "Officers", or "both the Security and Privacy Officer": more than one post. */
  plural: boolean;
  segment: LocatedSegment;
  /** Offset of the title in the segment's text. */
  index: number;
}

const LEADERSHIP = new Set(nouns.leadership);
const SINGLE_HOLDER = new Set([...nouns.leadership, ...nouns.person]);
const ROLE_NOUNS = [...nouns.leadership, ...nouns.person, ...nouns.group];
const NOUN = `(?:${ROLE_NOUNS.join('|')})`;
/** A qualifier word: capitalised and not itself a role noun ("Security Officer and Privacy Officer" is two titles). */
const WORD = `(?!${NOUN}s?\\b)[A-Z][A-Za-z-]*`;
const TITLE = new RegExp(`\\b((?:${WORD}|and|&)(?:\\s+(?:${WORD}|and|&)){0,4})\\s+(${NOUN})(s?)\\b`, 'g');
/** Determiners and conjunctions before a title are not part of it. */
const LEADING = /^(?:(?:The|A|An|Each|Every|All|Any|Our|Your|Its|Their|This|That|Both|Either|and|&)\s+)+/;

export function roleMentions(segments: LocatedSegment[]): RoleMention[] {
  const out: RoleMention[] = [];
  for (const segment of segments) {
    for (const m of segment.text.matchAll(TITLE)) {
      const qualifier = m[1]!.replace(LEADING, '').trim();
      if (!qualifier || /^(?:and|&)$/.test(qualifier)) continue;
      const before = segment.text.slice(Math.max(0, m.index - 12), m.index);
      out.push({
        title: `${qualifier} ${m[2]}`,
        qualifier,
        noun: m[2]!,
        plural: m[3] === 's' || /\bboth\s+(?:the\s+)?$/i.test(before) || /^Both\b/.test(m[1]!),
        segment,
        index: m.index + m[1]!.length - qualifier.length,
      });
    }
  }
  return out;
}

const CONJUNCTION = /\s(?:and|&)\s/;

/** A quote of the mention's segment that shows its title. */
function quoteOfMention(m: { title: string; segment: LocatedSegment }) {
  return quoteAround(m.segment, new RegExp(m.title.split(/\s+/).map(escapeRegExp).join('\\s+')));
}

/**
 * The mention that shows the title best: in a sentence rather than a bare list entry, and early in
 * its segment, so the quote (cut at 400 characters) holds it.
 */
function clearest<T extends { index: number; segment: LocatedSegment }>(mentions: T[]): T {
  const cost = (m: T) => m.index + (m.segment.text.split(/\s+/).length < 8 ? 1000 : 0);
  return mentions.reduce((best, m) => (cost(m) < cost(best) ? m : best));
}

/** "x.md assigns" / "x.md and y.md assign". */
function verb(documents: string[], singular: string, plural: string): string {
  return `${listDocuments(documents)} ${documents.length === 1 ? singular : plural}`;
}

function documentsOf(items: Array<{ segment: LocatedSegment }>): string[] {
  return [...new Set(items.map((m) => m.segment.document))];
}

function group<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) out.set(key(item), [...(out.get(key(item)) ?? []), item]);
  return out;
}

export function twoTitlesSubject(qualifier: string): string {
  return `role:titles:${qualifier.toLowerCase()}`;
}

/** Two titles of one post: `a` as most documents (`aDocs`) write it, `b` as `bDocs` do. */
function twoTitlesIssue(
  a: RoleMention,
  b: RoleMention,
  aDocs: string[],
  bDocs: string[],
  severity: Issue['severity'],
): Issue {
  const subject = twoTitlesSubject(a.qualifier);
  return {
    primitive: 'consistency_check',
    subject,
    aspects: [subject],
    title: `One role under two titles: "${a.title}" and "${b.title}"`,
    description:
      `${verb(aDocs, 'assigns', 'assign')} duties to the "${a.title}" ("${excerptAround(a.segment.text, a.index)}"), while ` +
      `${verb(bDocs, 'assigns', 'assign')} them to the "${b.title}" ("${excerptAround(b.segment.text, b.index)}"). No document names both, ` +
      `so they read as one post under two titles, or as two posts of which one is never defined; staff cannot tell who is accountable.`,
    rootCause: `Role titles are not taken from one roles and responsibilities list; ${listDocuments(bDocs)} use a title the other documents do not.`,
    remediationScope: `Decide whether "${a.title}" and "${b.title}" are one post; use one title in every document (or define both posts and their split of duties).`,
    remediationEffortHours: 2,
    severity,
    confidence: 0.75,
    frameworks: [],
    quotes: [quoteOfMention(a), quoteOfMention(b)],
  };
}

/** One accountable post named with two leadership nouns in different documents. */
export function twoTitleIssues(mentions: RoleMention[]): Issue[] {
  const issues: Issue[] = [];
  const posts = mentions.filter(
    (m) =>
      LEADERSHIP.has(m.noun) && !CONJUNCTION.test(` ${m.qualifier} `) && m.qualifier.split(/\s+/).length >= 2,
  );
  for (const [, sameQualifier] of group(posts, (m) => m.qualifier.toLowerCase())) {
    const byNoun = [...group(sameQualifier, (m) => m.noun).values()].sort((a, b) => b.length - a.length);
    if (byNoun.length < 2) continue;
    const [major, minor] = [byNoun[0]!, byNoun[1]!];
    const majorDocs = documentsOf(major);
    const minorDocs = documentsOf(minor);
    if (majorDocs.some((d) => minorDocs.includes(d))) continue;
    issues.push(twoTitlesIssue(clearest(major), clearest(minor), majorDocs, minorDocs, 'medium'));
  }
  return issues;
}

export function combinedRoleSubject(title: string): string {
  return `role:combined:${title.toLowerCase()}`;
}

/** "The Security and Privacy Officer" where a "Security Officer" and a "Privacy Officer" are named too. */
export function combinedRoleIssues(mentions: RoleMention[]): Issue[] {
  const issues: Issue[] = [];
  const single = mentions.filter((m) => !CONJUNCTION.test(` ${m.qualifier} `));
  const combined = mentions.filter(
    (m) => SINGLE_HOLDER.has(m.noun) && !m.plural && m.qualifier.split(CONJUNCTION).length === 2,
  );
  for (const [, same] of group(combined, (m) => m.title.toLowerCase())) {
    const first = clearest(same);
    const [leftWords, rightWords] = first.qualifier.split(CONJUNCTION).map((p) => p.trim().split(/\s+/));
    // "Clinical and Information Governance Lead": the left post may share the right's last words
    // ("Clinical Governance Lead").
    const lefts = [
      leftWords!,
      ...rightWords!.slice(1).map((_, i) => [...leftWords!, ...rightWords!.slice(i + 1)]),
    ];
    const titleOf = (words: string[]) => `${words.join(' ')} ${first.noun}`.toLowerCase();
    const named = (parts: string[]) => {
      const found = single.filter((m) =>
        parts.some((part) => m.title.toLowerCase() === part || m.title.toLowerCase().endsWith(` ${part}`)),
      );
      return found.length ? clearest(found) : undefined;
    };
    const a = named(lefts.map(titleOf));
    const b = named([titleOf(rightWords!)]);
    if (!a || !b) continue;
    const subject = combinedRoleSubject(first.title);
    const docs = documentsOf(same);
    issues.push({
      primitive: 'consistency_check',
      subject,
      aspects: [subject],
      title: `"${first.title}" named as one role beside a separate "${a.title}" and "${b.title}"`,
      description:
        `${verb(docs, 'gives', 'give')} duties to "the ${first.title}" ("${excerptAround(first.segment.text, first.index)}"), one post, while ` +
        `${a.segment.document} names a "${a.title}" ("${excerptAround(a.segment.text, a.index)}") and ${b.segment.document} a "${b.title}". ` +
        `Whether the two roles are held by one person or two is left open, so duties given to "the ${first.title}" have no clear owner.`,
      rootCause: `The set treats the ${a.title} and the ${b.title} sometimes as one combined post and sometimes as two; no roles list settles it.`,
      remediationScope: `State whether "${a.title}" and "${b.title}" are one post; replace "${first.title}" with the accountable role in ${listDocuments(docs)}.`,
      remediationEffortHours: 2,
      severity: 'medium',
      confidence: 0.75,
      frameworks: [],
      quotes: [
        quoteOfMention(first),
        quoteOfMention(a),
        ...(b.segment === a.segment ? [] : [quoteOfMention(b)]),
      ],
    });
  }
  return issues;
}

export interface Abbreviation {
  short: string;
  expansion: string;
  segment: LocatedSegment;
}

const EXPANDED = /\b([A-Z][A-Za-z-]*(?:\s+(?:[A-Z][A-Za-z-]*|of|and|&|for)){1,7})\s*\(([A-Z]{2,6})\)/g;

function initials(words: string[]): string {
  return words
    .filter((w) => /^[A-Z]/.test(w))
    .map((w) => w[0])
    .join('');
}

/** "Security Incident Response Team (SIRT)": the abbreviations a set spells out, trimmed to the initials. */
export function abbreviationsOf(segments: LocatedSegment[]): Abbreviation[] {
  const out: Abbreviation[] = [];
  for (const segment of segments)
    for (const m of segment.text.matchAll(EXPANDED)) {
      const short = m[2]!;
      const words = m[1]!.split(/\s+/);
      // Keep the trailing words whose initials spell the abbreviation.
      for (let i = 0; i < words.length; i += 1)
        if (initials(words.slice(i)) === short && /^[A-Z]/.test(words[i]!)) {
          out.push({ short, expansion: words.slice(i).join(' '), segment });
          break;
        }
    }
  return out;
}

export function truncatedAbbreviationSubject(short: string): string {
  return `role:abbreviation:${short}`;
}

/**
 * "The IRT reviews ..." where no document spells IRT out but one defines "Security Incident Response
 * Team (SIRT)": the same team under a shortened abbreviation. Only abbreviations of a role or
 * team, used as one ("the IRT"), and never followed by a number (a standard's name is not a role).
 */
export function truncatedAbbreviationIssues(segments: LocatedSegment[]): Issue[] {
  const defined = abbreviationsOf(segments);
  const spelled = new Set(defined.map((d) => d.short));
  const roleAbbreviations = defined.filter((d) => new RegExp(`\\b${NOUN}$`).test(d.expansion));
  const issues = new Map<string, Issue>();
  for (const longer of roleAbbreviations) {
    for (let cut = 1; longer.short.length - cut >= 2; cut += 1) {
      const short = longer.short.slice(cut);
      if (spelled.has(short)) continue;
      const use = new RegExp(`\\b[Tt]he\\s+${short}\\b(?![\\s-]*\\d)`);
      const uses = segments.filter((s) => use.test(s.text));
      if (uses.length === 0) continue;
      const subject = truncatedAbbreviationSubject(short);
      if (issues.has(subject)) continue;
      const docs = documentsOf(uses.map((segment) => ({ segment })));
      const expansion = longer.expansion.split(/\s+/).slice(-short.length).join(' ');
      issues.set(subject, {
        primitive: 'consistency_check',
        subject,
        aspects: [subject],
        title: `"${short}" is never defined; ${longer.segment.document} names the team "${longer.expansion} (${longer.short})"`,
        description:
          `${verb(docs, 'assigns', 'assign')} work to "the ${short}" ("${excerptAround(uses[0]!.text, uses[0]!.text.search(use))}"), an abbreviation no document spells out, ` +
          `while ${longer.segment.document} defines "${longer.expansion} (${longer.short})". ` +
          `"${short}" reads as "${expansion}", the same team under a shortened name, or a second team that is never set up.`,
        rootCause: `The team is named two ways (${short} and ${longer.short}) and ${listDocuments(docs)} never define the shorter name.`,
        remediationScope: `Use "${longer.expansion} (${longer.short})" in ${listDocuments(docs)}, or define "${short}" and its members.`,
        remediationEffortHours: 1,
        severity: 'low',
        confidence: 0.75,
        frameworks: [],
        quotes: [
          quoteAround(uses[0]!, use),
          quoteAround(longer.segment, new RegExp(`\\(${longer.short}\\)`)),
        ],
      });
    }
  }
  return [...issues.values()];
}

/**
 * One post under a title with "Chief" and a title without it: "Chief Privacy Officer" in one
 * procedure, "Privacy Officer" (the post the policy designates) elsewhere, and no document names
 * both. A set that has both posts names them side by side somewhere (its roles section).
 */
export function chiefTitleIssues(mentions: RoleMention[]): Issue[] {
  const issues: Issue[] = [];
  const posts = mentions.filter(
    (m) => LEADERSHIP.has(m.noun) && !m.plural && !CONJUNCTION.test(` ${m.qualifier} `),
  );
  const byTitle = group(posts, (m) => m.title.toLowerCase());
  for (const [title, chief] of byTitle) {
    if (!title.startsWith('chief ')) continue;
    const plain = byTitle.get(title.slice('chief '.length));
    if (!plain) continue;
    const chiefDocs = documentsOf(chief);
    const plainDocs = documentsOf(plain);
    if (chiefDocs.some((d) => plainDocs.includes(d))) continue;
    issues.push(twoTitlesIssue(clearest(plain), clearest(chief), plainDocs, chiefDocs, 'low'));
  }
  return issues;
}

/** Every role inconsistency of the set; `onlySubject` keeps one. */
export function roleIssues(segments: LocatedSegment[], onlySubject?: string): Issue[] {
  const mentions = roleMentions(segments);
  const all = [
    ...twoTitleIssues(mentions),
    ...chiefTitleIssues(mentions),
    ...combinedRoleIssues(mentions),
    ...truncatedAbbreviationIssues(segments),
    ...roleHolderIssues(segments, abbreviationsOf(segments)),
  ];
  return onlySubject ? all.filter((i) => i.subject === onlySubject) : all;
}
