import type { FieldError } from '@yardly/shared/contract';

const STATUS_BY_CODE: Record<number, number> = { 488: 401, 499: 401 };

/**
 * The one error type of the api. `code` is the envelope code (HTTP-like, or 488/499);
 * the HTTP status follows from it unless given. Messages are for people: say what
 * happened and what to do.
 */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;
  readonly errors?: FieldError[];
  /** A machine reason a client can branch on (the envelope's `error`), e.g. `already_sold`. */
  readonly reason?: string;

  constructor(
    code: number,
    message: string,
    options: { status?: number; field?: string; errors?: FieldError[]; reason?: string } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = options.status ?? STATUS_BY_CODE[code] ?? code;
    this.errors = options.errors ?? (options.field ? [{ field: options.field, message }] : undefined);
    this.reason = options.reason;
  }

  static badRequest(message: string, field?: string) {
    return new AppError(400, message, { field });
  }
  static notFound(message = 'Not found') {
    return new AppError(404, message);
  }
  static forbidden(message = 'You are not allowed to do that') {
    return new AppError(403, message);
  }
  static conflict(message: string, reason?: string) {
    return new AppError(409, message, { reason });
  }
}
