// Values for the fuzzer, driven by the JSON Schemas of the route declarations: a valid value for a
// schema, and hostile ones (wrong types, bounds, enums, oversize, unicode, NUL, unpaired
// surrogates, nested and prototype-pollution keys). None of them names a path of this machine or
// the markers the oracle looks for in answers (stack frames, node_modules), so an answer that
// echoes one never looks like a leak.
import type { Rng } from './prng';

export type Schema = Record<string, unknown>;

/** Strings that have broken parsers, databases, regexes and renderers somewhere. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\udfff',
  'x\udc00y\ud83d',
  '\ud83d\ude00'.repeat(40),
  'e\u0301\u0301\u0301',
  '\u202eevil\u202c',
  '\u200b\u200c\u200d\ufeff',
  '\ufdfa\u0390\u1e9e\u0130\u01c5',
  '\u0085\u2028\u2029\r\n\t',
  '\u{10ffff}\u{e0001}',
  '\uffff\ufffe',
  'İstanbul ß ﬁ',
  '漢字かなカナ한국어',
  'العربية עברית',
  '../../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%00%2e%2e%2f',
  "' OR '1'='1' --",
  '"; DROP TABLE "Engagement"; --',
  '%_\\%',
  '*',
  '.*',
  '(a+)+$',
  '[',
  '\\',
  '${7*7}{{7*7}}<%= 7*7 %>',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '[x](javascript:alert(1))',
  '=cmd|" /C calc"!A0',
  '%s%s%s%n',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e308',
  '__proto__',
  'constructor',
  'hasOwnProperty',
  '{"a":1}',
  '\n'.repeat(200),
  ' '.repeat(300),
];

/** Keys that pollute prototypes or confuse lookups when copied into objects. */
export const HOSTILE_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  'hasOwnProperty',
  'toString',
  'valueOf',
  '',
  '\u0000',
  '$where',
  'a.b',
  '\ud800',
];

/** Numbers at and past every edge a schema or a database has. */
export const HOSTILE_NUMBERS: readonly number[] = [
  -1,
  0,
  0.5,
  -0.5,
  1.5,
  2 ** 31,
  2 ** 32 + 1,
  2 ** 53 + 2,
  -(2 ** 63),
  1e20,
  1e308,
  -1e308,
  Number.MIN_VALUE,
];

/** Values of every JSON type. */
export const JSON_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  '',
  'text',
  [],
  {},
  [null],
  [[[]]],
  { a: { b: { c: {} } } },
];

function types(schema: Schema): string[] {
  const type = schema.type;
  if (Array.isArray(type)) return type as string[];
  if (typeof type === 'string') return [type];
  if (schema.enum || schema.const !== undefined) return [];
  if (schema.properties) return ['object'];
  return [];
}

/** Strings the declared patterns accept (patterns of request schemas; others fall back to 'x'). */
function stringForPattern(pattern: string, rng: Rng): string | undefined {
  switch (pattern) {
    case '^[A-Za-z2-7 ]{16,128}=*$':
      return 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    case '^\\s*\\d{6}\\s*$':
      return String(rng.between(0, 999999)).padStart(6, '0');
    case '^(|https?://[^\\s"\'<>]+)$':
      return rng.pick(['', 'http://127.0.0.1/logo.png']);
    case '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$':
      return rng.pick(['#123456', '#abc', '#A1B2C3']);
    case '\\S':
      return undefined;
  }
  return 'x';
}

const WORDS = [
  'Northwind',
  'ledger',
  'policy',
  'retention',
  'Ünïcödé',
  '日本',
  'O’Brien & Sons',
  'access review',
];

function validString(schema: Schema, rng: Rng): string {
  const min = (schema.minLength as number | undefined) ?? 0;
  const max = (schema.maxLength as number | undefined) ?? 200;
  if (typeof schema.pattern === 'string') {
    const fixed = stringForPattern(schema.pattern, rng);
    if (fixed !== undefined) return fixed;
  }
  switch (schema.format) {
    case 'date-time':
      return new Date(Date.UTC(2026, rng.int(12), 1 + rng.int(28))).toISOString();
    case 'date':
      return '2026-01-15';
    case 'email':
      return `fuzz${rng.int(1e6)}@example.test`;
    case 'uri':
    case 'url':
      return 'http://127.0.0.1/x';
  }
  let text = rng.pick(WORDS);
  while ([...text].length < min) text += ` ${rng.pick(WORDS)}`;
  return [...text].slice(0, Math.max(min, Math.min(max, 60))).join('') || 'x';
}

