// Rows of the plain reads turned into the records the Prisma client returns for the same model:
// the same field names and the same value types (BigInt, Date, parsed JSON, booleans), whatever
// the driver handed back. Each model's columns are listed once (models.ts); a test holds every
// list to Prisma's own records on both databases.
import type { DatabaseProvider } from '../provider';
import type { Row } from './reader';

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
      return value === true || value === 1 || value === 1n;
    case 'json':
      // SQLite keeps JSON as text; PostgreSQL's driver parses jsonb itself.
      return provider === 'sqlite' && typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
    case 'date':
      return value instanceof Date ? value : new Date(String(value));
  }
}

export function mapRow<T>(row: Row, columns: readonly Column[], provider: DatabaseProvider): T {
  const record: Record<string, unknown> = {};
  for (const { field, column, kind } of columns) {
    const value = row[column];
    record[field] = value === null || value === undefined ? null : convert(value, kind, provider);
  }
  return record as T;
}
