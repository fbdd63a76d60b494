import { z } from "zod";

/**
 * Numbers in request paths and query strings: decimal digits only, as the OpenAPI document says. `Number()` reads
 * far more (`1e0`, `0x1`, `+1`, ` 1`, `1.0`, `0b1`), so a coercing schema would take `DELETE /positions/1e0` for
 * position 1; these schemas take the digits or refuse.
 */
export const PATH_ID_PATTERN = /^[1-9][0-9]*$/;
/** A count or a number that may be zero: `0` or digits without a leading zero. */
export const PATH_NUMBER_PATTERN = /^(?:0|[1-9][0-9]*)$/;

/** Largest row id (PostgreSQL `integer`, SQLite `INTEGER` alike); a larger one would fail in the database. */
export const MAX_PATH_ID = 2_147_483_647;

const DEFAULT_ID_MESSAGE = "must be a positive whole number in decimal digits";

/** An id in a path: `1`, `42`; not `0`, `01`, `+1`, `1e0`, `0x1`, nor past `MAX_PATH_ID`. Parses to a number. */
export function pathIdSchema(message: string = DEFAULT_ID_MESSAGE) {
  return z
    .string({ message })
    .regex(PATH_ID_PATTERN, message)
    .max(String(MAX_PATH_ID).length, message)
    .transform(Number)
    .pipe(z.number().max(MAX_PATH_ID, message));
}

/** A whole number `0..max` in a path (a sequence number, a difficulty). Parses to a number. */
export function pathNumberSchema(options: { max: number; message?: string }) {
  const message = options.message ?? `must be a whole number from 0 to ${options.max} in decimal digits`;
  return z
    .string({ message })
    .regex(PATH_NUMBER_PATTERN, message)
    .max(String(options.max).length, message)
    .transform(Number)
    .pipe(z.number().max(options.max, message));
}

/** A whole number `min..max` in a query string (`page`, `per_page`), in decimal digits. Parses to a number. */
export function queryIntegerSchema(options: { min: number; max: number }) {
  const message = `must be a whole number from ${options.min} to ${options.max} in decimal digits`;
  return z
    .string({ message })
    .regex(PATH_NUMBER_PATTERN, message)
    .max(String(options.max).length, message)
    .transform(Number)
    .pipe(z.number().min(options.min, message).max(options.max, message));
}

/** `{ id }` of every route that names a row by its numeric id (`/jobs/{id}/cancel`, ...). */
export const idParamsSchema = z.object({ id: pathIdSchema() });