/**
 * A value the schema accepts. `reference(name)` supplies ids for members named like references
 * (engagement_id, firm_id...): undefined lets the schema decide.
 */
export function validValue(
  schema: Schema,
  rng: Rng,
  name: string,
  reference: (name: string) => string | undefined,
): unknown {
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum)) return rng.pick(schema.enum as unknown[]);
  const options = types(schema);
  const nonNull = options.filter((type) => type !== 'null');
  const type =
    nonNull.length === 0 ? 'null' : options.includes('null') && rng.chance(0.15) ? 'null' : rng.pick(nonNull);
  switch (type) {
    case 'null':
      return null;
    case 'boolean':
      return rng.chance(0.5);
    case 'integer': {
      const min = (schema.minimum as number | undefined) ?? 0;
      const max = (schema.maximum as number | undefined) ?? min + 1000;
      return rng.pick([min, max, rng.between(min, Math.min(max, min + 1000))]);
    }
    case 'number': {
      const min = (schema.minimum as number | undefined) ?? 0;
      const max = (schema.maximum as number | undefined) ?? min + 1000;
      return min + rng.next() * (max - min);
    }
    case 'string':
      return reference(name) ?? validString(schema, rng);
    case 'array': {
      const items = (schema.items as Schema | undefined) ?? {};
      const min = (schema.minItems as number | undefined) ?? 0;
      const max = Math.min((schema.maxItems as number | undefined) ?? 3, min + 3);
      return Array.from({ length: rng.between(min, Math.max(min, max)) }, () =>
        validValue(items, rng, name.replace(/s$/, ''), reference),
      );
    }
    case 'object':
      return validObject(schema, rng, reference);
  }
  return reference(name) ?? 'x';
}

export function validObject(
  schema: Schema,
  rng: Rng,
  reference: (name: string) => string | undefined,
): Record<string, unknown> {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(properties)) {
    if (required.has(key) || rng.chance(0.5)) out[key] = validValue(property, rng, key, reference);
  }
  // Free-form objects (no declared members) get a member or two of their own.
  if (Object.keys(properties).length === 0 && schema.additionalProperties !== false && rng.chance(0.5)) {
    out[rng.pick(['policies', 'contracts', 'level'])] = rng.pick(JSON_VALUES);
  }
  return out;
}

/** A string just past a length limit, or far past it. */
function oversize(schema: Schema, rng: Rng): string {
  const max = (schema.maxLength as number | undefined) ?? 1000;
  const unit = rng.pick(['x', '\ud83d\ude00', 'é', '\u0000']);
  const length = rng.pick([max + 1, max * 4 + 7, 100_000]);
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length * unit.length);
}

/**
 * Arrays or objects nested `depth` levels. JSON.parse takes any depth but JSON.stringify recurses,
 * so the fuzzer cannot build such a value in memory: it stands in a body as this marker and
 * toJsonText writes its text.
 */
export class Deep {
  constructor(
    readonly depth: number,
    readonly kind: 'array' | 'object',
  ) {}

  text(): string {
    return this.kind === 'array'
      ? `${'['.repeat(this.depth)}1${']'.repeat(this.depth)}`
      : `${'{"a":'.repeat(this.depth)}1${'}'.repeat(this.depth)}`;
  }
}

const DEEP_MARK = /"\\u0001deep:(\d+):(array|object)\\u0001"/g;

/** JSON text of a value that may hold Deep markers. */
export function toJsonText(value: unknown): string {
  const text = JSON.stringify(value, (_key, member: unknown) =>
    member instanceof Deep ? `\u0001deep:${member.depth}:${member.kind}\u0001` : member,
  );
  return (text ?? 'null').replace(DEEP_MARK, (_match, depth: string, kind: 'array' | 'object') =>
    new Deep(Number(depth), kind).text(),
  );
}

/** An object whose keys are hostile, or whose members pollute prototypes once merged. */
export function hostileObject(rng: Rng): Record<string, unknown> {
  const choice = rng.int(4);
  if (choice === 0) return JSON.parse('{"__proto__": {"polluted": "yes", "isAdmin": true}}');
  if (choice === 1) return { constructor: { prototype: { polluted: 'yes' } } };
  if (choice === 2) return Object.fromEntries(HOSTILE_KEYS.map((key) => [key, rng.pick(JSON_VALUES)]));
  return Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i]));
}

