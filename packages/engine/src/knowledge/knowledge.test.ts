// The bundled knowledge files match their schemas, cite only sources they list, carry patterns
// that compile, and their identifier patterns find their own identifiers.
import {
  expandFragments,
  knowledge,
  loadCatalogue,
  loadCountries,
  loadCoverageElements,
  normaliseIdentifier,
} from '.';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

describe('bundled knowledge', () => {
  test('every catalogue and the product lifecycles load and pass their checks', () => {
    const { catalogues, products } = knowledge();
    expect(catalogues.length).toBeGreaterThanOrEqual(1);
    expect(products.products.length).toBeGreaterThanOrEqual(1);
  });

  test('the country names hold every ISO 3166-1 country once, with the short forms contracts write', () => {
    const { countries } = knowledge().countries;
    expect(countries.length).toBe(249);
    const byCode = new Map(countries.map((c) => [c.code, c.names]));
    expect(byCode.get('US')).toEqual(expect.arrayContaining(['United States', 'USA', 'U.S.']));
    expect(byCode.get('ZA')).toEqual(expect.arrayContaining(['South Africa', 'Republic of South Africa']));
    expect(byCode.get('GB')).toEqual(expect.arrayContaining(['United Kingdom', 'UK']));
  });

  test.each(knowledge().catalogues.map((c) => [c.id, c] as const))(
    '%s: its id pattern finds each of its identifiers as written',
    (_id, catalogue) => {
      const pattern = new RegExp(catalogue.id_pattern, 'g');
      for (const control of catalogue.controls) {
        const found = [...`see ${control.id}.`.matchAll(pattern)].map((m) =>
          normaliseIdentifier(catalogue, m[0]),
        );
        expect({ id: control.id, found }).toEqual({ id: control.id, found: [control.id] });
      }
    },
  );
});

describe('a knowledge file with a fault is refused with a message naming it', () => {
  const folder = mkdtempSync(join(tmpdir(), 'knowledge-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const write = (content: unknown) => {
    const file = join(folder, 'bad.json');
    writeFileSync(file, JSON.stringify(content));
    return file;
  };
  const valid = {
    id: 'x-1',
    name: 'X 1',
    family: 'x',
    edition: '1',
    names_pattern: '\\bX\\b',
    id_pattern: '\\bX-\\d\\b',
    status: 'current',
    published: '2020-01-01',
    sources: { s: { title: 'S', url: 'https://example.org/s' } },
    controls: [{ id: 'X-1', name: 'One', source: 's' }],
  };

  test('a valid file loads', () => {
    expect(loadCatalogue(write(valid)).controls).toHaveLength(1);
  });
  test('a missing field', () => {
    const { published: _published, ...rest } = valid;
    expect(() => loadCatalogue(write(rest))).toThrow(/bad\.json does not match its schema: .*published/);
  });
  test('an unknown source', () => {
    expect(() =>
      loadCatalogue(write({ ...valid, controls: [{ id: 'X-1', name: 'One', source: 'nowhere' }] })),
    ).toThrow(/cites unknown sources: nowhere/);
  });
  test('a pattern that does not compile', () => {
    expect(() => loadCatalogue(write({ ...valid, id_pattern: '(' }))).toThrow(/bad pattern/);
  });
  test('an identifier listed twice', () => {
    expect(() =>
      loadCatalogue(write({ ...valid, controls: [...valid.controls, ...valid.controls] })),
    ).toThrow(/lists X-1 twice/);
  });
});

describe('the coverage checklists are refused when faulty', () => {
  const folder = mkdtempSync(join(tmpdir(), 'coverage-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const write = (content: unknown) => {
    const file = join(folder, 'elements.json');
    writeFileSync(file, JSON.stringify(content));
    return file;
  };
  const element = {
    id: 'kiln_log',
    frameworks: ['X'],
    label: 'kiln log',
    requirement: 'X 1.1',
    query: 'kiln log',
    present: ['{KILN}', '\\blog\\b'],
    related: '\\bkiln\\b',
    severity: 'medium',
    sources: ['s'],
  };
  const valid = {
    sources: { s: { title: 'S', url: 'https://example.org/s' } },
    fragments: { KILN: { pattern: '\\bkilns?\\b', note: 'a firing oven' } },
    elements: [element],
  };

  test('a valid file loads, and a fragment expands inside a pattern', () => {
    const data = loadCoverageElements(write(valid));
    expect(new RegExp(expandFragments(data.elements[0]!.present[0]!, data.fragments)).test('kilns')).toBe(
      true,
    );
  });
  test('every bundled element cites only listed sources', () => {
    const { coverage } = knowledge();
    expect(coverage.elements.length).toBeGreaterThan(50);
    const listed = Object.keys(coverage.sources);
    for (const e of coverage.elements) for (const s of e.sources) expect(listed).toContain(s);
  });
  test('an element without a source', () => {
    const { sources: _sources, ...rest } = element;
    expect(() => loadCoverageElements(write({ ...valid, elements: [rest] }))).toThrow(
      /elements\.json does not match its schema/,
    );
  });
  test('an unknown source', () => {
    expect(() =>
      loadCoverageElements(write({ ...valid, elements: [{ ...element, sources: ['nowhere'] }] })),
    ).toThrow(/cites unknown sources: nowhere/);
  });
  test('an unknown fragment', () => {
    expect(() =>
      loadCoverageElements(write({ ...valid, elements: [{ ...element, present: ['{FURNACE}'] }] })),
    ).toThrow(/Unknown coverage pattern fragment \{FURNACE\}/);
  });
  test('a pattern that does not compile', () => {
    expect(() => loadCoverageElements(write({ ...valid, elements: [{ ...element, related: '(' }] }))).toThrow(
      /bad pattern/,
    );
  });
});

describe('the country names are refused when faulty', () => {
  const folder = mkdtempSync(join(tmpdir(), 'countries-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const write = (content: unknown) => {
    const file = join(folder, 'countries.json');
    writeFileSync(file, JSON.stringify(content));
    return file;
  };
  const valid = {
    sources: { iso: { title: 'ISO 3166-1', url: 'https://example.org/iso' } },
    countries: [{ code: 'GH', names: ['Ghana'], source: 'iso' }],
  };

  test('a valid file loads', () => {
    expect(loadCountries(write(valid)).countries).toHaveLength(1);
  });
  test('a code that is not two capitals, an unknown source, a country listed twice', () => {
    expect(() =>
      loadCountries(write({ ...valid, countries: [{ code: 'gha', names: ['Ghana'], source: 'iso' }] })),
    ).toThrow(/countries\.json does not match its schema/);
    expect(() =>
      loadCountries(write({ ...valid, countries: [{ code: 'GH', names: ['Ghana'], source: 'x' }] })),
    ).toThrow(/cites unknown sources: x/);
    expect(() =>
      loadCountries(write({ ...valid, countries: [...valid.countries, ...valid.countries] })),
    ).toThrow(/lists GH twice/);
  });
});
