import type { ApiError } from "@ct/contract";
import type { z } from "zod";

/** An error answer with a status a client can act on: `{ error, message, details? }`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: ApiError["details"],
  ) {
    super(message);
  }

  toJSON(): ApiError {
    return { error: this.code, message: this.message, ...(this.details ? { details: this.details } : {}) };
  }
}

export const notFound = (message: string) => new HttpError(404, "not_found", message);

/**
 * Parses a request part (params, query, body) with a zod schema; a refusal becomes a 400 that names each field
 * and why.
 */
export function parse<S extends z.ZodType>(schema: S, value: unknown, part = "body"): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: [part, ...issue.path.map(String)].join("."),
    message: issue.message,
  }));
  const first = details[0];
  const message = first ? `${first.path}: ${first.message}` : `invalid ${part}`;
  throw new HttpError(400, "bad_request", message, details);
}
