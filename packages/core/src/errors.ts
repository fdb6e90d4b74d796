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
