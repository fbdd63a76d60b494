import { adminLoginSchema, adminLogoutSchema, adminTokenSchema, adminValidationSchema } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { AppContext } from "../context";
import type { Database } from "../db/schema";
import { HttpError } from "../http/errors";
import { routesOn } from "../http/route";
import { AdminAccounts } from "./accounts";
import { LoginRateLimiter } from "./rate-limit";
import { AdminTokens, bearerToken } from "./tokens";

/** The answer to a wrong name and to a wrong password alike, so neither reveals which names exist. */
const invalidCredentials = () => new HttpError(401, "invalid_credentials", "Invalid username or password");

/**
 * The verifier that write routes use (`WriterCheck.verifyAdminToken`): true for a token of a live admin session.
 */
export function adminTokenVerifier(
  db: Kysely<Database>,
  secret: string,
): (token: string) => Promise<boolean> {
  const tokens = new AdminTokens(db, secret);
  return async (token) => (await tokens.verify(token)) !== undefined;
}

/** /api/admin: login, token validation, refresh and logout (spec section 7, Admin). */
export async function adminRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const accounts = new AdminAccounts(context.db);
  const tokens = new AdminTokens(context.db, context.config.tokenSecret);
  const limiter = new LoginRateLimiter(context.db);
  const route = routesOn(app, context.docs, { checkResponses: context.config.nodeEnv !== "production" });
  const tag = "Admin";

  route({
    method: "POST",
    url: "/admin/login",
    tag,
    summary:
      "Log in with username and password: a bearer token valid for 30 minutes. Repeated failures answer 429 " +
      "with Retry-After.",
    body: adminLoginSchema,
    response: adminTokenSchema,
    handler: async ({ body, request, reply }) => {
      const gate = await limiter.begin(request.ip, body.username, Date.now());
      if (!gate.allowed) {
        const seconds = Math.max(1, Math.ceil(gate.retryAfterMs / 1000));
        reply.header("retry-after", String(seconds));
        throw new HttpError(
          429,
          "too_many_requests",
          `Too many failed logins: try again in ${seconds} second(s)`,
        );
      }
      const account = await accounts.verify(body.username, body.password);
      if (!account) throw invalidCredentials();
      await limiter.succeeded(request.ip, body.username, gate.attemptAt);
      request.log.info({ admin: account.username }, "admin logged in");
      return tokens.issue(account, request.ip);
    },
  });

  route({
    method: "GET",
    url: "/admin/validate",
    tag,
    summary: "Whether the bearer token still grants admin rights; a missing or malformed token is not valid",
    response: adminValidationSchema,
    handler: async ({ request }) => {
      const token = bearerToken(request.headers.authorization);
      if (!token) return { valid: false };
      try {
        return { valid: (await tokens.verify(token)) !== undefined };
      } catch (error) {
        // The site logs the admin out on `false`; a failing database must not turn into a 500 here.
        request.log.error({ err: error }, "admin token validation failed");
        return { valid: false };
      }
    },
  });

  route({
    method: "POST",
    url: "/admin/refresh",
    tag,
    summary:
      "A new bearer token valid for 30 minutes from now, for the live session of the bearer token sent (the site " +
      "asks while the admin is active); an expired, revoked or foreign token is a 401. Logging out ends the " +
      "session for every token it was given",
    response: adminTokenSchema,
    handler: async ({ request }) => {
      const token = bearerToken(request.headers.authorization);
      const refreshed = token ? await tokens.refresh(token) : undefined;
      if (!refreshed) throw new HttpError(401, "unauthorized", "The admin session has ended: log in again");
      return refreshed;
    },
  });

  route({
    method: "POST",
    url: "/admin/logout",
    tag,
    summary: "End the bearer token's session on the server; later calls with it are refused",
    response: adminLogoutSchema,
    handler: async ({ request }) => {
      const token = bearerToken(request.headers.authorization);
      const revoked = token ? await tokens.revoke(token) : undefined;
      if (revoked === undefined) {
        throw new HttpError(401, "unauthorized", "An admin bearer token is required for this call");
      }
      return { revoked };
    },
  });
}
