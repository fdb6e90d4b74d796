// Who holds a designated role: "The Head of Compliance is designated as the Bank's Data
// Protection Officer", "Data Protection Officer (Head of Legal Services)", "The Deputy Director –
// Operations serves as LASO", a roles table "| Role | Held by |". A designated role (a data
// protection officer, a security officer, a system owner) has one holder; two documents that give
// it different holders leave the organisation unsure who decides, signs or answers the regulator.
//
// A post may hold several roles ("Head of IT (Security Officer)" and "Head of IT (Change
// Manager)"), so only the role side is compared: the side that is a designated role (an Officer
// that is no chief officer, an Owner, a Custodian, a Guardian, a Controller, or an abbreviation of
// one) against the side that is a post (Head, Director, Chief ... Officer, Manager, Secretary).
import type { LocatedSegment } from '../../analyst/corpus-analysis';
import { quoteAround, type Issue } from '../../analyst/issue';
import { blankEmphasis, escapeRegExp } from '../../text/normalize';

/** An abbreviation the set spells out ("Local Agency Security Officer (LASO)"). */
export interface SpelledOut {
  short: string;
  expansion: string;
}

export interface RoleHolder {
  /** The designated role, expanded and lower-cased ("data protection officer"). */
  role: string;
  /** The role and the post as written. */
  writtenRole: string;
  holder: string;
  segment: LocatedSegment;
}

/** A capitalised post or role title: words, then a title noun; or "Head of X", "Director – X". */
const TITLE_WORDS = `[A-Z][\\w&'-]*(?:[ \\t]+(?:[A-Z][\\w&'-]*|of|and|&|for))*?`;
const TITLE_NOUN =
  '(?:Officer|Official|Manager|Director|Lead|Head|Owner|Custodian|Coordinator|Administrator|Controller|Secretary|Guardian|Counsel|Partner|President|Chair|(?<=Point[ \\t]+of[ \\t]+)Contact)';
const TITLE = `(?:(?:Head|Director|Chief)[ \\t]+of[ \\t]+[A-Z][\\w&'-]*(?:[ \\t]+(?:[A-Z][\\w&'-]*|and|&|of))*|Head,[ \\t]+[A-Z][\\w&'-]*(?:[ \\t]+(?:[A-Z][\\w&'-]*|and|&|of))*|(?:Deputy[ \\t]+)?(?:Director|Manager|Head)[ \\t]*[,–—-][ \\t]*[A-Z][\\w&]*(?:[ \\t]+(?:[A-Z][\\w&]*|&)){0,3}|${TITLE_WORDS}[ \\t]+${TITLE_NOUN}s?\\b|[A-Z]{3,6}\\b)`;

