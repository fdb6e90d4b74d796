// JSON Schema pieces the shapes of several packages are built from.

export const timestampSchema = { type: 'string', format: 'date-time' } as const;
export const nullableTimestampSchema = { type: ['string', 'null'], format: 'date-time' } as const;
export const stringListSchema = { type: 'array', items: { type: 'string' } } as const;
