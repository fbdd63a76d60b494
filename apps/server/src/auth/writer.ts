import { timingSafeEqual } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { HttpError } from "../http/errors";

/**
 * The site's fixed client key (spec section 6). Browsers send it with write calls; it identifies the site and
 * grants nothing by itself.
 */
export const PUBLIC_CLIENT_KEY = "chess-trainer-web";

export interface WriterCheck {
  apiKey: string | undefined;
  /** Verifies an admin bearer token (the admin area registers it); false when there is none. */
  verifyAdminToken: (token: string) => Promise<boolean>;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Writes need a valid admin bearer token or the server's secret API key; anything else is a 401. */
export function requireWriter(check: WriterCheck) {
  return async (request: FastifyRequest): Promise<void> => {
    const key = request.headers["x-api-key"];
    if (typeof key === "string" && check.apiKey && key !== PUBLIC_CLIENT_KEY && sameSecret(key, check.apiKey))
      return;
    const authorization = request.headers.authorization;
    const token = authorization?.startsWith("Bearer ") ? authorization.slice(7).trim() : "";
    if (token && (await check.verifyAdminToken(token))) return;
    throw new HttpError(401, "unauthorized", "An admin token or the API key is required for this call");
  };
}
