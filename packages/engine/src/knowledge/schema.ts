// The shapes of the engine's knowledge files (data/*.json): what an assessor carries in their
// head, as versioned data with a source for every entry. Each shape is one JSON Schema, checked
// with ajv when a file is loaded (a bad file fails loudly at start, never silently at a finding)
// and by packages/engine/src/knowledge/knowledge.test.ts.
import Ajv, { type JSONSchemaType } from 'ajv';

/** Where an entry comes from: a key into the file's `sources`. */
export interface Source {
  title: string;
  url: string;
  /** Optional detail: the section, table or page the entries were taken from. */
  note?: string;
}

const sourceSchema = {
  type: 'object',
  properties: {
    title: { type: 'string', minLength: 1 },
    url: { type: 'string', pattern: '^https://' },
    note: { type: 'string', nullable: true },
  },
  required: ['title', 'url'],
  additionalProperties: false,
} as const;

const isoDate = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;

// ---------------------------------------------------------------------------------------------
// Control catalogues: the identifiers (and names) of a framework edition's controls, criteria,
// articles or sections, so that a cited identifier can be resolved.

export interface CatalogueControl {
  id: string;
  name: string;
  source: string;
  /** For an older edition: the identifiers of the current edition that replaced it. */
  maps_to?: string[];
}

export interface ControlCatalogue {
  /** e.g. "iso27001-2022", "nist-csf-1.1". */
  id: string;
  /** The framework as a reader names it, with this edition: "ISO/IEC 27001:2022". */
  name: string;
  /** The framework family shared by its editions ("iso27001"), for superseded-id checks. */
  family: string;
  edition: string;
  /** Words that name the framework in a document (case-insensitive regular expression). */
  names_pattern: string;
  /** Words that name this edition in particular ("ISO 27001:2022"); absent for a single edition. */
  edition_pattern?: string;
  /**
   * Words that must stand in the sentence or its section heading for an identifier found there to
   * be taken as this framework's ("Annex A", "control"); absent when identifiers are unmistakable.
   */
  context_pattern?: string;
  /**
   * Finds identifiers of this catalogue in text (a global, case-sensitive regular expression whose
   * whole match is the identifier as written); `normalise` rules are applied before lookup.
   */
  id_pattern: string;
  /** Replacements applied to a found identifier before lookup, in order: [pattern, replacement]. */
  normalise?: Array<[string, string]>;
  /**
   * A list of bare identifiers the framework's name introduces ("Annex A controls 5.15 (Access
   * control), 5.16 and 5.38"): a case-insensitive regular expression whose group 1 is the list;
   * each number in it, outside brackets, is read as `list_prefix` + the number.
   */
  list_pattern?: string;
  list_prefix?: string;
  /**
   * A table column whose cells list bare identifiers ("| Annex A control(s) |" over "8.13 Information
   * backup; 5.30 ICT readiness"): a case-insensitive regular expression on the column's name; each
   * item of such a cell that opens with a number is read as `list_prefix` + the number.
   */
  list_column_pattern?: string;
  status: 'current' | 'superseded' | 'withdrawn';
  /** For a superseded or withdrawn edition: the catalogue id that replaced it. */
  superseded_by?: string;
  /** When the edition was published and, where it applies, withdrawn (YYYY-MM-DD). */
  published: string;
  withdrawn?: string;
  sources: Record<string, Source>;
  controls: CatalogueControl[];
}

export const controlCatalogueSchema: JSONSchemaType<ControlCatalogue> = {
  type: 'object',
  properties: {
    id: { type: 'string', pattern: '^[a-z0-9][a-z0-9.-]*$' },
    name: { type: 'string', minLength: 1 },
    family: { type: 'string', pattern: '^[a-z0-9][a-z0-9.-]*$' },
    edition: { type: 'string', minLength: 1 },
    names_pattern: { type: 'string', minLength: 1 },
    edition_pattern: { type: 'string', nullable: true, minLength: 1 },
    context_pattern: { type: 'string', nullable: true, minLength: 1 },
    id_pattern: { type: 'string', minLength: 1 },
    normalise: {
      type: 'array',
      nullable: true,
      items: { type: 'array', items: [{ type: 'string' }, { type: 'string' }], minItems: 2, maxItems: 2 },
    },
    list_pattern: { type: 'string', nullable: true, minLength: 1 },
    list_prefix: { type: 'string', nullable: true, minLength: 1 },
    list_column_pattern: { type: 'string', nullable: true, minLength: 1 },
    status: { type: 'string', enum: ['current', 'superseded', 'withdrawn'] },
    superseded_by: { type: 'string', nullable: true },
    published: isoDate,
    withdrawn: { ...isoDate, nullable: true },
    sources: { type: 'object', required: [], additionalProperties: sourceSchema },
    controls: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          id: { type: 'string', minLength: 1 },
          name: { type: 'string', minLength: 1 },
          source: { type: 'string', minLength: 1 },
          maps_to: { type: 'array', nullable: true, items: { type: 'string' } },
        },
        required: ['id', 'name', 'source'],
        additionalProperties: false,
      },
    },
  },
  required: [
    'id',
    'name',
    'family',
    'edition',
    'names_pattern',
    'id_pattern',
    'status',
    'published',
    'sources',
    'controls',
  ],
  additionalProperties: false,
};

