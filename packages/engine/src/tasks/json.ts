// Strict readers for remote models' JSON answers: each throws on a shape the engine cannot use,
// which the gateway reports as a ModelCallError.
import { PRIMITIVES, SEVERITIES, type Primitive } from '@auditsvc/core';
import type { Severity } from '../types';

export function asObject(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${what}: expected an object`);
  return value as Record<string, unknown>;
}

export function asString(value: unknown, what: string, maxLength = 8000): string {
  if (typeof value !== 'string') throw new Error(`${what}: expected a string`);
  return value.slice(0, maxLength);
}

export function asOptionalString(value: unknown, what: string): string | null {
  return value === undefined || value === null ? null : asString(value, what);
}

export function asNumber(value: unknown, what: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Error(`${what}: expected a number`);
  return Math.min(max, Math.max(min, value));
}

export function asArray(value: unknown, what: string): unknown[] {
  if (!Array.isArray(value)) throw new Error(`${what}: expected an array`);
  return value;
}

export function asStringArray(value: unknown, what: string): string[] {
  return asArray(value, what).map((v, i) => asString(v, `${what}[${i}]`));
}

export function asSeverity(value: unknown, what: string): Severity {
  if (typeof value !== 'string' || !(SEVERITIES as readonly string[]).includes(value))
    throw new Error(`${what}: expected a severity`);
  return value as Severity;
}

export function asPrimitive(value: unknown, what: string): Primitive {
  if (typeof value !== 'string' || !(PRIMITIVES as readonly string[]).includes(value))
    throw new Error(`${what}: expected a primitive`);
  return value as Primitive;
}

export function asEnum<T extends string>(value: unknown, allowed: readonly T[], what: string): T {
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value))
    throw new Error(`${what}: expected one of ${allowed.join(', ')}`);
  return value as T;
}

/** The JSON-only instruction every prompt ends with. */
export const JSON_ONLY = 'Answer with one JSON value only, no prose and no code fences.';
