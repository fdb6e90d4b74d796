// ajv validators for requests and responses, and the translation of ajv errors into the
// FastAPI-style 422 items of DECISIONS section 2.
import Ajv, { ErrorObject, ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { ValidationError, ValidationIssue } from '@auditsvc/core';
import type { JsonSchema } from './route';

export type Location = 'path' | 'query' | 'body';

function makeAjv(coerceTypes: boolean): Ajv {
  // removeAdditional: members a schema does not declare (additionalProperties: false) are dropped,
  // as FastAPI ignores unknown members; they never reach a service.
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes,
    useDefaults: true,
    removeAdditional: true,
    strict: false,
  });
  addFormats(ajv);
  return ajv;
}

/** Path and query values arrive as strings and are coerced; JSON bodies must carry the right types. */
const coercing = makeAjv(true);
const exact = makeAjv(false);
const responses = new Ajv({ allErrors: false, strict: false });
addFormats(responses);

/**
 * Deeper JSON than any request of this API needs. Parsing takes any depth, but services copy and
 * serialise values recursively (a free-form intake.doc_hierarchy 100,000 levels deep, say).
 */
export const MAX_JSON_DEPTH = 64;

/**
 * Text no database keeps as sent: NUL (PostgreSQL refuses it, bcrypt stops at it) and unpaired
 * UTF-16 surrogates (UTF-8 cannot hold them; they would be stored as U+FFFD, or refused in JSON).
 */
// eslint-disable-next-line no-control-regex
const ILL_FORMED_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const MAX_TEXT_ISSUES = 10;

/** Strings and member names that are not well-formed text, and values nested too deep (no recursion). */
function textIssues(location: Location, data: unknown): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const illFormed = (loc: (string | number)[]): ValidationIssue => ({
    loc,
    msg: 'must be valid Unicode text without NUL characters',
    type: 'string_unicode',
  });
  const pending: [unknown, (string | number)[]][] = [[data, [location]]];
  while (pending.length > 0 && issues.length < MAX_TEXT_ISSUES) {
    const [value, loc] = pending.pop()!;
    if (typeof value === 'string') {
      if (ILL_FORMED_TEXT.test(value)) issues.push(illFormed(loc));
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    if (loc.length > MAX_JSON_DEPTH) {
      issues.push({ loc, msg: `must not nest more than ${MAX_JSON_DEPTH} levels`, type: 'too_deep' });
      continue;
    }
    for (const [key, member] of Object.entries(value)) {
      const memberLoc = [...loc, Array.isArray(value) ? Number(key) : key];
      if (ILL_FORMED_TEXT.test(key)) issues.push(illFormed(memberLoc));
      else pending.push([member, memberLoc]);
    }
  }
  return issues;
}

export function compileRequestValidator(location: Location, schema: JsonSchema): (value: unknown) => unknown {
  const validate = (location === 'body' ? exact : coercing).compile(schema);
  return (value: unknown) => {
    const data = value === undefined ? {} : value;
    const issues = validate(data) ? [] : toIssues(location, validate.errors ?? []);
    // After ajv, which drops undeclared members: only what reaches a service is checked.
    issues.push(...textIssues(location, data));
    if (issues.length > 0) throw new ValidationError(issues);
    return data;
  };
}

export function compileResponseValidator(schema: JsonSchema): ValidateFunction {
  return responses.compile(schema);
}

const TYPE_NAMES: Record<string, string> = {
  string: 'string_type',
  integer: 'int_type',
  number: 'float_type',
  boolean: 'bool_type',
  object: 'dict_type',
  array: 'list_type',
  null: 'none_type',
};

function pathOf(error: ErrorObject): (string | number)[] {
  if (!error.instancePath) return [];
  return error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

function toIssue(location: Location, error: ErrorObject): ValidationIssue {
  const loc: (string | number)[] = [location, ...pathOf(error)];
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { loc: [...loc, String(p.missingProperty)], msg: 'Field required', type: 'missing' };
    case 'type': {
      const types = String(p.type).split(',');
      return { loc, msg: `must be ${types.join(' or ')}`, type: TYPE_NAMES[types[0]!] ?? 'type_error' };
    }
    case 'enum':
      return { loc, msg: `must be one of: ${(p.allowedValues as unknown[]).join(', ')}`, type: 'enum' };
    case 'const':
      return { loc, msg: `must be ${JSON.stringify(p.allowedValue)}`, type: 'literal_error' };
    case 'maximum':
      return { loc, msg: `must be <= ${String(p.limit)}`, type: 'less_than_equal' };
    case 'minimum':
      return { loc, msg: `must be >= ${String(p.limit)}`, type: 'greater_than_equal' };
    case 'exclusiveMaximum':
      return { loc, msg: `must be < ${String(p.limit)}`, type: 'less_than' };
    case 'exclusiveMinimum':
      return { loc, msg: `must be > ${String(p.limit)}`, type: 'greater_than' };
    case 'minLength':
      return { loc, msg: `must have at least ${String(p.limit)} characters`, type: 'string_too_short' };
    case 'maxLength':
      return { loc, msg: `must have at most ${String(p.limit)} characters`, type: 'string_too_long' };
    case 'minItems':
      return { loc, msg: `must have at least ${String(p.limit)} items`, type: 'too_short' };
    case 'maxItems':
      return { loc, msg: `must have at most ${String(p.limit)} items`, type: 'too_long' };
    case 'pattern':
      return { loc, msg: `must match ${String(p.pattern)}`, type: 'string_pattern_mismatch' };
    case 'format':
      return { loc, msg: `must be a valid ${String(p.format)}`, type: 'value_error' };
    case 'additionalProperties':
      return {
        loc: [...loc, String(p.additionalProperty)],
        msg: 'Extra inputs are not permitted',
        type: 'extra_forbidden',
      };
    default:
      return { loc, msg: error.message ?? 'is invalid', type: 'value_error' };
  }
}

export function toIssues(location: Location, errors: ErrorObject[]): ValidationIssue[] {
  const seen = new Set<string>();
  const issues: ValidationIssue[] = [];
  for (const error of errors) {
    // anyOf/oneOf report their branches' errors already; their own summary adds nothing.
    if (error.keyword === 'anyOf' || error.keyword === 'oneOf') continue;
    const issue = toIssue(location, error);
    const key = JSON.stringify([issue.loc, issue.type]);
    if (!seen.has(key)) {
      seen.add(key);
      issues.push(issue);
    }
  }
  return issues;
}
