// A route is declared once: method, path, who may call it, the JSON Schemas of its inputs and
// output, and a handler. The same declaration drives request validation, response checking and
// the OpenAPI document, so a route cannot exist without its schemas (see register.ts).
// The handler's params, query and body types are inferred from those schemas (json-schema-to-ts),
// so a handler cannot read a member its schema does not declare, and the types cannot drift from
// what ajv lets through; what it returns is typed by the response schema the same way.
import type { Request, Response } from 'express';
import type { Caller } from '@auditsvc/core';
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';
import type { AppServices } from '../services';
import type { JsonBytes } from './versioned-json-cache';

export type JsonSchema = Record<string, unknown>;

/**
 * What ajv lets through a schema declared `as const`, as a type: `Absent` for a route without the
 * schema, `Wide` for the registry's general view of a route (its schema typed only as JsonSchema).
 * (S is checked against JSONSchema here rather than in a constraint: inferring S under that
 * constraint is too deep for the compiler.)
 */
export type Validated<S, Absent, Wide = Absent> = [S] extends [undefined]
  ? Absent
  : JsonSchema extends S
    ? Wide
    : S extends JSONSchema
      ? FromSchema<S>
      : Wide;

/** Routes any client may call carry no caller; every other route's handler has one. */
type OpenAuth = 'none' | 'bearer' | 'metrics';
export type CallerOf<A extends AuthLevel> = A extends OpenAuth ? Caller | undefined : Caller;

/**
 * Who may call a route (spec part 5):
 * - none: no credential (login, health);
 * - bearer: an Authorization bearer header must be present, valid or not (logout);
 * - session: a user session; admin-token callers get 403 (TOTP endpoints, change-password);
 * - any / mut / admin: the spec's Any, Mut and Admin;
 * - partner: admin token, or an admin or partner session (firm logo, deliver, templates);
 * - metrics: as admin, or METRICS_TOKEN as a bearer (GET /metrics, for a Prometheus server).
 */
export type AuthLevel = 'none' | 'bearer' | 'session' | 'any' | 'mut' | 'partner' | 'admin' | 'metrics';

export type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/** A non-JSON success response (file download, event stream), documented by content type only. */
export interface RawResponse {
  contentType: string;
  description: string;
}

export interface UploadSpec {
  /** The multipart field that carries the file. */
  field: string;
  maxBytes: number;
  description: string;
  /**
   * Stream the file into the object store's staging folder instead of memory (large files;
   * staged-upload.ts). The handler may move the staged object (`file.key`); what is left is removed.
   */
  staged?: boolean;
}

/**
 * The JSON body a route answers, as its response schema describes it: never for a raw response
 * (the handler writes that itself), `unknown` for the registry's general view of a route.
 */
export type ResponseBody<RS> = RS extends RawResponse ? never : Validated<RS, never, unknown>;

/**
 * A body as a handler may write it: the same members, read-only, so that what a handler returns
 * is inferred as written (`ok: true` stays `true`, a literal list a read-only tuple) and then
 * checked against the schema's type.
 */
export type Answer<T> = T extends readonly (infer E)[]
  ? readonly Answer<E>[]
  : T extends object
    ? { readonly [K in keyof T]: Answer<T[K]> }
    : T;

export interface HandlerContext<P, Q, B, C extends Caller | undefined = Caller | undefined, R = unknown> {
  /** The authenticated caller; undefined only on `none`, `bearer` and (for a scraper) `metrics` routes. */
  caller: C;
  params: P;
  query: Q;
  body: B;
  file: Express.Multer.File | undefined;
  services: AppServices;
  req: Request;
  res: Response;
  /**
   * The response body checked against the route's schema (as any returned body is) and
   * serialised once: a handler that keeps bodies (versioned-json-cache.ts) returns this.
   */
  serialize(body: R): JsonBytes;
}

export interface RouteSpec<
  PS = JsonSchema,
  QS = JsonSchema,
  BS = JsonSchema,
  A extends AuthLevel = AuthLevel,
  RS extends JsonSchema | RawResponse = JsonSchema | RawResponse,
  R = unknown,
> {
  method: HttpMethod;
  /** Express-style path, e.g. /auditsvc/user/:user_id */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  auth: A;
  params?: PS;
  query?: QS;
  /** JSON body schema; `false` declares that the route takes no body. */
  body?: BS | false;
  upload?: UploadSpec;
  /** Success status, 200 unless stated. */
  status?: number;
  response: RS;
  /** Other media types the route answers for some inputs (the handler writes those itself). */
  alternatives?: RawResponse[];
  /**
   * Error statuses the route can answer, for the OpenAPI document (401, 413, 415, 422 and 503
   * are implied where they apply; see openapi.ts).
   */
  errors: number[];
  /** The route answers from the process alone, without the database or Redis: never a 503. */
  standalone?: boolean;
  /**
   * Returns the JSON body its response schema describes (or its serialised bytes, from
   * `serialize`), or undefined when the handler wrote the response itself.
   */
  handler(
    ctx: HandlerContext<
      Validated<PS, Record<string, never>, Record<string, string>>,
      Validated<QS, Record<string, never>, Record<string, unknown>>,
      Validated<BS, Record<string, never>, Record<string, unknown>>,
      CallerOf<A>,
      Answer<ResponseBody<RS>>
    >,
  ): Promise<R>;
}

export function isRawResponse(response: JsonSchema | RawResponse): response is RawResponse {
  return typeof (response as RawResponse).contentType === 'string';
}

/**
 * Declares a route: the handler's input types, caller and answer are inferred from its schemas
 * and auth level. The result is the route as the registry and the OpenAPI builder see it; the
 * registry hands the handler only what ajv let through those same schemas, which is what the
 * types say, and checks what it answers against the response schema its type was inferred from.
 */
export function defineRoute<
  const PS extends JsonSchema | undefined = undefined,
  const QS extends JsonSchema | undefined = undefined,
  const BS extends JsonSchema | undefined = undefined,
  const A extends AuthLevel = AuthLevel,
  const RS extends JsonSchema | RawResponse = JsonSchema | RawResponse,
  // Inferred from the handler as written (const), then held to the response schema's type: a
  // handler returning a member of the wrong type, or a string where the schema says an enum, does
  // not compile. (A contextual return type would widen `ok: true` to boolean before the check.)
  const R extends Answer<ResponseBody<RS>> | JsonBytes | undefined = undefined,
>(spec: RouteSpec<PS, QS, BS, A, RS, R>): RouteSpec {
  const { handler, ...declaration } = spec;
  return { ...declaration, handler: (ctx) => handler(ctx as never) };
}
