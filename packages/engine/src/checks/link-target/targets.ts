// Where each hyperlink of the set leads, judged against the set itself.
//
// A link is followed the way a reader's browser would: relative to the linking document's folder.
// Sets are often supplied flattened (every file in one folder) while their links still carry the
// original folders ("../access/passwords.md"), so a link whose path finds nothing is also looked
// up by its file name (and by the page it names: "/physical/malware.html" is malware.md published,
// "/vendor/index.md" and "/security-policies/vendor/" are the vendor page, as is a document whose
// front matter gives it the slug "vendor"). What the links of the set say about where each file
// sits ("../physical/locking.md" from several pages: locking.md is in physical/) then shows a link
// that names the wrong folder, or one written from the wrong level of the tree.
//
// Not judged: web addresses (http, https, mailto and any other scheme), in-page anchors, embedded
// images and other assets (pictures, stylesheets, scripts, archives), links inside fenced code,
// and routes of the hosting site without a file name that name no document of the set (a site's
// "/privacy-policy/" page lies outside the set; nothing says it is missing).
import {
  segmentAt,
  type AnalyzedDocument,
  type CorpusAnalysis,
  type LocatedSegment,
} from '../../analyst/corpus-analysis';
import { fencedBlocks } from '../../text/fences';
import { extractLinks, type TextLink } from '../../text/links';

/** How a link fails to reach the document it means. */
export type LinkFault =
  /** No document of the set has the file name or page the link names. */
  | { kind: 'missing' }
  /** The file is in the set, but the set's other links place it in another folder. */
  | { kind: 'folder'; document: string; folder: string }
  /** The link names the right folder from the wrong level: written as if its document sat at the top. */
  | { kind: 'level'; document: string; folder: string }
  /** The target sits in the linking document's own folder (a third document's links show it), but the link leads elsewhere. */
  | { kind: 'sibling'; document: string; witness: string }
  /** The link has no target at all ("[text]()"). */
  | { kind: 'empty' }
  /** The link text is the address and the target is words ("[https://...](Some Site)"): swapped. */
  | { kind: 'swapped' }
  /** The link text names another document of the set than the one the link leads to. */
  | { kind: 'text'; document: string; meant: string; meantTitle: string; targetTitle: string };

export interface LinkRecord {
  link: TextLink;
  source: AnalyzedDocument;
  segment: LocatedSegment;
  /** The document the link leads to, when any does. */
  target: AnalyzedDocument | null;
  parsed: ParsedTarget;
  /** The target carries an in-page anchor ("x.md#section"): the link names a part of the target. */
  anchored: boolean;
}

/** A link that leads nowhere by its form alone: an empty target, or text and target swapped. */
export interface MalformedLink {
  link: TextLink;
  source: AnalyzedDocument;
  segment: LocatedSegment;
  fault: { kind: 'empty' } | { kind: 'swapped' };
}

export interface FaultyLink {
  link: TextLink;
  source: AnalyzedDocument;
  segment: LocatedSegment;
  fault: LinkFault;
}

interface ParsedTarget {
  /** Rooted at the site or repository top ("/physical/malware.html"). */
  rooted: boolean;
  /** Leading "..": how many folders up the path climbs first. */
  ups: number;
  /** Folder names after the climb ("../access/x.md": ["access"]). */
  folders: string[];
  /** The last path element (a file name, or a page route's last name). */
  last: string;
  /** The file extension of the last element, lower case, or null (a page route). */
  extension: string | null;
  /** The path normalised against nothing: for joining with the linking document's folder. */
  path: string;
}

