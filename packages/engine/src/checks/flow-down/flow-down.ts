// flow_down_check: obligations a parent policy places on third parties that a child contract
// with a third party does not carry, or carries in a weaker form. Compared:
// - timed values (incident notice within N hours, data returned within N days): the contract's
//   strictest commitment must not be longer than the policy's;
// - the clauses the policy requires in contracts, read from its own "mandatory contract clauses"
//   section (numbered or bulleted items, or a checklist table) or from lone "vendor contracts must
//   include ..." statements, limited by tier and data kind, and looked for in the contract with
//   wording tolerant of legal drafting;
// - sub-contracting subject to approval, and required instruments (a business associate or data
//   processing agreement where the contract covers such data).
import type {
  AnalyzedDocument,
  ConceptFact,
  CorpusAnalysis,
  LocatedSegment,
} from '../../analyst/corpus-analysis';
import { listDocuments, quoteOf, type Issue, type IssueQuote } from '../../analyst/issue';
import { tokenize } from '../../text/normalize';
import { pipeCells } from '../../text/table-cells';
import { CONCEPTS, type ConceptDefinition } from '../../analyst/concepts';
import { extractTimeQuantities } from '../../analyst/quantities';
import { describeFact, higherIsStricter } from '../concept-conflict/concept-conflicts';
import { quoteRequests, type EvidenceRequest } from '../check';
import {
  PERMISSION,
  ONWARD_ENGAGEMENT,
  SUBCONTRACT,
  controlRank,
  requiredControl,
  shortfall,
  subcontractControl,
  type SubcontractControl,
} from './subcontracting';
import { UNTIMED_PROMPTNESS, customerNoticeIssue } from './customer-notice';
import { SERVICE_AUDITOR_REPORT, TYPE_ONE_REPORT, assuranceTypeGap } from './assurance-type';
import { DOC_CODE, resolveDocument } from '../citation/citations';
import { contentLemmas } from '../../analyst/requirements';
import { THIRD_PARTY } from '../../analyst/parties';

const OBLIGATION = /\b(must|shall|required|are required to|will)\b/i;
const INSTRUMENTS: Array<{
  id: string;
  label: string;
  required: RegExp;
  inChild: RegExp;
  appliesTo: RegExp;
}> = [
  {
    id: 'baa',
    label: 'Business Associate Agreement',
    required: /\b(business associate agreements?|BAAs?)\b/i,
    inChild: /\b(business associate|BAA)\b/i,
    appliesTo: /\b(PHI|protected health|patients?|health (?:data|information|records)|medical)\b/i,
  },
  {
    id: 'dpa',
    label: 'data processing agreement',
    required: /\b(data processing agreements?|DPAs?)\b/i,
    inChild: /\b(data processing|DPA|processor)\b/i,
    appliesTo: /\b(personal data|personal information|PII)\b/i,
  },
];

const CONSENT = /\b(approv\w*|consent\w*|authori[sz]\w*|notif\w*|notice)\b/i;

/**
 * Topics of contract clauses a parent policy commonly requires, with the wording that shows a
 * contract carries them. `parent` recognises the obligation (in its label first, else its text);
 * `child` must match one statement of the contract. Incident-notice windows, sub-contracting and
 * data processing agreements have their own checks below and are only recognised here.
 */
interface ClauseTopic {
  id: string;
  label: string;
  parent: RegExp;
  child: RegExp[];
  /** Checked elsewhere (timed facts, sub-contracting, instruments): never reported by topic. */
  handledElsewhere?: boolean;
  /**
   * Where the policy asks for the strong form (`parent` of `strict`), a contract statement that
   * names the topic only to take it away or replace it (`statement`) does not carry it; a
   * statement granting it (`grant`) must.
   */
  withdrawn?: {
    strict: RegExp;
    statement: RegExp;
    grant: RegExp;
    /** A right rationed ("not more than once a year") withdraws only one the policy gives "at any time". */
    rationed?: { statement: RegExp; requiredAnyTime: RegExp };
    /**
     * A statement denying the right outright ("shall have no right to audit"): it withdraws the
     * right in any form the policy asks for, strong or plain, unless another statement grants it.
     */
    denial?: RegExp;
  };
  /**
   * A party the policy names as holding the right (a regulator) that the contract must name beside
   * the topic too: an audit right for the company alone leaves the regulator without one.
   */
  namedParty?: { pattern: RegExp; label: string };
}

/** A supervisor a policy may give audit rights over a provider. */
const REGULATOR =
  /\b(?:regulators?|supervisory authorit\w*|competent authorit\w*|monetary authority|central bank|reserve bank)\b/i;

/** An audit or inspection; an audit trail or audit log is a record a system keeps, no right to audit. */
const AUDIT_OR_INSPECTION = /\b(audit(?!\s+(?:trails?|logs?|logging)\b)\w*|inspect\w*)\b/i;

const CLAUSE_TOPICS: ClauseTopic[] = [
  {
    id: 'responsibility_acknowledgement',
    label: 'written acknowledgement of responsibility for the security of the data',
    parent: /\backnowledg\w*[^.]{0,80}\bresponsib\w*|\bresponsib\w*[^.]{0,40}\backnowledg\w*/i,
    child: [/\backnowledg\w*|\baccepts?\b|\bagrees?\b/i, /\bresponsib\w*/i, /\bsecurity\b/i],
  },
  {
    id: 'responsibility_matrix',
    label: 'responsibility matrix allocating requirements between the parties',
    parent:
      /\b(responsibilit\w* (?:matrix|allocation|split)|allocation of (?:\w+ ){0,4}(?:responsibilit\w*|requirements)|RACI|shared responsibilit\w*)/i,
    child: [
      /\b(matri(?:x|ces)|RACI|allocation of (?:\w+ ){0,4}(?:responsibilit\w*|requirements)|responsibilit\w* (?:split|allocation)|shared responsibilit\w*)/i,
    ],
  },
  {
    id: 'remote_access',
    label: 'remote access restrictions',
    parent: /\bremote[- ]access\b/i,
    child: [/\b(remote\w*|jump ?hosts?|bastion|no access to (?:\w+ ){0,2}(?:networks?|systems))\b/i],
  },
  {
    id: 'audit_rights',
    label: 'right to audit',
    parent: AUDIT_OR_INSPECTION,
    child: [AUDIT_OR_INSPECTION],
    // An audit right "including inspection of the vendor's sites" is not carried by "the vendor's
    // yearly assurance report discharges any right of audit", "no on-site audit will be allowed" or
    // "rights to verify ... are limited to the documents described in clause 11.1",
    // nor, where it is "at any time", by one rationed to "not more than once in each Contract Year".
    withdrawn: {
      strict:
        /\bunrestricted\b|\bwithout restriction\b|\bon[- ]?site\b|\bpremises\b|\bat any time\b|\b(?:regulator|supervisory authority|competent authorit\w*|monetary authority|central bank|reserve bank)\b/i,
      statement:
        /\b(?:satisf\w*|discharg\w*|fulfil\w*|in (?:lieu|place) of|rel(?:y|ied) (?:up)?on)\b|\bnot (?:be )?(?:required|obliged|obligated|entitled)\b|\bno (?:on-?site )?(?:audits?|inspections?)\b|\bno rights? (?:to|of) (?:audit|inspect)\w*|\brights?\b[^.;]{0,60}\b(?:are|is) limited to\b/i,
      rationed: {
        statement: /\b(?:not|no) more (?:than|often than) (?:once|one|twice|two|\w+ times)\b/i,
        requiredAnyTime: /\bat any time\b|\bwithout restriction\b|\bunrestricted\b/i,
      },
      grant:
        /\b(?:may|shall|will|must|entitled to|right to|permit\w*|allow\w*|grant\w*)\b[^.;]{0,100}\b(?:audit\w*|inspect\w*)|\b(?:audit|inspection|access) rights?\b/i,
      // "shall not be required to allow visits or audits of its sites": no audit of any kind.
      denial:
        /\bno rights? (?:to|of) (?:audit|inspect)\w*|\bnot (?:be )?entitled to (?:audit|inspect)\w*|\bno (?:audits?|inspections?) (?:of|by|shall|will|may)\b|\bnot (?:be )?(?:required|obliged|obligated) to (?:permit|allow|accept|submit to|undergo)\b[^.;]{0,30}\b(?:audit|inspect)\w*/i,
    },
    namedParty: { pattern: REGULATOR, label: 'regulator audit and inspection rights' },
  },
  {
    id: 'continuity',
    label: 'tested business continuity plan',
    parent: /\b(business continuity|continuity|disaster recovery|BCP)\b/i,
    child: [/\b(continuity|disaster recovery|failover|BCP|DRP)\b/i],
  },
  {
    id: 'vulnerabilities',
    label: 'vulnerability notification and patching',
    parent: /\b(vulnerabilit\w*|patch\w*)\b/i,
    child: [/\b(vulnerabilit\w*|patch\w*|security advisor\w*)\b/i],
  },
  {
    id: 'data_return',
    label: 'return or deletion of data at termination',
    parent: /\b(return\w*|delet\w*|destr\w*|exit)\b/i,
    child: [/\b(return\w*|delet\w*|destr\w*|eras\w*|purg\w*)\b/i],
  },
  {
    id: 'incident_notification',
    label: 'security incident notification',
    parent:
      /\b(incidents?|breach\w*)\b[^.]{0,80}\b(notif\w*|notice|report\w*)|\b(notif\w*|notice)\b[^.]{0,80}\b(incidents?|breach\w*)/i,
    child: [/\b(notif\w*|notice|inform\w*|report\w*)\b/i, /\b(incidents?|breach\w*)\b/i],
  },
  {
    id: 'subcontracting',
    label: 'approval of sub-contracting',
    parent: SUBCONTRACT,
    child: [SUBCONTRACT],
    handledElsewhere: true,
  },
  {
    id: 'data_processing',
    label: 'data processing terms',
    parent: /\b(data processing agreements?|DPAs?|data protection terms|article 28)\b/i,
    child: [/\b(data processing|DPA|processor|article 28)\b/i],
    handledElsewhere: true,
  },
  {
    id: 'confidentiality',
    label: 'confidentiality obligations',
    // A classification label ("CONFIDENTIAL information") names data, not a confidentiality clause.
    parent:
      /\b(confidentiality|non-disclosure|NDAs?)\b|\b(?:keep|kept|held|hold|treat\w*)\b[^.]{0,40}\bconfidential\b|\bconfidential\w* (?:obligations?|undertakings?|clauses?|agreements?|terms)\b/i,
    child: [/\b(confidential\w*|non-disclosure)\b/i],
  },
  { id: 'insurance', label: 'insurance cover', parent: /\binsurance\b/i, child: [/\binsur\w*/i] },
  {
    id: 'service_levels',
    label: 'service levels',
    parent: /\b(service levels?|SLAs?|uptime)\b/i,
    child: [/\b(service levels?|SLAs?|availability|uptime)\b/i],
  },
  {
    id: 'background_checks',
    label: 'personnel background checks',
    parent: /\bbackground (?:checks?|screening)|\bscreening of (?:personnel|staff)\b/i,
    child: [/\b(background|screen\w*|vett\w*)\b/i],
  },
  { id: 'encryption', label: 'encryption of data', parent: /\bencrypt\w*/i, child: [/\bencrypt\w*/i] },
  {
    id: 'security_requirements',
    label: 'security requirements',
    parent: /\bsecurity (?:controls|requirements|measures|obligations|safeguards)\b/i,
    child: [/\b(security|safeguards|technical and organi[sz]ational measures)\b/i],
  },
];

