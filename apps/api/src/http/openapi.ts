// The OpenAPI 3.1 document, generated from the route declarations (the same schemas ajv uses).
import { errorBody, unavailableErrorBody, validationErrorBody } from '../schemas/common';
import { AuthLevel, JsonSchema, RouteSpec, isRawResponse } from './route';

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  400: 'Malformed request (a path that is not percent-encoded UTF-8, a body that does not decode)',
  401: 'Missing or invalid credentials',
  403: 'Forbidden for this caller',
  404: "Not found (or another firm's record)",
  409: 'Conflict',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Validation error',
  423: 'Locked (frozen engagement or locked account)',
  502: 'Model provider failed',
  503: 'A dependency is unavailable (the database, or Redis for queues and streams): try again after Retry-After seconds',
};

/** Every 503 tells the client when to try again. */
const RETRY_AFTER_HEADER = {
  'Retry-After': {
    description: 'Seconds to wait before trying the same request again.',
    schema: { type: 'integer', minimum: 1 },
  },
};

function security(auth: AuthLevel): Record<string, string[]>[] | undefined {
  switch (auth) {
    case 'none':
      return [];
    case 'bearer':
    case 'session':
      return [{ bearer: [] }];
    case 'any':
    case 'mut':
    case 'partner':
    case 'admin':
    case 'metrics':
      return [{ adminToken: [] }, { bearer: [] }];
  }
}

function parameters(location: 'path' | 'query', schema: JsonSchema | undefined) {
  if (!schema) return [];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
  }));
}

export function buildOpenApi(routes: RouteSpec[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = route.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    const status = String(route.status ?? 200);
    const success = isRawResponse(route.response)
      ? { description: route.response.description, content: { [route.response.contentType]: {} } }
      : {
          description: STATUS_TEXT[route.status ?? 200] ?? 'OK',
          content: { 'application/json': { schema: route.response } },
        };
    // Routes that answer another media type for some queries (the deliverable's docx and html).
    for (const alternative of route.alternatives ?? []) {
      (success.content as Record<string, unknown>)[alternative.contentType] = {};
      success.description += `; ${alternative.contentType}: ${alternative.description}`;
    }
    const responses: Record<string, unknown> = { [status]: success };
    // Statuses every route of a kind can answer: credentials (401), path params that do not
    // percent-decode (400), JSON bodies (400 for a body that does not inflate, 413, 415, 422), and
    // a dependency out of reach (503) on every route that uses one.
    const implied = [
      ...(route.auth === 'none' ? [] : [401]),
      ...(route.params ? [400] : []),
      ...(route.body ? [400, 413, 415, 422] : []),
      ...(route.standalone ? [] : [503]),
    ];
    const codes = [...new Set([...route.errors, ...implied])].sort((a, b) => a - b);
    for (const code of codes) {
      const schema = code === 422 ? validationErrorBody : code === 503 ? unavailableErrorBody : errorBody;
      responses[String(code)] = {
        description: STATUS_TEXT[code] ?? 'Error',
        ...(code === 503 ? { headers: RETRY_AFTER_HEADER } : {}),
        content: { 'application/json': { schema } },
      };
    }
    let requestBody: unknown;
    if (route.upload) {
      requestBody = {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              properties: {
                [route.upload.field]: {
                  type: 'string',
                  format: 'binary',
                  description: route.upload.description,
                },
              },
              required: [route.upload.field],
            },
          },
        },
      };
    } else if (route.body) {
      requestBody = { required: true, content: { 'application/json': { schema: route.body } } };
    }
    paths[path] ??= {};
    paths[path]![route.method] = {
      operationId: route.operationId,
      summary: route.summary,
      tags: [route.tag],
      'x-auth': route.auth,
      security: security(route.auth),
      parameters: [...parameters('path', route.params), ...parameters('query', route.query)],
      ...(requestBody ? { requestBody } : {}),
      responses,
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'auditsvc',
      version,
      description:
        'Audit engagement service. Every /auditsvc route accepts x-admin-token or a bearer session unless stated.',
    },
    components: {
      securitySchemes: {
        adminToken: { type: 'apiKey', in: 'header', name: 'x-admin-token' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
    paths,
  };
}
