/** True for Prisma's unique-constraint violation (P2002), however the driver adapter reports it. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';
}

/**
 * True for Prisma's "record to update or delete not found" (P2025): the record was there when it
 * was looked up and went before the write (a concurrent DELETE while a password was hashed).
 */
export function isRecordGone(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2025';
}
