// Controls cited under another control's name: a mapping that writes "8.19 Logging" where the
// catalogue's 8.19 is "Installation of software on operational systems" and "Logging" is 8.15.
// The pair is judged only where the document is mapping controls: it follows the catalogue's
// framework, and the name is written in brackets after the identifier or near the pair (within a
// few statements) another identifier is written with its own catalogue name. A document's own
// numbered section that happens to share a number ("5.2 Access control") stands among its other
// sections, not among correct control pairs.
import type { AnalyzedDocument, CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { knowledge, normaliseIdentifier, type ControlCatalogue } from '../../knowledge';
import { followedEditions } from './references';

export interface MisnamedControl {
  catalogue: ControlCatalogue;
  /** The identifier as written ("8.19") and as the catalogue writes it ("A.8.19"). */
  written: string;
  id: string;
  /** The name written beside it, the catalogue's name for it, and the control that has that name. */
  writtenName: string;
  ownName: string;
  namedControl: { id: string; name: string };
  segment: LocatedSegment;
}

/** How near a correct pair must stand for the statements to be a control mapping. */
const MAPPING_WINDOW = 10;

/** The name written right after an identifier: "8.19 Logging", "8.32 (Secure authentication)", "8.15 labelled 'Access rights'". */
const NAME_AFTER =
  /^\s*(?:\(\s*|[-–—:]\s*|,?\s*(?:labell?ed|titled|entitled|named)\s+)?["'“‘]?([A-Z][A-Za-z-]*(?:[ \t]+(?:[A-Za-z][a-z-]*|of|and|in|for|to|on)){0,8})/;

const normalise = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

interface WrittenPair {
  written: string;
  id: string;
  name: string;
  /** Written in brackets after the identifier ("8.32 (Secure authentication)"): a citation, never a heading. */
  bracketed: boolean;
  /** The topic cell before the identifiers, which may list several controls for one topic. */
  topic: boolean;
  segment: LocatedSegment;
}

/**
 * Identifiers the text writes for the catalogue, each with the name written after it, or else the
 * topic written before it (a mapping table's row: "Privileged access rights | A.8.12", laid out as
 * two lines; `previous` is the line before).
 */
function pairsIn(
  catalogue: ControlCatalogue,
  segment: LocatedSegment,
  previous: LocatedSegment | null,
): WrittenPair[] {
  const text = segment.text;
  // A Markdown heading is the document's own section ("### 5.1 Review of the policies ...").
  if (/^\s*#/.test(segment.raw)) return [];
  const ids: Array<{ written: string; end: number }> = [
    ...[...text.matchAll(new RegExp(catalogue.id_pattern, 'g'))].map((m) => ({
      written: m[0],
      end: m.index + m[0].length,
    })),
  ];
  // A mapping often writes the bare number ("8.19 Logging") for a catalogue whose lists do.
  // (Not one end of a range of the document's own sections: "6.1 – 6.6 Access control".)
  if (catalogue.list_prefix)
    for (const m of text.matchAll(
      /(?<![\w.])(?<!\d\s?[–—-]\s?)\d{1,2}\.\d{1,2}(?![\d.]*\d)(?!\s?[–—-]\s?\d)/g,
    ))
      if (
        !ids.some((i) => i.end === m.index + m[0].length) &&
        // A number that is a whole cell ("| 6.3 | Privileged access rights | A.8.12 |") is the
        // document's own section the row maps, not a control.
        !(/\|\s*$/.test(text.slice(0, m.index)) && /^\s*\|/.test(text.slice(m.index + m[0].length)))
      )
        ids.push({ written: m[0], end: m.index + m[0].length });
  const out: WrittenPair[] = [];
  // One topic cell for every identifier of the row ("Segregation of networks | 8.20, 8.22").
  const firstAt = Math.min(...ids.map((i) => i.end - i.written.length));
  const rowTopic = ids.length > 0 ? topicBefore(text.slice(0, firstAt), previous) : null;
  for (const { written, end } of ids) {
    const full =
      /^[A-Z]+\./.test(written) || !catalogue.list_prefix ? written : `${catalogue.list_prefix}${written}`;
    const id = normaliseIdentifier(catalogue, full);
    const m = NAME_AFTER.exec(text.slice(end, end + 100));
    if (m) {
      out.push({
        written,
        id,
        name: m[1]!.trim(),
        bracketed: m[0].trimStart().startsWith('('),
        topic: false,
        segment,
      });
      continue;
    }
    if (rowTopic) out.push({ written, id, name: rowTopic, bracketed: false, topic: true, segment });
  }
  return out;
}

/** The cell before an identifier: the text before it on its line, else the line before when short. */
function topicBefore(before: string, previous: LocatedSegment | null): string | null {
  // In a row of cells ("| 6.3 | Privileged access rights | A.8.12 |") the topic is the last cell.
  const own = before
    .replace(/[\s,;:|–—-]+$/, '')
    .split('|')
    .pop()!
    .trim();
  if (own) return /^[A-Z]/.test(own) && own.length <= 80 ? own : null;
  const line = previous?.text.trim() ?? '';
  return /^[A-Z][A-Za-z ,'-]{2,79}$/.test(line) ? line : null;
}

/** The catalogue's name for an identifier matches what is written (a line may cut it short). */
function namesMatch(written: string, catalogueName: string): boolean {
  const w = normalise(written);
  const c = normalise(catalogueName);
  return w === c || c.startsWith(w) || w.startsWith(c);
}

function misnamedIn(doc: AnalyzedDocument, catalogue: ControlCatalogue): MisnamedControl[] {
  const byId = new Map(catalogue.controls.map((c) => [c.id, c]));
  const byName = new Map(catalogue.controls.map((c) => [normalise(c.name), c]));
  const pairs = doc.segments.map((segment, i) => pairsIn(catalogue, segment, doc.segments[i - 1] ?? null));
  const correctAt = pairs.map((list) =>
    list.some((p) => {
      const own = byId.get(p.id);
      return own !== undefined && namesMatch(p.name, own.name);
    }),
  );
  const out: MisnamedControl[] = [];
  pairs.forEach((list, position) => {
    for (const pair of list) {
      const own = byId.get(pair.id);
      if (!own || namesMatch(pair.name, own.name)) continue;
      // A topic mapped to several controls names one of them ("Segregation of networks | 8.20, 8.22").
      if (
        pair.topic &&
        list.some((p) => p.topic && p.name === pair.name && namesMatch(p.name, byId.get(p.id)?.name ?? ''))
      )
        continue;
      const named = byName.get(normalise(pair.name));
      if (!named || named.id === own.id) continue;
      const near = correctAt
        .slice(Math.max(0, position - MAPPING_WINDOW), position + MAPPING_WINDOW + 1)
        .some(Boolean);
      if (!near && !pair.bracketed) continue;
      out.push({
        catalogue,
        written: pair.written,
        id: own.id,
        writtenName: pair.name,
        ownName: own.name,
        namedControl: { id: named.id, name: named.name },
        segment: pair.segment,
      });
    }
  });
  return out;
}

/** Every control the corpus's mappings cite under another control's name, per document and catalogue. */
export function misnamedControls(
  analysis: CorpusAnalysis,
  documents: readonly string[] | null = null,
): MisnamedControl[] {
  const families = [...new Set(knowledge().catalogues.map((c) => c.family))];
  const out: MisnamedControl[] = [];
  for (const doc of analysis.documents) {
    if (documents && !documents.includes(doc.name)) continue;
    for (const familyName of families)
      for (const catalogue of followedEditions(doc, familyName, analysis.referenceDate?.iso ?? null))
        out.push(...misnamedIn(doc, catalogue));
  }
  return out;
}
