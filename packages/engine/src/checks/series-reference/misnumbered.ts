// citation_integrity_check: a reference that writes an item's title with another item's number.
// A policy's controlled forms list has "| QA-F-014 | Temperature Excursion Report |"; a procedure
// records excursions on "QA-F-041 Temperature Excursion Report". The title says which form is
// meant and the number points elsewhere (or nowhere): a reader filing under one number cannot find
// the other. Only lists in tables of normative documents count, with an identifier of a two-part
// prefix ("QA-F-", "HR-FRM-") beside a title of two words or more.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { isNormative } from '../../analyst/document-roles';
import { quoteOf, type Issue } from '../../analyst/issue';
import { withinRevisionHistory } from '../../analyst/revision-history';
import { escapeRegExp } from '../../text/normalize';
import { pipeCells } from '../../text/table-cells';

const ITEM_ID = /^[A-Z]{2,6}-[A-Z]{1,6}-\d{1,4}$/;

interface ListedItem {
  id: string;
  title: string;
  segment: LocatedSegment;
}

export interface MisnumberedReference {
  cited: string;
  listed: ListedItem;
  citing: AnalyzedDocument;
  segment: LocatedSegment;
}

/** The rows "| ID | Title | ..." of the set's lists of controlled items (forms, records, controls). */
function listedItems(analysis: CorpusAnalysis): ListedItem[] {
  const out: ListedItem[] = [];
  for (const doc of analysis.documents.filter((d) => isNormative(d.role)))
    for (const segment of doc.segments) {
      if (!segment.text.trim().startsWith('|') || withinRevisionHistory(doc, segment.start)) continue;
      const cells = pipeCells(segment.text).map((c) => c.trim());
      const at = cells.findIndex((c) => ITEM_ID.test(c));
      const title = cells[at + 1] ?? '';
      // A title: capitalised words, two at least, no sentence ("Temperature Excursion Report").
      if (at < 0 || !/^[A-Z][A-Za-z&/-]*(?:\s+[A-Za-z&/-]+){1,6}$/.test(title)) continue;
      out.push({ id: cells[at]!, title, segment });
    }
  return out;
}

const cache = new WeakMap<CorpusAnalysis, MisnumberedReference[]>();

/** References whose number is not the one the list gives their title (once per corpus). */
export function misnumberedReferences(analysis: CorpusAnalysis): MisnumberedReference[] {
  let found = cache.get(analysis);
  if (!found) cache.set(analysis, (found = readMisnumbered(analysis)));
  return found;
}

function readMisnumbered(analysis: CorpusAnalysis): MisnumberedReference[] {
  const items = listedItems(analysis);
  // One title listed under two numbers leaves the meant one open.
  const byTitle = new Map<string, ListedItem[]>();
  for (const item of items)
    byTitle.set(item.title.toLowerCase(), [...(byTitle.get(item.title.toLowerCase()) ?? []), item]);
  const out: MisnumberedReference[] = [];
  const seen = new Set<string>();
  for (const [, listed] of byTitle) {
    if (new Set(listed.map((l) => l.id)).size !== 1) continue;
    const item = listed[0]!;
    const prefix = item.id.replace(/\d+$/, '');
    const written = new RegExp(
      `\\b(${escapeRegExp(prefix)}\\d{1,4})\\s+(?:\\(|["“])?${item.title.split(/\s+/).map(escapeRegExp).join('\\s+')}\\b`,
      'g',
    );
    for (const doc of analysis.documents) {
      for (const segment of doc.segments) {
        if (withinRevisionHistory(doc, segment.start)) continue;
        for (const m of segment.text.matchAll(written)) {
          if (m[1] === item.id) continue;
          const key = `${doc.name}:${m[1]}`;
          if (seen.has(key)) continue;
          seen.add(key);
          out.push({ cited: m[1]!, listed: item, citing: doc, segment });
        }
      }
    }
  }
  return out;
}

export function misnumberedSubject(reference: MisnumberedReference): string {
  return `misnumbered:${reference.citing.name}:${reference.cited}`;
}

export function misnumberedIssue(reference: MisnumberedReference): Issue {
  const { cited, listed, citing, segment } = reference;
  const subject = misnumberedSubject(reference);
  return {
    primitive: 'citation_integrity_check',
    subject,
    aspects: [subject],
    title: `${citing.name} cites the ${listed.title} as ${cited}; ${listed.segment.document} numbers it ${listed.id}`,
    description:
      `${citing.name} refers to "${cited} ${listed.title}" ("${segment.text.slice(0, 200)}"), but the list in ${listed.segment.document} ` +
      `numbers the ${listed.title} ${listed.id} ("${listed.segment.text.slice(0, 160)}"). The reference sends its reader to the wrong item, or to none, and records filed under one number cannot be traced from the other.`,
    rootCause: `${citing.name} was written or renumbered without checking the list of controlled items in ${listed.segment.document}.`,
    remediationScope: `Correct the reference in ${citing.name} to ${listed.id}, or renumber the list in ${listed.segment.document} if ${cited} is intended.`,
    remediationEffortHours: 1,
    severity: 'low',
    confidence: 0.85,
    frameworks: [],
    quotes: [quoteOf(segment), quoteOf(listed.segment)],
  };
}
