import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { loginFormMachine } from "./login-form.machine";
import type { Credentials, LoginResult } from "./types";

function start(login: (c: Credentials) => Promise<LoginResult>) {
  const calls: Credentials[] = [];
  const machine = loginFormMachine.provide({
    actors: {
      login: fromPromise<LoginResult, Credentials>(({ input }) => {
        calls.push(input);
        return login(input);
      }),
    },
  });
  return { actor: createActor(machine).start(), calls };
}

const admin = { username: "admin", password: "correct horse" };

describe("login form machine", () => {
  it("does not submit without both username and password", () => {
    const { actor, calls } = start(async () => ({ token: "t" }));
    actor.send({ type: "form.submit", credentials: { username: " ", password: "x" } });
    actor.send({ type: "form.submit", credentials: { username: "admin", password: "" } });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(calls).toHaveLength(0);
  });

  it("is submitting while the call runs, then done with the token", async () => {
    const { actor } = start(async () => ({ token: "signed-token" }));
    actor.send({ type: "form.submit", credentials: admin });
    expect(actor.getSnapshot().value).toBe("submitting");
    await waitFor(actor, (s) => s.status === "done");
    expect(actor.getSnapshot().output).toEqual({ token: "signed-token" });
  });

  it("reports refused credentials and a failed call differently", async () => {
    const refused = start(async () => null);
    refused.actor.send({ type: "form.submit", credentials: admin });
    await waitFor(refused.actor, (s) => s.matches("idle"));
    expect(refused.actor.getSnapshot().context.failure).toBe("invalid-credentials");

    const broken = start(async () => {
      throw new Error("network");
    });
    broken.actor.send({ type: "form.submit", credentials: admin });
    await waitFor(broken.actor, (s) => s.matches("idle"));
    expect(broken.actor.getSnapshot().context.failure).toBe("error");
  });

  it("clears the failure when the user edits or submits again", async () => {
    let answer: LoginResult = null;
    const { actor } = start(async () => answer);
    actor.send({ type: "form.submit", credentials: admin });
    await waitFor(actor, (s) => s.context.failure !== null);
    actor.send({ type: "form.edit" });
    expect(actor.getSnapshot().context.failure).toBeNull();
    answer = { token: "t2" };
    actor.send({ type: "form.submit", credentials: admin });
    await waitFor(actor, (s) => s.status === "done");
  });
});