/**
 * Assurance schemes a clause can require the provider to hold or report against. A clause that
 * names one (e.g. "maintain PCI DSS compliance and deliver an AOC annually") is only carried by a
 * contract that names the same scheme.
 */
const ASSURANCE_SCHEMES: Array<{ label: string; pattern: RegExp }> = [
  {
    label: 'PCI DSS',
    pattern: /\b(PCI(?:[- ]DSS)?|AOC|attestations? of compliance|cardholder data security standard)\b/i,
  },
  {
    label: 'SOC 2',
    pattern: new RegExp(`${SERVICE_AUDITOR_REPORT}\\b|\\bservice organi[sz]ation control\\b`, 'i'),
  },
  { label: 'ISO/IEC 27001', pattern: /\b(?:ISO(?:\/IEC)?\s*)?27001\b/i },
  { label: 'HITRUST', pattern: /\bHITRUST\b/i },
  { label: 'CSA STAR', pattern: /\bCSA STAR\b/i },
  { label: 'Cyber Essentials', pattern: /\bCyber Essentials\b/i },
  { label: 'FedRAMP', pattern: /\bFedRAMP\b/i },
];

/** A section heading or lead-in that introduces the clauses third-party contracts must contain. */
const CONTRACT_SECTION_HEADING =
  /\b(contract(?:ual)?|agreements?)\b[^\n]{0,40}\b(clauses?|terms|requirements?|provisions?|obligations?)\b|\b(mandatory|minimum|required)\b[^\n]{0,30}\b(clauses?|contract\w*|terms)\b/i;
/**
 * A lead-in to the clauses every contract must hold: "Every contract ... shall include the
 * following:", "engages carriers only under a written agreement that requires the provider to:".
 */
const CONTRACT_LEAD_IN =
  /\b(contracts?|agreements?)\b[^.]{0,160}\b(must|shall|will|is required to|are required to)\b[^.]{0,80}\b(contain\w*|includ\w*|incorporat\w*|address\w*|following|below)\b|\b(contracts?|agreements?)\b[^.]{0,160}\b(must|shall|will)\b[^.:]{0,40}:\s*$|\b(?:must|shall|will)\s+(?:sign|enter into|conclude|have|put in place)\b[^.]{0,60}\b(?:contracts?|agreements?)\b[^.]{0,80}:\s*$|\b(?:not|never) sign\b[^.]{0,120}\b(unless|without)\b|\b(?:contracts?|agreements?)\s+(?:that|which)\s+(?:requires?|obliges?|binds?)\b[^.:]{0,80}:\s*$/i;
