import {
  accountOkSchema,
  accountSchema,
  passkeyCeremonySchema,
  passkeyRegistrationSchema,
  passkeySchema,
  passkeySignInSchema,
  passkeysSchema,
} from "@ct/contract";
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { FastifyInstance, FastifyReply } from "fastify";
import { z } from "zod";
import { ContactRateLimiter } from "../contact/rate-limit";
import type { AppContext } from "../context";
import { HttpError } from "../http/errors";
import { routesOn } from "../http/route";
import { accountOf, PlayerAccounts } from "./accounts";
import { PasskeyError, PlayerPasskeys, relyingParty } from "./passkeys";
import { requireSameOrigin, requireSession, startSession } from "./session";

/** Passkey ceremonies begun per client network in 10 minutes (each stores a challenge); more answer 429. */
export const PASSKEY_CEREMONY_LIMIT = { max: 30, windowMs: 10 * 60_000 } as const;

const refused = (error: PasskeyError) =>
  new HttpError(400, "passkey_refused", `The passkey was not accepted: ${error.message}`);

function tooMany(reply: FastifyReply, retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  reply.header("retry-after", String(seconds));
  return new HttpError(
    429,
    "too_many_requests",
    `Too many passkey requests: try again in ${seconds} second(s)`,
  );
}

/**
 * /api/account/passkeys and /api/account/passkey-sign-in: passkeys as a second way into an account (added from the
 * account page, signed in), through @simplewebauthn/server (players/passkeys.ts).
 */
export async function playerPasskeyRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const passkeys = new PlayerPasskeys(context.db);
  const accounts = new PlayerAccounts(context.db);
  const ceremonies = new ContactRateLimiter(context.db, PASSKEY_CEREMONY_LIMIT, "passkey");
  const route = routesOn(app, context.docs, { checkResponses: context.config.nodeEnv !== "production" });
  const tag = "Account";

  route({
    method: "GET",
    url: "/account/passkeys",
    tag,
    summary: "The signed-in player's passkeys",
    response: passkeysSchema,
    handler: async ({ request }) => {
      const session = await requireSession(context, request);
      return { passkeys: await passkeys.list(session.player.id) };
    },
  });

  route({
    method: "POST",
    url: "/account/passkeys/options",
    tag,
    summary:
      "Begin adding a passkey (signed in): options for @simplewebauthn/browser's startRegistration and the " +
      "ceremony's id, valid five minutes. At most 10 passkeys per account",
    response: passkeyCeremonySchema,
    handler: async ({ request, reply }) => {
      requireSameOrigin(request, context);
      const session = await requireSession(context, request);
      const gate = await ceremonies.take(request.ip, Date.now());
      if (!gate.allowed) throw tooMany(reply, gate.retryAfterMs);
      try {
        const { ceremony, options } = await passkeys.registrationOptions(
          session.player,
          relyingParty(request, context.config),
        );
        return { ceremony, options: options as unknown as Record<string, unknown> };
      } catch (error) {
        if (error instanceof PasskeyError) throw new HttpError(409, "conflict", error.message);
        throw error;
      }
    },
  });

  route({
    method: "POST",
    url: "/account/passkeys",
    tag,
    status: 201,
    summary:
      "Finish adding a passkey: the authenticator's answer to the options of the ceremony (used once). 400 when " +
      "it does not verify",
    body: passkeyRegistrationSchema,
    response: passkeySchema,
    handler: async ({ body, request }) => {
      requireSameOrigin(request, context);
      const session = await requireSession(context, request);
      try {
        return await passkeys.register(
          session.player,
          relyingParty(request, context.config),
          body.ceremony,
          body.response as unknown as RegistrationResponseJSON,
          body.name || "Passkey",
        );
      } catch (error) {
        if (error instanceof PasskeyError) throw refused(error);
        throw error;
      }
    },
  });

  route({
    method: "DELETE",
    url: "/account/passkeys/:id",
    tag,
    summary: "Remove one of the player's passkeys; 404 when the player has none such",
    params: z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,1400}$/, "Passkey id is invalid") }),
    response: accountOkSchema,
    handler: async ({ params, request }) => {
      requireSameOrigin(request, context);
      const session = await requireSession(context, request);
      if (!(await passkeys.remove(session.player.id, params.id))) {
        throw new HttpError(404, "not_found", "No such passkey");
      }
      return { ok: true as const };
    },
  });

  route({
    method: "POST",
    url: "/account/passkey-sign-in/options",
    tag,
    summary:
      "Begin signing in with a passkey: options for @simplewebauthn/browser's startAuthentication (any account's " +
      "passkey) and the ceremony's id, valid five minutes",
    response: passkeyCeremonySchema,
    handler: async ({ request, reply }) => {
      requireSameOrigin(request, context);
      const gate = await ceremonies.take(request.ip, Date.now());
      if (!gate.allowed) throw tooMany(reply, gate.retryAfterMs);
      const { ceremony, options } = await passkeys.authenticationOptions(
        relyingParty(request, context.config),
      );
      return { ceremony, options: options as unknown as Record<string, unknown> };
    },
  });

  route({
    method: "POST",
    url: "/account/passkey-sign-in",
    tag,
    summary:
      "Finish signing in with a passkey: the authenticator's answer; sets the session cookie and answers the " +
      "account. 400 when it does not verify (an unknown passkey, a used ceremony, a counter gone back)",
    body: passkeySignInSchema,
    response: accountSchema,
    handler: async ({ body, request, reply }) => {
      requireSameOrigin(request, context);
      let playerId: number;
      try {
        playerId = await passkeys.authenticate(
          relyingParty(request, context.config),
          body.ceremony,
          body.response as unknown as AuthenticationResponseJSON,
        );
      } catch (error) {
        if (error instanceof PasskeyError) throw refused(error);
        throw error;
      }
      const player = await accounts.get(playerId);
      if (!player) throw refused(new PasskeyError("no account has this passkey"));
      await startSession(context, request, reply, player.id);
      return accountOf(player);
    },
  });
}
