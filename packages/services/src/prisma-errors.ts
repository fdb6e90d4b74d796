/** True for Prisma's unique-constraint violation (P2002), however the driver adapter reports it. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'P2002';
}