const CONTRACT_CLAUSE_REQUIREMENT = {
  test: (text: string) =>
    /\b(contracts?|agreements?)\b/i.test(text) &&
    /\b(must|shall|are required to)\b/i.test(text) &&
    /\b(includ\w*|contain\w*|provid\w*|specif\w*|address\w*)\b/i.test(text),
};
const ITEM_MARKER =
  /^\s*(?:#+\s*)?(?:\d{1,3}(?:\.\d{1,3})+\.?|\(?[a-z]\)|[a-z]\.|[A-Z]\d{1,2}\.?|[-*\u2022])\s+/;
const TABLE_ROW = /^\s*\|/;

/** One clause the parent requires in third-party contracts (its statements and short label). */
interface ContractObligation {
  segments: LocatedSegment[];
  text: string;
  label: string | null;
  /** Supplier tiers the clause is limited to (empty: every tier). */
  tiers: string[];
  /** Only for providers that handle this kind of data ("where it handles cardholder data"). */
  dataCondition: RegExp | null;
  /** A lone statement naming several clauses at once: every topic in it counts. */
  listsSeveral: boolean;
}

/** The clause's own title: "**Inspection (Category 2).**" or "Right of inspection." at the item start. */
function clauseLabel(text: string): string | null {
  const body = text.replace(ITEM_MARKER, '');
  const bold = body.match(/^\s*\*\*([^*]{3,90}?)\*\*/);
  const plain = body.match(/^([A-Z][A-Za-z0-9 ,/&()'\u2019-]{2,70}?)[.:]\s+\S/);
  const label = (bold?.[1] ?? plain?.[1] ?? '').replace(/[.:]\s*$/, '').trim();
  if (!label || label.split(/\s+/).length > 9) return null;
  return label;
}

const DATA_KINDS: Array<{ condition: RegExp; present: RegExp }> = [
  {
    condition: /\b(where|if|when|to the extent)\b[^.]{0,80}\bpersonal (?:data|information)\b/i,
    present: /\b(personal (?:data|information)|PII|data subjects?)\b/i,
  },
  {
    condition: /\b(where|if|when|to the extent)\b[^.]{0,80}\b(cardholder|card data|PAN)\b/i,
    present: /\b(cardholder|card data|PAN|primary account numbers?)\b/i,
  },
  {
    condition:
      /\b(where|if|when|to the extent)\b[^.]{0,80}\b(PHI|protected health|health (?:data|information))\b/i,
    present: /\b(PHI|protected health|health (?:data|information)|patients?)\b/i,
  },
];

function obligationOf(segments: LocatedSegment[], listsSeveral: boolean): ContractObligation {
  const text = segments.map((s) => s.text).join(' ');
  const label = clauseLabel(text);
  // Tier limits are read from the label, or from the first statement when there is no label.
  const scopeText = label ?? segments[0]!.text;
  const tiers = [...scopeText.matchAll(/\btiers?\s*(\d)\b(?:\s*(?:,|and|&|or)\s*(\d)\b)?/gi)].flatMap((m) =>
    m.slice(1).filter((t): t is string => Boolean(t)),
  );
  const dataCondition = DATA_KINDS.find((k) => k.condition.test(text))?.present ?? null;
  return { segments, text, label, tiers: [...new Set(tiers)], dataCondition, listsSeveral };
}

/** The section (segments) that starts at a heading, up to the next heading of the same depth. */
function sectionSegments(doc: AnalyzedDocument, headingIndex: number): LocatedSegment[] {
  const heading = doc.headings[headingIndex]!;
  const depth = /^\d/.test(heading.number) ? heading.number.split('.').length : 1;
  const next = doc.headings
    .slice(headingIndex + 1)
    .find((h) => (/^\d/.test(h.number) ? h.number.split('.').length : 1) <= depth);
  const end = next?.start ?? doc.text.length;
  return doc.segments.filter((s) => s.start > heading.start && s.start < end);
}

/** Group a section's statements into clauses: a numbered or bulleted item and its continuation. */
function groupItems(segments: LocatedSegment[]): LocatedSegment[][] {
  const items: LocatedSegment[][] = [];
  const marked = segments.some((s) => ITEM_MARKER.test(s.text));
  for (const segment of segments) {
    if (TABLE_ROW.test(segment.text) || /^\s*#/.test(segment.text)) continue;
    if (!marked || ITEM_MARKER.test(segment.text)) items.push([segment]);
    // Unnumbered statements before the first item are preamble ("Procurement shall not countersign ..."), not clauses.
    else if (items.length > 0) items[items.length - 1]!.push(segment);
  }
  return items;
}

const TABLE_SEPARATOR = /^\s*\|?\s*:?-{3,}/;

/** A section's table rows, its separator line aside (the first row is the header). */
function tableRowsOf(segments: LocatedSegment[]): LocatedSegment[] {
  return segments.filter(
    (s) => TABLE_ROW.test(s.text) && !TABLE_SEPARATOR.test(s.text.replace(/^\s*\|/, '')),
  );
}
const REQUIRED_CELL = /^(required|mandatory|yes|y|\u2713|\u2714|x|must)$/i;

/**
 * Rows of a contract clause checklist ("| A2 | Right to audit | Required | Required |"): the clause
 * is the first cell with words, and the tiers are the header's tier columns marked required.
 */
function checklistRows(segments: LocatedSegment[]): ContractObligation[] {
  const rows = tableRowsOf(segments);
  if (rows.length < 2) return [];
  const header = pipeCells(rows[0]!.text);
  const tierColumns = header.map((cell) => cell.match(/\btier\s*(\d)\b/i)?.[1] ?? null);
  const out: ContractObligation[] = [];
  for (const row of rows.slice(1)) {
    const cells = pipeCells(row.text);
    const label = cells.find((c) => /[a-z]{3,}\s+[a-z]{2,}|[a-z]{5,}/i.test(c) && !REQUIRED_CELL.test(c));
    if (!label) continue;
    const required = cells.map((c, i) => (REQUIRED_CELL.test(c) ? tierColumns[i] : undefined));
    if (!required.some((r) => r !== undefined)) continue;
    const tiers = required.filter((t): t is string => typeof t === 'string');
    const obligation = obligationOf([row], false);
    out.push({ ...obligation, label: label.replace(/\s*\(.*?\)\s*/g, ' ').trim(), tiers, text: label });
  }
  return out;
}

/**
 * Rows of a table of required terms that spell each one out ("| 6.2 | Audit and access | GFS, its
 * auditors and the regulator have an unrestricted right of access to ... |"): the short cell with
 * words is the clause's label, the long one what it must say.
 */
function termRows(segments: LocatedSegment[]): ContractObligation[] {
  const rows = tableRowsOf(segments);
  if (rows.length < 2) return [];
  const out: ContractObligation[] = [];
  for (const row of rows.slice(1)) {
    const cells = pipeCells(row.text);
    const text = cells.find((c) => c.split(/\s+/).length >= 8);
    const label = cells.find((c) => c !== text && /[a-z]{3,}/i.test(c) && c.split(/\s+/).length <= 6);
    if (!text || !label) continue;
    out.push({ ...obligationOf([row], false), label, text });
  }
  return out;
}

/**
 * The clauses a parent policy requires in third-party contracts: the items of a section that a
 * heading or lead-in presents as mandatory contract clauses, and lone statements saying contracts
 * with vendors must include something.
 */
export function contractObligations(parent: AnalyzedDocument): ContractObligation[] {
  const out: ContractObligation[] = [];
  const covered = new Set<LocatedSegment>();
  const tables: ContractObligation[] = [];
  parent.headings.forEach((heading, index) => {
    const section = sectionSegments(parent, index);
    // A numbered statement is a clause, unless it opens a list ("9.1 Every contract ... shall:").
    // The heading's own line may run on into the lead-in ("8. Freight forwarders OOE engages
    // carriers only under a written agreement that requires the provider to:").
    const headed = parent.segments.find((s) => s.start === heading.start);
    const leadIn = [...(headed ? [headed] : []), ...section].find(
      (s) => (!ITEM_MARKER.test(s.text) || /:\s*$/.test(s.text)) && CONTRACT_LEAD_IN.test(s.text),
    );
    if (!CONTRACT_SECTION_HEADING.test(heading.title) && !leadIn) return;
    // The clauses must be about third parties: said in the section, or in the policy's own opening.
    const aboutThirdParties =
      section.some((s) => THIRD_PARTY.test(s.text)) ||
      THIRD_PARTY.test(heading.title) ||
      THIRD_PARTY.test(`${parent.title} ${parent.text.slice(0, 1500)}`);
    if (!aboutThirdParties) return;
    // The lead-in says which contracts the list applies to; the clauses follow it.
    const body = leadIn ? section.filter((s) => s.start > leadIn.start) : section;
    if (leadIn) covered.add(leadIn);
    const clauses = body.filter(
      (s) => !covered.has(s) && !/\b(deviation|exception)s?\b[^.]*\b(requires?|approv\w*)\b/i.test(s.text),
    );
    for (const item of groupItems(clauses)) {
      item.forEach((s) => covered.add(s));
      out.push(obligationOf(item, false));
    }
    // A table that spells each term out states clauses; one that only ticks them off stands in
    // for them where the policy does not spell them out.
    const checklist = checklistRows(clauses);
    if (checklist.length > 0) tables.push(...checklist);
    else
      for (const row of termRows(clauses)) {
        row.segments.forEach((s) => covered.add(s));
        out.push(row);
      }
  });
  // A checklist table stands for the clauses only where the policy does not spell them out.
  if (out.length === 0) out.push(...tables);
  for (const segment of parent.segments) {
    if (covered.has(segment)) continue;
    if (CONTRACT_CLAUSE_REQUIREMENT.test(segment.text) && THIRD_PARTY.test(segment.text))
      out.push(obligationOf([segment], true));
  }
  return out;
}

/** Topics an obligation is about: the label decides when it names one. */
function topicsOf(obligation: ContractObligation): ClauseTopic[] {
  if (obligation.label) {
    const byLabel = CLAUSE_TOPICS.filter((t) => t.parent.test(obligation.label!));
    if (byLabel.length) return byLabel.slice(0, 1);
  }
  const byText = CLAUSE_TOPICS.filter((t) => t.parent.test(obligation.text));
  return obligation.listsSeveral ? byText : byText.slice(0, 1);
}

const LABEL_STOPWORDS = new Set(
  'the and for with from into onto that this those these their its our your of to in on at by or an a be is are any all each every tier clause clauses terms term obligation obligations requirement requirements supplier suppliers vendor vendors provider providers contract contracts agreement agreements'.split(
    ' ',
  ),
);

/** Content words of a clause label, cut to a stem so that "audit rights" finds "audited". */
function labelStems(label: string): string[] {
  return label
    .replace(/\(.*?\)/g, ' ')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 4 && !LABEL_STOPWORDS.has(w))
    .map((w) => w.slice(0, 6));
}

const OBLIGATION_WORDS = new Set(
  'shall must will may should only also within least such other than which where when company organisation organization customer client'.split(
    ' ',
  ),
);

/** Lower-case content words of a clause (proper names and obligation wording left out), as stems. */
function contentStems(text: string): string[] {
  const words = text
    .replace(/\b[A-Z][A-Za-z]*\b/g, ' ')
    .toLowerCase()
    .split(/[^a-z]+/);
  const stems = words
    .filter((w) => w.length >= 4 && !LABEL_STOPWORDS.has(w) && !OBLIGATION_WORDS.has(w))
    .map((w) => w.slice(0, 5));
  return [...new Set(stems)];
}

function childSays(child: AnalyzedDocument, patterns: RegExp[]): boolean {
  return child.segments.some((s) => patterns.every((p) => p.test(s.text)));
}

/** What the contract lacks of one obligation, with the statements that take it away. */
interface MissingPart {
  text: string;
  /** Contract statements that name a required clause only to withdraw or replace it. */
  withdrawals: LocatedSegment[];
}

/**
 * The contract's statements that withdraw a topic the policy requires in its strong form, when no
 * statement grants it; empty when the contract carries it or never names it.
 */
function withdrawingStatements(topic: ClauseTopic, obligation: ContractObligation, child: AnalyzedDocument) {
  const rule = topic.withdrawn;
  if (!rule) return [];
  // A statement under the topic's own heading names it ("9. Audit ... 9.2 The Provider shall not
  // be required to give access to its premises").
  const naming = child.segments.filter(
    (s) => topic.child.every((p) => p.test(s.text)) || topic.child.every((p) => p.test(s.section ?? '')),
  );
  if (!rule.strict.test(obligation.text)) {
    // A plain right ("a right to audit the vendor's compliance") is carried by any grant, and
    // taken away only by a denial in so many words.
    const denying = rule.denial ? naming.filter((s) => rule.denial!.test(s.text)) : [];
    const granting = naming.filter((s) => !denying.includes(s) && rule.grant.test(s.text));
    return granting.length === 0 ? denying : [];
  }
  const rationed =
    rule.rationed && rule.rationed.requiredAnyTime.test(obligation.text) ? rule.rationed : null;
  const withdrawing = naming.filter((s) => rule.statement.test(s.text) || rationed?.statement.test(s.text));
  const granting = naming.filter((s) => !withdrawing.includes(s) && rule.grant.test(s.text));
  if (granting.length === 0) return withdrawing;
  // A limited right granted ("documents only, once in 24 months") does not restore what another
  // statement takes away in so many words: the premises, systems, staff or regulator the policy
  // requires; nor does a grant restore the "at any time" a rationing statement takes from every
  // audit ("Audits may be conducted no more than once per Contract Year").
  return withdrawing.filter(
    (s) => rule.strict.test(s.text) || STRICT_ELEMENTS.test(s.text) || rationed?.statement.test(s.text),
  );
}

/** The party as a clause names it, with the capitalised words of its name ("the Reserve Bank of India"). */
function namedPartyIn(text: string, pattern: RegExp): string | null {
  const m = pattern.exec(text);
  if (!m) return null;
  const before = text.slice(0, m.index).match(/(?:\bthe\s+)?(?:[A-Z][\w-]*\s+){0,3}$/)?.[0] ?? '';
  const after = text.slice(m.index + m[0].length).match(/^(?:\s+of\s+[A-Z][\w-]*)?/)?.[0] ?? '';
  return `${before}${m[0]}${after}`.trim();
}

/** What a strong audit right reaches: the provider's premises, systems and people. */
const STRICT_ELEMENTS = /\b(?:premises|sites?|systems|personnel|staff|enter|entry)\b/i;

/** What the contract lacks of one obligation, or null when it carries it. */
function missingPart(obligation: ContractObligation, child: AnalyzedDocument): MissingPart | null {
  const topics = topicsOf(obligation);
  const missing: string[] = [];
  const withdrawn: LocatedSegment[] = [];
  for (const topic of topics) {
    if (topic.handledElsewhere) continue;
    const taken = withdrawingStatements(topic, obligation, child);
    if (taken.length > 0) {
      missing.push(`${topic.label} (the contract withdraws it: "${taken[0]!.text.slice(0, 160)}")`);
      withdrawn.push(...taken);
    } else if (!childSays(child, topic.child)) missing.push(topic.label);
    else if (
      topic.namedParty?.pattern.test(obligation.text) &&
      !child.segments.some(
        (s) => topic.child.every((p) => p.test(s.text)) && topic.namedParty!.pattern.test(s.text),
      )
    ) {
      // Named as the policy names it: "regulator audit and inspection rights (the Reserve Bank of India)".
      const party = namedPartyIn(obligation.text, topic.namedParty.pattern);
      missing.push(`${topic.namedParty.label}${party ? ` (${party})` : ''}`);
    }
  }
  // A named assurance scheme must be named by the contract too.
  const schemes = ASSURANCE_SCHEMES.filter((scheme) => scheme.pattern.test(obligation.text));
  // "a SOC 2 report or an ISO/IEC 27001 certificate": any one of the schemes named will do.
  if (schemes.length && !schemes.some((scheme) => scheme.pattern.test(child.text)))
    missing.push(`${schemes.map((scheme) => scheme.label).join(' or ')} obligations`);
  if (topics.length === 0 && schemes.length === 0 && obligation.label) {
    // A clause of a kind the topic list does not know: the contract carries it when one statement
    // has the label's words together, or most of the clause's own content words (legal wording
    // rarely repeats a policy's headings: "Data location" vs "store data only in Frankfurt").
    const stems = labelStems(obligation.label);
    const body = contentStems(obligation.text.replace(/\*\*[^*]*\*\*/, ' '));
    const lower = child.segments.map((s) => s.text.toLowerCase());
    const carried = lower.some(
      (t) =>
        stems.every((w) => t.includes(w)) ||
        (body.length >= 2 && body.filter((w) => t.includes(w)).length >= Math.ceil(body.length * 0.6)),
    );
    if (stems.length > 0 && stems.length <= 4 && !carried)
      missing.push(
        obligation.label
          .replace(/\s*\(.*?\)\s*/g, ' ')
          .trim()
          .toLowerCase(),
      );
  }
  return missing.length ? { text: [...new Set(missing)].join(' and '), withdrawals: withdrawn } : null;
}

/** The tier the contract's provider is in: stated in the contract, or in a register row naming it. */
export function childTier(analysis: CorpusAnalysis, child: AnalyzedDocument): string | null {
  const stated = child.text
    .slice(0, 3000)
    .match(
      /\b(?:supplier|vendor|provider|risk)\s+tier\b[^.\n]{0,30}?\btier\s*(\d)\b|\b(?:supplier|vendor|provider)\s+tier\s*:?\s*(\d)\b|\b(?:classified|tiered|rated) as (?:a )?tier\s*(\d)\b|\btier\s*(\d)\s+(?:critical |important )?(?:supplier|vendor|service provider|provider)\b/i,
    );
  if (stated) return stated.slice(1).find(Boolean) ?? null;
  const opening = `${child.name.replace(/[-_.]+/g, ' ')} ${child.text.slice(0, 1500)}`;
  for (const doc of analysis.documents) {
    if (doc === child || doc.role === 'contract') continue;
    for (const segment of doc.segments) {
      if (!TABLE_ROW.test(segment.text) && !segment.text.includes('|') && !segment.text.includes(','))
        continue;
      const tier = segment.text.match(/\btier\s*(\d)\b/i);
      const name = tier ? rowName(segment.text) : null;
      if (name && new RegExp(`\\b${name}\\b`).test(opening)) return tier![1]!;
    }
  }
  return null;
}

/** The distinctive first word of a register row's name cell ("Brightwater" in "Brightwater ... LLC"). */
function rowName(row: string): string | null {
  for (const cell of row.split(/\s*[|,;\t]\s*/)) {
    const word = cell.trim().match(/^([A-Z][A-Za-z]{3,})\b/);
    if (word && !/^(tier|yes|none|n\/a)$/i.test(word[1]!)) return word[1]!;
  }
  return null;
}

function applies(obligation: ContractObligation, tier: string | null, child: AnalyzedDocument): boolean {
  if (tier && obligation.tiers.length > 0 && !obligation.tiers.includes(tier)) return false;
  if (obligation.dataCondition && !obligation.dataCondition.test(child.text)) return false;
  return true;
}

/** Clauses a parent policy says every third-party contract must contain, missing from the contract. */
function clauseIssues(
  analysis: CorpusAnalysis,
  parent: AnalyzedDocument,
  child: AnalyzedDocument,
  seen: (s: LocatedSegment) => boolean,
): Issue[] {
  const tier = childTier(analysis, child);
  const gaps: Array<{ obligation: ContractObligation; missing: string; withdrawals: LocatedSegment[] }> = [];
  for (const obligation of contractObligations(parent)) {
    if (!applies(obligation, tier, child)) continue;
    const missing = missingPart(obligation, child);
    if (missing) gaps.push({ obligation, missing: missing.text, withdrawals: missing.withdrawals });
  }
  if (gaps.length === 0) return [];
  // Absence is judged on the whole contract; the question must at least have looked at the pair.
  if (!gaps.some((g) => g.obligation.segments.some(seen)) && !child.segments.some(seen)) return [];
  const party = counterparty(child);
  const parties = partiesSegment(child);
  // Each gap is named by the policy's own clause title when it has one ("Audit rights").
  const names = gaps.map((g) =>
    g.obligation.label
      ? g.obligation.label
          .replace(/\s*\(.*?\)\s*/g, ' ')
          .trim()
          .toLowerCase()
      : g.missing,
  );
  const labels = [...new Set(names)];
  const withdrawals = [...new Set(gaps.flatMap((g) => g.withdrawals))];
  const listed = gaps
    .map(
      (g, i) =>
        `${names[i]}${names[i] !== g.missing ? ` (missing: ${g.missing})` : ''}: "${g.obligation.text.replace(/\*\*/g, '').slice(0, 220)}"`,
    )
    .join('; ');
  return [
    {
      primitive: 'flow_down_check',
      subject: `${flowSubject(child.name)}:clauses:${parent.name}`,
      aspects: [flowSubject(child.name)],
      title: `${child.title}: no ${listDocuments(labels.slice(0, 4))} clause${labels.length > 1 ? 's' : ''} although ${parent.name} requires ${labels.length > 1 ? 'them' : 'it'} in third-party contracts`,
      description:
        `${parent.name} requires third-party contracts${tier ? ` for tier ${tier} providers` : ''} to include: ${listed}. ` +
        `${child.name}${party ? ` with ${party}` : ''} ${withdrawals.length > 0 ? 'withdraws or lacks' : 'contains no such clause'}${gaps.length > 1 && withdrawals.length === 0 ? 's' : ''}. The obligation${gaps.length > 1 ? 's were' : ' was'} not flowed down.`,
      rootCause: `${child.name} was agreed without checking it against the mandatory contract clauses of ${parent.name}.`,
      remediationScope: `Amend ${child.name} to add ${labels.join('; ')}, and check new contracts against ${parent.name} before signature.`,
      remediationEffortHours: 4 + 2 * gaps.length,
      severity: gaps.length > 1 ? 'high' : 'medium',
      confidence: tier || gaps.every((g) => g.obligation.tiers.length === 0) ? 0.8 : 0.72,
      frameworks: [],
      quotes: [
        ...gaps.slice(0, 3).map((g) => quoteOf(g.obligation.segments[0]!)),
        ...withdrawals.slice(0, 2).map((s) => quoteOf(s)),
        ...(parties ? [quoteOf(parties)] : []),
      ],
    },
  ];
}

/**
 * Sub-contractors bound to the same terms as the provider: "agree in writing to the same
 * restrictions and conditions", "obligations no less protective", "flow down equivalent terms";
 * also the clauses copied into each sub-contract ("include in each lower-tier subcontract the
 * clauses listed in Schedule B").
 */
const EQUAL_TERMS =
  /\b(same|equivalent|identical|substantially similar|no less (?:protective|stringent|onerous)|at least as (?:protective|stringent)|materially the same|comparable)\b[^.]{0,60}\b(restrictions?|conditions?|obligations?|requirements?|terms|protections?|safeguards?|standards?)\b|\b(?:restrictions?|conditions?|obligations?|requirements?|terms|protections?|safeguards?)\b[^.]{0,30}\b(?:no less (?:protective|stringent|onerous)|at least as (?:protective|stringent)|equivalent to|the same as)\b|\bflow(?:s|ed|ing)?[- ]down\b|\bflowed down\b|\b(?:bound|binds?) (?:by|to) (?:the )?(?:same|equivalent)\b|\b(?:include|incorporate|insert)\w*\s+in\s+(?:each|every|any|all)\s+(?:[\w-]+\s+){0,3}?sub-?contracts?\b[^.]{0,40}\b(?:clauses?|terms|provisions)\b/i;

/**
 * The provider's own sub-contractors ("its subcontractors", "ensure that any subcontractor"), not
 * a sub-contractor as the party itself ("any supplier or subcontractor must accept ...").
 */
const PROVIDERS_OWN_SUBCONTRACTORS =
  /\b(?:its|their|any such|the (?:provider|supplier|vendor|processor|contractor|business associate)['\u2019]s)\s+(?:own\s+)?sub-?(?:contract\w*|processors?|suppliers?)|\b(?:ensur\w*|requir\w*|bind\w*|impos\w*|oblig\w*)\b[^.]{0,30}\bsub-?(?:contract\w*|processors?|suppliers?)/i;

function ownUseOfSubcontractors(text: string): boolean {
  // The organisation's own use of sub-processors (as a processor itself) binds no vendor.
  return /\b(we|us)\b[^.]{0,20}\b(engage|use|appoint)\b/i.test(text);
}

/** The statement of the parent that makes sub-contracting subject to approval or notice. */
function approvalRequirement(parent: AnalyzedDocument, seen: (s: LocatedSegment) => boolean) {
  return parent.segments.find(
    (s) =>
      seen(s) &&
      SUBCONTRACT.test(s.text) &&
      CONSENT.test(s.text) &&
      // A list item binds as its lead-in does ("the contract must: ... (b) prohibit the
      // engagement of sub-processors without prior written authorisation").
      (/\b(must|shall|only|no|not|prohibit\w*)\b/i.test(s.text) ||
        /\b(must|shall)\b/i.test(s.leadIn ?? '')) &&
      !ownUseOfSubcontractors(s.text),
  );
}

/** The statement of the parent that requires sub-contractors to accept the provider's own terms. */
function equalTermsRequirement(parent: AnalyzedDocument, seen: (s: LocatedSegment) => boolean) {
  return parent.segments.find(
    (s) =>
      seen(s) &&
      PROVIDERS_OWN_SUBCONTRACTORS.test(s.text) &&
      EQUAL_TERMS.test(s.text) &&
      /\b(must|shall|ensures?|requires?|agrees?|will)\b/i.test(s.text) &&
      !ownUseOfSubcontractors(s.text),
  );
}

/** How often a document about information speaks of data or information (an operations policy: once or twice). */
const INFORMATION_DOCUMENT_MENTIONS = 5;

/**
 * A contract whose provider is called "the Sub-Contractor" (a haulage or works sub-contract), or
 * defined as plain "Subcontractor" ("BAYOU SURVEYS, LLC ... ("Subcontractor")").
 */
function partyNamedSubcontractor(child: AnalyzedDocument): boolean {
  return (
    /\bsub-?contract/i.test(child.title) &&
    (/\b[Tt]he Sub-?[Cc]ontractor\b/.test(child.text) ||
      DEFINED_SUBCONTRACTOR.test(child.text.slice(0, 3000)))
  );
}
const DEFINED_SUBCONTRACTOR = /\(\s*(?:the\s+)?["\u201c]Sub-?[Cc]ontractor["\u201d]\s*\)/;

/** The statement with the provider's name ("the Sub-Contractor") put as a party's. */
function withoutPartyName(text: string): string {
  return text
    .replace(/\b([Tt]he) Sub-?[Cc]ontractor(?!['\u2019]s\s+sub)/g, '$1 Provider')
    .replace(/(?<!\b[A-Z][\w-]*\s|[Tt]he\s)\bSub-?[Cc]ontractor\b(?!s|['\u2019]s\s+sub)/g, 'Provider');
}

/** Sub-contracting the processing of personal data, or passing work on. */
function subcontractKind(text: string): 'processing' | 'work' {
  return /\bsub-?processors?\b|\bpersonal data\b|\bprocess\w*\b[^.;]{0,40}\bdata\b/i.test(text)
    ? 'processing'
    : 'work';
}

/**
 * The parent requires approval of sub-contracting, or sub-contractors bound by the same terms; the
 * contract leaves sub-contracting to the provider or never binds its sub-contractors.
 */
function subcontractorIssue(
  parent: AnalyzedDocument,
  child: AnalyzedDocument,
  seen: (s: LocatedSegment) => boolean,
): Issue | null {
  const approval = approvalRequirement(parent, seen);
  const equal = equalTermsRequirement(parent, seen);
  if (!approval && !equal) return null;
  // The contract carries the rule when its strongest clause on sub-contracting gives the control
  // the policy asks for (a heading or a cross-reference elsewhere does not undo it). A clause
  // binding sub-contractors may continue in the next statement ("Any such sub-processor shall ...").
  // In a sub-contract the provider is "the Sub-Contractor": its name is no sub-contracting.
  const asParty = partyNamedSubcontractor(child);
  const statements = new Map(child.segments.map((s) => [s, asParty ? withoutPartyName(s.text) : s.text]));
  const statement = (s: LocatedSegment) => statements.get(s)!;
  const clauses = child.segments.filter(
    (s) => SUBCONTRACT.test(statement(s)) || ONWARD_ENGAGEMENT.test(statement(s)),
  );
  const windows = child.segments.map(
    (s, i) => `${statement(s)} ${child.segments[i + 1] ? statement(child.segments[i + 1]!) : ''}`,
  );
  // Approval of sub-processors of personal data carries no rule of an operations policy on passing
  // work on (a haulier's loads). Where the rule is about data, or stands in a document about
  // information (one that speaks of data or information at every turn), a contract's
  // "Subcontractor" may well be its sub-processor, so every clause is read.
  const onWork =
    approval !== undefined &&
    subcontractKind(approval.text) === 'work' &&
    (parent.text.match(/\b(?:data|information)\b/gi) ?? []).length < INFORMATION_DOCUMENT_MENTIONS;
  const ofKind = onWork ? clauses.filter((s) => subcontractKind(statement(s)) === 'work') : clauses;
  const controls = (ofKind.length > 0 ? ofKind : clauses)
    .map((s) => ({ s, control: subcontractControl(statement(s)) }))
    .filter((c): c is { s: LocatedSegment; control: SubcontractControl } => c.control !== null)
    .sort((a, b) => controlRank(b.control) - controlRank(a.control));
  const strongest = controls[0];
  const approvalCarried =
    approval !== undefined &&
    strongest !== undefined &&
    controlRank(strongest.control) >= controlRank(requiredControl(approval.text));
  const equalCarried = windows.some((w) => SUBCONTRACT.test(w) && EQUAL_TERMS.test(w));
  const missing: string[] = [];
  if (approval && !approvalCarried) missing.push('prior approval of (or notice of) sub-contractors');
  if (equal && !equalCarried)
    missing.push('sub-contractors bound in writing to the same restrictions and conditions');
  if (missing.length === 0) return null;
  const requirement = (approval && !approvalCarried ? approval : equal) ?? approval!;
  const clause = strongest?.s ?? clauses.find((s) => PERMISSION.test(s.text)) ?? clauses[0];
  if (clause && !seen(clause)) return null;
  const party = counterparty(child);
  const quoted = (text: string) => `"${text.slice(0, 160)}"`;
  const requirements = [approval, equal].filter((r): r is LocatedSegment => Boolean(r));
  return {
    primitive: 'flow_down_check',
    subject: `${flowSubject(child.name)}:subcontracting`,
    // Its own root cause: sub-contracting terms are negotiated apart from the other clauses.
    aspects: [`${flowSubject(child.name)}:subcontracting`],
    title: `${child.title}: sub-contracting without the ${missing.length > 1 ? 'safeguards' : 'safeguard'} ${parent.name} requires`,
    description: clause
      ? `${parent.name} requires ${missing.join(' and ')} (${quoted(requirement.text)}), but ${child.name} lets ${party ?? 'the provider'} subcontract ${missing.length > 1 ? 'without them' : shortfall(approval && !approvalCarried ? (strongest?.control ?? null) : null)} (${quoted(clause.text)}). The obligation was not flowed down.`
      : `${parent.name} requires ${missing.join(' and ')} (${quoted(requirement.text)}), but ${child.name} has no clause on subcontracting at all. The obligation was not flowed down.`,
    rootCause: `${child.name} was agreed without checking its subcontracting terms against the third-party obligations of ${parent.name}.`,
    remediationScope: `Amend ${child.name} to require prior written approval of subcontractors and to flow the same obligations down to them.`,
    remediationEffortHours: 8,
    severity: 'high',
    confidence: clause ? 0.85 : 0.7,
    frameworks: [],
    quotes: clause
      ? [...requirements.map((r) => quoteOf(r)), quoteOf(clause)]
      : requirements.map((r) => quoteOf(r)),
  };
}

/** The contract speaks of the policy's event but sets no deadline for it ("without undue delay"). */
function untimedObligationIssue(
  parent: AnalyzedDocument,
  child: AnalyzedDocument,
  pf: ConceptFact,
  untimed: LocatedSegment,
): Issue {
  const party = counterparty(child);
  return {
    primitive: 'flow_down_check',
    subject: `${flowSubject(child.name)}:${pf.concept.id}`,
    aspects: conceptShortfallAspects(child.name, pf),
    title: `${child.title}: no deadline for the ${pf.concept.label} that ${parent.name} sets`,
    description:
      `${parent.name} requires third parties to meet a ${pf.concept.label} of ${describeFact(pf)}, but ${child.name} sets no deadline ` +
      `("${untimed.text.slice(0, 320)}"). ${party ?? 'The provider'} is not bound to the policy's window; the obligation was not flowed down.`,
    rootCause: `${child.name} was agreed without checking it against the third-party obligations of ${parent.name}.`,
    remediationScope: `Amend ${child.name} with a notification deadline of at most ${describeFact(pf).split(' (')[0]}.`,
    remediationEffortHours: 6,
    severity: 'high',
    confidence: 0.82,
    frameworks: [],
    quotes: [quoteOf(pf.segment), quoteOf(untimed)],
  };
}

/**
 * A statement of the contract about the very event the policy times ("privacy breach") that
 * gives no deadline of its own, while the contract's timed statements of the concept are about
 * other events.
 */
function untimedSameEvent(
  child: AnalyzedDocument,
  pf: ConceptFact,
  timedFacts: ConceptFact[],
  seen: (s: LocatedSegment) => boolean,
): LocatedSegment | null {
  const events = eventPhrases(pf);
  if (events.size === 0) return null;
  const timed = new Set(timedFacts.map((f) => f.segment));
  return (
    child.segments.find(
      (s) =>
        seen(s) &&
        !timed.has(s) &&
        mentionsConcept(pf.concept, s.text) &&
        !pf.concept.exclude?.test(s.text) &&
        UNTIMED_PROMPTNESS.test(s.text) &&
        [...eventPhrasesIn(pf.concept, s.text)].some((e) => events.has(e)),
    ) ?? null
  );
}

/**
 * "shall notify the Customer of any Temperature Deviation without undue delay, and shall give the
 * Customer a written incident report ... within five (5) Business Days": the notice is untimed;
 * the value is of what a later clause adds.
 */
function laterValueOfPromptNotice(fact: ConceptFact): boolean {
  const text = fact.segment.text;
  const prompt = UNTIMED_PROMPTNESS.exec(text);
  if (!prompt || prompt.index > fact.quantity.index) return false;
  const action = fact.concept.action?.exec(text);
  if (!action || action.index > prompt.index) return false;
  return /,?\s+and\s+(?:shall|must|will)\b|;/.test(text.slice(prompt.index, fact.quantity.index));
}

/** A statement of the concept: its subject, and its action where the concept has one. */
function mentionsConcept(concept: ConceptDefinition, text: string): boolean {
  return concept.subject.test(text) && (!concept.action || concept.action.test(text));
}

/** "shall not itself notify any third party of a Security Incident": a bar on notice, not a notice. */
const NOTICE_FORBIDDEN =
  /\b(?:shall|must|may|will)\s+not\s+(?:\w+\s+){0,2}(?:notify|inform|report|disclose)\b/i;

/** The parent sets a window for third parties (e.g. incident notice); the contract sets none. */
function missingTimedObligation(
  analysis: CorpusAnalysis,
  parent: AnalyzedDocument,
  child: AnalyzedDocument,
  pf: ConceptFact,
  seen: (s: LocatedSegment) => boolean,
): Issue | null {
  if (pf.concept.id !== 'incident_notification') return null;
  // Absence is judged on the whole contract: any statement of the concept, timed or not.
  const mentions = child.segments.filter((s) => mentionsConcept(pf.concept, s.text));
  if (analysis.facts.some((f) => f.segment.document === child.name && f.concept.id === pf.concept.id))
    return null;
  const party = counterparty(child);
  // The clause that comes closest to the policy's rule in its words ("inform the Company of any loss
  // or theft of a BVS Device ... in its Monthly Return"), among those that give notice at all and
  // are not about a breach of the contract itself; a statement of the concept that promises
  // promptness instead of a deadline ("without undue delay") is the one that replaced the window.
  const parentTokens = new Set(tokenize(pf.segment.text));
  const overlap = (s: LocatedSegment) => tokenize(s.text).filter((t) => parentTokens.has(t)).length;
  const prompt = (s: LocatedSegment) => (mentions.includes(s) && UNTIMED_PROMPTNESS.test(s.text) ? 1 : 0);
  const notices = child.segments
    .filter((s) => seen(s) && !pf.concept.exclude?.test(s.text) && !NOTICE_FORBIDDEN.test(s.text))
    .map((s) => ({ s, score: overlap(s) }))
    .filter(({ s, score }) => mentions.includes(s) || (pf.concept.action?.test(s.text) && score >= 4));
  const untimed = notices.sort((a, b) => prompt(b.s) - prompt(a.s) || b.score - a.score)[0]?.s;
  if (untimed) return untimedObligationIssue(parent, child, pf, untimed);
  if (mentions.length > 0) return null;
  const nearest = child.segments
    .filter(seen)
    .map((s) => ({ s, score: tokenize(s.text).filter((t) => parentTokens.has(t)).length }))
    .sort((a, b) => b.score - a.score)[0];
  return {
    primitive: 'flow_down_check',
    subject: `${flowSubject(child.name)}:${pf.concept.id}`,
    aspects: conceptShortfallAspects(child.name, pf),
    title: `${child.title}: no ${pf.concept.label} although ${parent.name} requires one`,
    description:
      `${parent.name} requires third parties to meet a ${pf.concept.label} of ${describeFact(pf)}, but ${child.name} contains no ` +
      `obligation for ${party ?? 'the provider'} to notify security incidents at all. The obligation was not flowed down to the contract.`,
    rootCause: `${child.name} was agreed without checking it against the third-party obligations of ${parent.name}.`,
    remediationScope: `Amend ${child.name} with an incident notification obligation of at most ${describeFact(pf).split(' (')[0]}.`,
    remediationEffortHours: 8,
    severity: 'high',
    confidence: 0.8,
    frameworks: [],
    quotes: [quoteOf(pf.segment), ...(nearest && nearest.score > 0 ? [quoteOf(nearest.s)] : [])],
  };
}

/** How far above a table row its header may be (rows of the same table in between). */
const HEADER_LOOKBACK = 12;

/** Timed concepts a table header names as its columns, in column order. */
function headerConcepts(header: string): ConceptDefinition[] {
  return CONCEPTS.filter((c) => c.kind === 'duration')
    .map((c) => ({ c, at: header.search(c.subject) }))
    .filter((x) => x.at >= 0)
    .sort((a, b) => a.at - b.at)
    .map((x) => x.c);
}

/**
 * Values a parent assigns to the contract's provider in a table: a row naming the provider
 * ("| 1 | Patient records system | Acme Hosting | 4 hours | 15 minutes |") under a header naming
 * timed objectives ("Tier | System | Hosted by | RTO | RPO"). The row's durations are its last
 * columns, so they are read against the header's last timed columns.
 */
function providerRowFacts(parent: AnalyzedDocument, child: AnalyzedDocument): ConceptFact[] {
  const provider = counterparty(child)
    ?.split(/\s+/)[0]
    ?.replace(/[^A-Za-z0-9-]/g, '');
  if (!provider || provider.length < 3) return [];
  const naming = new RegExp(`\\b${provider}\\b`);
  const out: ConceptFact[] = [];
  parent.segments.forEach((row, index) => {
    if (!naming.test(row.text) || row.text.length > 300) return;
    const durations = extractTimeQuantities(row.text).filter((q) => q.kind === 'duration');
    if (durations.length === 0) return;
    for (let back = index - 1; back >= Math.max(0, index - HEADER_LOOKBACK); back--) {
      const header = parent.segments[back]!;
      const columns = headerConcepts(header.text);
      // A header is short and has no durations of its own.
      if (columns.length === 0 || header.text.length > 200 || extractTimeQuantities(header.text).length)
        continue;
      if (durations.length > columns.length) return;
      durations.forEach((quantity, i) => {
        const concept = columns[columns.length - durations.length + i]!;
        out.push({ concept, scope: 'vendors', quantity, segment: row, topic: [], tabular: true });
      });
      return;
    }
  });
  return out;
}

/** A commitment hedged into an effort ("reasonable endeavours to reinstate service within ..."). */
const HEDGED =
  /\b((?:commercially )?reasonable (?:efforts|endeavou?rs)|best (?:efforts|endeavou?rs)|endeavou?r to|aims? to|targets?|where (?:practicable|possible|feasible)|as soon as (?:practicable|possible))\b/i;

export function flowSubject(child: string): string {
  return `flow:${child}`;
}

/**
 * One contract's shortfall on one concept (a weaker, untimed or missing deadline) is its own root
 * cause: merged with the contract's other shortfalls it would hide them.
 */
function conceptShortfallAspects(child: string, pf: ConceptFact): string[] {
  return [`${flowSubject(child)}:${pf.concept.id}`, `concept:${pf.concept.id}:vendors`];
}

/** The statement of a contract that names its parties (or its first statement). */
function partiesSegment(doc: AnalyzedDocument): LocatedSegment | null {
  const provider = counterparty(doc)?.split(/\s+/)[0];
  const naming =
    provider && provider.length >= 3 ? doc.segments.find((s) => s.text.includes(provider)) : undefined;
  return naming ?? doc.segments.find((s) => /\bbetween\b/i.test(s.text)) ?? doc.segments[0] ?? null;
}

const PROVIDER_ROLE =
  '(?:Service Provider|Provider|Supplier|Processor|Sub-?processor|Vendor|Contractor|Business Associate|Licensor|Consultant)';
/**
 * `Acme Hosting Ltd., a Delaware company ... ("Provider")`, `("Acme" or "Processor")` or, in
 * Indian and older English drafting, `(hereinafter referred to as the "Service Provider", ...)`.
 */
const DEFINED_PROVIDER = new RegExp(
  `([A-Z][\\w.&'-]*(?:[ \\t]+(?:&|\\(?[A-Z][\\w.&'-]*\\)?)){0,5})(?:,(?:[^"\u201c()]|\\([^"\u201c()]{0,80}\\)){0,300})?\\s*\\(\\s*(?:hereinafter\\s+(?:referred\\s+to\\s+as|called)\\s+)?["\u201c]?(?:the\\s+)?["\u201c]?(?:[A-Z][\\w-]*["\u201d]?\\s+or\\s+(?:the\\s+)?["\u201c]?)?${PROVIDER_ROLE}\\b`,
);
/** A cover-sheet field: "Supplier: Acme Hosting Ltd" or "Supplier" on one line and the name on the next. */
const PROVIDER_FIELD = new RegExp(
  `^\\s*${PROVIDER_ROLE}\\s*[:|]?[ \\t]*\\n?[ \\t]*([A-Z][^\\n,(|]{2,60})`,
  'm',
);

/** What the organisation is called in its own contracts: the party served, not the provider. */
const CUSTOMER_ROLE = /^(?:Company|Customer|Client|Buyer|Purchaser|Principal|Employer|Owner)$/;
/** Every party a contract's opening defines: `ACME HAULAGE LTD, a company ... (the "Haulier")`. */
const DEFINED_PARTY = new RegExp(
  `([A-Z][\\w.&'-]*(?:[ \\t]+(?:&|\\(?[A-Z][\\w.&'-]*\\)?)){0,5})(?:,(?:[^"\u201c()]|\\([^"\u201c()]{0,80}\\)){0,300})?\\s*\\(\\s*(?:hereinafter\\s+(?:referred\\s+to\\s+as|called)\\s+)?["\u201c]?(?:the\\s+)?["\u201c]?([A-Z][\\w-]*(?:\\s+[A-Z][\\w-]*)?)["\u201d]`,
  'g',
);

function partyName(captured: string): string {
  return captured
    .replace(/^(?:between|and)\s+/i, '')
    .replace(/[,.]$/, '')
    .trim();
}

/**
 * The contract's provider: the party defined as provider, supplier or processor; else the one
 * party defined in another role than the organisation's own ("the Haulier" beside "the Company");
 * else the first party.
 */
export function counterparty(doc: AnalyzedDocument): string | null {
  const opening = doc.text.slice(0, 1500).replace(/\*\*/g, '');
  const parties = [...opening.matchAll(DEFINED_PARTY)];
  // In a sub-contract the "Contractor" is the organisation and the "Subcontractor" its provider.
  const subcontractor = parties.find((p) => /^Sub-?contractor$/i.test(p[2]!));
  if (subcontractor) return partyName(subcontractor[1]!);
  const defined = opening.match(DEFINED_PROVIDER) ?? opening.match(PROVIDER_FIELD);
  if (defined) return partyName(defined[1]!);
  const others = parties.filter((p) => !CUSTOMER_ROLE.test(p[2]!));
  if (others.length === 1 && parties.length > others.length) return partyName(others[0]![1]!);
  const m = opening.match(/\bbetween\s+(.{3,80}?)\s*(?:\(|,|\band\b)/i);
  return m ? m[1]!.replace(/["\u201c\u201d]/g, '').trim() : null;
}

/** Rows of evidence records naming the contract's counterparty (e.g. a vendor inventory line). */
function counterpartyRows(analysis: CorpusAnalysis, child: AnalyzedDocument, about: RegExp): IssueQuote[] {
  const name = counterparty(child);
  if (!name) return [];
  const short = name.split(/\s+/)[0]!.toLowerCase();
  if (short.length < 3) return [];
  const out: IssueQuote[] = [];
  for (const doc of analysis.documents) {
    if (doc === child || doc.role !== 'evidence') continue;
    const header = doc.segments[0];
    if (!header || !about.test(header.text.replace(/_/g, ' '))) continue;
    for (const segment of doc.segments) {
      if (segment.text.toLowerCase().includes(short)) out.push(quoteOf(segment));
    }
    if (out.length) out.unshift(quoteOf(header));
  }
  return out.slice(0, 3);
}

/** The policy requires a Type II service auditor's report; the contract promises a Type I one. */
function assuranceTypeIssue(
  analysis: CorpusAnalysis,
  parent: AnalyzedDocument,
  child: AnalyzedDocument,
  seen: (s: LocatedSegment) => boolean,
): Issue | null {
  const gap = assuranceTypeGap(parent, child, seen);
  if (!gap) return null;
  const party = counterparty(child);
  const rows = counterpartyRows(
    analysis,
    child,
    /\b(assurance|report|SOC|vendor|supplier|register)\b/i,
  ).filter((q) => TYPE_ONE_REPORT.test(q.text));
  return {
    primitive: 'flow_down_check',
    subject: `${flowSubject(child.name)}:assurance_type`,
    aspects: [`${flowSubject(child.name)}:assurance_type`],
    title: `${child.title}: a Type I assurance report where ${parent.name} requires Type II`,
    description:
      `${parent.name} requires a Type II service auditor's report ("${gap.requirement.text.slice(0, 200)}"), but ${child.name} only commits ` +
      `${party ?? 'the provider'} to a Type I report ("${gap.typeOne.text.slice(0, 200)}"), which covers the design of controls at a point in time, not their operation over a period.` +
      (rows.length ? ' The register records the same Type I report.' : ''),
    rootCause: `${child.name} was agreed without checking its assurance clause against ${parent.name}.`,
    remediationScope: `Amend ${child.name} to require a Type II report covering the period the policy sets, or record an approved exception.`,
    remediationEffortHours: 4,
    severity: 'high',
    confidence: 0.84,
    frameworks: [],
    quotes: [quoteOf(gap.requirement), quoteOf(gap.typeOne), ...rows],
  };
}

export function flowDownIssues(
  analysis: CorpusAnalysis,
  parent: AnalyzedDocument,
  child: AnalyzedDocument,
  visible?: Set<LocatedSegment>,
): Issue[] {
  const seen = (s: LocatedSegment) => !visible || visible.has(s);
  const issues: Issue[] = [];
  // Values the parent sets for third parties: scoped to vendors, or stated inside the clauses it
  // requires in every contract ("Return and deletion ... within 30 days").
  const clauseSegments = new Set(contractObligations(parent).flatMap((o) => o.segments));
  const stated = analysis.facts.filter(
    (f) =>
      f.segment.document === parent.name &&
      seen(f.segment) &&
      (f.scope === 'vendors' || clauseSegments.has(f.segment)),
  );
  const assigned = providerRowFacts(parent, child).filter(
    (f) => seen(f.segment) && !stated.some((s) => s.segment === f.segment && s.concept.id === f.concept.id),
  );
  const parentFacts = [...stated, ...assigned];
  const childFacts = analysis.facts.filter((f) => f.segment.document === child.name && seen(f.segment));
  for (const pf of parentFacts) {
    // Every timed commitment of a contract binds its provider, whatever party the sentence names,
    // and the contract carries the obligation when any of its statements meets it: compare the
    // strictest one.
    // A commitment about the very event the policy names ("personal data breach") is the one
    // that carries it, though the contract is stricter about another ("security incident").
    const ofConcept = childFacts.filter(
      (f) => f.concept.id === pf.concept.id && !laterValueOfPromptNotice(f),
    );
    const sameEvent = ofConcept.filter((f) => sharesEvent(pf, f));
    // The contract times another event ("system outage ... within two hours") and leaves the
    // policy's own event untimed ("privacy breach ... promptly after it is confirmed").
    const untimed = sameEvent.length === 0 ? untimedSameEvent(child, pf, ofConcept, seen) : null;
    if (untimed) {
      issues.push(untimedObligationIssue(parent, child, pf, untimed));
      continue;
    }
    // Else the statements about the same kind of event by its noun ("ICT-related incidents" and
    // "any Security Incident"), before those about another ("Personal Data Breach").
    const sameNoun = ofConcept.filter((f) => sharesSubjectNoun(pf, f));
    const cf: ConceptFact | undefined = (
      sameEvent.length > 0 ? sameEvent : sameNoun.length > 0 ? sameNoun : ofConcept
    )
      .slice()
      .sort((a, b) =>
        higherIsStricter(pf.concept)
          ? b.quantity.value - a.quantity.value
          : a.quantity.value - b.quantity.value,
      )[0];
    if (!cf) {
      const missing = missingTimedObligation(analysis, parent, child, pf, seen);
      if (missing) issues.push(missing);
      continue;
    }
    const weaker = higherIsStricter(pf.concept)
      ? cf.quantity.value < pf.quantity.value * 0.9
      : cf.quantity.value > pf.quantity.value * 1.1;
    if (!weaker) continue;
    const label = pf.concept.label;
    issues.push({
      primitive: 'flow_down_check',
      subject: `${flowSubject(child.name)}:${pf.concept.id}`,
      aspects: conceptShortfallAspects(child.name, pf),
      title: `${child.title}: ${label} weaker than ${parent.name} requires`,
      description:
        `${parent.name} requires third parties to meet a ${label} of ${describeFact(pf)}, but ${child.name} only commits the provider to ` +
        `${describeFact(cf)}${HEDGED.test(cf.segment.text) && !HEDGED.test(pf.segment.text) ? `, and only as "${cf.segment.text.match(HEDGED)![0]}"` : ''}. The obligation was not flowed down to the contract.`,
      rootCause: `${child.name} was negotiated without checking it against the third-party obligations of ${parent.name}.`,
      remediationScope: `Amend ${child.name} so the ${label} is at least as strict as ${parent.name} (${describeFact(pf).split(' (')[0]}), and add a policy-to-contract checklist to vendor onboarding.`,
      remediationEffortHours: 10,
      severity: 'high',
      confidence: 0.88,
      frameworks: [],
      quotes: [quoteOf(pf.segment), quoteOf(cf.segment)],
    });
  }
  const subcontracting = subcontractorIssue(parent, child, seen);
  if (subcontracting) issues.push(subcontracting);
  const customerNotice = customerNoticeIssue(
    parent,
    child,
    seen,
    `${flowSubject(child.name)}:customer_notice`,
  );
  if (customerNotice) issues.push(customerNotice);
  const assurance = assuranceTypeIssue(analysis, parent, child, seen);
  if (assurance) issues.push(assurance);
  issues.push(...directiveIssues(analysis, parent, child, seen));
  issues.push(...clauseIssues(analysis, parent, child, seen));
  const childText = child.segments
    .filter(seen)
    .map((s) => s.text)
    .join('\n');
  for (const instrument of INSTRUMENTS) {
    const requirement = parent.segments.find(
      (s) =>
        seen(s) && instrument.required.test(s.text) && THIRD_PARTY.test(s.text) && OBLIGATION.test(s.text),
    );
    if (!requirement) continue;
    if (!instrument.appliesTo.test(child.text) || instrument.inChild.test(child.text)) continue;
    if (visible && childText.length === 0) continue;
    const childQuote = child.segments.find((s) => seen(s) && instrument.appliesTo.test(s.text));
    const rows = counterpartyRows(analysis, child, new RegExp(instrument.id, 'i'));
    const party = counterparty(child);
    issues.push({
      primitive: 'flow_down_check',
      subject: `${flowSubject(child.name)}:${instrument.id}`,
      aspects: [flowSubject(child.name), `instrument:${instrument.id}`],
      title: `No ${instrument.label} in ${child.title}${party ? ` with ${party}` : ''}`,
      description:
        `${parent.name} requires a ${instrument.label} before a third party receives such data, and ${child.name} covers that data ` +
        `("${childQuote?.text.slice(0, 140) ?? ''}"), yet the agreement contains no ${instrument.label} and references none.` +
        (rows.length ? ` The records confirm it: "${rows[rows.length - 1]!.text}".` : ''),
      rootCause: `The contract with ${party ?? 'the provider'} was signed without the ${instrument.label} that ${parent.name} makes a precondition.`,
      remediationScope: `Execute a ${instrument.label} with ${party ?? 'the provider'} before further data is shared, and make it a gate in vendor onboarding.`,
      remediationEffortHours: 12,
      severity: 'critical',
      confidence: 0.86,
      frameworks: instrument.id === 'baa' ? ['HIPAA'] : ['GDPR'],
      quotes: [quoteOf(requirement), ...(childQuote ? [quoteOf(childQuote)] : []), ...rows],
    });
  }
  return issues;
}

/** Words before a concept's subject that do not name a kind of it ("any", "the", "such"). */
const EVENT_FILLERS = new Set([
  'a',
  'an',
  'the',
  'any',
  'each',
  'every',
  'all',
  'such',
  'of',
  'or',
  'and',
  'other',
]);

/**
 * The events a fact's sentence names: its concept's subject with the two words before it
 * ("personal data breach", "security incident"), lower case, singular; only those of two words or
 * more, which name a kind of the subject.
 */
function eventPhrases(fact: ConceptFact): Set<string> {
  return eventPhrasesIn(fact.concept, fact.segment.text);
}

function eventPhrasesIn(concept: ConceptDefinition, text: string): Set<string> {
  const out = new Set<string>();
  const subject = new RegExp(concept.subject.source, 'gi');
  for (const m of text.matchAll(subject)) {
    const before = text
      .slice(Math.max(0, m.index - 40), m.index)
      .toLowerCase()
      .match(/[a-z]+/g);
    const words: string[] = [];
    for (const w of (before ?? []).reverse()) {
      if (EVENT_FILLERS.has(w) || words.length === 2) break;
      words.unshift(w);
    }
    const event = m[0].toLowerCase().replace(/e?s$/, '');
    if (words.length > 0) out.add([...words, event].join(' '));
    // A subject of more than one word names its event itself ("any actual or suspected security
    // compromise").
    if (event.includes(' ')) out.add(event);
  }
  return out;
}

/** The concept's subject nouns a fact's statement uses ("incident", "breach"), singular. */
function subjectNouns(fact: ConceptFact): Set<string> {
  const subject = new RegExp(fact.concept.subject.source, 'gi');
  return new Set([...fact.segment.text.matchAll(subject)].map((m) => m[0].toLowerCase().replace(/e?s$/, '')));
}

function sharesSubjectNoun(a: ConceptFact, b: ConceptFact): boolean {
  const nouns = subjectNouns(b);
  return [...subjectNouns(a)].some((n) => nouns.has(n));
}

/** Two facts about one named kind of event ("personal data breach" in both). */
function sharesEvent(a: ConceptFact, b: ConceptFact): boolean {
  const events = eventPhrases(b);
  return [...eventPhrases(a)].some((phrase) => events.has(phrase));
}

/**
 * A policy written in the present tense binds by restriction: "FDR discloses client personal
 * information to a service provider ... only where the creditor client has given its prior
 * written approval".
 */
const RESTRICTION = /\bonly (?:where|if|when|with|after|once|under)\b/i;

export function parentPolicies(analysis: CorpusAnalysis): AnalyzedDocument[] {
  return analysis.documents.filter(
    (d) =>
      (d.role === 'policy' || d.role === 'standard' || d.role === 'procedure') &&
      (d.segments.some(
        (s) => THIRD_PARTY.test(s.text) && (OBLIGATION.test(s.text) || RESTRICTION.test(s.text)),
      ) ||
        contractObligations(d).length > 0),
  );
}

export function childContracts(analysis: CorpusAnalysis): AnalyzedDocument[] {
  return analysis.documents.filter((d) => d.role === 'contract');
}

export function findFlowDownGaps(analysis: CorpusAnalysis): Issue[] {
  const out: Issue[] = [];
  for (const child of childContracts(analysis))
    for (const parent of parentPolicies(analysis)) out.push(...allFlowDownIssues(analysis, parent, child));
  return out;
}

const allIssuesCache = new WeakMap<CorpusAnalysis, Map<string, Issue[]>>();

/**
 * A pair's issues over the whole of both documents, read once per corpus: the candidates and each
 * verdict's evidence hints ask for them.
 */
function allFlowDownIssues(
  analysis: CorpusAnalysis,
  parent: AnalyzedDocument,
  child: AnalyzedDocument,
): Issue[] {
  let cache = allIssuesCache.get(analysis);
  if (!cache) allIssuesCache.set(analysis, (cache = new Map()));
  const key = `${parent.name}>${child.name}`;
  let issues = cache.get(key);
  if (!issues) cache.set(key, (issues = flowDownIssues(analysis, parent, child)));
  return issues;
}

/**
 * Evidence to fetch when the retrieved passages showed no gap for a policy-contract pair: the
 * statements of gaps the fixed retrieval query rarely ranks (sub-contracting terms, values a plan's
 * table assigns to the provider). The follow-up round then judges them on retrieved text.
 */
export function flowDownEvidenceHints(
  analysis: CorpusAnalysis,
  parent: AnalyzedDocument,
  child: AnalyzedDocument,
  found: Issue[] = [],
): EvidenceRequest[] {
  const rows = new Set(providerRowFacts(parent, child).map((f) => f.segment.text));
  const timed = new Set(CONCEPTS.map((c) => `${flowSubject(child.name)}:${c.id}`));
  // A subject the verdict already reported from other statements still asks for the statements
  // the whole contract decides it on: the clause the retrieval left out ("notify ... without undue
  // delay after ... a Personal Data Breach") may be the one that carries the obligation.
  const quoted = new Map(found.map((i) => [i.subject, new Set(i.quotes.map((q) => q.text))]));
  const reported = (i: Issue) => i.quotes.every((q) => quoted.get(i.subject)?.has(q.text));
  const quotes = allFlowDownIssues(analysis, parent, child)
    .filter(
      (i) =>
        !reported(i) &&
        (i.subject.endsWith(':subcontracting') ||
          i.subject.endsWith(':assurance_type') ||
          i.subject.endsWith(':customer_notice') ||
          i.subject.includes(':directive:') ||
          // A weaker commitment in a clause the query did not rank (a schedule's breach notice).
          timed.has(i.subject) ||
          i.quotes.some((q) => rows.has(q.text))),
    )
    .flatMap((i) => i.quotes);
  return quoteRequests(quotes, 5);
}

/**
 * A parent's directive to another document of the set: "The Secure Build Standard must include a
 * privacy review gate". The named document (subject) and what it must carry (object).
 */
const DOCUMENT_KIND =
  '(?:Standard|Procedure|Plan|Process|Playbook|Runbook|Lifecycle|Life Cycle|Programme|Program|Manual|Guidelines?|Checklist|Methodology)';
const DIRECTIVE_VERB =
  '(?:embed|include|contain|incorporate|require|cover|address|define|specify|set out|provide for|describe|build in)';
const DOCUMENT_DIRECTIVES: RegExp[] = [
  // "The Secure Build Standard must (be updated to) include a privacy review gate"
  new RegExp(
    `\\b((?:[A-Za-z][\\w&'-]*\\s+){1,6}${DOCUMENT_KIND})\\s+(?:must|shall|is required to|will)\\s+(?:also\\s+)?(?:be (?:updated|amended|revised|extended) to\\s+)?${DIRECTIVE_VERB}\\s+([^.;]{6,200})`,
    'i',
  ),
  // "... requires the Secure Build Standard to include a privacy review gate"
  new RegExp(
    `\\brequir\\w*\\s+(?:that\\s+)?((?:[A-Za-z][\\w&'-]*\\s+){1,6}${DOCUMENT_KIND})\\s+(?:to\\s+)?${DIRECTIVE_VERB}\\s+([^.;]{6,200})`,
    'i',
  ),
];

function directiveMatch(text: string): RegExpMatchArray | null {
  for (const pattern of DOCUMENT_DIRECTIVES) {
    const m = text.match(pattern);
    if (m) return m;
  }
  return null;
}

/** Words of a directive's object that say what kind of thing, not which one ("a mandatory gate"). */
const GENERIC_OBJECT_WORDS = new Set(
  'review reviews mandatory gate gates step steps stage stages process processes requirement requirements control controls check checks section clause procedure standard policy plan every each such appropriate formal documented additional specific relevant new existing release releases change changes production sign-off signoff approval approvals before after part their there which where within without'.split(
    ' ',
  ),
);

function directiveStems(object: string): string[] {
  const cut = object.split(/\b(?:so that|so as|in order|which|before|unless|including)\b|[,;(]/)[0]!;
  const words = cut.toLowerCase().split(/[^a-z]+/);
  const stems = words
    .filter((w) => w.length >= 4 && !LABEL_STOPWORDS.has(w) && !GENERIC_OBJECT_WORDS.has(w))
    .map((w) => w.slice(0, 5));
  return [...new Set(stems)];
}

/**
 * The corpus document a directive names by its title: the longest run of words ending with the
 * document kind whose words all appear in one document's title or file name ("ensure that the
 * Access Review Procedure" names "Access-Review-Procedure.md").
 */
function namedDocument(analysis: CorpusAnalysis, parent: AnalyzedDocument, name: string) {
  const words = name
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length >= 3 && w !== 'the');
  for (let from = 0; from <= words.length - 2; from++) {
    const suffix = words.slice(from);
    const named = analysis.documents.find((d) => {
      if (d === parent || d.role === 'evidence') return false;
      const own = `${d.title} ${d.name.replace(/[-_.]+/g, ' ')}`.toLowerCase();
      return suffix.every((w) => own.includes(w));
    });
    if (named) return named;
  }
  return undefined;
}

/** "That procedure", "such plan": the directive names the document the text before it named. */
const ANAPHOR = new RegExp(`\\b(?:that|such|said)\\s+${DOCUMENT_KIND}$`, 'i');
const CODE = new RegExp(DOC_CODE, 'g');
/** Where the directive's own sentence starts: "That procedure shall ...". */
const ANAPHOR_SUBJECT = /\b(?:that|such|said)\s+\w+\s+(?:must|shall|is required to|will)\b/i;
/** A document named by its title: "the Incident Response Procedure". */
const DOCUMENT_TITLE = new RegExp(`((?:[A-Z][\\w&'-]*\\s+){1,6}${DOCUMENT_KIND})\\b`, 'g');

/**
 * The document a directive in `segment` is about: the one its subject names, or for "that
 * procedure" the last one named by code or title in the sentences before it ("... handled under
 * the Incident Response Procedure (CCA-PRO-IR-003). That procedure shall include ...").
 */
function directiveTarget(
  analysis: CorpusAnalysis,
  parent: AnalyzedDocument,
  segment: LocatedSegment,
  subject: string,
): AnalyzedDocument | undefined {
  if (!ANAPHOR.test(subject)) return namedDocument(analysis, parent, subject);
  const at = segment.text.search(ANAPHOR_SUBJECT);
  const before = [parent.segments[segment.segIndex - 2], parent.segments[segment.segIndex - 1]]
    .map((s) => s?.text ?? '')
    .concat(segment.text.slice(0, Math.max(0, at)))
    .join(' ');
  for (const code of (before.match(CODE) ?? []).reverse()) {
    const doc = resolveDocument(analysis, code);
    if (doc && doc !== parent && doc.role !== 'evidence') return doc;
  }
  const titles = [...before.matchAll(DOCUMENT_TITLE)];
  for (const title of titles.reverse()) {
    const doc = namedDocument(analysis, parent, title[1]!);
    if (doc) return doc;
  }
  return undefined;
}

/**
 * What a long directive ("notification of the acquiring bank and the affected payment card
 * brands") requires that the child never mentions in any wording: its content words absent from
 * the child, leaving out words most documents of the set use (the organisation's name).
 */
function missingContentWords(analysis: CorpusAnalysis, object: string, child: AnalyzedDocument): string[] {
  const { frequency, byDocument } = corpusLemmas(analysis);
  const own = new Set(contentLemmas(`${child.title} ${child.name.replace(/[-_.]+/g, ' ')}`));
  const words = contentLemmas(object).filter(
    (w) =>
      !own.has(w) &&
      !GENERIC_OBJECT_WORDS.has(w) &&
      !DIRECTIVE_FILLER.has(w) &&
      !/\d/.test(w) &&
      !(analysis.documents.length >= 4 && (frequency.get(w) ?? 0) >= analysis.documents.length * 0.6),
  );
  if (words.length < 3) return [];
  const have = byDocument.get(child)!;
  const missing = words.filter((w) => !have.has(w));
  // Much of what is required is absent in every wording: the child does not include it.
  return missing.length >= 2 && missing.length >= words.length * 0.4 ? missing : [];
}

/** Words of how a list is required ("in accordance with their rules"), not of what it holds. */
const DIRECTIVE_FILLER = new Set(
  'accordance rule applicable affected detail minimum least following'.split(' '),
);

interface CorpusLemmas {
  /** In how many documents of the set each content word occurs. */
  frequency: Map<string, number>;
  byDocument: Map<AnalyzedDocument, Set<string>>;
}

const lemmaCache = new WeakMap<CorpusAnalysis, CorpusLemmas>();

/** Each document's content words, read once per corpus (a whole document is costly to tag). */
function corpusLemmas(analysis: CorpusAnalysis): CorpusLemmas {
  let found = lemmaCache.get(analysis);
  if (!found) {
    found = { frequency: new Map(), byDocument: new Map() };
    for (const doc of analysis.documents) {
      const lemmas = new Set(contentLemmas(doc.text));
      found.byDocument.set(doc, lemmas);
      for (const w of lemmas) found.frequency.set(w, (found.frequency.get(w) ?? 0) + 1);
    }
    lemmaCache.set(analysis, found);
  }
  return found;
}

/**
 * A parent requires a named procedure or standard to include something the named document never
 * mentions: the obligation did not flow down from policy to procedure.
 */
export function directiveIssues(
  analysis: CorpusAnalysis,
  parent: AnalyzedDocument,
  child: AnalyzedDocument,
  seen: (s: LocatedSegment) => boolean = () => true,
): Issue[] {
  const issues: Issue[] = [];
  for (const segment of parent.segments) {
    const m = directiveMatch(segment.text);
    if (!m || !seen(segment)) continue;
    if (directiveTarget(analysis, parent, segment, m[1]!) !== child) continue;
    const stems = directiveStems(m[2]!);
    if (stems.length === 0) continue;
    if (stems.length > 4) {
      // A long list of what to include is judged by the words the child lacks, not by one
      // statement holding all of them.
      if (missingContentWords(analysis, m[2]!.split(/[.;]/)[0]!, child).length === 0) continue;
    } else {
      const lower = child.segments.map((s) => s.text.toLowerCase());
      if (lower.some((t) => stems.every((w) => t.includes(w)))) continue;
    }
    const object = m[2]!.split(/\b(?:so that|so as|in order)\b|[;(]/)[0]!.replace(/[,\s]+$/, '');
    const objectTokens = new Set(tokenize(m[2]!));
    const nearest = child.segments
      .filter(seen)
      .map((s) => ({ s, score: tokenize(s.text).filter((t) => objectTokens.has(t)).length }))
      .filter((x) => x.score > 0 && x.s.text.length < 600)
      .sort((a, b) => b.score - a.score)[0]?.s;
    issues.push({
      primitive: 'flow_down_check',
      subject: `${flowSubject(child.name)}:directive:${stems.join('-')}`,
      aspects: [`${flowSubject(child.name)}:directive:${stems.join('-')}`],
      title: `${child.title} lacks ${object} that ${parent.name} requires it to include`,
      description:
        `${parent.name} requires ${child.name} to include ${object} ("${segment.text.slice(0, 220)}"), but ${child.name} never mentions it` +
        `${nearest ? ` (its nearest statement: "${nearest.text.slice(0, 160)}")` : ''}. The obligation was not flowed down from the policy to the procedure.`,
      rootCause: `${child.name} was written or revised without checking it against the requirements ${parent.name} places on it.`,
      remediationScope: `Amend ${child.name} to include ${object}, and record which policy requirements each procedure implements.`,
      remediationEffortHours: 6,
      severity: 'medium',
      confidence: nearest ? 0.8 : 0.72,
      frameworks: [],
      quotes: [quoteOf(segment), ...(nearest ? [quoteOf(nearest)] : [])],
    });
  }
  return issues;
}

/** Directive gaps across the corpus, with the pair each comes from (for the catalog). */
export function findDirectiveGaps(
  analysis: CorpusAnalysis,
): Array<{ parent: AnalyzedDocument; child: AnalyzedDocument; issue: Issue }> {
  const out: Array<{ parent: AnalyzedDocument; child: AnalyzedDocument; issue: Issue }> = [];
  for (const parent of analysis.documents) {
    if (parent.role === 'evidence' || parent.role === 'contract') continue;
    for (const segment of parent.segments) {
      const m = directiveMatch(segment.text);
      const child = m ? directiveTarget(analysis, parent, segment, m[1]!) : undefined;
      if (!child || out.some((o) => o.parent === parent && o.child === child)) continue;
      for (const issue of directiveIssues(analysis, parent, child)) out.push({ parent, child, issue });
    }
  }
  return out;
}
