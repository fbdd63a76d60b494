import type { RefreshResult } from "@ct/machines";
import { api } from "./client";

/**
 * Spec section 7: GET /admin/validate with the bearer token answers `{ valid }`. Any failure counts as invalid
 * (spec section 8: a failed validation is logged and logs the user out).
 */
export async function validateToken(token: string): Promise<boolean> {
  try {
    const body = await api
      .get("admin/validate", { headers: { Authorization: `Bearer ${token}` }, retry: 0 })
      .json<{ valid?: unknown }>();
    return body.valid === true;
  } catch (error) {
    console.warn("Admin token validation failed", error);
    return false;
  }
}

/**
 * POST /admin/refresh with the current token: a new 30-minute token while the admin is active. A 401 is the session
 * ended on the server (`{ ok: false }`); anything else that goes wrong (network, server error) rejects, and the
 * session tries again later.
 */
export async function refreshToken(token: string): Promise<RefreshResult> {
  try {
    const body = await api
      .post("admin/refresh", { headers: { Authorization: `Bearer ${token}` }, retry: 0 })
      .json<{ access_token?: unknown }>();
    if (typeof body.access_token !== "string" || body.access_token === "") {
      throw new Error("The refresh answer has no token");
    }
    return { ok: true, token: body.access_token };
  } catch (error) {
    if ((error as { response?: Response }).response?.status === 401) return { ok: false };
    throw error;
  }
}

/** Tells the server the token is no longer used; the session ends locally whatever it answers. */
export async function revokeToken(token: string): Promise<void> {
  try {
    await api.post("admin/logout", { headers: { Authorization: `Bearer ${token}` }, retry: 0 });
  } catch (error) {
    console.warn("Admin logout could not reach the server", error);
  }
}

/**
 * Spec section 7: POST /admin/login answers `{ access_token }`. A refusal (or an answer without a token) is
 * "login returns false" → null; anything else that goes wrong (network, server error, too many attempts) is
 * "login throws" (spec section 8).
 */
export async function login(username: string, password: string): Promise<{ token: string } | null> {
  try {
    const body = await api
      .post("admin/login", { json: { username, password }, retry: 0 })
      .json<{ access_token?: unknown }>();
    return typeof body.access_token === "string" && body.access_token ? { token: body.access_token } : null;
  } catch (error) {
    const status = (error as { response?: Response }).response?.status;
    if (status === 400 || status === 401) return null;
    throw error;
  }
}
