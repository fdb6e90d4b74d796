// Framework identifiers cited by the corpus ("Annex A 8.2", "CC6.1", "PR.AC-1"), resolved against
// the bundled control catalogues (src/knowledge): an identifier the edition a document follows
// does not have is either a number of a superseded edition ("A.9.2.3" in a document built on
// ISO/IEC 27001:2022) or does not exist at all.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { knowledge, normaliseIdentifier, type ControlCatalogue } from '../../knowledge';

export interface UnresolvedControl {
  catalogue: ControlCatalogue;
  written: string;
  id: string;
  segment: LocatedSegment;
  /** The superseded edition that has the identifier, with the current ones it maps to. */
  superseded: { catalogue: ControlCatalogue; mapsTo: string[] } | null;
}

/** A catalogue's patterns, compiled once: the catalogues are loaded once per process. */
interface Patterns {
  edition: RegExp | null;
  names: RegExp;
  id: RegExp;
  list: RegExp | null;
  listColumn: RegExp | null;
  context: RegExp | null;
}

const compiled = new WeakMap<ControlCatalogue, Patterns>();

function patternsOf(c: ControlCatalogue): Patterns {
  let patterns = compiled.get(c);
  if (!patterns)
    compiled.set(
      c,
      (patterns = {
        edition: c.edition_pattern ? new RegExp(c.edition_pattern, 'i') : null,
        names: new RegExp(c.names_pattern, 'i'),
        // Global: read with matchAll, which works on a copy and leaves lastIndex alone.
        id: new RegExp(c.id_pattern, 'g'),
        list: c.list_pattern ? new RegExp(c.list_pattern, 'gi') : null,
        listColumn: c.list_column_pattern ? new RegExp(c.list_column_pattern, 'i') : null,
        context: c.context_pattern ? new RegExp(c.context_pattern, 'i') : null,
      }),
    );
  return patterns;
}

/**
 * Which column of a table header a pattern names (-1 for none), looked up once per header and
 * pattern in a run: every row of a table shares its header.
 */
type ColumnLookup = (header: string, pattern: RegExp) => number;

function columnLookup(): ColumnLookup {
  const seen = new Map<RegExp, Map<string, number>>();
  return (header, pattern) => {
    let byHeader = seen.get(pattern);
    if (!byHeader) seen.set(pattern, (byHeader = new Map()));
    let column = byHeader.get(header);
    if (column === undefined)
      byHeader.set(
        header,
        (column = cellSpans(header).findIndex((c) => pattern.test(header.slice(c.start, c.end)))),
      );
    return column;
  };
}

/** The catalogues of a framework family, newest first. */
function family(name: string): ControlCatalogue[] {
  return knowledge()
    .catalogues.filter((c) => c.family === name)
    .sort((a, b) => b.published.localeCompare(a.published));
}

/**
 * The editions a document follows: those it names explicitly; else, when it names the framework
 * at all, the edition in force at the corpus's date (the current one when the corpus is undated);
 * else none (its identifiers are not judged).
 */
export function followedEditions(
  doc: AnalyzedDocument,
  familyName: string,
  asOf: string | null,
): ControlCatalogue[] {
  const editions = family(familyName);
  const named = editions.filter((c) => patternsOf(c).edition?.test(doc.text));
  if (named.length > 0) return named;
  if (!editions.some((c) => patternsOf(c).names.test(doc.text))) return [];
  const inForce = asOf
    ? editions.find((c) => c.published <= asOf && (!c.withdrawn || c.withdrawn > asOf))
    : editions.find((c) => c.status === 'current');
  return inForce ? [inForce] : [];
}

/**
 * The editions a row or sentence names itself ("| ISO/IEC 27001:2022 Annex A |" over a mapping
 * table): they decide for that text, whatever else the document names (a revision history that
 * records the move from the old edition names both).
 */
function editionsNamedBy(editions: ControlCatalogue[], segment: LocatedSegment): ControlCatalogue[] {
  const own = `${segment.frame?.header ?? ''}\n${segment.text}`;
  return editions.filter((c) => patternsOf(c).edition?.test(own));
}

/** The document's own numbering (a line opening with "A.1" in its appendix) is not a framework identifier. */
function ownHeading(doc: AnalyzedDocument, written: string): boolean {
  const opens = new RegExp(`^[\\s#*]*${written.replace(/\./g, '\\.')}(?![\\d.]*\\d)`, 'm');
  return opens.test(doc.text);
}

/**
 * A section of a named document ("the Access Policy §5.6", "Records Manual, section 4.2") is the
 * document's own numbering, not a framework identifier, even in a sentence that names a framework.
 */
const DOCUMENT_SECTION_BEFORE =
  /\b(?:polic(?:y|ies)|procedures?|standards?|plans?|manuals?|guides?|agreements?|handbooks?)\s*,?\s*(?:§|sections?|clauses?|paras?\.?|paragraphs?)\s*$/i;

function sectionOfDocument(text: string, index: number): boolean {
  return DOCUMENT_SECTION_BEFORE.test(text.slice(Math.max(0, index - 60), index));
}

function inContext(catalogue: ControlCatalogue, segment: LocatedSegment, doc: AnalyzedDocument): boolean {
  const context = patternsOf(catalogue).context;
  if (!context) return true;
  // A mapping table's row is in context through its column names ("| ISO/IEC 27001:2022 Annex A |").
  if (context.test(segment.text) || context.test(segment.frame?.header ?? '')) return true;
  let heading: string | null = null;
  for (const h of doc.headings) if (h.start <= segment.start) heading = h.title;
  return heading !== null && context.test(heading);
}

/**
 * The identifiers a text writes for a catalogue: matches of its pattern, and the bare numbers of a
 * list its name introduces ("Annex A controls 5.15 (Access control), 5.16 and 5.38"), each read
 * with the catalogue's prefix; `index` is where the number stands in the text.
 */
