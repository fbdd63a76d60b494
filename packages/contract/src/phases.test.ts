import { describe, expect, it } from "vitest";
import { moduleForPhase, parsePhase, phaseForModule } from "./phases";
import { positionSearchSchema } from "./positions";

const PROTOTYPE_NAMES = Object.getOwnPropertyNames(Object.prototype);

describe("phase names", () => {
  it("maps every spelling onto the stored phase", () => {
    expect(
      ["opening", "middlegame", "middle-game", "middleGame", "endGame", "end_game"].map(parsePhase),
    ).toEqual(["opening", "middlegame", "middlegame", "middlegame", "endgame", "endgame"]);
    expect(phaseForModule("middle-game")).toBe("middlegame");
    expect(moduleForPhase("middlegame")).toBe("middle-game");
  });

  it("knows no phase by a name of Object.prototype", () => {
    expect(PROTOTYPE_NAMES).toContain("__proto__");
    for (const name of [...PROTOTYPE_NAMES, "prototype", "Opening", "", " opening"]) {
      expect(parsePhase(name), name).toBeNull();
      expect(phaseForModule(name), name).toBeNull();
    }
  });

  it("refuses such a phase in a search with the field's name", () => {
    for (const name of PROTOTYPE_NAMES) {
      const result = positionSearchSchema.safeParse({ phase: name });
      expect(result.success, name).toBe(false);
      expect(result.error?.issues[0]?.path, name).toEqual(["phase"]);
    }
  });
});
