// A document that reproduces a control catalogue's own structure: headings, list lines or table
// rows that pair a control identifier with that control's name ("9.2.2 User access provisioning",
// "| ID.AM-1 | Physical devices ... are inventoried |"). Matching the name as well as the number
// tells which edition the document was built on even when it writes the numbers without the
// catalogue's prefix or never names the edition, and shows entries whose number does not belong
// to the control the line names.
import type { AnalyzedDocument, CorpusAnalysis } from '../../analyst/corpus-analysis';
import { knowledge, normaliseIdentifier, type ControlCatalogue } from '../../knowledge';

/** One line of a document that pairs an identifier with a name. */
export interface CatalogueLine {
  written: string;
  name: string;
  start: number;
  end: number;
}

export interface MatchedLine extends CatalogueLine {
  id: string;
}

/** A line whose name is one control's while its number is another's (or no control's). */
export interface MisnumberedLine extends CatalogueLine {
  /** The identifier of the control the line names. */
  named: string;
}

export interface ReproducedCatalogue {
  document: AnalyzedDocument;
  catalogue: ControlCatalogue;
  matched: MatchedLine[];
  misnumbered: MisnumberedLine[];
}

/** Fewer entries than this is a few citations, not a reproduced structure. */
export const MIN_ENTRIES = 5;
const SAME_NAME = 0.6;
const CERTAINLY_SAME_NAME = 0.85;
/** How much better a line's name must fit another control than its own number's to be misnumbered. */
const CLEARLY_BETTER = 0.3;

// An identifier (digits with dots, optionally a short letter prefix: "A.9.2.2", "9.2.2", "CC6.1",
// "ID.AM-1", "PR.AC-01") opening a line (after Markdown marks) or the first cell of a table row,
// followed by a name of words.
const ID = String.raw`(?:[A-Z]{1,3}\.)?(?:[A-Z]{1,3}[.-]?)?\d{1,2}(?:[.-]\d{1,2}){0,3}`;
const HEADING_LINE = new RegExp(
  String.raw`^[ \t>#*_-]*(${ID})\.?[ \t*_:-]+([A-Za-z][^\n|]{3,140}?)[ \t*_]*$`,
  'gm',
);
const TABLE_ROW = new RegExp(
  String.raw`^[ \t]*\|[ \t*_]*(${ID})[ \t*_]*\|[ \t*_]*([A-Za-z][^\n|]{3,200}?)[ \t*_]*\|`,
  'gm',
);

const STOP_WORDS = new Set(
  'the of and for to in a an with on by or its their be are is shall control controls objective'.split(' '),
);

function words(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .split(/[^a-z]+/)
    .filter((w) => w.length > 1 && !STOP_WORDS.has(w));
}

type Words = Set<string>;
const wordsOf = (name: string): Words => new Set(words(name));

/** Dice coefficient of two sets of content words. */
function dice(x: Words, y: Words): number {
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return (2 * shared) / (x.size + y.size);
}

/** Dice coefficient of two names' content words. */
export function nameSimilarity(a: string, b: string): number {
  return dice(wordsOf(a), wordsOf(b));
}

/** A catalogue's controls with their names' words, built once per catalogue, not per line. */
interface IndexedCatalogue {
  byId: Map<string, Words>;
  controls: Array<{ id: string; words: Words }>;
}

const indexes = new WeakMap<ControlCatalogue, IndexedCatalogue>();

function indexOf(catalogue: ControlCatalogue): IndexedCatalogue {
  let index = indexes.get(catalogue);
  if (!index) {
    const controls = catalogue.controls.map((c) => ({ id: c.id, words: wordsOf(c.name) }));
    index = { byId: new Map(controls.map((c) => [c.id, c.words])), controls };
    indexes.set(catalogue, index);
  }
  return index;
}

export function catalogueLines(text: string): CatalogueLine[] {
  const out: CatalogueLine[] = [];
  for (const pattern of [HEADING_LINE, TABLE_ROW])
    for (const m of text.matchAll(pattern)) {
      const start = m.index;
      out.push({ written: m[1]!, name: m[2]!.trim(), start, end: start + m[0].trimEnd().length });
    }
  return out.sort((a, b) => a.start - b.start);
}