// ---------------------------------------------------------------------------------------------
// Product lifecycles: end-of-support dates of common products, for registers and standards that
// name them.

export interface ProductVersion {
  version: string;
  /** Matches this version as written after the product name (case-insensitive). */
  pattern: string;
  /** The last day of (extended) security support: YYYY-MM-DD. */
  end_of_support: string;
  source: string;
}

export interface ProductLifecycle {
  id: string;
  name: string;
  /** Matches the product's name in text (case-insensitive regular expression). */
  names_pattern: string;
  /**
   * For a product that lives on under another name ("Android Device Manager", now "Find My
   * Device"): that name. The old name is retired on its end-of-support date; a document that still
   * uses it describes screens and instructions that no longer exist.
   */
  renamed_to?: string;
  versions: ProductVersion[];
}

export interface ProductLifecycles {
  sources: Record<string, Source>;
  products: ProductLifecycle[];
}

export const productLifecyclesSchema: JSONSchemaType<ProductLifecycles> = {
  type: 'object',
  properties: {
    sources: { type: 'object', required: [], additionalProperties: sourceSchema },
    products: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string', pattern: '^[a-z0-9][a-z0-9.-]*$' },
          name: { type: 'string', minLength: 1 },
          names_pattern: { type: 'string', minLength: 1 },
          renamed_to: { type: 'string', nullable: true, minLength: 1 },
          versions: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              properties: {
                version: { type: 'string', minLength: 1 },
                pattern: { type: 'string', minLength: 1 },
                end_of_support: isoDate,
                source: { type: 'string', minLength: 1 },
              },
              required: ['version', 'pattern', 'end_of_support', 'source'],
              additionalProperties: false,
            },
          },
        },
        required: ['id', 'name', 'names_pattern', 'versions'],
        additionalProperties: false,
      },
    },
  },
  required: ['sources', 'products'],
  additionalProperties: false,
};

// ---------------------------------------------------------------------------------------------
// Superseded instruments: laws, regulations, prudential standards, guidance and marking schemes
// that were repealed or replaced on a known date, so that a document still relying on one can be
// found whatever its wording.

export interface SupersededInstrument {
  id: string;
  /** The instrument as a reader names it: "Data Protection Act 1998". */
  name: string;
  /** Finds a mention (case-insensitive regular expression). */
  pattern: string;
  /** What replaced it: "Data Protection Act 2018 and UK GDPR". */
  replaced_by: string;
  /** The day it stopped applying (YYYY-MM-DD); a corpus dated before it cites it correctly. */
  replaced_on: string;
  /** Where it applies ("UK", "EU", "US federal", "Australia", "global"). */
  jurisdiction: string;
  /** Laws and binding rules are high; guidance and schemes are medium. */
  severity: 'high' | 'medium' | 'low';
  source: string;
}

export interface SupersededInstruments {
  sources: Record<string, Source>;
  instruments: SupersededInstrument[];
}

export const supersededInstrumentsSchema: JSONSchemaType<SupersededInstruments> = {
  type: 'object',
  properties: {
    sources: { type: 'object', required: [], additionalProperties: sourceSchema },
    instruments: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          id: { type: 'string', pattern: '^[a-z0-9][a-z0-9.-]*$' },
          name: { type: 'string', minLength: 1 },
          pattern: { type: 'string', minLength: 1 },
          replaced_by: { type: 'string', minLength: 1 },
          replaced_on: isoDate,
          jurisdiction: { type: 'string', minLength: 1 },
          severity: { type: 'string', enum: ['high', 'medium', 'low'] },
          source: { type: 'string', minLength: 1 },
        },
        required: [
          'id',
          'name',
          'pattern',
          'replaced_by',
          'replaced_on',
          'jurisdiction',
          'severity',
          'source',
        ],
        additionalProperties: false,
      },
    },
  },
  required: ['sources', 'instruments'],
  additionalProperties: false,
};

