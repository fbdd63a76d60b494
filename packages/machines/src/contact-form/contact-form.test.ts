import { describe, expect, it } from "vitest";
import { createActor, fromPromise, waitFor } from "xstate";
import { contactFormMachine } from "./contact-form.machine";
import type { ContactMessage } from "./types";

function start(send: (m: ContactMessage) => Promise<void>) {
  const sent: ContactMessage[] = [];
  const machine = contactFormMachine.provide({
    actors: {
      sendMessage: fromPromise<void, ContactMessage>(async ({ input }) => {
        sent.push(input);
        await send(input);
      }),
    },
  });
  return { actor: createActor(machine).start(), sent };
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

  it("refuses an address that is not an email", () => {
    const { actor } = start(async () => {});
    fill(actor, { ...good, email: "not-an-email" });
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({ email: "email" });
  });

  it("typing in a field clears its error", () => {
    const { actor } = start(async () => {});
    actor.send({ type: "form.submit" });
    fill(actor, { name: "Ada" });
    expect(actor.getSnapshot().context.fieldErrors.name).toBeUndefined();
    expect(actor.getSnapshot().context.fieldErrors.email).toBe("required");
  });

  it("sends trimmed values, reaches success and clears the form", async () => {
    const { actor, sent } = start(async () => {});
    fill(actor, good);
    actor.send({ type: "form.submit" });
    expect(actor.getSnapshot().value).toBe("sending");
    await waitFor(actor, (s) => s.matches("success"));
    expect(sent[0]?.name).toBe("Ada");
    expect(actor.getSnapshot().context.values.message).toBe("");
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
});
