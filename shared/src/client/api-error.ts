import type { FieldError } from '../contract/envelope';

/** What the server said went wrong, from the envelope: `code`, `msg` and field `errors`. */
export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  readonly errors: FieldError[];

  constructor(init: { code: number; status: number; message: string; errors?: FieldError[] }) {
    super(init.message);
    this.name = 'ApiError';
    this.code = init.code;
    this.status = init.status;
    this.errors = init.errors ?? [];
  }

  /** The message for a field, when the server named one. */
  fieldMessage(field: string): string | undefined {
    return this.errors.find((e) => e.field === field)?.message;
  }
}

/** Shown when the server's answer carries no message of its own (spec section 8). */
export const GENERIC_ERROR_MESSAGE = 'There was an error, please try again';
