// Products past their vendor's end of support (src/knowledge/data/products.json), named in the
// corpus as in use: an asset register row, a baseline that mandates them, a plan that relies on
// them. A mention in a sentence about their retirement is history, not use; one in a list of the
// client versions a service accepts is its visitors' platform, not the organisation's.
import type { CorpusAnalysis, LocatedSegment } from '../../analyst/corpus-analysis';
import { knowledge, type ProductLifecycle, type ProductVersion } from '../../knowledge';

export interface UnsupportedProduct {
  product: ProductLifecycle;
  version: ProductVersion;
  written: string;
  segment: LocatedSegment;
}

/** Words that place a mention in the past or in a plan to leave the product. */
const RETIRED =
  /\b(?:decommission(?:ed|ing)?|retired|removed|replaced|migrated|upgraded|withdrawn|no longer (?:in use|used|supported|running)|uninstalled|disposed|sunset(?:ted)?)\b/i;

const AFTER_NAME = 24;

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

export function unsupportedProducts(
  analysis: CorpusAnalysis,
  segments: LocatedSegment[],
): UnsupportedProduct[] {
  // Judged on the audit date, not the documents' newest date (see CorpusAnalysis.auditDate).
  const asOf = analysis.auditDate;
  const out: UnsupportedProduct[] = [];
  const products = knowledge().products.products;
  for (const segment of segments) {
    if (RETIRED.test(segment.text) || compatibilityList(segment.text)) continue;
    for (const product of products) {
      for (const m of segment.text.matchAll(new RegExp(product.names_pattern, 'gi'))) {
        const after = segment.text.slice(m.index + m[0].length, m.index + m[0].length + AFTER_NAME);
        const version = product.versions.find((v) => new RegExp(v.pattern, 'i').test(after));
        if (!version || version.end_of_support >= asOf) continue;
        const tail = new RegExp(version.pattern, 'i').exec(after)![0];
        out.push({ product, version, written: `${m[0]}${tail}`.trim(), segment });
      }
    }
  }
  return out;
}
