// A route is declared once: method, path, who may call it, the JSON Schemas of its inputs and
// output, and a handler. The same declaration drives request validation, response checking and
// the OpenAPI document, so a route cannot exist without its schemas (see register.ts).
import type { Request, Response } from 'express';
import type { Caller } from '@auditsvc/core';
import type { AppServices } from '../services';
import type { JsonBytes } from './versioned-json-cache';

export type JsonSchema = Record<string, unknown>;

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

export interface HandlerContext<P, Q, B> {
  /** The authenticated caller; undefined only on `none` and `bearer` routes. */
  caller: Caller | undefined;
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
  serialize(body: unknown): JsonBytes;
}

export interface RouteSpec<
  P = Record<string, string>,
  Q = Record<string, unknown>,
  B = Record<string, unknown>,
> {
  method: HttpMethod;
  /** Express-style path, e.g. /auditsvc/user/:user_id */
  path: string;
  operationId: string;
  summary: string;
  tag: string;
  auth: AuthLevel;
  params?: JsonSchema;
  query?: JsonSchema;
  /** JSON body schema; `false` declares that the route takes no body. */
  body?: JsonSchema | false;
  upload?: UploadSpec;
  /** Success status, 200 unless stated. */
  status?: number;
  response: JsonSchema | RawResponse;
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
   * Returns the JSON body (or its serialised bytes, from `serialize`), or undefined when the
   * handler wrote the response itself.
   */
  handler(ctx: HandlerContext<P, Q, B>): Promise<unknown>;
}

export function isRawResponse(response: JsonSchema | RawResponse): response is RawResponse {
  return typeof (response as RawResponse).contentType === 'string';
}

/** Identity helper that fixes the handler's input types. */
export function defineRoute<
  P = Record<string, string>,
  Q = Record<string, unknown>,
  B = Record<string, unknown>,
>(spec: RouteSpec<P, Q, B>): RouteSpec {
  return spec as unknown as RouteSpec;
}
