// Products past their vendor's end of support (src/knowledge/data/products.json), named in the
// corpus as in use: an asset register row, a baseline that mandates them, a plan that relies on
// them, instructions written for them. A mention in a sentence about their retirement, or one
// placed in the past ("until 2021 we used ..."), is history, not use; one in a list of the client
// versions a service accepts is its visitors' platform, not the organisation's.
//
// A product name the vendor retired ("OS X", "Android Device Manager") is a finding where the
// document gives instructions for it.
//
// A minimum version ("macOS 12 or later", "at least Android 9", a "Required version" column) past
// its support end is a finding: the floor admits a system that receives no security fixes, so the
// document treats an unsupported system as sufficient. It is not one when the same statement also
// demands a supported or the latest release ("iOS 14 or later, and the latest version the device
// supports"): then the floor is not what the document treats as enough. A table's other columns
// (a "Current version" beside the required one) are read only through their header: a version
// under a column that names a requirement is that requirement.
import type { CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { knowledge, type ProductLifecycle, type ProductVersion } from '../../knowledge';

export interface UnsupportedProduct {
  product: ProductLifecycle;
  version: ProductVersion;
  written: string;
  segment: LocatedSegment;
  /** Named as the minimum or required version, not as a system in use. */
  requirement: boolean;
}

/** Words that place a mention in the past or in a plan to leave the product. */
const RETIRED =
  /\b(?:decommission(?:ed|ing)?|retired|removed|replaced|migrated|upgraded|withdrawn|no longer (?:in use|used|supported|running)|uninstalled|disposed|sunset(?:ted)?)\b/i;
/** Words that place the statement in the organisation's past: "until 2021 we used", "formerly". */
const PAST =
  /\b(?:until|up to|before|prior to)\s+(?:(?:early|mid|late|the end of)[- ]?)?(?:(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+)?(?:19|20)\d\d\b(?![^.;]{0,40}\b(?:must|shall|will|should)\b)|\b(?:previously|formerly|used to|in the past|historically)\b/i;

/** The version stated as a floor: "12 or later", "at least 12", "minimum 12". */
const FLOOR_AFTER =
  /^\s*[\d.]+\s*(?:\([^)]{0,30}\)\s*)?(?:or|and)\s+(?:later|above|higher|newer|greater)\b|^\s*[\d.]+\s*\+/i;
const FLOOR_BEFORE =
  /\b(?:at\s+least|minimum(?:\s+of)?|min\.?|no\s+(?:older|earlier|lower)\s+than|requires?|required)\s*(?:version\s*)?$/i;
/** The same statement demands a supported or the latest release: the floor is not the bar. */
const SUPPORTED_TOO =
  /\b(?:latest|newest|current|most\s+recent)\s+(?:(?:major|supported|available)\s+)?(?:version|release|operating\s+system|OS)\b|\b(?:still|currently|vendor[- ])supported\b|\bsupported\s+by\s+(?:the\s+)?(?:vendor|manufacturer|Apple|Google|Microsoft)\b|\b(?:receives?|receiving|gets?)\s+security\s+(?:updates|patches|fixes)\b/i;

/**
 * A statement that tells the reader what to do on the product: a menu path, a step, an app to use. A
 * retired product name matters there (the screens and apps it names are gone under that name);
 * in a passing description of the estate ("laptops running Mac OS X") it is only dated wording.
 */
const INSTRUCTION =
  /(?:>>|->|→|›)|\b(?:click|tap|select|open|go\s+to|visit|navigate|choose|turn\s+on|enable|install|download|use|using|steps?|settings|preferences|menu|way\s+to|it['’]s\s+under)\b/i;

/** A table column whose header names a requirement ("Required version", "Minimum OS", "Baseline"). */
const REQUIRED_COLUMN =
  /\b(?:required|requirement|minimum|min\.?|baseline|mandated|mandatory|approved|permitted|allowed)\b/i;

const AFTER_NAME = 24;

/** A register row that records an approved exception for the system ("Exception EXC-2026-07 ... valid until"). */
const EXCEPTION_RECORDED = /\b(?:exception|waiver|dispensation|risk acceptance|risk accepted)\b/i;
const EXCEPTION_VOID =
  /\b(?:no|without|expired|lapsed|rejected|declined|pending)\s+(?:\w+\s+)?(?:exception|waiver|dispensation|risk acceptance)|\b(?:exception|waiver|dispensation|risk acceptance)\s+(?:\w+\s+)?(?:expired|lapsed|rejected|declined|pending|missing|not (?:sighted|recorded|approved|found))\b/i;

/** An asset row under an exception is a risk the organisation accepted, not an unnoticed one. */
function excepted(segment: LocatedSegment): boolean {
  const text = segment.text;
  return text.includes('|') && EXCEPTION_RECORDED.test(text) && !EXCEPTION_VOID.test(text);
}

/** A client (a browser or a mobile platform) named with its version: "Firefox 27", "IE 11", "Android 4.4". */
const CLIENT_VERSION =
  /\b(Firefox|Chrome|Chromium|Safari|Opera|Edge|Internet\s+Explorer|IE|Android|iOS|Samsung\s+Internet)\s*\d/gi;

/**
 * A list of client versions ("Firefox 27, Chrome 31, IE 11 on Windows 7, Safari 9"): the oldest
 * clients a service still accepts, a compatibility floor for its visitors, not systems the
 * organisation runs. Three or more distinct clients make such a list.
 */
function compatibilityList(text: string): boolean {
  const clients = new Set(
    [...text.matchAll(CLIENT_VERSION)].map((m) => m[1]!.toLowerCase().replace(/\s+/g, ' ')),
  );
  return clients.size >= 3;
}

const cells = (row: string) =>
  row
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/**
 * A table row that names the product alone in one cell and its version in another: the versions
 * under columns whose header names a requirement ("| macOS | 13.0.1 | 12.6.1 |" under "| System |
 * Current | Required |": 12.6.1).
 */
function requiredCells(
  segment: LocatedSegment,
  product: ProductLifecycle,
): Array<{ name: string; value: string }> {
  const header = segment.frame?.header;
  if (!header || !segment.text.includes('|')) return [];
  const row = cells(segment.text);
  const columns = cells(header);
  if (row.length !== columns.length) return [];
  const names = new RegExp(`^(?:${product.names_pattern})$`, 'i');
  const nameCell = row.find((cell) => names.test(cell));
  if (!nameCell) return [];
  return row.flatMap((cell, i) =>
    REQUIRED_COLUMN.test(columns[i]!) && /^v?\d/i.test(cell) ? [{ name: nameCell, value: cell }] : [],
  );
}

function versionAfter(
  product: ProductLifecycle,
  after: string,
): { version: ProductVersion; tail: string } | null {
  const version = product.versions.find((v) => new RegExp(v.pattern, 'i').test(after));
  return version ? { version, tail: new RegExp(version.pattern, 'i').exec(after)![0] } : null;
}

export function unsupportedProducts(
  analysis: CorpusAnalysis,
  segments: LocatedSegment[],
): UnsupportedProduct[] {
  // Judged on the audit date, not the documents' newest date (see CorpusAnalysis.auditDate).
  const asOf = analysis.auditDate;
  const out: UnsupportedProduct[] = [];
  const products = knowledge().products.products;
  for (const segment of segments) {
    const text = segment.text;
    const inventory = analysis.byName.get(segment.document)?.role === 'evidence';
    if (RETIRED.test(text) || PAST.test(text) || compatibilityList(text) || excepted(segment)) continue;
    for (const product of products) {
      for (const m of text.matchAll(new RegExp(product.names_pattern, 'gi'))) {
        // An inventory names the product in one cell and its version in the next ("Windows Server
        // | 2012 R2 Standard"): there the version is read across the cell border. (Elsewhere a
        // table's version columns are read through their headers: see requiredCells.)
        const raw = text.slice(m.index + m[0].length, m.index + m[0].length + AFTER_NAME);
        const after = inventory ? raw.replace(/^\s*\|\s*/, ' ') : raw;
        const found = versionAfter(product, after);
        if (!found || found.version.end_of_support >= asOf) continue;
        if (product.renamed_to && !INSTRUCTION.test(text)) continue;
        const floor =
          FLOOR_AFTER.test(after) || FLOOR_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index));
        if (floor && SUPPORTED_TOO.test(text)) continue;
        out.push({
          product,
          version: found.version,
          written: `${m[0]}${found.tail}`.trim(),
          segment,
          requirement: floor,
        });
      }
      if (SUPPORTED_TOO.test(text)) continue;
      for (const { name, value } of requiredCells(segment, product)) {
        const found = versionAfter(product, ` ${value}`);
        if (!found || found.version.end_of_support >= asOf) continue;
        out.push({
          product,
          version: found.version,
          written: `${name}${found.tail}`,
          segment,
          requirement: true,
        });
      }
    }
  }
  return out;
}
