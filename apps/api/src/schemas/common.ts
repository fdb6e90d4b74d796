// JSON Schema building blocks shared by every route.
import type { JsonSchema } from '../http/route';

export const timestamp: JsonSchema = { type: 'string', format: 'date-time' };
export const nullableTimestamp: JsonSchema = { type: ['string', 'null'], format: 'date-time' };

/** Opaque id in a path segment: length-capped, no slashes. */
export const pathId: JsonSchema = { type: 'string', minLength: 1, maxLength: 200 };

export function pathParams(...names: string[]): JsonSchema {
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, pathId])),
    required: names,
    additionalProperties: false,
  };
}

/**
 * The largest `offset` a list accepts; above it the request is refused with 422. Every integer
 * that reaches a query is bounded by its schema: an unbounded offset (1e308, 2^70) passed
 * validation and then failed in the database driver, which takes at most a 64-bit integer.
 */
export const MAX_OFFSET = 10_000_000;

/** The one `offset` query parameter of every paginated list. */
export const offsetParam: JsonSchema = {
  type: 'integer',
  minimum: 0,
  maximum: MAX_OFFSET,
  default: 0,
  description: `Items to skip, at most ${MAX_OFFSET}; more answers 422.`,
};

/** Query schema with offset pagination: limit in [1, max] (default as given), offset in [0, MAX_OFFSET]. */
export function paginatedQuery(
  defaultLimit: number,
  maxLimit: number,
  extra: Record<string, JsonSchema> = {},
): JsonSchema {
  return {
    type: 'object',
    properties: {
      limit: { type: 'integer', minimum: 1, maximum: maxLimit, default: defaultLimit },
      offset: offsetParam,
      ...extra,
    },
    additionalProperties: false,
  };
}

export interface PageQuery {
  limit: number;
  offset: number;
}

/** A list response: the collection member plus count, total, limit and offset (spec part 8). */
export function listResponse(
  member: string,
  item: JsonSchema,
  extra: Record<string, JsonSchema> = {},
): JsonSchema {
  return {
    type: 'object',
    properties: {
      [member]: { type: 'array', items: item },
      count: { type: 'integer', minimum: 0 },
      total: { type: 'integer', minimum: 0 },
      limit: { type: 'integer', minimum: 1 },
      offset: { type: 'integer', minimum: 0 },
      ...extra,
    },
    required: [member, 'count', 'total', 'limit', 'offset', ...Object.keys(extra)],
    additionalProperties: false,
  };
}

export function page<T>(member: string, items: T[], total: number, query: PageQuery) {
  return { [member]: items, count: items.length, total, limit: query.limit, offset: query.offset };
}

export const okOnly: JsonSchema = {
  type: 'object',
  properties: { ok: { const: true } },
  required: ['ok'],
  additionalProperties: false,
};

export const okWithId: JsonSchema = {
  type: 'object',
  properties: { ok: { const: true }, id: { type: 'string' } },
  required: ['ok', 'id'],
  additionalProperties: false,
};

export const errorBody: JsonSchema = {
  type: 'object',
  properties: { detail: {} },
  required: ['detail'],
};

/** A 503: `dependency` names what does not answer, `queue` the job queue a request could not use. */
export const unavailableErrorBody: JsonSchema = {
  type: 'object',
  properties: {
    detail: { type: 'string' },
    dependency: { enum: ['database', 'redis', 'storage'] },
    queue: { type: 'string' },
  },
  required: ['detail'],
};

export const validationErrorBody: JsonSchema = {
  type: 'object',
  properties: {
    detail: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          loc: { type: 'array', items: { type: ['string', 'integer'] } },
          msg: { type: 'string' },
          type: { type: 'string' },
        },
        required: ['loc', 'msg', 'type'],
      },
    },
  },
  required: ['detail'],
};

export { ARCHETYPES } from '@auditsvc/core';
