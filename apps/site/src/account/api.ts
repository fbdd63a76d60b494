import type { Account, PlayerSession } from "@ct/contract";
import type { AccountSubmitInput, AccountSubmitResult } from "@ct/machines";
import type { KyInstance } from "ky";
import { api } from "../api/client";
import { refusal } from "./refusal";

/**
 * The player account API (/api/account, packages/contract/src/account.ts). The session is an HttpOnly cookie the
 * browser sends by itself (same origin); state-changing calls carry the page's Origin, which the server checks. The
 * server validates its answers against the contract; the site trusts those types and ships no zod.
 */

/** An account call answered 401: nobody is signed in on this browser any more. */
export class SignedOutError extends Error {
  constructor() {
    super("signed out");
    this.name = "SignedOutError";
  }
}

/** An account call that failed otherwise (its status; 0: the server could not be reached). */
export class AccountCallError extends Error {
  constructor(readonly status: number) {
    super(`account call failed (${status})`);
    this.name = "AccountCallError";
  }
}

/** The call's answer whatever its status (refusals are read, not thrown); a network failure rejects. */
export function call(
  client: KyInstance,
  method: "get" | "post" | "patch" | "delete",
  path: string,
  json?: unknown,
): Promise<Response> {
  return client(`account${path}`, {
    method,
    ...(json === undefined ? {} : { json }),
    throwHttpErrors: false,
    retry: 0,
  });
}

export async function bodyOf(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** The answer's JSON when it succeeded; SignedOutError on 401, AccountCallError otherwise. */
async function ok<T>(response: Response): Promise<T> {
  if (response.status === 401) throw new SignedOutError();
  if (!response.ok) throw new AccountCallError(response.status);
  return (await bodyOf(response)) as T;
}

/** What a form sends, by form; the reset link's token comes from the page's address. */
function requestOf(input: AccountSubmitInput, token: string) {
  const v = input.values;
  switch (input.form) {
    case "signUp":
      return {
        method: "post" as const,
        path: "/sign-up",
        json: { username: v.username, password: v.password, ...(v.email ? { email: v.email } : {}) },
      };
    case "signIn":
      return {
        method: "post" as const,
        path: "/sign-in",
        json: { username: v.username, password: v.password },
      };
    case "resetRequest":
      return { method: "post" as const, path: "/password-reset", json: { username: v.username } };
    case "resetComplete":
      return {
        method: "post" as const,
        path: "/password-reset/complete",
        json: { token, new_password: v.new_password },
      };
    case "email":
      return { method: "patch" as const, path: "", json: { email: v.email ?? "" } };
    case "password":
      return {
        method: "post" as const,
        path: "/password",
        json: { current_password: v.current_password, new_password: v.new_password },
      };
    case "delete":
      return { method: "post" as const, path: "/delete", json: { password: v.password } };
  }
}

/**
 * Sends an account form. Accepted: `{ ok: true }`, with the account the server answered (sign-up, sign-in, the
 * email change) in `account`; refused: the form's problems (refusal.ts). A network failure rejects.
 */
export async function submitAccountForm(
  input: AccountSubmitInput,
  options: { token?: string; client?: KyInstance } = {},
): Promise<{ result: AccountSubmitResult; account: Account | null }> {
  const request = requestOf(input, options.token ?? "");
  const response = await call(options.client ?? api, request.method, request.path, request.json);
  if (response.ok) {
    const body = await bodyOf(response);
    const account =
      body && typeof body === "object" && typeof (body as Account).username === "string"
        ? (body as Account)
        : null;
    return { result: { ok: true }, account };
  }
  return {
    result: refusal(input.form, response.status, await bodyOf(response), response.headers.get("retry-after")),
    account: null,
  };
}

/** GET /account: the signed-in player (SignedOutError when nobody is). */
export async function loadAccount(client: KyInstance = api): Promise<Account> {
  return ok<Account>(await call(client, "get", ""));
}

/** GET /account/sessions: every browser signed in to the account. */
export async function loadSessions(client: KyInstance = api): Promise<PlayerSession[]> {
  const answer = await ok<{ sessions: PlayerSession[] }>(await call(client, "get", "/sessions"));
  return answer.sessions;
}

/** DELETE /account/sessions/:id: signs that browser out. */
export async function revokeSession(id: string, client: KyInstance = api): Promise<void> {
  await ok(await call(client, "delete", `/sessions/${encodeURIComponent(id)}`));
}

/** POST /account/sign-out: ends this browser's session (a session already gone is signed out too). */
export async function signOut(client: KyInstance = api): Promise<void> {
  const response = await call(client, "post", "/sign-out");
  if (!response.ok && response.status !== 401) throw new AccountCallError(response.status);
}

/** POST /account/sign-out-everywhere: ends every session of the account, this one too. */
export async function signOutEverywhere(client: KyInstance = api): Promise<void> {
  const response = await call(client, "post", "/sign-out-everywhere");
  if (!response.ok && response.status !== 401) throw new AccountCallError(response.status);
}

/** GET /account/export: everything kept for the account, as the JSON file the server names. */
export async function exportAccount(
  client: KyInstance = api,
): Promise<{ blob: Blob; filename: string | null }> {
  const response = await call(client, "get", "/export");
  if (response.status === 401) throw new SignedOutError();
  if (!response.ok) throw new AccountCallError(response.status);
  const disposition = response.headers.get("content-disposition") ?? "";
  const filename = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1] ?? null;
  return { blob: await response.blob(), filename: filename ? decodeURIComponent(filename) : null };
}