function identifiersWritten(
  catalogue: ControlCatalogue,
  segment: LocatedSegment,
  columnOf: ColumnLookup,
): Array<{ 0: string; index: number }> {
  const text = segment.text;
  const patterns = patternsOf(catalogue);
  const found: Array<{ 0: string; index: number }> = [
    ...text.matchAll(patterns.id),
    ...columnIdentifiers(catalogue, segment, columnOf),
  ];
  if (patterns.list)
    for (const list of text.matchAll(patterns.list)) {
      const items = list[1]!;
      const start = list.index + list[0].indexOf(items);
      // Numbers inside brackets are the controls' names or notes, not identifiers.
      const bare = items.replace(/\([^)]*\)/g, (inner) => ' '.repeat(inner.length));
      for (const n of bare.matchAll(/\b\d{1,2}\.\d{1,2}(?:\.\d{1,2})?\b/g))
        found.push({ 0: `${catalogue.list_prefix ?? ''}${n[0]}`, index: start + n.index });
    }
  // A table whose column names this framework ("| CIS Controls v8 | PCI DSS v4.0 |"): only that
  // column's cell holds its identifiers; "8.10" under another framework or a version column is not one.
  const cell = namedColumnCell(catalogue, segment, columnOf);
  return cell ? found.filter((m) => m.index >= cell.start && m.index < cell.end) : found;
}

/** The span of a row's cell under the header column that names the catalogue's framework, if any. */
function namedColumnCell(
  catalogue: ControlCatalogue,
  segment: LocatedSegment,
  columnOf: ColumnLookup,
): { start: number; end: number } | null {
  const header = segment.frame?.header;
  if (!header || !segment.text.includes('|')) return null;
  const column = columnOf(header, patternsOf(catalogue).names);
  if (column < 0) return null;
  return cellSpans(segment.text)[column] ?? { start: 0, end: 0 };
}

/** Where each cell of a "| a | b |" or "a | b" row stands. */
function cellSpans(row: string): Array<{ start: number; end: number }> {
  const spans: Array<{ start: number; end: number }> = [];
  let start = /^\s*\|/.test(row) ? row.indexOf('|') + 1 : 0;
  for (let bar = row.indexOf('|', start); ; bar = row.indexOf('|', start)) {
    const end = bar < 0 ? row.length : bar;
    if (bar >= 0 || row.slice(start).trim()) spans.push({ start, end });
    if (bar < 0) return spans;
    start = bar + 1;
  }
}

/**
 * The bare identifiers of a table row's cell under a column that lists the catalogue's controls
 * ("| 9.4 | Shipboard OT | 8.35 Security of operational technology |" under "| Annex A control(s) |"):
 * each item of the cell (parted by ";") that opens with a number.
 */
function columnIdentifiers(
  catalogue: ControlCatalogue,
  segment: LocatedSegment,
  columnOf: ColumnLookup,
): Array<{ 0: string; index: number }> {
  const header = segment.frame?.header;
  const listColumn = patternsOf(catalogue).listColumn;
  if (!listColumn || !header || !/\s\|\s/.test(segment.text)) return [];
  const column = columnOf(header, listColumn);
  if (column < 0) return [];
  const span = cellSpans(segment.text)[column];
  if (span === undefined) return [];
  const cell = segment.text.slice(span.start, span.end);
  const cellStart = span.start;
  const out: Array<{ 0: string; index: number }> = [];
  for (const item of cell.matchAll(/(?:^|;)\s*(\d{1,2}\.\d{1,2})(?!\.?\d)/g))
    out.push({
      0: `${catalogue.list_prefix ?? ''}${item[1]}`,
      index: cellStart + item.index + item[0].indexOf(item[1]!),
    });
  return out;
}

export function unresolvedControls(
  analysis: CorpusAnalysis,
  segments: LocatedSegment[],
): UnresolvedControl[] {
  const out: UnresolvedControl[] = [];
  const families = [...new Set(knowledge().catalogues.map((c) => c.family))];
  const columnOf = columnLookup();
  const byDocument = new Map<string, LocatedSegment[]>();
  for (const s of segments) byDocument.set(s.document, [...(byDocument.get(s.document) ?? []), s]);
  for (const [name, own] of byDocument) {
    const doc = analysis.byName.get(name);
    if (!doc) continue;
    for (const familyName of families) {
      const followed = followedEditions(doc, familyName, analysis.referenceDate?.iso ?? null);
      if (followed.length === 0) continue;
      for (const segment of own) {
        const named = editionsNamedBy(followed, segment);
        const followedHere = named.length > 0 ? named : followed;
        const older = family(familyName).filter((c) => !followedHere.includes(c));
        for (const catalogue of followedHere) {
          for (const m of identifiersWritten(catalogue, segment, columnOf)) {
            const id = normaliseIdentifier(catalogue, m[0]);
            if (followedHere.some((c) => c.controls.some((x) => x.id === id))) continue;
            if (!inContext(catalogue, segment, doc) || ownHeading(doc, m[0])) continue;
            if (sectionOfDocument(segment.text, m.index)) continue;
            // An older edition may write its identifiers differently ("PR.AC-1", not "PR.AC-01").
            const inOlder = (c: ControlCatalogue) => normaliseIdentifier(c, m[0]);
            const previous = older.find((c) => c.controls.some((x) => x.id === inOlder(c)));
            const entry = previous?.controls.find((x) => x.id === inOlder(previous));
            out.push({
              catalogue,
              written: m[0],
              id,
              segment,
              superseded: previous ? { catalogue: previous, mapsTo: entry?.maps_to ?? [] } : null,
            });
          }
        }
      }
    }
  }
  return out;
}
