// Builds one fuzz request from a route declaration (the same declarations that make
// /auditsvc/openapi.json): path params from the world's records, query and body from the route's
// schemas, then at most one mutation. What the request refers to (its targets) is recorded with
// it, so the oracle can tell which answers would be a breach of tenancy.
import type { RouteSpec } from '../../../apps/api/src/http/route';
import type { Rng } from './prng';
import {
  Deep,
  HOSTILE_STRINGS,
  JSON_VALUES,
  Schema,
  encodeText,
  hostileObject,
  hostileUrlText,
  hostileValue,
  toJsonText,
  validObject,
} from './values';
import type { ActorName, RecordKind, World, WorldRecord } from './world';

/** Members that name a record of the world, by name; arrays use the singular (finding_ids -> finding_id). */
const REFERENCE_KINDS: Record<string, RecordKind> = {
  firm_id: 'firm',
  engagement_id: 'engagement',
  client_id: 'engagement',
  from_engagement_id: 'engagement',
  finding_id: 'finding',
  comment_id: 'comment',
  template_id: 'template',
  user_id: 'user',
};

/** Body members that name a record another firm may own: a firm caller naming another firm's is refused. */
const TENANCY_BODY_MEMBERS = ['firm_id', 'client_id', 'from_engagement_id', 'user_id'];

/** A record a request names in its path or its engagement_id query; record undefined: no such record. */
export interface Target {
  where: string;
  id: string;
  record: WorldRecord | undefined;
}

export interface FuzzRequest {
  index: number;
  operationId: string;
  /** The caller the credential belongs to; 'anonymous' when it is missing or forged. */
  actor: ActorName;
  method: string;
  /** Path and query exactly as sent (percent-encoded, or deliberately not). */
  url: string;
  headers: Record<string, string>;
  body: Buffer | undefined;
  /** What was done to the request: 'valid' or the mutation. */
  mutation: string;
  targets: Target[];
  bodyReferences: WorldRecord[];
  /** The method is not the route's (another route, or none, may answer): tenancy is not judged. */
  methodChanged: boolean;
  /** Set for the signed audit-log download: whether the link is exactly as the API signed it. */
  signature?: 'intact' | 'altered';
  /** The route's declared method, path, auth level and error statuses. */
  route: { method: string; path: string; auth: RouteSpec['auth']; errors: number[] };
}

/** What a valid upload looks like for each upload route. */
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(16)]);
const VALID_UPLOADS: Record<string, { filename: string; type: string; bytes: Buffer }> = {
  uploadFirmLogo: { filename: 'logo.png', type: 'image/png', bytes: PNG },
  uploadCorpusFile: {
    filename: 'access-policy.txt',
    type: 'text/plain',
    bytes: Buffer.from('Access reviews happen every quarter.\n'),
  },
};

const HOSTILE_UPLOADS: { filename: string; type: string; bytes: Buffer }[] = [
  { filename: '../../escape.txt', type: 'text/plain', bytes: Buffer.from('x') },
  { filename: 'a\u0000b.txt', type: 'text/plain', bytes: Buffer.from('x') },
  { filename: `${'n'.repeat(1000)}.txt`, type: 'text/plain', bytes: Buffer.from('x') },
  { filename: '', type: 'application/octet-stream', bytes: Buffer.from('x') },
  { filename: 'empty.txt', type: 'text/plain', bytes: Buffer.alloc(0) },
  { filename: 'fake.png', type: 'image/png', bytes: Buffer.from('MZ\x90\x00 not a png') },
  { filename: 'doc.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.7\n1 0 obj <<>> trailer') },
  { filename: 'doc.docx', type: 'application/zip', bytes: Buffer.from('PK\x03\x04 truncated zip') },
  {
    filename: 'logo.svg',
    type: 'image/svg+xml',
    bytes: Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>' +
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><text>&b;</text></svg>',
    ),
  },
  {
    filename: 'deep.svg',
    type: 'image/svg+xml',
    bytes: Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg">${'<g>'.repeat(20_000)}${'</g>'.repeat(20_000)}</svg>`,
    ),
  },
  { filename: 'n\u00e4me \ud83d\ude00.txt', type: 'text/plain; charset=utf-8', bytes: Buffer.from('x') },
  { filename: 'big.png', type: 'image/png', bytes: Buffer.concat([PNG, Buffer.alloc(300 * 1024)]) },
];

