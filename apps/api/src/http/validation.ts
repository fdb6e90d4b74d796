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

export function compileRequestValidator(location: Location, schema: JsonSchema): (value: unknown) => unknown {
  const validate = (location === 'body' ? exact : coercing).compile(schema);
  return (value: unknown) => {
    const data = value === undefined ? {} : value;
    if (!validate(data)) throw new ValidationError(toIssues(location, validate.errors ?? []));
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
