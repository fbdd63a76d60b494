import type { Account, Passkey } from "@ct/contract";
import {
  browserSupportsWebAuthn,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
  WebAuthnError,
} from "@simplewebauthn/browser";
import type { KyInstance } from "ky";
import { api } from "../api/client";
import { AccountCallError, bodyOf, call, SignedOutError } from "./api";

/**
 * Passkeys (WebAuthn) as a second way into an account (issue 38): added from the account page, used on the sign-in
 * page. The browser's side of each ceremony is @simplewebauthn/browser's (the server's is @simplewebauthn/server's,
 * apps/server/src/players/passkeys.ts): the server's options go to the browser's own dialog, its answer back.
 */

/** Why a passkey could not be added or used, as the page says it. */
export type PasskeyProblem =
  /** The player closed the browser's dialog, or it timed out. */
  | "cancelled"
  /** This device already holds a passkey of the account. */
  | "exists"
  /** The server did not accept the device's answer (an unknown passkey, a used ceremony). */
  | "refused"
  /** The account holds the most passkeys it may (10). */
  | "too-many"
  | "rate-limited"
  /** The browser (or this address) cannot make passkeys. */
  | "unsupported";

export class PasskeyError extends Error {
  constructor(readonly problem: PasskeyProblem) {
    super(`passkey: ${problem}`);
    this.name = "PasskeyError";
  }
}

/** Whether this browser can use passkeys at all (false on the server). */
export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && browserSupportsWebAuthn();
}

/** What a failed browser ceremony means for the player. */
function browserProblem(error: unknown): PasskeyProblem {
  const code = error instanceof WebAuthnError ? error.code : null;
  const name = error instanceof Error ? error.name : "";
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || name === "InvalidStateError") return "exists";
  if (code === "ERROR_INVALID_DOMAIN" || code === "ERROR_INVALID_RP_ID" || name === "SecurityError") {
    return "unsupported";
  }
  if (name === "NotSupportedError") return "unsupported";
  return "cancelled";
}

async function answer<T>(response: Response): Promise<T> {
  if (response.ok) return (await bodyOf(response)) as T;
  if (response.status === 401) throw new SignedOutError();
  if (response.status === 400) throw new PasskeyError("refused");
  if (response.status === 409) throw new PasskeyError("too-many");
  if (response.status === 429) throw new PasskeyError("rate-limited");
  throw new AccountCallError(response.status);
}

interface Ceremony<T> {
  ceremony: string;
  options: T;
}

/** GET /account/passkeys: the signed-in player's passkeys. */
export async function listPasskeys(client: KyInstance = api): Promise<Passkey[]> {
  return (await answer<{ passkeys: Passkey[] }>(await call(client, "get", "/passkeys"))).passkeys;
}

/** Adds a passkey of this device to the account, named `name` (where it lives: "Chrome on Android"). */
export async function addPasskey(name: string, client: KyInstance = api): Promise<Passkey> {
  const start = await answer<Ceremony<PublicKeyCredentialCreationOptionsJSON>>(
    await call(client, "post", "/passkeys/options"),
  );
  let response: Awaited<ReturnType<typeof startRegistration>>;
  try {
    response = await startRegistration({ optionsJSON: start.options });
  } catch (error) {
    console.warn("The browser made no passkey", error);
    throw new PasskeyError(browserProblem(error));
  }
  return answer<Passkey>(
    await call(client, "post", "/passkeys", { ceremony: start.ceremony, response, name: name.slice(0, 100) }),
  );
}

/** DELETE /account/passkeys/:id. */
export async function removePasskey(id: string, client: KyInstance = api): Promise<void> {
  await answer(await call(client, "delete", `/passkeys/${encodeURIComponent(id)}`));
}

/** Signs this browser in with one of the device's passkeys (any account's): the account it opened. */
export async function signInWithPasskey(client: KyInstance = api): Promise<Account> {
  const start = await answer<Ceremony<PublicKeyCredentialRequestOptionsJSON>>(
    await call(client, "post", "/passkey-sign-in/options"),
  );
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    response = await startAuthentication({ optionsJSON: start.options });
  } catch (error) {
    console.warn("The browser used no passkey", error);
    throw new PasskeyError(browserProblem(error));
  }
  return answer<Account>(
    await call(client, "post", "/passkey-sign-in", { ceremony: start.ceremony, response }),
  );
}
