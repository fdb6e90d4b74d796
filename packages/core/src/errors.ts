// Typed domain errors. Services throw these; the API maps them to status and body in one place
// (apps/api/src/http/error-handler.ts), so no service knows about HTTP.

/** One violated constraint, in the FastAPI shape of DECISIONS section 2. */
export interface ValidationIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

export abstract class AppError extends Error {
  abstract readonly status: number;
  /** Extra members merged into the error body beside `detail`. */
  readonly extra: Record<string, unknown> = {};

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }

  body(): Record<string, unknown> {
    return { detail: this.message, ...this.extra };
  }

  /** Response headers that go with the status (Retry-After of a 503). */
  headers(): Record<string, string> {
    return {};
  }
}

export class UnauthorizedError extends AppError {
  readonly status = 401;
  constructor(message = 'Authentication required.') {
    super(message);
  }
}

/** 401 whose detail is an object, as for the MFA-required login answer. */
export class MfaRequiredError extends AppError {
  readonly status = 401;
  constructor() {
    super('MFA code required.');
  }
  override body(): Record<string, unknown> {
    return { detail: { mfa_required: true, message: this.message } };
  }
}

export class ForbiddenError extends AppError {
  readonly status = 403;
  constructor(message = 'You are not allowed to do this.') {
    super(message);
  }
}

export class NotFoundError extends AppError {
  readonly status = 404;
  constructor(what: string) {
    super(`${what} not found.`);
  }
}

export class ConflictError extends AppError {
  readonly status = 409;
}

export class PayloadTooLargeError extends AppError {
  readonly status = 413;
}

export class UnsupportedMediaTypeError extends AppError {
  readonly status = 415;
}

export class ValidationError extends AppError {
  readonly status = 422;
  constructor(readonly issues: ValidationIssue[]) {
    super(issues.map((issue) => `${issue.loc.join('.')}: ${issue.msg}`).join('; '));
  }
  override body(): Record<string, unknown> {
    return { detail: this.issues };
  }

  /** A single-issue validation error, the common case in services. */
  static of(loc: (string | number)[], msg: string, type = 'value_error'): ValidationError {
    return new ValidationError([{ loc, msg, type }]);
  }
}

/** 423: a mutation on a frozen engagement. */
export class FrozenError extends AppError {
  readonly status = 423;
  constructor(message = 'The engagement is delivered and frozen.') {
    super(message);
  }
}

/** 423 on login: the account is locked until the given time. */
export class AccountLockedError extends AppError {
  readonly status = 423;
  constructor(lockedUntil: Date) {
    super('Account locked after repeated failed logins.');
    this.extra.locked_until = lockedUntil.toISOString();
  }
}

export class BadGatewayError extends AppError {
  readonly status = 502;
}

/**
 * The dependencies a 503 can name: the database, Redis (job queues and event streams), or the
 * object store (uploads, corpus files, audit logs).
 */
export type Dependency = 'database' | 'redis' | 'storage';

/** Seconds a client is told to wait (Retry-After) before it tries again after a 503. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * 503: a dependency does not answer (or not in time), so nothing was done; the client may try the
 * same request again after Retry-After seconds. `extra` names what is down (`dependency`, and the
 * `queue` of a job that could not be queued).
 */
export class ServiceUnavailableError extends AppError {
  readonly status = 503;
  readonly retryAfterSeconds: number;
  constructor(
    message: string,
    readonly dependency: Dependency,
    options: { extra?: Record<string, unknown>; retryAfterSeconds?: number; cause?: unknown } = {},
  ) {
    super(message);
    this.retryAfterSeconds = options.retryAfterSeconds ?? RETRY_AFTER_SECONDS;
    if (options.cause !== undefined) this.cause = options.cause;
    Object.assign(this.extra, { dependency, ...options.extra });
  }
  override headers(): Record<string, string> {
    return { 'Retry-After': String(this.retryAfterSeconds) };
  }
}
