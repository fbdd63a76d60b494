import { CONTACT_LIMITS } from "@ct/contract";
import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { contactFormMachine } from "./contact-form.machine";
import type { ContactMessage, ContactSendInput } from "./types";

function start(send: (m: ContactSendInput) => Promise<void>, now?: () => number) {
  const sent: ContactSendInput[] = [];
  const machine = contactFormMachine.provide({
    actors: {
      sendMessage: fromPromise<void, ContactSendInput>(async ({ input }) => {
        sent.push(input);
        await send(input);
      }),
    },
  });
  return { actor: createActor(machine, { input: now ? { now } : {} }).start(), sent };
}

function fill(actor: ReturnType<typeof start>["actor"], values: Partial<ContactMessage>) {
  for (const [field, value] of Object.entries(values)) {
    actor.send({ type: "form.change", field: field as keyof ContactMessage, value });
  }
}

const good = {
  name: " Ada ",
  email: "ada@example.org",
  subject: "Hello",
  message: "A question about endgames.",
};

describe("contact form machine", () => {
  it("refuses to send with empty fields and names each one", () => {
    const { actor, sent } = start(async () => {});
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      name: "required",
      email: "required",
      subject: "required",
      message: "required",
    });
    expect(sent).toHaveLength(0);
  });

  it("refuses an address that is not an email, and blank text", () => {
    const { actor } = start(async () => {});
    fill(actor, { ...good, email: "not-an-email", subject: "   " });
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: "email", subject: "required" });
    fill(actor, { email: "ada@localhost" });
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().context.fieldErrors.email).toBe("email");
  });

  it("refuses what the server would refuse as too long", () => {
    const { actor, sent } = start(async () => {});
    fill(actor, { ...good, message: "x".repeat(CONTACT_LIMITS.message + 1) });
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ message: "tooLong" });
    fill(actor, { message: "x".repeat(CONTACT_LIMITS.message) });
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().value).toBe("sending");
    expect(sent).toHaveLength(1);
  });

  it("typing in a field clears its error", () => {
    const { actor } = start(async () => {});
    actor.send({ type: "form.submit" });
    fill(actor, { name: "Ada" });
    expect(actor.getSnapshot().context.fieldErrors.name).toBeUndefined();
    expect(actor.getSnapshot().context.fieldErrors.email).toBe("required");
  });

  it("sends trimmed values with an empty honeypot and the time the form was open", async () => {
    let clock = 1_000;
    const { actor, sent } = start(
      async () => {},
      () => clock,
    );
    fill(actor, good);
    clock += 8_500;
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().value).toBe("sending");
    expect(actor.getSnapshot().can({ type: "form.submit" })).toBe(false);
    await waitFor(actor, (s) => s.matches("success"));
    expect(sent).toEqual([
      {
        name: "Ada",
        email: "ada@example.org",
        subject: "Hello",
        message: "A question about endgames.",
        website: "",
        elapsed_ms: 8_500,
      },
    ]);
    expect(actor.getSnapshot().context.values.message).toBe("");
  });

  it("passes on what a bot put in the honeypot, so the server can drop it", async () => {
    const { actor, sent } = start(async () => {});
    fill(actor, good);
    actor.send({ type: "form.honeypot", value: "https://spam.example" });
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("success"));
    expect(sent[0]?.website).toBe("https://spam.example");
    expect(actor.getSnapshot().context.honeypot).toBe("");
  });

  it("after a success, typing starts the next message and its fill time starts again", async () => {
    let clock = 0;
    const { actor, sent } = start(
      async () => {},
      () => clock,
    );
    fill(actor, good);
    clock = 10_000;
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("success"));
    expect(actor.getSnapshot().can({ type: "form.submit" })).toBe(false);

    clock = 12_000;
    fill(actor, { name: "Grace" });
    expect(actor.getSnapshot().value).toBe("idle");
    expect(actor.getSnapshot().context.values).toEqual({
      name: "Grace",
      email: "",
      subject: "",
      message: "",
    });
    fill(actor, { email: "grace@example.org", subject: "Again", message: "Second message." });
    clock = 15_000;
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("success"));
    expect(sent[1]?.elapsed_ms).toBe(5_000);

    actor.send({ type: "form.reset" });
    expect(actor.getSnapshot().value).toBe("idle");
  });

  it("keeps what was typed after a failed send and can try again", async () => {
    let fail = true;
    const { actor, sent } = start(async () => {
      if (fail) throw new Error("server down");
    });
    fill(actor, good);
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("error"));
    expect(actor.getSnapshot().context.values.subject).toBe("Hello");

    fail = false;
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("success"));
    expect(sent).toHaveLength(2);
  });

  it("after a failure, editing returns to idle and an invalid retry shows the errors", async () => {
    const { actor } = start(async () => {
      throw new Error("429");
    });
    fill(actor, good);
    actor.send({ type: "form.submit" });
    await waitFor(actor, (s) => s.matches("error"));
    actor.send({ type: "form.change", field: "email", value: "" });
    expect(actor.getSnapshot().value).toBe("idle");
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: "required" });
  });
});