/** The catalogue's identifier a written one stands for, with the prefix the document may leave out. */
function resolve(catalogue: ControlCatalogue, index: IndexedCatalogue, written: string): string | null {
  const compact = written.replace(/\s+/g, '');
  for (const candidate of [compact, `A.${compact}`]) {
    const id = normaliseIdentifier(catalogue, candidate);
    if (index.byId.has(id)) return id;
  }
  return null;
}

function bestNamed(index: IndexedCatalogue, name: Words): { id: string; similarity: number } | null {
  let best: { id: string; similarity: number } | null = null;
  for (const control of index.controls) {
    const similarity = dice(name, control.words);
    if (!best || similarity > best.similarity) best = { id: control.id, similarity };
  }
  return best;
}

function reproduction(
  document: AnalyzedDocument,
  lines: Array<CatalogueLine & { words: Words }>,
  catalogue: ControlCatalogue,
): ReproducedCatalogue {
  const index = indexOf(catalogue);
  const matched: MatchedLine[] = [];
  const misnumbered: MisnumberedLine[] = [];
  for (const { words: name, ...line } of lines) {
    const id = resolve(catalogue, index, line.written);
    const own = id ? dice(name, index.byId.get(id)!) : 0;
    if (id && own >= SAME_NAME) {
      matched.push({ ...line, id });
      continue;
    }
    // A bare section number ("5 Policies") heads a group of controls; only a control's number can be wrong.
    if (!/\d[.-]\d/.test(line.written)) continue;
    const named = bestNamed(index, name);
    if (named && named.similarity >= CERTAINLY_SAME_NAME && named.similarity - own >= CLEARLY_BETTER)
      misnumbered.push({ ...line, named: named.id });
  }
  return { document, catalogue, matched, misnumbered };
}

/**
 * Per document and catalogue family, the edition whose entries the document reproduces (at least
 * MIN_ENTRIES of them, more than of any other edition of the family), with its misnumbered lines.
 */
const reproducedCache = new WeakMap<CorpusAnalysis, ReproducedCatalogue[]>();

export function reproducedCatalogues(analysis: CorpusAnalysis): ReproducedCatalogue[] {
  const cached = reproducedCache.get(analysis);
  if (cached) return cached;
  const catalogues = knowledge().catalogues;
  const families = [...new Set(catalogues.map((c) => c.family))];
  const out: ReproducedCatalogue[] = [];
  for (const document of analysis.documents) {
    const lines = catalogueLines(document.text).map((line) => ({ ...line, words: wordsOf(line.name) }));
    if (lines.length < MIN_ENTRIES) continue;
    for (const family of families) {
      const editions = catalogues
        .filter((c) => c.family === family)
        .map((c) => reproduction(document, lines, c))
        .sort((a, b) => b.matched.length - a.matched.length);
      const best = editions[0]!;
      if (best.matched.length < MIN_ENTRIES) continue;
      if (editions[1] && editions[1].matched.length >= best.matched.length) continue;
      out.push(best);
    }
  }
  reproducedCache.set(analysis, out);
  return out;
}

/** The edition that replaced a catalogue, when it was superseded by the given date (or is marked so). */
export function supersededAt(catalogue: ControlCatalogue, asOf: string | null): ControlCatalogue | null {
  if (!catalogue.superseded_by) return null;
  const superseded = asOf
    ? catalogue.withdrawn !== undefined && catalogue.withdrawn <= asOf
    : catalogue.status === 'superseded';
  if (!superseded) return null;
  return knowledge().catalogues.find((c) => c.id === catalogue.superseded_by) ?? null;
}

/** Whether the document names the given edition explicitly (then it knows of it: a transition table). */
export function namesEdition(document: AnalyzedDocument, catalogue: ControlCatalogue): boolean {
  return (
    catalogue.edition_pattern !== undefined && new RegExp(catalogue.edition_pattern, 'i').test(document.text)
  );
}
