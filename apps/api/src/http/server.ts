// The API's HTTP server, whose requests and responses are made with the app's Express prototypes
// from the start. Express gives every request and response its prototypes itself
// (Object.setPrototypeOf in app.handle); done to an object that already exists, V8 gives that
// object a hidden class of its own, and every property added to it afterwards (by Express, body
// parsing, the router, our handlers) copies that class again, in the old generation. Measured: 2 KB
// kept by each open stream, and old-space garbage of about 9 KB made by every request, which at
// 5,000 streams opening together is tens of MB of the API's RSS (issue 13). Objects made with the
// prototypes already share their hidden classes, and Express's setPrototypeOf then changes nothing.
import http from 'node:http';
import type { Express } from 'express';

export function createApiServer(app: Express): http.Server {
  class ApiRequest extends http.IncomingMessage {}
  class ApiResponse extends http.ServerResponse {}
  adoptPrototype(app, 'request', ApiRequest.prototype);
  adoptPrototype(app, 'response', ApiResponse.prototype);
  return http.createServer({ IncomingMessage: ApiRequest, ServerResponse: ApiResponse }, app);
}

/**
 * Makes `prototype` the app's request (or response) prototype, as Express makes its own: Express's
 * request (response) methods below it, the app on it.
 */
function adoptPrototype(app: Express, which: 'request' | 'response', prototype: object): void {
  Object.setPrototypeOf(prototype, Object.getPrototypeOf(app[which]) as object);
  Object.defineProperty(prototype, 'app', {
    configurable: true,
    enumerable: true,
    writable: true,
    value: app,
  });
  Reflect.set(app, which, prototype);
}
