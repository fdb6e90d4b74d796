// Offset pagination, shared by every list the API answers and the services that take its query.

/**
 * The largest `offset` a list accepts; above it the request is refused with 422. Every integer
 * that reaches a query is bounded by its schema: an unbounded offset (1e308, 2^70) passed
 * validation and then failed in the database driver, which takes at most a 64-bit integer.
 */
export const MAX_OFFSET = 10_000_000;

/** The one `offset` query parameter of every paginated list. */
export const offsetParam = {
  type: 'integer',
  minimum: 0,
  maximum: MAX_OFFSET,
  default: 0,
  description: `Items to skip, at most ${MAX_OFFSET}; more answers 422.`,
} as const;
