// Checks a model's JSON answer against its task's answer schema (ajv) before the task's parser
// reads it, so every answer a remote model gives passes through one declared shape.
import Ajv, { type ValidateFunction } from 'ajv';
import type { AnswerSchema } from './types';

// Not strict: the schemas are also sent to providers, which accept keywords ajv's strict mode
// flags (descriptions inside enums and the like); coercion off: a string is not a number.
const ajv = new Ajv({ allErrors: false, strict: false });
const compiled = new WeakMap<AnswerSchema, ValidateFunction>();

function validatorOf(schema: AnswerSchema): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) compiled.set(schema, (validate = ajv.compile(schema)));
  return validate;
}

/** Throws an Error naming the first fault when `json` does not fit `schema`. */
export function checkAnswer(schema: AnswerSchema, json: unknown): void {
  const validate = validatorOf(schema);
  if (validate(json)) return;
  const fault = validate.errors?.[0];
  throw new Error(`answer does not fit its schema: ${fault?.instancePath || '/'} ${fault?.message ?? ''}`);
}

/** Compiles a schema (throws when it is not a valid JSON Schema). */
export function compileAnswerSchema(schema: AnswerSchema): void {
  validatorOf(schema);
}