/** The linking patterns: each captures the role (r) and the holder (h). */
const LINKS: RegExp[] = [
  // "The Head of Compliance is designated as the Bank's Data Protection Officer", "serves as LASO",
  // "the Head - IT Operations (Mr. R. Iyer) is the designated Point of Contact",
  // "The Chief Information Security Officer is also the Company's designated Data Protection Officer"
  new RegExp(
    `(?:the[ \\t]+)?(?<h>${TITLE})(?:[ \\t]+\\((?:Mr|Ms|Mrs|Dr|Miss)\\.?[ \\t]+[^()]{2,50}\\))?[ \\t]+(?:is[ \\t]+(?:also[ \\t]+)?(?:designated|appointed|nominated)[ \\t]+as|(?:also[ \\t]+)?serves[ \\t]+as|(?:also[ \\t]+)?acts[ \\t]+as|is(?:[ \\t]+also)?)[ \\t]+(?:the[ \\t]+(?:[A-Z][\\w-]*['’]s[ \\t]+)?|its[ \\t]+|our[ \\t]+|\\w+'s[ \\t]+)?(?:designated[ \\t]+|appointed[ \\t]+)?(?<r>${TITLE})`,
    'g',
  ),
  // "has designated the Head of Legal Services as its Data Protection Officer", "designates the
  // CISO as its primary Cybersecurity Coordinator" (an alternate is another post's role)
  new RegExp(
    `(?:designat\\w*|appoint\\w*|nominat\\w*|name[sd]?)[ \\t]+(?:the[ \\t]+)?(?<h>${TITLE})[ \\t]+as[ \\t]+(?:the[ \\t]+|its[ \\t]+|our[ \\t]+|\\w+'s[ \\t]+)?(?:primary[ \\t]+|principal[ \\t]+)?(?<r>${TITLE})`,
    'g',
  ),
  // "GLO's Cybersecurity Coordinator is the Chief Information Security Officer"
  // "The Data Protection Officer (DPO) is the Head of Legal and Company Secretary"
  new RegExp(`(?<r>${TITLE})(?:[ \\t]*\\([A-Z]{2,6}\\))?[ \\t]+is[ \\t]+(?:the[ \\t]+)(?<h>${TITLE})`, 'g'),
  // "the DPO role is held by the Head of Legal"
  new RegExp(
    `(?<r>${TITLE})[ \\t]+(?:role[ \\t]+)?is[ \\t]+(?:held|performed|filled|fulfilled)[ \\t]+by[ \\t]+(?:the[ \\t]+)?(?<h>${TITLE})`,
    'g',
  ),
  // "Data Protection Officer (Head of Legal Services)" and "Head of Legal (Data Protection Officer)"
  new RegExp(`(?<a>${TITLE})[ \\t]*\\([ \\t]*(?:the[ \\t]+)?(?<b>${TITLE})[ \\t]*\\)`, 'g'),
  // A list of posts with their designations: "Director of Information Services. Designated HIPAA
  // Security Official under 45 CFR 164.308(a)(2)."
  new RegExp(
    `(?<h>${TITLE})[ \\t]*[.:][ \\t]+(?:Designated|Appointed|Serves)[ \\t]+(?:as[ \\t]+)?(?:the[ \\t]+)?(?<r>${TITLE})`,
    'g',
  ),
  // "System Owner — Director of Information Technology" opening a definition or a table row, also numbered and
  // with an article ("4.3 **Caldicott Guardian** – the Medical Director.")
  new RegExp(
    `^[\\s*|]*(?:\\d+(?:\\.\\d+)*\\.?[ \\t]+)?(?:\\*\\*)?(?<a>${TITLE})(?:\\*\\*)?[ \\t]+[–—-][ \\t]+(?:the[ \\t]+)?(?<b>${TITLE})`,
    'g',
  ),
];

/** A designated role rather than a post: a non-chief Officer, an Owner, a Custodian, ... or an abbreviation. */
function isDesignatedRole(title: string): boolean {
  if (/^[A-Z]{3,6}$/.test(title)) return true;
  if (/\b(?:Chief|Head|Director|Deputy|President|Partner|Chair)\b/.test(title)) return false;
  return /\b(?:Officer|Official|Owner|Custodian|Guardian|Controller|Coordinator|Administrator|Point of Contact)$/.test(
    title,
  );
}

/** A post a person holds: a head, a director, a chief officer, a manager, a secretary. */
function isPost(title: string): boolean {
  if (/^[A-Z]{3,6}$/.test(title)) return false;
  return /\b(?:Head|Director|Chief|Manager|Secretary|Lead|President|Partner|Chair|Counsel)\b/.test(title);
}

