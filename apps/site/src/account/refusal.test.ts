import { describe, expect, it } from "vitest";
import { problemOf, refusal, retryAfterSeconds } from "./refusal";

const details = (...pairs: [string, string][]) => ({
  error: "bad_request",
  message: pairs[0] ? `${pairs[0][0]}: ${pairs[0][1]}` : "invalid body",
  details: pairs.map(([path, message]) => ({ path, message })),
});

describe("the account API's refusals, as the forms show them", () => {
  it("places the contract's messages on their fields", () => {
    expect(
      refusal(
        "signUp",
        400,
        details(
          ["body.username", "Username must be 3-20 letters, digits, _ or -"],
          ["body.password", "Password must be at least 10 characters"],
          ["body.email", "Email is invalid"],
        ),
      ),
    ).toEqual({
      ok: false,
      fieldErrors: { username: "usernameFormat", password: "passwordTooShort", email: "emailInvalid" },
    });
    expect(
      refusal("password", 400, details(["body.new_password", "Password must be at most 1024 characters"])),
    ).toEqual({
      ok: false,
      fieldErrors: { new_password: "passwordTooLong" },
    });
  });

  it("tells a taken name and a common password", () => {
    expect(refusal("signUp", 409, { error: "conflict", message: "That username is taken" })).toEqual({
      ok: false,
      fieldErrors: { username: "usernameTaken" },
    });
    expect(refusal("signUp", 409, details(["body.username", "Username is already taken"]))).toEqual({
      ok: false,
      fieldErrors: { username: "usernameTaken" },
    });
    expect(
      refusal("signUp", 400, details(["body.password", "This password is one of the most common passwords"])),
    ).toEqual({ ok: false, fieldErrors: { password: "passwordCommon" } });
  });

  it("sign-in's refusal names neither field", () => {
    expect(
      refusal("signIn", 401, { error: "unauthorized", message: "Invalid username or password" }),
    ).toEqual({
      ok: false,
      failure: "invalid-credentials",
    });
  });

  it("says how long to wait after too many attempts", () => {
    const now = Date.parse("2026-11-28T12:00:00Z");
    expect(refusal("signIn", 429, { error: "too_many_requests", message: "slow down" }, "90", now)).toEqual({
      ok: false,
      failure: "rate-limited",
      retryAfterSeconds: 90,
    });
    expect(refusal("signUp", 429, null, null, now)).toEqual({ ok: false, failure: "rate-limited" });
    expect(retryAfterSeconds("Sat, 28 Nov 2026 12:02:00 GMT", now)).toBe(120);
    expect(retryAfterSeconds("soon", now)).toBeNull();
  });

  it("a wrong password asked again is the field's; a 401 elsewhere means the session ended", () => {
    expect(refusal("delete", 403, { error: "forbidden", message: "Wrong password" })).toEqual({
      ok: false,
      fieldErrors: { password: "passwordWrong" },
    });
    expect(
      refusal("password", 401, { error: "unauthorized", message: "The current password is incorrect" }),
    ).toEqual({
      ok: false,
      fieldErrors: { current_password: "passwordWrong" },
    });
    expect(refusal("email", 401, { error: "unauthorized", message: "Not signed in" })).toEqual({
      ok: false,
      failure: "signed-out",
    });
    expect(refusal("delete", 401, { error: "unauthorized", message: "Not signed in" })).toEqual({
      ok: false,
      failure: "signed-out",
    });
  });

  it("a reset link that no longer works, and a new password that is refused", () => {
    expect(
      refusal("resetComplete", 400, { error: "invalid_token", message: "The link has expired" }),
    ).toEqual({
      ok: false,
      failure: "invalid-token",
    });
    expect(
      refusal(
        "resetComplete",
        400,
        details(["body.token", "Too small: expected string to have >=10 characters"]),
      ),
    ).toEqual({
      ok: false,
      failure: "invalid-token",
    });
    expect(
      refusal(
        "resetComplete",
        400,
        details(["body.new_password", "Password must be at least 10 characters"]),
      ),
    ).toEqual({
      ok: false,
      fieldErrors: { new_password: "passwordTooShort" },
    });
  });

  it("reads the account routes' own answers (apps/server/src/players/routes.ts)", () => {
    const wrong = {
      error: "wrong_password",
      message: "The password is not right",
      details: [{ path: "body.password", message: "The password is not right" }],
    };
    expect(refusal("delete", 403, wrong)).toEqual({ ok: false, fieldErrors: { password: "passwordWrong" } });
    expect(refusal("password", 403, wrong)).toEqual({
      ok: false,
      fieldErrors: { current_password: "passwordWrong" },
    });
    expect(refusal("signUp", 400, details(["body.password", "That password is too common"]))).toEqual({
      ok: false,
      fieldErrors: { password: "passwordCommon" },
    });
    expect(
      refusal("signUp", 409, {
        error: "conflict",
        message: "That username is taken",
        details: [{ path: "body.username", message: "That username is taken" }],
      }),
    ).toEqual({ ok: false, fieldErrors: { username: "usernameTaken" } });
    expect(
      refusal("resetComplete", 400, {
        error: "invalid_token",
        message: "The reset link is invalid or has expired",
      }),
    ).toEqual({ ok: false, failure: "invalid-token" });
    expect(
      refusal(
        "signIn",
        429,
        { error: "too_many_requests", message: "Too many failed sign-ins: try again in 60 second(s)" },
        "60",
      ),
    ).toEqual({ ok: false, failure: "rate-limited", retryAfterSeconds: 60 });
  });

  it("anything else is the server's failure", () => {
    expect(refusal("signUp", 500, "<html>")).toEqual({ ok: false, failure: "server" });
    expect(refusal("signIn", 403, { error: "forbidden", message: "Cross-origin request refused" })).toEqual({
      ok: false,
      failure: "server",
    });
    expect(refusal("email", 400, details(["query.x", "Unknown"]))).toEqual({ ok: false, failure: "server" });
  });

  it("a message it does not know still marks its field", () => {
    expect(problemOf("username", "Nope")).toBe("invalid");
    expect(problemOf("new_password", "Password is required")).toBe("required");
  });
});
