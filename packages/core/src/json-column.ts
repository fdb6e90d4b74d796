// JSON columns (an engagement's intake, a run's options, a portfolio result, a file's sections) are
// read back through the JSON Schema that defines them: a row that no longer matches (written by an
// older version, edited by hand, damaged) becomes a StoredValueError naming the value and the
// first mismatch, not a value of the wrong type travelling on through the code.
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import { AppError } from './errors';

/**
 * A stored value that does not match its schema. A request that meets one answers 409 with what
 * is damaged (the record needs repair; retrying will not help) and the API logs it as an error.
 */
export class StoredValueError extends AppError {
  readonly status = 409;
  constructor(
    readonly what: string,
    readonly problem: string,
  ) {
    super(`The stored ${what} is not in its expected shape (${problem}); the record needs repair.`);
  }
}

// No coercion, no defaults, nothing removed: a stored value is checked, never changed.
const ajv = new Ajv({ allErrors: false, strict: false });
addFormats(ajv);
const compiled = new WeakMap<object, ValidateFunction>();

function validatorOf(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

/**
 * `value` as the type its schema (declared `as const`) defines, or a StoredValueError naming
 * `what` was read. (S is checked against JSONSchema in the result type rather than the constraint:
 * inferring S under that constraint is too deep for the compiler.)
 */
export function readJsonColumn<const S extends object>(
  schema: S,
  value: unknown,
  what: string,
): S extends JSONSchema ? FromSchema<S> : never {
  const validate = validatorOf(schema);
  if (validate(value)) return value as never;
  const first = validate.errors?.[0];
  const problem = first ? `${first.instancePath || '/'} ${first.message ?? 'is invalid'}` : 'invalid';
  throw new StoredValueError(what, problem);
}

/** A stored text column that holds one of `values` (an enumeration the API validated on write). */
export function readEnumColumn<const V extends readonly string[]>(
  values: V,
  value: string,
  what: string,
): V[number] {
  if ((values as readonly string[]).includes(value)) return value;
  throw new StoredValueError(what, `"${value}" is not one of ${values.join(', ')}`);
}