/** Without an article or an owner's name before it ("the Bank's Data Protection Officer", "Wattle Grove's"). */
const clean = (title: string) =>
  title.replace(/^(?:(?:The|A|An|Our|Its)\s+)?(?:(?:[A-Z][\w-]*\s+){0,3}[A-Z][\w-]*['’]s\s+)?/, '').trim();

/** "Information Security Manager (ISM)": an abbreviation defined, not a role and its holder. */
function spellsOut(short: string, long: string): boolean {
  if (!/^[A-Z]{2,6}$/.test(short)) return false;
  const initials = long
    .split(/\s+/)
    .filter((w) => /^[A-Z]/.test(w))
    .map((w) => w[0])
    .join('');
  return initials === short || initials.endsWith(short);
}

export function roleHoldersIn(segments: LocatedSegment[], abbreviations: SpelledOut[] = []): RoleHolder[] {
  const expand = new Map(abbreviations.map((a) => [a.short, a.expansion]));
  const key = (role: string) => (expand.get(role) ?? role).replace(/\s*\([A-Z]{2,6}\)$/, '').toLowerCase();
  const out: RoleHolder[] = [];
  segments.forEach((segment, i) => {
    // "4.4 Director of Information Services. Designated HIPAA Security Official ...": the post is
    // the sentence before the designation.
    const before = segments[i - 1];
    const post =
      /^(?:Designated|Appointed)\b/.test(segment.text) && before?.document === segment.document
        ? `${before.text} `
        : '';
    // Emphasis marks ("The **Data Protection Officer (DPO)** is the Head of Legal") are no words.
    // A line wrapped with an indent continues the sentence ("... & SOC\n    (Mr. S. Patil) is the").
    const text = blankEmphasis(post + segment.text).replace(/\n[ \t]+/g, ' ');
    for (const pattern of LINKS)
      for (const m of text.matchAll(pattern)) {
        const g = m.groups!;
        let role = clean(g.r ?? '');
        let holder = clean(g.h ?? '');
        if (g.a !== undefined) {
          const [a, b] = [clean(g.a), clean(g.b!)];
          [role, holder] =
            isDesignatedRole(a) && isPost(b) ? [a, b] : isDesignatedRole(b) && isPost(a) ? [b, a] : ['', ''];
        }
        if (spellsOut(role, holder) || spellsOut(holder, role)) continue;
        // "designates the CISO as ...": the post as the set spells it out.
        holder = expand.get(holder) ?? holder;
        if (!role || !holder || !isDesignatedRole(role) || !isPost(holder)) continue;
        const contactOf = /Point of Contact$/.test(role) ? contactParty(text, m.index + m[0].length) : '';
        if (contactOf === null) continue;
        out.push({ role: key(role) + contactOf, writtenRole: role, holder, segment });
      }
    out.push(...tableHolders(segment, key), ...rowDesignations(segment, key));
  });
  return out;
}

/**
 * Whom a point of contact answers to ("... Point of Contact of the Company for interaction with
 * CERT-In", "... Point of Contact with the Regulator"): contacts for different parties are different
 * roles, and a contact for no named party is not compared (null).
 */
function contactParty(text: string, end: number): string | null {
  const party = /^[^.;]{0,40}?\b(?:with|for|to)\s+(?:the\s+)?([A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)/.exec(
    text.slice(end, end + 80),
  );
  return party ? ` (${party[1]!.toLowerCase()})` : null;
}

/** A roles table's row: "| Data Protection Officer | Finance Director | ... |" under "| Role | Held by |". */
function tableHolders(segment: LocatedSegment, key: (role: string) => string): RoleHolder[] {
  const header = segment.frame?.header;
  if (!header || !segment.text.includes('|')) return [];
  const columns = header.split('|').map((c) => c.trim().toLowerCase());
  const roleAt = columns.findIndex((c) => /^(?:role|function|designated role)$/.test(c));
  const holderAt = columns.findIndex((c) =>
    /\b(?:held by|holder|assigned to|post|position|performed by)\b/.test(c),
  );
  if (roleAt < 0 || holderAt < 0) return [];
  const cells = segment.text.split('|').map((c) => c.trim());
  const holderCell = cells[holderAt] ?? '';
  const holder = clean(new RegExp(TITLE).exec(holderCell)?.[0] ?? '');
  if (!holder || !isPost(holder)) return [];
  // One post may hold two roles in one cell ("IRT Lead and HIPAA Security Official").
  return (cells[roleAt] ?? '')
    .split(/\s+and\s+|\s*;\s*/)
    .map((part) => clean(part.replace(/\s*\([A-Z]{2,6}\)\s*$/, '')))
    .filter((role) => role && isDesignatedRole(role))
    .map((role) => ({ role: key(role), writtenRole: role, holder, segment }));
}

/**
 * A responsibilities table's row whose first cell is a post and whose duties say which role it
 * holds: "| Head of Legal and Compliance | Acts as the Company's Data Protection Officer; ... |".
 */
function rowDesignations(segment: LocatedSegment, key: (role: string) => string): RoleHolder[] {
  if (!/^\|.*\|$/.test(segment.text)) return [];
  const cells = segment.text
    .split('|')
    .map((c) => c.trim())
    .filter(Boolean);
  const holder = clean(cells[0] ?? '');
  if (!isPost(holder) || new RegExp(`^(?:${TITLE})$`).exec(holder)?.[0] !== holder) return [];
  const duty = new RegExp(
    `^(?:acts|serves)[ \\t]+as[ \\t]+(?:the[ \\t]+|its[ \\t]+|our[ \\t]+|[\\w ]+?['’]s[ \\t]+)?(?<r>${TITLE})`,
    'i',
  );
  return cells.slice(1).flatMap((cell) => {
    const role = clean(duty.exec(cell)?.groups?.r ?? '');
    return role && isDesignatedRole(role) ? [{ role: key(role), writtenRole: role, holder, segment }] : [];
  });
}

const words = (title: string) =>
  title
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z ]+/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !['the', 'of', 'and', 'group'].includes(w));

/** "Head of Legal" and "Head of Legal and Company Secretary": one post, one written shorter. */
function samePost(a: string, b: string): boolean {
  const [wa, wb] = [words(a), words(b)];
  return wa.every((w) => wb.includes(w)) || wb.every((w) => wa.includes(w));
}

/**
 * The role a holder is named for, as the set names it: "System Owner" in the EDC Validation SOP is
 * the "EDC System Owner" another document names (the document's name carries the qualifier).
 */
function qualifiedRole(h: RoleHolder, roles: Set<string>): string {
  const acronyms = h.segment.document.match(/[A-Z]{2,6}(?=[-_ .])/g) ?? [];
  const qualified = acronyms.map((a) => `${a.toLowerCase()} ${h.role}`).find((r) => roles.has(r));
  return qualified ?? h.role;
}

/** Designated roles that two documents give to different posts. */
export function conflictingHolders(
  holders: RoleHolder[],
): Array<{ role: string; a: RoleHolder; b: RoleHolder }> {
  const roles = new Set(holders.map((h) => h.role));
  const byRole = new Map<string, RoleHolder[]>();
  for (const h of holders) {
    const role = qualifiedRole(h, roles);
    byRole.set(role, [...(byRole.get(role) ?? []), h]);
  }
  const out: Array<{ role: string; a: RoleHolder; b: RoleHolder }> = [];
  for (const [role, list] of byRole) {
    const pair = list
      .flatMap((a, i) => list.slice(i + 1).map((b) => [a, b] as const))
      .find(([a, b]) => a.segment.document !== b.segment.document && !samePost(a.holder, b.holder));
    if (pair) out.push({ role, a: pair[0], b: pair[1] });
  }
  return out;
}

export function roleHolderSubject(role: string): string {
  return `role:holder:${role}`;
}

/** One finding per designated role that two documents give to different posts. */
export function roleHolderIssues(segments: LocatedSegment[], abbreviations: SpelledOut[]): Issue[] {
  return conflictingHolders(roleHoldersIn(segments, abbreviations)).map(({ role, a, b }) => {
    const subject = roleHolderSubject(role);
    const title = a.writtenRole.length >= b.writtenRole.length ? a.writtenRole : b.writtenRole;
    return {
      primitive: 'consistency_check',
      subject,
      aspects: [subject],
      title: `The ${title} is the ${a.holder} in ${a.segment.document} but the ${b.holder} in ${b.segment.document}`,
      description:
        `The ${title} role is assigned inconsistently, to two different posts: the ${a.holder} (${a.segment.document}) and the ${b.holder} (${b.segment.document}). ` +
        'A designated role has one holder: with two, it is unclear who decides, signs and answers for it (and which name the regulator or the client was given).',
      rootCause: `The role was reassigned (or assigned when one document was written) and the other document was not updated.`,
      remediationScope: `Confirm who holds the ${title} role, record the designation once, and align ${a.segment.document} and ${b.segment.document}.`,
      remediationEffortHours: 1,
      severity: 'medium',
      confidence: 0.8,
      frameworks: [],
      quotes: [
        quoteAround(a.segment, holderPattern(a.holder)),
        quoteAround(b.segment, holderPattern(b.holder)),
      ],
    };
  });
}

const holderPattern = (holder: string) => new RegExp(holder.split(/\s+/).map(escapeRegExp).join('\\s+'));
