import { describe, expect, it } from "vitest";
import { createActor } from "xstate";
import { hintLevelsMachine } from "./hint-levels.machine";
import { selectCanAskMore, selectHintLevel, selectHintOpen, selectHintRequests } from "./selectors";

function start() {
  return createActor(hintLevelsMachine).start();
}

describe("hint levels machine (spec section 4)", () => {
  it("starts closed with no More Help", () => {
    const s = start().getSnapshot();
    expect(selectHintLevel(s)).toBe("none");
    expect(selectHintOpen(s)).toBe(false);
    expect(selectCanAskMore(s)).toBe(false);
  });

  it("Hint opens at subtle, More Help climbs to moderate then explicit, where it is hidden", () => {
    const actor = start();
    actor.send({ type: "hint.request" });
    expect(selectHintLevel(actor.getSnapshot())).toBe("subtle");
    expect(selectCanAskMore(actor.getSnapshot())).toBe(true);

    actor.send({ type: "hint.more" });
    expect(selectHintLevel(actor.getSnapshot())).toBe("moderate");
    expect(selectCanAskMore(actor.getSnapshot())).toBe(true);

    actor.send({ type: "hint.more" });
    expect(selectHintLevel(actor.getSnapshot())).toBe("explicit");
    expect(selectCanAskMore(actor.getSnapshot())).toBe(false);

    actor.send({ type: "hint.more" });
    expect(selectHintLevel(actor.getSnapshot())).toBe("explicit");
    expect(selectHintRequests(actor.getSnapshot())).toBe(3);
  });

  it("More Help does nothing before Hint, and Hint does nothing once open", () => {
    const actor = start();
    actor.send({ type: "hint.more" });
    expect(selectHintLevel(actor.getSnapshot())).toBe("none");
    actor.send({ type: "hint.request" });
    actor.send({ type: "hint.request" });
    expect(selectHintLevel(actor.getSnapshot())).toBe("subtle");
    expect(selectHintRequests(actor.getSnapshot())).toBe(1);
  });

  it("reset closes the card from any level", () => {
    for (const steps of [1, 2, 3]) {
      const actor = start();
      actor.send({ type: "hint.request" });
      for (let i = 1; i < steps; i++) actor.send({ type: "hint.more" });
      actor.send({ type: "hint.reset" });
      expect(selectHintLevel(actor.getSnapshot())).toBe("none");
      expect(selectHintRequests(actor.getSnapshot())).toBe(0);
    }
  });
});
