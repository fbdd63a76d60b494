import { type PositionProgress, positionProgressId } from "@ct/machines";
import { describe, expect, it } from "vitest";
import { outcomeCountsOf } from "./progress";

const record = (scenarioId: string, positionId: number, outcome?: PositionProgress["outcome"]) =>
  ({
    id: positionProgressId(scenarioId, String(positionId)),
    ...(outcome ? { outcome } : {}),
  }) as PositionProgress;

describe("outcomeCountsOf", () => {
  const records = [
    record("middle-game", 1, "clean"),
    record("middle-game", 2, "helped"),
    record("endgame", 3, "clean"),
    record("review", 2, "failed"),
    record("opening", 4),
  ];

  it("counts one scenario's puzzles by their latest finished try", () => {
    expect(outcomeCountsOf(records, "middle-game")).toEqual({ clean: 1, helped: 1, failed: 0 });
    expect(outcomeCountsOf(records, "opening")).toEqual({ clean: 0, helped: 0, failed: 0 });
  });

  it("counts every scenario without one (the dashboard)", () => {
    expect(outcomeCountsOf(records)).toEqual({ clean: 2, helped: 1, failed: 1 });
  });
});