const SCHEME = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;
const TEMPLATE = /\{\{|\{%|%7B/i;
/** Files a reader opens as documents: a link to one the set lacks is a broken reference. */
const DOCUMENT_EXTENSIONS = new Set([
  'md',
  'markdown',
  'mdx',
  'html',
  'htm',
  'txt',
  'pdf',
  'doc',
  'docx',
  'odt',
  'rtf',
  'xls',
  'xlsx',
  'ods',
  'csv',
  'ppt',
  'pptx',
  'eml',
]);
/** The page a folder publishes: "personnel/index.md" is the personnel page. */
const INDEX_FILE = /^(?:_?index|readme|default)(?:\.[a-z0-9]+)?$/i;
/** Documents that sit at the top of a set by convention: a table of contents, a landing page. */
const INDEX_DOCUMENT = /^(?:_?index|readme|summary|home|contents|toc)\.[a-z0-9]+$/i;

export function parseTarget(raw: string): ParsedTarget | null {
  let target = raw.trim();
  if (target === '' || SCHEME.test(target) || TEMPLATE.test(target)) return null;
  target = target.replace(/[#?].*$/, '');
  if (target === '') return null;
  try {
    target = decodeURIComponent(target);
  } catch {
    // A malformed escape: judge the path as written.
  }
  const rooted = target.startsWith('/');
  const parts = target.replace(/\\/g, '/').split('/');
  const elements = parts.filter((p) => p !== '' && p !== '.');
  if (elements.length === 0) return null;
  let ups = 0;
  while (elements[ups] === '..') ups += 1;
  const rest = elements.slice(ups);
  if (rest.length === 0) return null;
  const endsAsFolder = parts.at(-1) === '';
  const last = rest.at(-1)!;
  const dot = /\.([a-z0-9]{1,5})$/i.exec(last);
  return {
    rooted,
    ups,
    folders: endsAsFolder ? rest : rest.slice(0, -1),
    last,
    extension: endsAsFolder || !dot ? null : dot[1]!.toLowerCase(),
    path: elements.join('/'),
  };
}

/** A link to a picture, a stylesheet, a script, an archive: an asset, not a document. */
function isAsset(parsed: ParsedTarget): boolean {
  return parsed.extension !== null && !DOCUMENT_EXTENSIONS.has(parsed.extension);
}

const stemOf = (name: string) => name.replace(/\.[a-z0-9]{1,5}$/i, '').toLowerCase();
const baseOf = (name: string) => name.replace(/\\/g, '/').split('/').at(-1)!;

const FRONT_MATTER_SLUG = /^(?:slug|permalink)\s*:\s*["']?\/?([^"'\n]*?)\/?["']?\s*$/im;

/** The slug a document's front matter gives it ("slug: vendor"), lower case; null when none. */
function slugOf(doc: AnalyzedDocument): string | null {
  const head = doc.text.slice(0, 1500);
  if (!/^(?:---\s*\n)?[A-Za-z_][\w-]*\s*:/.test(head)) return null;
  const m = FRONT_MATTER_SLUG.exec(head.split(/\n---\s*(?:\n|$)/)[0]!);
  return m && m[1] ? m[1].split('/').at(-1)!.toLowerCase() : null;
}

interface DocumentIndex {
  byPath: Map<string, AnalyzedDocument>;
  byPage: Map<string, AnalyzedDocument[]>;
}

function documentIndex(analysis: CorpusAnalysis): DocumentIndex {
  const byPath = new Map<string, AnalyzedDocument>();
  const byPage = new Map<string, AnalyzedDocument[]>();
  const add = (key: string, doc: AnalyzedDocument) => {
    const list = byPage.get(key) ?? [];
    if (!list.includes(doc)) byPage.set(key, [...list, doc]);
  };
  for (const doc of analysis.documents) {
    byPath.set(doc.name.replace(/\\/g, '/').toLowerCase(), doc);
    add(baseOf(doc.name).toLowerCase(), doc);
    add(stemOf(baseOf(doc.name)), doc);
    const slug = slugOf(doc);
    if (slug) add(slug, doc);
  }
  return { byPath, byPage };
}

function joinPath(folder: string, path: string): string {
  const out: string[] = folder === '' ? [] : folder.split('/');
  for (const part of path.split('/')) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

/** The document a link leads to, by its path from the linking document, else by the name it names. */
function resolve(
  index: DocumentIndex,
  source: AnalyzedDocument,
  parsed: ParsedTarget,
): AnalyzedDocument | null {
  if (!parsed.rooted) {
    const folder = source.name.replace(/\\/g, '/').split('/').slice(0, -1).join('/');
    const exact = index.byPath.get(joinPath(folder, '../'.repeat(parsed.ups) + parsed.path).toLowerCase());
    if (exact) return exact;
  }
  const last = parsed.last.toLowerCase();
  // "personnel/index.md", "personnel/": the page of the folder, unless the set holds that very
  // file ("security/README.md" in a set that kept its README.md under that name).
  const page =
    parsed.extension !== null && INDEX_FILE.test(last) && parsed.folders.length > 0 && !index.byPage.has(last)
      ? parsed.folders.at(-1)!.toLowerCase()
      : null;
  const keys = page ? [page] : parsed.extension === null ? [last] : [last, stemOf(last)];
  for (const key of keys) {
    const found = index.byPage.get(key);
    if (found?.length === 1) return found[0]!;
    if (found && found.length > 1) {
      // Two documents share the name: the one whose own path ends like the link's, else the first.
      return found.find((d) => d.name.toLowerCase().endsWith(parsed.path.toLowerCase())) ?? found[0]!;
    }
  }
  return null;
}

/** Offsets inside fenced code blocks: links there are examples, not references. */
function fencedRanges(text: string): Array<[number, number]> {
  return fencedBlocks(text)
    .filter((block) => block.closed)
    .map((block) => [block.start, block.end]);
}

/** "[https://example.org](Example Site)": an address as the text, words as the target. */
const SWAPPED = /\[(https?:\/\/[^\]\s]+)\]\(([^()\n]*\s[^()\n]*)\)/g;

interface SetLinks {
  records: LinkRecord[];
  malformed: MalformedLink[];
}

const recordCache = new WeakMap<CorpusAnalysis, SetLinks>();

/** Every link of the set to a document (or to a file that should be one), with where it leads. */
export function setLinks(analysis: CorpusAnalysis): SetLinks {
  const cached = recordCache.get(analysis);
  if (cached) return cached;
  const index = documentIndex(analysis);
  const records: LinkRecord[] = [];
  const malformed: MalformedLink[] = [];
  for (const source of analysis.documents) {
    const fences = fencedRanges(source.text);
    const inCode = (offset: number) => fences.some(([s, e]) => s <= offset && offset < e);
    for (const link of extractLinks(source.text)) {
      if (link.image || inCode(link.index)) continue;
      const segment = segmentAt(source, link.index);
      if (!segment) continue;
      if (link.target.trim() === '') {
        if (link.text !== '') malformed.push({ link, source, segment, fault: { kind: 'empty' } });
        continue;
      }
      const parsed = parseTarget(link.target);
      if (!parsed || isAsset(parsed)) continue;
      const anchored = link.target.includes('#');
      records.push({ link, source, segment, target: resolve(index, source, parsed), parsed, anchored });
    }
    for (const m of source.text.matchAll(SWAPPED)) {
      const segment = segmentAt(source, m.index);
      if (!segment || inCode(m.index)) continue;
      const link = {
        text: m[1]!,
        target: m[2]!.trim(),
        index: m.index,
        end: m.index + m[0].length,
        image: false,
      };
      malformed.push({ link, source, segment, fault: { kind: 'swapped' } });
    }
  }
  const out = { records, malformed };
  recordCache.set(analysis, out);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Where the set's links place each file.

/** The folder a relative link places its target in, when it names one ("../access/x.md": access). */
function folderNamed(record: LinkRecord): string | null {
  return !record.parsed.rooted && record.parsed.folders.length > 0
    ? record.parsed.folders.at(-1)!.toLowerCase()
    : null;
}

/**
 * The folder the links of documents other than `except` agree a document sits in: named by at
 * least two linking documents, and by at least two thirds of those that name one.
 */
function agreedFolder(
  records: LinkRecord[],
  target: AnalyzedDocument,
  except: AnalyzedDocument,
): string | null {
  const votes = new Map<string, Set<AnalyzedDocument>>();
  for (const r of records) {
    if (r.target !== target || r.source === except || r.source === target) continue;
    const folder = folderNamed(r);
    if (folder) votes.set(folder, (votes.get(folder) ?? new Set()).add(r.source));
  }
  const total = [...votes.values()].reduce((n, s) => n + s.size, 0);
  for (const [folder, sources] of votes)
    if (sources.size >= 2 && sources.size * 3 >= total * 2) return folder;
  return null;
}

/**
 * Documents that, by their own links, sit in a sub-folder of the set: they climb out of their
 * folder ("../access/x.md") to reach the pages they name.
 */
function climbingDocuments(records: LinkRecord[]): Set<AnalyzedDocument> {
  return new Set(
    records.filter((r) => r.target && !r.parsed.rooted && r.parsed.ups > 0).map((r) => r.source),
  );
}

/**
 * Documents whose links descend into the set's folders without climbing ("access/x.md"): they
 * can only be right from the top of the set.
 */
function descendingDocuments(records: LinkRecord[]): Set<AnalyzedDocument> {
  return new Set(
    records
      .filter((r) => r.target && !r.parsed.rooted && r.parsed.ups === 0 && r.parsed.folders.length > 0)
      .map((r) => r.source),
  );
}

function levelFaults(records: LinkRecord[]): Map<LinkRecord, LinkFault> {
  const out = new Map<LinkRecord, LinkFault>();
  const climbing = climbingDocuments(records);
  const descending = descendingDocuments(records);
  for (const source of descending) {
    // A table of contents or landing page sits at the top by convention; a document that climbs
    // as well as descends shows no single level.
    if (INDEX_DOCUMENT.test(baseOf(source.name)) || climbing.has(source)) continue;
    // Another ordinary document linking from the top: the top of the set holds documents, and
    // this one may be among them.
    const others = [...descending].filter((d) => d !== source && !INDEX_DOCUMENT.test(baseOf(d.name)));
    if (others.length > 0) continue;
    const mine = records.filter(
      (r) =>
        r.source === source &&
        r.target &&
        !r.parsed.rooted &&
        r.parsed.ups === 0 &&
        r.parsed.folders.length > 0,
    );
    // Each target is reached by other documents that climb into the same folder.
    const confirmed = mine.filter((r) =>
      records.some(
        (o) =>
          o.source !== source &&
          o.target === r.target &&
          climbing.has(o.source) &&
          o.parsed.ups > 0 &&
          folderNamed(o) === folderNamed(r),
      ),
    );
    const peers = new Set(
      records
        .filter((o) => o.source !== source && climbing.has(o.source) && o.parsed.ups > 0)
        .map((o) => o.source),
    );
    if (confirmed.length < 2 || confirmed.length < mine.length || peers.size < 2) continue;
    for (const r of confirmed)
      out.set(r, { kind: 'level', document: r.target!.name, folder: folderNamed(r)! });
  }
  return out;
}

/** The directory part of a relative link as written: "../risk/x.md" -> "../risk". */
const directoryOf = (r: LinkRecord) =>
  [...Array<string>(r.parsed.ups).fill('..'), ...r.parsed.folders].join('/').toLowerCase();

/**
 * Links between two documents that a third document's links show to share a folder (it reaches
 * both by one directory path): from one to the other, a link must name no folder, or climb out and
 * back into that same folder. Anything else leads to a file the set does not have there.
 */
function siblingFaults(records: LinkRecord[]): Map<LinkRecord, LinkFault> {
  const out = new Map<LinkRecord, LinkFault>();
  const relative = records.filter((r) => r.target && !r.parsed.rooted);
  // For each linking document: the directory path it reaches each target by.
  const paths = new Map<AnalyzedDocument, Map<AnalyzedDocument, Set<string>>>();
  for (const r of relative) {
    const byTarget = paths.get(r.source) ?? new Map<AnalyzedDocument, Set<string>>();
    byTarget.set(r.target!, (byTarget.get(r.target!) ?? new Set()).add(directoryOf(r)));
    paths.set(r.source, byTarget);
  }
  for (const r of relative) {
    const { ups, folders } = r.parsed;
    if (folders.length === 0 && ups === 0) continue;
    // Climbing out of one's own folder and back into it by name ("../risk/x.md" from risk/).
    if (ups === folders.length && ups > 0 && folders.length === 1) continue;
    for (const [witness, byTarget] of paths) {
      if (witness === r.source || witness === r.target) continue;
      const toSource = byTarget.get(r.source);
      const toTarget = byTarget.get(r.target!);
      if (!toSource || !toTarget || toSource.size !== 1 || toTarget.size !== 1) continue;
      if ([...toSource][0] !== [...toTarget][0]) continue;
      out.set(r, { kind: 'sibling', document: r.target!.name, witness: witness.name });
      break;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Link texts that name another document.

/** Link texts that say where the link goes without naming a document. */
const DESCRIPTIVE =
  /^(?:here|this|that|these|the|our|see|click|link|page|document|documents|doc|policy|policies|procedure|standard|more|details?|read|above|below|full|text|section|source|website|site|info|information|and|of|for|on|to|in)$/;

function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]s\b/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

const key = (ws: string[]) => ws.filter((w) => w !== 'the').join(' ');

/** The names a document goes by: its title (less its numbering) and its file name's words. */
function namesOf(doc: AnalyzedDocument): string[] {
  const title = words(doc.title.replace(/^[\d.\s]+/, ''));
  const file = words(stemOf(baseOf(doc.name)).replace(/^[\d\s._-]+/, ''));
  return [...new Set([key(title), key(file)])].filter(Boolean);
}

function textFaults(analysis: CorpusAnalysis, records: LinkRecord[]): Map<LinkRecord, LinkFault> {
  const out = new Map<LinkRecord, LinkFault>();
  const names = new Map(analysis.documents.map((d) => [d, namesOf(d)] as const));
  for (const r of records) {
    // "[Data Classification](data.md#classification)": the text names a part of the target.
    if (!r.target || r.anchored) continue;
    const written = words(r.link.text);
    // A descriptive text ("see here", "this policy") names no document.
    if (written.length === 0 || written.every((w) => DESCRIPTIVE.test(w))) continue;
    const text = key(written);
    const own = names.get(r.target)!;
    if (own.includes(text)) continue;
    // The target's own names hold every word of the text: it describes the target.
    const ownWords = new Set(own.flatMap((n) => n.split(' ')));
    if (written.every((w) => ownWords.has(w) || DESCRIPTIVE.test(w))) continue;
    const meant = analysis.documents.filter((d) => d !== r.target && names.get(d)!.includes(text));
    if (meant.length !== 1) continue;
    out.set(r, {
      kind: 'text',
      document: r.target.name,
      meant: meant[0]!.name,
      meantTitle: meant[0]!.title,
      targetTitle: r.target.title,
    });
  }
  return out;
}

/**
 * A set supplied as an excerpt of a larger site or handbook links to many pages it does not hold:
 * there a link to a missing file is most likely a page that was not supplied, not a broken link,
 * and none is reported. A set that holds nearly everything its links name is complete enough for
 * a missing file to be a defect: at most MISSING_AT_MOST distinct missing files, and at least
 * twice as many distinct files its links reach.
 */
const MISSING_AT_MOST = 3;

function looksComplete(records: LinkRecord[]): boolean {
  const reached = new Set(records.filter((r) => r.target).map((r) => r.target!));
  const missing = new Set(
    records.filter((r) => !r.target && r.parsed.extension !== null).map((r) => r.parsed.last.toLowerCase()),
  );
  return missing.size <= MISSING_AT_MOST && missing.size * 2 <= reached.size;
}

const faultCache = new WeakMap<CorpusAnalysis, FaultyLink[]>();

/** Every link of the set that fails to reach the document it means, with the way it fails. */
export function faultyLinks(analysis: CorpusAnalysis): FaultyLink[] {
  const cached = faultCache.get(analysis);
  if (cached) return cached;
  const { records, malformed } = setLinks(analysis);
  const level = levelFaults(records);
  const sibling = siblingFaults(records);
  const text = textFaults(analysis, records);
  const complete = looksComplete(records);
  const out: FaultyLink[] = [...malformed];
  for (const r of records) {
    const { link, source, segment } = r;
    if (!r.target) {
      // A page route of the hosting site names no file: nothing says the set lacks it.
      if (r.parsed.extension !== null && complete)
        out.push({ link, source, segment, fault: { kind: 'missing' } });
      continue;
    }
    const folder = folderNamed(r);
    const agreed = folder ? agreedFolder(records, r.target, r.source) : null;
    if (folder && agreed && agreed !== folder) {
      out.push({ link, source, segment, fault: { kind: 'folder', document: r.target.name, folder: agreed } });
      continue;
    }
    const fault = sibling.get(r) ?? level.get(r) ?? text.get(r);
    if (fault) out.push({ link, source, segment, fault });
  }
  out.sort((a, b) => a.source.index - b.source.index || a.link.index - b.link.index);
  faultCache.set(analysis, out);
  return out;
}
