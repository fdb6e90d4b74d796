// JSON Schema building blocks shared by every route.
import { offsetParam } from '@auditsvc/core';
import type { JsonSchema } from '../http/route';

export { nullableTimestampSchema as nullableTimestamp, timestampSchema as timestamp } from '@auditsvc/core';

/** Opaque id in a path segment: length-capped, no slashes. */
export const pathId = { type: 'string', minLength: 1, maxLength: 200 } as const;

/** Path parameters, each a `pathId`; their names typed, so the handler's `params` are. */
export function pathParams<const N extends readonly string[]>(...names: N) {
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, pathId])) as {
      [K in N[number]]: typeof pathId;
    },
    required: names,
    additionalProperties: false,
  } as const;
}

/** The largest offset and the one `offset` parameter of every list (packages/core/src/pagination.ts). */
export { MAX_OFFSET, offsetParam } from '@auditsvc/core';

/** Query schema with offset pagination: limit in [1, max] (default as given), offset in [0, MAX_OFFSET]. */
export function paginatedQuery<const E extends Record<string, JsonSchema> = Record<never, never>>(
  defaultLimit: number,
  maxLimit: number,
  extra: E = {} as E,
) {
  return {
    type: 'object',
    properties: {
      limit: { type: 'integer', minimum: 1, maximum: maxLimit, default: defaultLimit },
      offset: offsetParam,
      ...extra,
    },
    additionalProperties: false,
  } as const;
}

export interface PageQuery {
  limit: number;
  offset: number;
}

/** A list response: the collection member plus count, total, limit and offset (spec part 8). */
export function listResponse<
  const M extends string,
  const I extends JsonSchema,
  const E extends Record<string, JsonSchema> = Record<never, never>,
>(member: M, item: I, extra: E = {} as E) {
  return {
    type: 'object',
    properties: {
      ...({ [member]: { type: 'array', items: item } } as { [K in M]: { type: 'array'; items: I } }),
      count: { type: 'integer', minimum: 0 },
      total: { type: 'integer', minimum: 0 },
      limit: { type: 'integer', minimum: 1 },
      offset: { type: 'integer', minimum: 0 },
      ...extra,
    },
    required: [member, 'count', 'total', 'limit', 'offset', ...(Object.keys(extra) as (keyof E & string)[])],
    additionalProperties: false,
  } as const;
}

/** One page of a list, as listResponse describes it. */
export function page<const M extends string, T>(member: M, items: T[], total: number, query: PageQuery) {
  return {
    ...({ [member]: items } as { [K in M]: T[] }),
    count: items.length,
    total,
    limit: query.limit,
    offset: query.offset,
  };
}

export const okOnly = {
  type: 'object',
  properties: { ok: { const: true } },
  required: ['ok'],
  additionalProperties: false,
} as const;

export const okWithId = {
  type: 'object',
  properties: { ok: { const: true }, id: { type: 'string' } },
  required: ['ok', 'id'],
  additionalProperties: false,
} as const;

export const errorBody = {
  type: 'object',
  properties: { detail: {} },
  required: ['detail'],
} as const;

/** A 503: `dependency` names what does not answer, `queue` the job queue a request could not use. */
export const unavailableErrorBody = {
  type: 'object',
  properties: {
    detail: { type: 'string' },
    dependency: { enum: ['database', 'redis', 'storage'] },
    queue: { type: 'string' },
  },
  required: ['detail'],
} as const;

export const validationErrorBody = {
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
} as const;

export { ARCHETYPES } from '@auditsvc/core';
