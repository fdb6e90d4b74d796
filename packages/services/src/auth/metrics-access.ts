// Who may read metrics without a session: the admin token (x-admin-token), or METRICS_TOKEN as a
// bearer, so a Prometheus server needs no platform admin credential. The API also lets an admin's
// session read them (apps/api/src/http/register.ts); the worker's endpoint has no sessions.
import { safeEqual } from './tokens';

export function isScrapeCredential(
  credentials: { adminToken?: string | undefined; authorization?: string | undefined },
  tokens: { adminToken: string | null; metricsToken: string | null },
): boolean {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(credentials.authorization ?? '')?.[1];
  if (bearer !== undefined && tokens.metricsToken !== null && safeEqual(bearer, tokens.metricsToken))
    return true;
  return (
    credentials.adminToken !== undefined &&
    tokens.adminToken !== null &&
    safeEqual(credentials.adminToken, tokens.adminToken)
  );
}