const BOUNDARY = 'fuzzboundary7MA4YWxkTrZu0gW';

function multipart(
  parts: { name: string; filename?: string; type?: string; bytes: Buffer }[],
  close = true,
): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.filename === undefined
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"`;
    chunks.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n` +
          (part.type ? `Content-Type: ${part.type}\r\n` : '') +
          '\r\n',
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  if (close) chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

/** Request text that is not JSON, or JSON that parsers and validators find hard. */
const RAW_BODIES: readonly (string | Buffer)[] = [
  '{',
  '{"a":',
  '{"a":1,}',
  "{'a':1}",
  '{"a":1}garbage',
  '{"a":1} {"b":2}',
  '[1,2',
  'nul',
  '{"a":NaN}',
  '{"a":Infinity}',
  '{"a":1e99999}',
  '{"a":-}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\x41"}',
  '{"a":1,"a":{"b":2}}',
  '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}',
  '\ufeff{}',
  '/* comment */ {}',
  ' ',
  '""',
  '0',
  '-1',
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0xaf, 0x22, 0x7d]),
  Buffer.from([0xed, 0xa0, 0x80]),
  Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
];

const WRONG_CONTENT_TYPES: readonly string[] = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  `multipart/form-data; boundary=${BOUNDARY}`,
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/json; charset=bogus',
  'application/json;;;charset=',
  'application/json, text/plain',
  'application/',
  '*/*',
  'APPLICATION/JSON',
  'application/merge-patch+json',
  'application/xml',
  '\u00e9/\u00e9',
];

const ENCODINGS: readonly string[] = ['gzip', 'deflate', 'br', 'bogus', 'identity, gzip'];

/** Credentials of no one: missing, forged or malformed. */
const FORGED_CREDENTIALS: readonly Record<string, string>[] = [
  {},
  { 'x-admin-token': 'not-the-admin-token' },
  { 'x-admin-token': '' },
  { 'x-admin-token': '\u00e9\u00ff' },
  { authorization: 'Bearer not-a-session-token' },
  { authorization: 'Bearer' },
  { authorization: 'Bearer    ' },
  { authorization: 'Basic YWRtaW46YWRtaW4=' },
  { authorization: `Bearer ${'t'.repeat(6000)}` },
  { authorization: 'bearer \t x' },
  { authorization: 'Bearer \u00ff\u00fe' },
];

type Body =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; bytes: Buffer; contentType: string | undefined };

interface Draft {
  method: string;
  params: Record<string, string>;
  query: [string, string][];
  body: Body;
  headers: Record<string, string>;
  mutation: string;
  targets: Target[];
}

function hasJsonBody(route: RouteSpec): boolean {
  return typeof route.body === 'object';
}

/** The records of a kind a reference may name; spare (victim) records for what a DELETE removes. */
function candidates(world: World, kind: RecordKind, where: string, victim: boolean): WorldRecord[] {
  if (kind === 'user' && where.startsWith('body')) return world.actorUsers;
  const all = world.records.filter((record) => record.kind === kind);
  // Users named in a path are changed (role, password, deleted): only spare users are.
  const wanted = kind === 'user' ? true : victim;
  const matching = all.filter((record) => record.victim === wanted);
  return matching.length > 0 ? matching : all;
}

function unknownId(rng: Rng, kind: RecordKind): string {
  return `${kind.slice(0, 3)}-unknown-${rng.int(1e9).toString(36)}`;
}

/**
 * Which firm's records a request names: the caller's own, another firm's, or a mix (mostly the
 * caller's, sometimes another's or none). Platform administrators belong to no firm: any record.
 */
export type Reach = 'own' | 'foreign' | 'mixed';

function chooseRecord(
  world: World,
  actor: ActorName,
  kind: RecordKind,
  where: string,
  victim: boolean,
  reach: Reach,
  rng: Rng,
): WorldRecord | undefined {
  if (reach === 'mixed' && rng.chance(0.08)) return undefined;
  const pool = candidates(world, kind, where, victim);
  const own = world.firmOf[actor];
  if (own && reach !== 'mixed') {
    const wanted = pool.filter((record) => (record.firm === own) === (reach === 'own'));
    if (wanted.length > 0) return rng.pick(wanted);
  }
  if (own && reach === 'mixed' && rng.chance(0.6)) {
    const mine = pool.filter((record) => record.firm === own);
    if (mine.length > 0) return rng.pick(mine);
  }
  return rng.pick(pool);
}

/** Whether a route names records (path ids, an engagement_id, a firm_id...), so tenancy applies. */
export function namesRecords(route: RouteSpec): boolean {
  const members = [
    ...pathParamNames(route.path),
    ...Object.keys((route.query?.properties ?? {}) as object),
    ...(typeof route.body === 'object' ? Object.keys((route.body.properties ?? {}) as object) : []),
  ];
  return members.some((name) => REFERENCE_KINDS[name] !== undefined);
}

function recordById(world: World, id: unknown): WorldRecord | undefined {
  if (typeof id !== 'string') return undefined;
  return (
    world.records.find((record) => record.id === id) ?? world.actorUsers.find((record) => record.id === id)
  );
}

function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}

/** The valid request: what the route declares, naming the world's records. */
function validDraft(route: RouteSpec, actor: ActorName, world: World, reach: Reach, rng: Rng): Draft {
  const targets: Target[] = [];
  const params: Record<string, string> = {};
  const names = pathParamNames(route.path);
  const chosen: Record<string, WorldRecord | undefined> = {};
  for (const [position, name] of names.entries()) {
    const kind = REFERENCE_KINDS[name];
    if (!kind) {
      params[name] = encodeText(rng.pick(['access-policy.txt', 'logo.png', 'missing.txt']));
      continue;
    }
    // What a DELETE removes is the last record of its path.
    const victim = route.method === 'delete' && position === names.length - 1;
    // The engagement of a finding's or comment's path must be its own.
    const record = chooseRecord(world, actor, kind, `path.${name}`, victim, reach, rng);
    chosen[name] = record;
    const id = record?.id ?? unknownId(rng, kind);
    params[name] = encodeText(id);
    targets.push({ where: `path.${name}`, id, record });
  }
  const owner = chosen.finding_id ?? chosen.comment_id;

  const reference = (location: 'query' | 'body') => (name: string) => {
    const kind = REFERENCE_KINDS[name];
    if (!kind) return undefined;
    if (name === 'engagement_id' && owner?.engagementId && (reach !== 'mixed' || rng.chance(0.85))) {
      return owner.engagementId;
    }
    return (
      chooseRecord(world, actor, kind, `${location}.${name}`, false, reach, rng)?.id ?? unknownId(rng, kind)
    );
  };

  const query: [string, string][] = [];
  if (route.query) {
    const values = validObject(route.query, rng, reference('query'));
    for (const [key, value] of Object.entries(values)) {
      query.push([key, encodeText(String(value))]);
      if (key === 'engagement_id')
        targets.push({ where: 'query.engagement_id', id: String(value), record: recordById(world, value) });
    }
  }
  const body: Body = hasJsonBody(route)
    ? { kind: 'json', value: validObject(route.body as Schema, rng, reference('body')) }
    : { kind: 'none' };
  return { method: route.method.toUpperCase(), params, query, body, headers: {}, mutation: 'valid', targets };
}

function uploadBody(
  route: RouteSpec,
  rng: Rng,
  hostile: boolean,
): { bytes: Buffer; contentType: string; label: string } {
  const field = route.upload!.field;
  const valid = VALID_UPLOADS[route.operationId] ?? VALID_UPLOADS.uploadCorpusFile!;
  const contentType = `multipart/form-data; boundary=${BOUNDARY}`;
  if (!hostile) return { bytes: multipart([{ name: field, ...valid }]), contentType, label: 'valid' };
  switch (rng.int(7)) {
    case 0: {
      const file = rng.pick(HOSTILE_UPLOADS);
      return {
        bytes: multipart([{ name: field, ...file }]),
        contentType,
        label: `upload ${JSON.stringify(file.filename.slice(0, 40))}`,
      };
    }
    case 1:
      return {
        bytes: multipart([{ name: 'other', ...valid }]),
        contentType,
        label: 'upload in the wrong field',
      };
    case 2:
      return {
        bytes: multipart([
          { name: field, ...valid },
          { name: field, ...valid },
        ]),
        contentType,
        label: 'two files',
      };
    case 3:
      return {
        bytes: multipart([{ name: 'note', bytes: Buffer.from('no file') }]),
        contentType,
        label: 'no file',
      };
    case 4:
      return {
        bytes: multipart([{ name: field, ...valid }], false),
        contentType,
        label: 'unterminated multipart',
      };
    case 5:
      return {
        bytes: multipart(Array.from({ length: 40 }, (_, i) => ({ name: `f${i}`, bytes: Buffer.from('v') }))),
        contentType,
        label: 'forty fields',
      };
    default:
      return {
        bytes: multipart([{ name: field, ...valid }]),
        contentType: rng.pick([
          'multipart/form-data',
          'multipart/form-data; boundary=',
          'multipart/mixed; boundary=x',
        ]),
        label: 'multipart with a wrong boundary',
      };
  }
}

/** A member path into the body, chosen at random among the declared (nested) members. */
function memberPath(schema: Schema, rng: Rng): string[] {
  const properties = (schema.properties ?? {}) as Record<string, Schema>;
  const names = Object.keys(properties);
  if (names.length === 0) return [];
  const name = rng.pick(names);
  const child = properties[name]!;
  if (child.properties && rng.chance(0.4)) return [name, ...memberPath(child, rng)];
  return [name];
}

function schemaAt(schema: Schema, path: string[]): Schema {
  let current = schema;
  for (const name of path) current = ((current.properties ?? {}) as Record<string, Schema>)[name] ?? {};
  return current;
}

function setAt(target: Record<string, unknown>, path: string[], value: unknown): void {
  let current = target;
  for (const name of path.slice(0, -1)) {
    const next = current[name];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) current[name] = {};
    current = current[name] as Record<string, unknown>;
  }
  current[path[path.length - 1]!] = value;
}

/** Adds hostile or prototype-polluting members to the body, as JSON text so "__proto__" stays a member. */
function addHostileMembers(draft: Draft, rng: Rng): void {
  const value = draft.body.kind === 'json' ? draft.body.value : {};
  const body = typeof value === 'object' && value !== null && !Array.isArray(value) ? value : {};
  const own = toJsonText(body).replace(/}$/, '');
  const extra = toJsonText(hostileObject(rng));
  const text = `${own}${own === '{' ? '' : ','}${extra.slice(1)}`;
  draft.body = { kind: 'raw', bytes: Buffer.from(text), contentType: 'application/json' };
  draft.mutation = `body + ${extra.slice(0, 80)}`;
}

type Mutation = (draft: Draft, ctx: { route: RouteSpec; rng: Rng; world: World }) => void;

const MUTATIONS: Record<string, { applies(route: RouteSpec): boolean; weight: number; apply: Mutation }> = {
  'path-segment': {
    applies: (route) => pathParamNames(route.path).length > 0,
    weight: 8,
    apply(draft, { route, rng }) {
      const name = rng.pick(pathParamNames(route.path));
      const schema = ((route.params?.properties ?? {}) as Record<string, Schema>)[name] ?? {};
      const value = rng.chance(0.3)
        ? rng.pick(['%2F', '..', '.', '%2e%2e', 'x'.repeat(201), 'x'.repeat(3000)])
        : hostileUrlText(schema, rng);
      draft.params[name] = value;
      for (const target of draft.targets)
        if (target.where === `path.${name}`) Object.assign(target, { id: value, record: undefined });
      draft.mutation = `path ${name} = ${value.slice(0, 60)}`;
    },
  },
  'query-value': {
    applies: (route) => Object.keys((route.query?.properties ?? {}) as object).length > 0,
    weight: 12,
    apply(draft, { route, rng }) {
      const properties = route.query!.properties as Record<string, Schema>;
      const name = rng.pick(Object.keys(properties));
      const value = hostileUrlText(properties[name]!, rng);
      draft.query = draft.query.filter(([key]) => key !== name);
      draft.query.push([name, value]);
      for (const target of draft.targets)
        if (target.where === `query.${name}`) Object.assign(target, { id: value, record: undefined });
      draft.mutation = `query ${name} = ${value.slice(0, 60)}`;
    },
  },
  'query-shape': {
    applies: () => true,
    weight: 5,
    apply(draft, { route, rng }) {
      const declared = Object.keys((route.query?.properties ?? {}) as object);
      const name = declared.length > 0 ? rng.pick(declared) : 'limit';
      const extra = rng.pick([
        [
          [name, '1'],
          [name, '2'],
        ],
        [[`${name}[]`, '1']],
        [[`${name}[a]`, '1']],
        [['__proto__[polluted]', 'yes']],
        [['constructor[prototype][polluted]', 'yes']],
        [['__proto__', 'x']],
        [['', '1']],
        [['%E0%A4%A', '1']],
        [[name, '']],
        Array.from({ length: 200 }, (_, i) => [`p${i}`, String(i)]),
      ] as [string, string][][]);
      // A repeated member is sent twice; the original stays.
      if (!(extra.length === 2 && extra[0]![0] === name))
        draft.query = draft.query.filter(([key]) => key !== name || extra.every(([k]) => k !== name));
      draft.query.push(...extra);
      draft.mutation = `query + ${extra
        .map(([k, v]) => `${k}=${v}`)
        .join('&')
        .slice(0, 80)}`;
    },
  },
  'body-member': {
    applies: hasJsonBody,
    weight: 20,
    apply(draft, { route, rng }) {
      const path = memberPath(route.body as Schema, rng);
      if (path.length === 0 || draft.body.kind !== 'json') return addHostileMembers(draft, rng);
      const { value, label } = hostileValue(schemaAt(route.body as Schema, path), rng);
      setAt(draft.body.value as Record<string, unknown>, path, value);
      draft.mutation = `body.${path.join('.')} = ${label}`;
    },
  },
  'body-extra': {
    applies: hasJsonBody,
    weight: 6,
    apply: (draft, { rng }) => addHostileMembers(draft, rng),
  },
  'body-shape': {
    applies: () => true,
    weight: 6,
    apply(draft, { rng }) {
      const value = rng.pick<unknown>([
        ...JSON_VALUES,
        new Deep(rng.pick([1000, 100_000]), 'array'),
        new Deep(50_000, 'object'),
        HOSTILE_STRINGS,
      ]);
      draft.body = { kind: 'json', value };
      draft.mutation = `body = ${toJsonText(value).slice(0, 60)}`;
    },
  },
  'body-raw': {
    applies: () => true,
    weight: 7,
    apply(draft, { rng }) {
      const raw = rng.chance(0.1) ? `{"filler":"${'x'.repeat(1_100_000)}"}` : rng.pick(RAW_BODIES);
      const bytes = typeof raw === 'string' ? Buffer.from(raw) : raw;
      draft.body = { kind: 'raw', bytes, contentType: 'application/json' };
      draft.mutation = `raw body ${JSON.stringify(bytes.toString('latin1').slice(0, 60))} (${bytes.length} bytes)`;
    },
  },
  'content-type': {
    applies: hasJsonBody,
    weight: 6,
    apply(draft, { rng }) {
      const bytes = Buffer.from(toJsonText(draft.body.kind === 'json' ? draft.body.value : {}));
      if (rng.chance(0.25)) {
        const encoding = rng.pick(ENCODINGS);
        draft.headers['content-encoding'] = encoding;
        draft.body = { kind: 'raw', bytes, contentType: 'application/json' };
        draft.mutation = `content-encoding ${encoding} on plain JSON`;
        return;
      }
      const type = rng.chance(0.1) ? undefined : rng.pick(WRONG_CONTENT_TYPES);
      draft.body = { kind: 'raw', bytes, contentType: type };
      draft.mutation = `content-type ${type ?? '(none)'}`;
    },
  },
  method: {
    applies: () => true,
    weight: 2,
    apply(draft, { route, rng }) {
      draft.method = rng.pick(
        route.method === 'get' ? ['HEAD', 'PATCH', 'OPTIONS'] : ['PATCH', 'OPTIONS', 'GET'],
      );
      draft.mutation = `method ${draft.method}`;
    },
  },
  credential: {
    applies: (route) => route.auth !== 'none',
    weight: 3,
    apply(draft, { rng }) {
      draft.headers = { ...rng.pick(FORGED_CREDENTIALS) };
      draft.mutation = 'forged credential';
    },
  },
};

export function buildRequest(
  index: number,
  route: RouteSpec,
  actor: ActorName,
  world: World,
  rng: Rng,
  mutate: boolean,
  reach: Reach = 'mixed',
): FuzzRequest {
  const draft = validDraft(route, actor, world, reach, rng);
  let signed: World['signedDownloads'][number] | undefined;
  if (route.operationId === 'downloadAuditLog') {
    signed = rng.pick(world.signedDownloads);
    draft.params.engagement_id = encodeText(signed.engagementId);
    // The link is the credential: whoever holds it may download, so the signature alone is judged.
    draft.targets = [];
    draft.query = Object.entries(signed.query).map(([key, value]) => [key, encodeText(value)]);
  }
  // Logging out ends a session: a spare one, never the caller's own.
  const credentials = route.operationId === 'logout' ? world.spareHeaders[actor] : world.headers[actor];
  draft.headers = actor === 'anonymous' ? { ...rng.pick(FORGED_CREDENTIALS) } : { ...credentials };

  let upload = route.upload ? uploadBody(route, rng, false) : undefined;
  let judgedActor = actor;
  if (mutate) {
    if (route.upload && rng.chance(0.5)) {
      upload = uploadBody(route, rng, true);
      draft.mutation = upload.label;
    } else {
      const applicable = Object.entries(MUTATIONS).filter(([, mutation]) => mutation.applies(route));
      const name = rng.weighted(applicable.map(([key, mutation]) => [key, mutation.weight] as const));
      MUTATIONS[name]!.apply(draft, { route, rng, world });
      if (name === 'credential') judgedActor = 'anonymous';
      if (draft.body.kind !== 'none') upload = undefined;
    }
  }

  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => draft.params[name] ?? '');
  const queryText = draft.query
    .map(([key, value]) => (value === '' && key === '' ? '' : `${key}=${value}`))
    .join('&');
  const url = queryText ? `${path}?${queryText}` : path;

  const headers: Record<string, string> = { ...draft.headers };
  let body: Buffer | undefined;
  if (upload) {
    body = upload.bytes;
    headers['content-type'] = upload.contentType;
  } else if (draft.body.kind === 'json') {
    body = Buffer.from(toJsonText(draft.body.value));
    headers['content-type'] = 'application/json';
  } else if (draft.body.kind === 'raw') {
    body = draft.body.bytes;
    if (draft.body.contentType !== undefined) headers['content-type'] = draft.body.contentType;
  }
  // A route without a JSON body gets none when valid (POST deliver, DELETE ...).
  if (!mutate && !route.upload && !hasJsonBody(route)) body = undefined;

  const bodyReferences: WorldRecord[] = [];
  if (draft.body.kind === 'json' && typeof draft.body.value === 'object' && draft.body.value !== null) {
    for (const member of TENANCY_BODY_MEMBERS) {
      const record = recordById(world, (draft.body.value as Record<string, unknown>)[member]);
      if (record) bodyReferences.push(record);
    }
  }

  let signature: FuzzRequest['signature'];
  if (signed) {
    const sent = new URLSearchParams(queryText);
    const intact =
      draft.params.engagement_id === encodeText(signed.engagementId) &&
      ['format', 'expires', 'kid', 'sig'].every(
        (key) => sent.getAll(key).length === 1 && sent.get(key) === signed!.query[key],
      );
    signature = intact ? 'intact' : 'altered';
  }

  return {
    index,
    operationId: route.operationId,
    actor: judgedActor,
    method: draft.method,
    url,
    headers,
    body,
    mutation: draft.mutation,
    methodChanged:
      draft.method !== route.method.toUpperCase() && !(draft.method === 'HEAD' && route.method === 'get'),
    targets: draft.targets,
    bodyReferences,
    ...(signature ? { signature } : {}),
    route: { method: route.method, path: route.path, auth: route.auth, errors: route.errors },
  };
}
