// Rows of the plain reads turned into the records the Prisma client returns for the same model:
// the same field names and the same value types (BigInt, Date, parsed JSON, booleans), whatever
// the driver handed back. Each model's columns are listed once (models.ts); a test holds every
// list to Prisma's own records on both databases.
import type { DatabaseProvider } from '../provider';
import type { RawRow } from './reader';

export type ColumnKind = 'text' | 'int' | 'float' | 'bigint' | 'bool' | 'json' | 'date';

export interface Column {
  field: string;
  column: string;
  kind: ColumnKind;
}

/** The select list of a model's columns, with a table alias. */
export function selectList(columns: readonly Column[], alias: string): string {
  return columns.map((c) => `${alias}.${c.column}`).join(', ');
}

// Prisma stores timestamps as `timestamp(3)` without a time zone, in UTC: PostgreSQL writes them
// as "2026-01-02 03:04:05.678". SQLite holds the adapter's ISO 8601 text.
const postgresTimestamp = (text: string) => new Date(`${text.replace(' ', 'T')}Z`);

function convert(value: unknown, kind: ColumnKind, provider: DatabaseProvider): unknown {
  switch (kind) {
    case 'text':
      return String(value);
    case 'int':
    case 'float':
      return Number(value);
    case 'bigint':
      return BigInt(value as string | number | bigint);
    case 'bool':
      // SQLite: 0 or 1 (as BigInt); PostgreSQL: "t" or "f".
      return value === 't' || value === 1n || value === 1 || value === true;
    case 'json':
      return typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
    case 'date':
      return provider === 'postgresql' ? postgresTimestamp(String(value)) : new Date(String(value));
  }
}

/** The record of a raw row whose values from `start` on are `columns`, in order. */
export function mapRow<T>(row: RawRow, columns: readonly Column[], provider: DatabaseProvider, start = 0): T {
  const record: Record<string, unknown> = {};
  for (let i = 0; i < columns.length; i++) {
    const { field, kind } = columns[i]!;
    const value = row[start + i];
    record[field] = value === null || value === undefined ? null : convert(value, kind, provider);
  }
  return record as T;
}
