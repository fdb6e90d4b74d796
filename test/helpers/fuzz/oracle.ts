// What every answer must satisfy, whatever was sent: no 5xx, no stack trace or internal path in a
// body, errors in the API's envelope, and no success where the caller may not act (no credential,
// a role below the route's, another firm's record, a record that does not exist, an altered
// signed link), nor another firm's records in a success.
import type { FuzzResponse } from './client';
import type { FuzzRequest } from './requests';
import type { ActorName, FirmLabel, World } from './world';

/** Text in an answer that only an internal error puts there. */
const INTERNAL_MARKERS: readonly RegExp[] = [
  /node_modules/,
  /\/work\//,
  /\bat (?:async )?Object\./,
  /\bat (?:async )?[\w$.<>[\] ]+ \((?:\/|file:|node:)[^)]*:\d+:\d+\)/,
  /\.[cm]?[jt]s:\d+:\d+/,
  /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|SqliteError|PrismaClient\w*)\b/,
  /Invalid `prisma\./,
  /\bSQLITE_[A-Z]+/,
  /\bE(?:CONNREFUSED|CONNRESET|ADDRINUSE|ACCES|NOENT)\b/,
];

const ROLE_OF: Record<ActorName, 'none' | 'adminToken' | 'admin' | 'partner' | 'associate'> = {
  anonymous: 'none',
  adminToken: 'adminToken',
  adminSession: 'admin',
  partnerA: 'partner',
  associateA: 'associate',
  partnerB: 'partner',
};

/** Why the caller may not succeed at this request, or null when it may. */
export function dueRefusal(request: FuzzRequest, world: World): string | null {
  const { auth } = request.route;
  const role = ROLE_OF[request.actor];
  if (request.signature === 'altered') return 'the signed link was altered';
  if (auth === 'bearer') {
    if (!/^Bearer\s+\S+/i.test(request.headers.authorization ?? '')) return 'no bearer credential';
  } else if (auth !== 'none') {
    if (role === 'none') return 'no valid credential';
    if (auth === 'session' && role === 'adminToken') return 'the admin token on a session-only route';
    // No actor holds METRICS_TOKEN: a metrics route admits the admin alone.
    if ((auth === 'admin' || auth === 'metrics') && (role === 'partner' || role === 'associate'))
      return `a ${role} on an admin route`;
    if ((auth === 'mut' || auth === 'partner') && role === 'associate')
      return `an associate on a ${auth} route`;
  }
  const own = world.firmOf[request.actor];
  const engagement = request.targets.find((target) => target.where === 'query.engagement_id');
  for (const target of request.targets) {
    if (!target.record) return `${target.where} names no record (${target.id.slice(0, 60)})`;
    if (own && target.record.firm !== own)
      return `${target.where} is firm ${target.record.firm}'s, the caller firm ${own}'s`;
    if (target.record.engagementId && engagement && engagement.id !== target.record.engagementId) {
      return `${target.where} is not in the engagement named by engagement_id`;
    }
  }
  if (own) {
    const foreign = request.bodyReferences.find((record) => record.firm !== own);
    if (foreign) return `the body names firm ${foreign.firm}'s ${foreign.kind}, the caller is firm ${own}'s`;
  }
  return null;
}

function requestText(request: FuzzRequest): string {
  let decoded = request.url;
  try {
    decoded += decodeURIComponent(request.url);
  } catch {
    // Deliberately malformed percent-encoding: the raw text is all there is.
  }
  return `${decoded} ${request.body?.toString('utf8') ?? ''}`;
}

/** Ids of records of firms other than the caller's that a success names but the request did not. */
function foreignIds(request: FuzzRequest, text: string, world: World): string[] {
  const own = world.firmOf[request.actor];
  if (!own) return [];
  const asked = requestText(request);
  const found: string[] = [];
  for (const firm of ['A', 'B', 'C'] as FirmLabel[]) {
    if (firm === own) continue;
    for (const id of world.idsOf[firm])
      if (text.includes(id) && !asked.includes(id)) found.push(`${firm}:${id}`);
  }
  return found;
}

export function judge(
  request: FuzzRequest,
  response: FuzzResponse,
  world: World,
  internalPaths: string[],
): string[] {
  if (response.error) return [response.error];
  const problems: string[] = [];
  const { status } = response;
  const text = response.body.toString('utf8');
  // A 5xx the route documents is an answer, not a fault: readyz's 503 when a probe times out on a
  // loaded machine, 502 when a model provider fails. An unexpected error is always 500.
  if (status >= 500 && !(request.route.errors.includes(status) && !request.methodChanged)) {
    problems.push(`server error ${status}`);
  }
  for (const marker of INTERNAL_MARKERS)
    if (marker.test(text)) problems.push(`body shows internals (${marker})`);
  for (const internal of internalPaths)
    if (text.includes(internal)) problems.push(`body shows the path ${internal}`);

  // Node's HTTP parser refuses some requests (raw non-ASCII in the request line) before the
  // application sees them: 400 with no body. Every answer of the application has a request id.
  const fromApplication = response.headers['x-request-id'] !== undefined;
  if (status >= 400 && request.method !== 'HEAD' && fromApplication) {
    const type = String(response.headers['content-type'] ?? '');
    let detail: unknown;
    try {
      detail = (JSON.parse(text) as { detail?: unknown }).detail;
    } catch {
      detail = undefined;
    }
    if (!type.startsWith('application/json') || detail === undefined) {
      problems.push(
        `error ${status} outside the envelope (${type || 'no content-type'}): ${text.slice(0, 120)}`,
      );
    }
  }

  if (status >= 200 && status < 300 && !request.methodChanged) {
    const refusal = dueRefusal(request, world);
    if (refusal) problems.push(`answered ${status} although ${refusal}`);
    const leaked = foreignIds(request, text, world);
    if (leaked.length > 0) problems.push(`answered another firm's records: ${leaked.slice(0, 3).join(', ')}`);
  }
  return problems;
}
