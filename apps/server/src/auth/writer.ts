import { timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { HttpError } from "../http/errors";
import { bearerToken } from "./tokens";

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

/**
 * The admin check of a scope's public reads, which show an admin more (the blog's drafts). A request with no
 * credentials is a visitor; one with valid credentials (an admin bearer token, the secret API key) is an admin.
 * Credentials that are carried but not valid (an expired or revoked token, a wrong key) are a 401 on every read of
 * the scope, registered here as a hook: a stale admin tab must learn that its session ended, not get the public
 * answer (published posts only) with a 200 as if its drafts were gone. The site's client key grants nothing and so
 * is no credential; neither is an Authorization header of another scheme (a proxy's Basic login). Each request is
 * checked once: the hook's verdict is the one `isAdmin` answers.
 */
export function adminReads(
  app: FastifyInstance,
  check: WriterCheck,
): (request: FastifyRequest) => Promise<boolean> {
  const verdicts = new WeakMap<FastifyRequest, Promise<boolean>>();
  const verdict = async (request: FastifyRequest): Promise<boolean> => {
    const key = request.headers["x-api-key"];
    const keyGiven = typeof key === "string" && key !== "" && key !== PUBLIC_CLIENT_KEY;
    const bearerGiven = /^Bearer\b/i.test(request.headers.authorization ?? "");
    if (!keyGiven && !bearerGiven) return false;
    if (keyGiven && check.apiKey && sameSecret(key, check.apiKey)) return true;
    const token = bearerGiven ? bearerToken(request.headers.authorization) : undefined;
    if (token && (await check.verifyAdminToken(token))) return true;
    throw new HttpError(401, "unauthorized", "The admin token or API key is not valid (expired or revoked)");
  };
  const isAdmin = (request: FastifyRequest) => {
    let known = verdicts.get(request);
    if (!known) {
      known = verdict(request);
      verdicts.set(request, known);
    }
    return known;
  };
  app.addHook("onRequest", async (request) => {
    if (request.method === "GET" || request.method === "HEAD") await isAdmin(request);
  });
  return isAdmin;
}
