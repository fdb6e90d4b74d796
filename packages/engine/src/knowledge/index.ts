// The engine's knowledge, loaded once from data/ and checked against its schemas: control
// catalogues (data/catalogues/*.json), product lifecycles (data/products.json), superseded
// laws, standards and schemes (data/superseded-instruments.json) and country names
// (data/countries.json). A file that
// does not match its schema, cites a source it does not list, or carries a pattern that does not
// compile fails the load with a message naming it.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  checked,
  controlCatalogueSchema,
  countriesSchema,
  coverageElementsSchema,
  productLifecyclesSchema,
  supersededInstrumentsSchema,
  type ControlCatalogue,
  type Countries,
  type CoverageElements,
  type PatternFragment,
  type ProductLifecycles,
  type Source,
  type SupersededInstruments,
} from './schema';

export type * from './schema';

export interface Knowledge {
  catalogues: ControlCatalogue[];
  countries: Countries;
  coverage: CoverageElements;
  products: ProductLifecycles;
  instruments: SupersededInstruments;
}

const DATA = join(__dirname, 'data');

function readJson(file: string): unknown {
  return JSON.parse(readFileSync(file, 'utf8')) as unknown;
}

function assertSources(file: string, sources: Record<string, Source>, used: string[]): void {
  const missing = [...new Set(used.filter((key) => !(key in sources)))];
  if (missing.length) throw new Error(`Knowledge file ${file} cites unknown sources: ${missing.join(', ')}`);
}

function assertPatterns(file: string, patterns: string[]): void {
  for (const pattern of patterns)
    try {
      new RegExp(pattern);
    } catch (error) {
      throw new Error(`Knowledge file ${file} has a bad pattern ${pattern}: ${(error as Error).message}`, {
        cause: error,
      });
    }
}

export function loadCatalogue(file: string): ControlCatalogue {
  const catalogue = checked(controlCatalogueSchema, readJson(file), file);
  assertSources(
    file,
    catalogue.sources,
    catalogue.controls.map((c) => c.source),
  );
  assertPatterns(file, [
    catalogue.names_pattern,
    catalogue.id_pattern,
    ...(catalogue.edition_pattern ? [catalogue.edition_pattern] : []),
    ...(catalogue.context_pattern ? [catalogue.context_pattern] : []),
    ...(catalogue.normalise ?? []).map(([pattern]) => pattern),
  ]);
  const ids = new Set<string>();
  for (const control of catalogue.controls) {
    if (ids.has(control.id)) throw new Error(`Knowledge file ${file} lists ${control.id} twice`);
    ids.add(control.id);
  }
  return catalogue;
}

export function loadProducts(file: string): ProductLifecycles {
  const products = checked(productLifecyclesSchema, readJson(file), file);
  assertSources(
    file,
    products.sources,
    products.products.flatMap((p) => p.versions.map((v) => v.source)),
  );
  assertPatterns(
    file,
    products.products.flatMap((p) => [p.names_pattern, ...p.versions.map((v) => v.pattern)]),
  );
  return products;
}

export function loadInstruments(file: string): SupersededInstruments {
  const data = checked(supersededInstrumentsSchema, readJson(file), file);
  assertSources(
    file,
    data.sources,
    data.instruments.map((i) => i.source),
  );
  assertPatterns(
    file,
    data.instruments.map((i) => i.pattern),
  );
  const ids = new Set<string>();
  for (const instrument of data.instruments) {
    if (ids.has(instrument.id)) throw new Error(`Knowledge file ${file} lists ${instrument.id} twice`);
    ids.add(instrument.id);
  }
  return data;
}

export function loadCountries(file: string): Countries {
  const data = checked(countriesSchema, readJson(file), file);
  assertSources(
    file,
    data.sources,
    data.countries.map((c) => c.source),
  );
  const codes = new Set<string>();
  for (const country of data.countries) {
    if (codes.has(country.code)) throw new Error(`Knowledge file ${file} lists ${country.code} twice`);
    codes.add(country.code);
  }
  return data;
}

/** A coverage pattern with its "{NAME}" fragments written out. */
export function expandFragments(pattern: string, fragments: Record<string, PatternFragment>): string {
  return pattern.replace(/\{([A-Z][A-Z0-9_]*)\}/g, (whole, name: string) => {
    const fragment = fragments[name];
    if (fragment === undefined) throw new Error(`Unknown coverage pattern fragment ${whole}`);
    return `(?:${fragment.pattern})`;
  });
}

export function loadCoverageElements(file: string): CoverageElements {
  const data = checked(coverageElementsSchema, readJson(file), file);
  assertSources(
    file,
    data.sources,
    data.elements.flatMap((e) => e.sources),
  );
  const patterns = data.elements.flatMap((e) => [
    ...e.present,
    ...(e.alternatives ?? []).flat(),
    ...(e.unless ?? []),
    e.related,
    ...(e.applies_when ? [e.applies_when] : []),
  ]);
  try {
    assertPatterns(
      file,
      patterns.map((p) => expandFragments(p, data.fragments)),
    );
  } catch (error) {
    throw new Error(`Knowledge file ${file}: ${(error as Error).message}`, { cause: error });
  }
  const ids = new Set<string>();
  for (const element of data.elements) {
    if (ids.has(element.id)) throw new Error(`Knowledge file ${file} lists ${element.id} twice`);
    ids.add(element.id);
  }
  return data;
}

let loaded: Knowledge | null = null;

/** The bundled knowledge (loaded on first use). */
export function knowledge(): Knowledge {
  if (loaded) return loaded;
  const catalogueDir = join(DATA, 'catalogues');
  const catalogues = readdirSync(catalogueDir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => loadCatalogue(join(catalogueDir, name)));
  const byId = new Set(catalogues.map((c) => c.id));
  for (const c of catalogues)
    if (c.superseded_by && !byId.has(c.superseded_by))
      throw new Error(`Catalogue ${c.id} is superseded by ${c.superseded_by}, which is not bundled`);
  loaded = {
    catalogues,
    products: loadProducts(join(DATA, 'products.json')),
    instruments: loadInstruments(join(DATA, 'superseded-instruments.json')),
    coverage: loadCoverageElements(join(DATA, 'coverage-elements.json')),
    countries: loadCountries(join(DATA, 'countries.json')),
  };
  return loaded;
}

export function catalogueById(id: string): ControlCatalogue | undefined {
  return knowledge().catalogues.find((c) => c.id === id);
}

/** A catalogue's identifier as the catalogue lists it (its normalise rules applied). */
export function normaliseIdentifier(catalogue: ControlCatalogue, written: string): string {
  return (catalogue.normalise ?? []).reduce((s, [p, r]) => s.replace(new RegExp(p, 'g'), r), written);
}

/** The title of a product-lifecycle source, for a finding's description. */
export function productSourceTitle(key: string): string {
  return knowledge().products.sources[key]?.title ?? key;
}