/** A value the schema refuses, or one at an edge it may not have thought of. */
export function hostileValue(schema: Schema, rng: Rng): { value: unknown; label: string } {
  const options = types(schema);
  const kinds: string[] = ['type', 'json', 'string', 'nested', 'object'];
  if (options.includes('integer') || options.includes('number')) kinds.push('number', 'bound', 'bound');
  if (options.includes('string') || schema.enum) kinds.push('string', 'oversize', 'enum');
  if (options.includes('array')) kinds.push('array', 'array');
  if (options.includes('object')) kinds.push('object', 'nested');
  const kind = rng.pick(kinds);
  switch (kind) {
    case 'type':
    case 'json': {
      const value = rng.pick(JSON_VALUES);
      return { value, label: JSON.stringify(value) };
    }
    case 'number': {
      const value = rng.pick(HOSTILE_NUMBERS);
      return { value, label: String(value) };
    }
    case 'bound': {
      const edge = rng.chance(0.5) ? schema.maximum : schema.minimum;
      const value =
        typeof edge === 'number' ? edge + rng.pick([-1, 1, 0.5, -0.5, 1e6]) : rng.pick(HOSTILE_NUMBERS);
      return { value, label: `bound ${String(value)}` };
    }
    case 'string': {
      const value = rng.pick(HOSTILE_STRINGS);
      return { value, label: `string ${JSON.stringify(value).slice(0, 40)}` };
    }
    case 'oversize': {
      const value = oversize(schema, rng);
      return { value, label: `oversize string (${value.length} UTF-16 units)` };
    }
    case 'enum': {
      const base = Array.isArray(schema.enum) ? String(rng.pick(schema.enum as unknown[])) : 'value';
      const value = rng.pick([
        base.toUpperCase(),
        ` ${base}`,
        `${base}\u0000`,
        `${base}x`,
        base.replace(/a/g, '\u0430'),
      ]);
      return { value, label: `enum-like ${JSON.stringify(value)}` };
    }
    case 'array': {
      const items = (schema.items as Schema | undefined) ?? {};
      const max = (schema.maxItems as number | undefined) ?? 100;
      const value = rng.chance(0.5)
        ? Array.from({ length: max + 1 }, () => rng.pick(['x', 1, null]))
        : [hostileValue(items, rng).value, rng.pick(JSON_VALUES)];
      return { value, label: `array of ${value.length}` };
    }
    case 'nested': {
      const depth = rng.pick([64, 1000, 20_000, 100_000]);
      return { value: new Deep(depth, rng.chance(0.5) ? 'array' : 'object'), label: `nested ${depth} deep` };
    }
    default:
      return { value: hostileObject(rng), label: 'hostile object' };
  }
}

/**
 * Percent-encodes text as UTF-8; an unpaired surrogate, which UTF-8 cannot hold and
 * encodeURIComponent refuses, travels as its three WTF-8 bytes (%ED%A0%80 for U+D800).
 */
export function encodeText(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      const bytes = [0xed, 0x80 | ((unit >> 6) & 0x3f), 0x80 | (unit & 0x3f)];
      out += bytes.map((byte) => `%${byte.toString(16).toUpperCase()}`).join('');
    } else {
      out += encodeURIComponent(text[i]!);
    }
  }
  return out;
}

/**
 * A query or path value the way it travels in a URL: percent-encoded hostile text, numbers past
 * every bound, and raw text that is not valid percent-encoding or UTF-8.
 */
export function hostileUrlText(schema: Schema, rng: Rng): string {
  const raw = [
    '%',
    '%zz',
    '%E0%A4%A',
    '%ED%A0%80',
    '%C0%AF',
    '%FF%FE',
    '%00',
    '%2F..%2F',
    '\u00ff\u00e9',
    '1e308',
    '99999999999999999999',
    '-0',
    '0x1F',
    '+1',
    '1.0',
    '1_000',
    '%20%31',
    'Infinity',
    'NaN',
    'true',
    '[]',
  ];
  const choice = rng.int(4);
  if (choice === 0) return rng.pick(raw);
  if (choice === 1) {
    const value = hostileValue(schema, rng).value;
    return encodeText(typeof value === 'string' ? value.slice(0, 1000) : toJsonText(value).slice(0, 1000));
  }
  if (choice === 2) return encodeText(rng.pick(HOSTILE_STRINGS)) + rng.pick(['', '%ED%B0%80']);
  return String(rng.pick(HOSTILE_NUMBERS));
}