// ---------------------------------------------------------------------------------------------
// Framework coverage elements: what an in-scope framework requires a policy set to contain, with
// the statement patterns that satisfy it. Patterns are case-insensitive regular expressions in
// which "{NAME}" stands for the fragment of that name.

export interface CoverageElementEntry {
  id: string;
  /** The frameworks (as normaliseFrameworks names them) that require the element. */
  frameworks: string[];
  label: string;
  /** The requirement with its clauses, shown in the finding. */
  requirement: string;
  query: string;
  /** Every pattern must match one statement (read with the next one). */
  present: string[];
  /** Other wordings that satisfy the element (each: every pattern on one statement). */
  alternatives?: string[][];
  /** A statement matching any of these does not satisfy the element (advice, another party's duty). */
  unless?: string[];
  /** Statements that touch the topic (quoted as the nearest evidence). */
  related: string;
  /** How many consecutive statements are read together (default 2; more for tables split over lines). */
  window?: number;
  severity: 'high' | 'medium' | 'low';
  /** The element applies only when some statement of the corpus matches this. */
  applies_when?: string;
  /** Why the element reads as it does (a reader's note). */
  note?: string;
  /** Keys into the file's `sources`: where the requirement is written. */
  sources: string[];
}

/** A named piece of pattern shared by elements ("{NAME}"), with why it reads as it does. */
export interface PatternFragment {
  pattern: string;
  note?: string;
}

export interface CoverageElements {
  description?: string;
  sources: Record<string, Source>;
  fragments: Record<string, PatternFragment>;
  elements: CoverageElementEntry[];
}

const patternList = { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 } as const;

export const coverageElementsSchema: JSONSchemaType<CoverageElements> = {
  type: 'object',
  properties: {
    description: { type: 'string', nullable: true },
    sources: { type: 'object', required: [], additionalProperties: sourceSchema },
    fragments: {
      type: 'object',
      required: [],
      additionalProperties: {
        type: 'object',
        properties: {
          pattern: { type: 'string', minLength: 1 },
          note: { type: 'string', nullable: true },
        },
        required: ['pattern'],
        additionalProperties: false,
      },
    },
    elements: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          id: { type: 'string', pattern: '^[a-z0-9][a-z0-9_]*$' },
          frameworks: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
          label: { type: 'string', minLength: 1 },
          requirement: { type: 'string', minLength: 1 },
          query: { type: 'string', minLength: 1 },
          present: patternList,
          alternatives: { type: 'array', nullable: true, items: patternList },
          unless: { ...patternList, nullable: true },
          related: { type: 'string', minLength: 1 },
          window: { type: 'integer', nullable: true, minimum: 1, maximum: 8 },
          severity: { type: 'string', enum: ['high', 'medium', 'low'] },
          applies_when: { type: 'string', nullable: true, minLength: 1 },
          note: { type: 'string', nullable: true },
          sources: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
        },
        required: [
          'id',
          'frameworks',
          'label',
          'requirement',
          'query',
          'present',
          'related',
          'severity',
          'sources',
        ],
        additionalProperties: false,
      },
    },
  },
  required: ['sources', 'fragments', 'elements'],
  additionalProperties: false,
};

const ajv = new Ajv({ allErrors: true });

/** Validates a knowledge file's content against its schema; throws naming the file and faults. */
export function checked<T>(schema: JSONSchemaType<T>, data: unknown, file: string): T {
  const validate = ajv.compile(schema);
  if (validate(data)) return data;
  const faults = (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`);
  throw new Error(`Knowledge file ${file} does not match its schema: ${faults.join('; ')}`);
}

// ---------------------------------------------------------------------------------------------
// Countries: the names documents give them, to tell where a contract lets data go from where a
// policy requires it to stay.

export interface Country {
  /** ISO 3166-1 alpha-2 code. */
  code: string;
  /** The names documents write ("United States", "United States of America", "USA", "U.S."). */
  names: string[];
  source: string;
}

export interface Countries {
  sources: Record<string, Source>;
  countries: Country[];
}

export const countriesSchema: JSONSchemaType<Countries> = {
  type: 'object',
  properties: {
    sources: { type: 'object', required: [], additionalProperties: sourceSchema },
    countries: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          code: { type: 'string', pattern: '^[A-Z]{2}$' },
          names: { type: 'array', minItems: 1, items: { type: 'string', minLength: 2 } },
          source: { type: 'string', minLength: 1 },
        },
        required: ['code', 'names', 'source'],
        additionalProperties: false,
      },
    },
  },
  required: ['sources', 'countries'],
  additionalProperties: false,
};
