import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { accountFormMachine } from "./account-form.machine";
import type { AccountFormName, AccountSubmitInput, AccountSubmitResult, AccountValues } from "./types";

function start(
  form: AccountFormName,
  submit: (input: AccountSubmitInput) => Promise<AccountSubmitResult>,
  values?: AccountValues,
) {
  const sent: AccountSubmitInput[] = [];
  const machine = accountFormMachine.provide({
    actors: {
      submit: fromPromise<AccountSubmitResult, AccountSubmitInput>(({ input }) => {
        sent.push(input);
        return submit(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { form, ...(values ? { values } : {}) } }).start();
  const fill = (entries: AccountValues) => {
    for (const [field, value] of Object.entries(entries)) {
      actor.send({ type: "form.change", field: field as keyof AccountValues, value: value ?? "" });
    }
  };
  return { actor, sent, fill };
}

const ok = async (): Promise<AccountSubmitResult> => ({ ok: true });

describe("account form machine", () => {
  it("starts with the form's fields empty, or with the values it is given", () => {
    expect(start("signUp", ok).actor.getSnapshot().context.values).toEqual({
      username: "",
      password: "",
      email: "",
    });
    expect(start("email", ok, { email: "ada@example.org" }).actor.getSnapshot().context.values).toEqual({
      email: "ada@example.org",
    });
  });

  it("sign-up refuses a bad name, a short password and a bad email before sending anything", () => {
    const { actor, sent, fill } = start("signUp", ok);
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ username: "required", password: "required" });
    fill({ username: "ab", password: "short", email: "ada@localhost" });
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      username: "usernameFormat",
      password: "passwordTooShort",
      email: "emailInvalid",
    });
    fill({ username: "Ada Lovelace" });
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().context.fieldErrors.username).toBe("usernameFormat");
    expect(sent).toHaveLength(0);
  });

  it("sign-in asks only for both fields: the server decides whether the name exists", async () => {
    const { actor, sent, fill } = start("signIn", ok);
    fill({ username: "x" });
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: "required" });
    fill({ password: "p" });
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().value).toBe("submitting");
    await waitFor(actor, (s) => s.matches("succeeded"));
    expect(sent).toEqual([{ form: "signIn", values: { username: "x", password: "p" } }]);
  });

  it("sends names and emails trimmed and passwords as typed, then forgets the passwords", async () => {
    const { actor, sent, fill } = start("signUp", ok);
    fill({ username: "  ada_99 ", password: " spaces count ", email: " ada@example.org " });
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().can({ type: "form.submit" })).toBe(false);
    await waitFor(actor, (s) => s.matches("succeeded"));
    expect(sent[0]?.values).toEqual({
      username: "ada_99",
      password: " spaces count ",
      email: "ada@example.org",
    });
    expect(actor.getSnapshot().context.values).toEqual({
      username: "  ada_99 ",
      password: "",
      email: " ada@example.org ",
    });
    expect(actor.getSnapshot().context.successes).toBe(1);
  });

  it("shows the server's refusals by field, keeping what was typed", async () => {
    const { actor, fill } = start("signUp", async () => ({
      ok: false,
      fieldErrors: { username: "usernameTaken", password: "passwordCommon" },
    }));
    fill({ username: "magnus", password: "password123" });
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("idle"));
    const { context } = actor.getSnapshot();
    expect(context.fieldErrors).toEqual({ username: "usernameTaken", password: "passwordCommon" });
    expect(context.failure).toBeNull();
    expect(context.values.password).toBe("password123");
    // Typing in a field clears its problem only.
    fill({ username: "magnus2" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ password: "passwordCommon" });
  });

  it("reports a refusal of the whole form, with how long to wait when the server says", async () => {
    let answer: AccountSubmitResult = { ok: false, failure: "invalid-credentials" };
    const { actor, fill } = start("signIn", async () => answer);
    fill({ username: "ada", password: "wrong password" });
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("idle"));
    expect(actor.getSnapshot().context.failure).toBe("invalid-credentials");

    answer = { ok: false, failure: "rate-limited", retryAfterSeconds: 120 };
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().context.failure).toBeNull();
    await waitFor(actor, (s) => s.matches("idle"));
    expect(actor.getSnapshot().context).toMatchObject({ failure: "rate-limited", retryAfterSeconds: 120 });
    fill({ password: "another" });
    expect(actor.getSnapshot().context).toMatchObject({ failure: null, retryAfterSeconds: null });
  });

  it("a refusal without a reason is the server's failure; a call that throws is the network's", async () => {
    const refused = start("resetRequest", async () => ({ ok: false }));
    refused.fill({ username: "ada" });
    refused.actor.send({ type: "form.submit" });
    await waitFor(refused.actor, (s) => s.matches("idle"));
    expect(refused.actor.getSnapshot().context.failure).toBe("server");

    const offline = start("resetRequest", async () => {
      throw new TypeError("Failed to fetch");
    });
    offline.fill({ username: "ada" });
    offline.actor.send({ type: "form.submit" });
    await waitFor(offline.actor, (s) => s.matches("idle"));
    expect(offline.actor.getSnapshot().context.failure).toBe("network");
    expect(offline.actor.getSnapshot().context.values.username).toBe("ada");
  });

  it("the account page's forms can be sent again after a success, and reset to new values", async () => {
    const { actor, sent, fill } = start("email", ok, { email: "old@example.org" });
    fill({ email: "new@example.org" });
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("succeeded"));
    expect(actor.getSnapshot().context.values.email).toBe("new@example.org");
    // Saving the same address again, and an empty one (which removes it), are both allowed.
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.context.successes === 2);
    fill({ email: "" });
    expect(actor.getSnapshot().value).toBe("idle");
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.context.successes === 3);
    expect(sent.map((input) => input.values.email)).toEqual(["new@example.org", "new@example.org", ""]);
    actor.send({ type: "form.reset", values: { email: "" } });
    expect(actor.getSnapshot().value).toBe("idle");
  });

  it("the password form needs the current password and a new one long enough, and forgets both", async () => {
    const { actor, fill } = start("password", ok);
    fill({ new_password: "123456789" });
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      current_password: "required",
      new_password: "passwordTooShort",
    });
    fill({ current_password: "old password!", new_password: "a much longer one" });
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("succeeded"));
    expect(actor.getSnapshot().context.values).toEqual({ current_password: "", new_password: "" });
  });

  it("the reset and delete forms ask for their one field", () => {
    for (const [form, field] of [
      ["resetRequest", "username"],
      ["resetComplete", "new_password"],
      ["delete", "password"],
    ] as const) {
      const { actor } = start(form, ok);
      actor.send({ type: "form.submit" });
      expect(actor.getSnapshot().context.fieldErrors, form).toEqual({ [field]: "required" });
    }
  });
});
