import { z } from 'zod';

/** One field's validation failure, as react-admin and the storefront forms show it. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every /svc answer: `{ code, data?, msg?, error?, errors? }`; code 200 is success. */
export const failureEnvelopeSchema = z.object({
  code: z.number().int(),
  msg: z.string().optional(),
  error: z.string().optional(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type FailureEnvelope = z.infer<typeof failureEnvelopeSchema>;

export function successEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ code: z.literal(200), data, msg: z.string().optional() });
}

/** The success body of a `flat` call: `code` 200 beside the fields `body` describes. */
export function flatSuccessEnvelope<T extends z.ZodType>(body: T) {
  return z.object({ code: z.literal(200), msg: z.string().optional() }).and(body);
}

/** The success body a call answers with, as its `flat` flag says. */
export function successBodySchema(call: { flat?: boolean; response: z.ZodType }): z.ZodType {
  return call.flat ? flatSuccessEnvelope(call.response) : successEnvelope(call.response);
}

/**
 * Envelope codes beyond HTTP's: 488 means the access token expired (refresh and retry),
 * 499 means the session is dead (log out).
 */
export const ENVELOPE_CODES = {
  ok: 200,
  badRequest: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooLarge: 413,
  tooMany: 429,
  serverError: 500,
  unavailable: 503,
  accessTokenExpired: 488,
  sessionDead: 499,
} as const;
