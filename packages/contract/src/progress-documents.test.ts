import { describe, expect, it } from "vitest";
import { documentHoldsProgress, mergeDocumentBodies, readEndgameProgress } from "./progress-documents";

const line = (learnt: string | null, drilled: string | null, clean: boolean, drills: number) => ({
  learnt,
  drilled,
  clean,
  drills,
});
const card = (key: string, lastReview: string | null, reps: number, due = "2026-12-01T00:00:00.000Z") => ({
  key,
  due,
  stability: 1,
  difficulty: 5,
  scheduledDays: 1,
  learningSteps: 0,
  reps,
  lapses: 0,
  state: reps === 0 ? "new" : "review",
  lastReview,
});

const laptop = JSON.stringify({
  version: 1,
  lines: { "ruy-lopez/0": line("2026-11-01T10:00:00.000Z", "2026-11-02T10:00:00.000Z", true, 3) },
  cards: {
    "ruy-lopez:x": card("ruy-lopez:x", "2026-11-02T10:00:00.000Z", 3),
    "ruy-lopez:y": card("ruy-lopez:y", null, 0),
  },
});
const phone = JSON.stringify({
  version: 1,
  lines: {
    "ruy-lopez/0": line("2026-11-03T10:00:00.000Z", "2026-11-04T10:00:00.000Z", false, 1),
    "sicilian-defense/1": line("2026-11-05T10:00:00.000Z", null, false, 0),
  },
  cards: {
    "ruy-lopez:x": card("ruy-lopez:x", "2026-11-04T10:00:00.000Z", 4),
    "ruy-lopez:y": card("ruy-lopez:y", "2026-11-04T10:00:00.000Z", 1),
  },
});

describe("merged progress documents", () => {
  it("keeps the better of both per line and per card, whatever the order", () => {
    const merged = mergeDocumentBodies("repertoire/progress", laptop, phone);
    expect(mergeDocumentBodies("repertoire/progress", phone, laptop)).toBe(merged);
    const body = JSON.parse(merged);
    expect(body.lines["ruy-lopez/0"]).toEqual(
      // The first time it was learnt; the latest drill (with its mistake); the larger count.
      line("2026-11-01T10:00:00.000Z", "2026-11-04T10:00:00.000Z", false, 3),
    );
    expect(body.lines["sicilian-defense/1"].learnt).toBe("2026-11-05T10:00:00.000Z");
    expect(body.cards["ruy-lopez:x"].reps).toBe(4);
    expect(body.cards["ruy-lopez:y"].lastReview).toBe("2026-11-04T10:00:00.000Z");
  });

  it("changes nothing when merged again or with nothing", () => {
    const merged = mergeDocumentBodies("repertoire/progress", laptop, phone);
    expect(mergeDocumentBodies("repertoire/progress", merged, phone)).toBe(merged);
    expect(mergeDocumentBodies("repertoire/progress", merged, null)).toBe(merged);
    expect(mergeDocumentBodies("repertoire/progress", "not json", merged)).toBe(merged);
  });

  it("unites the endgame course's exercises, from the browser's list or the document", () => {
    expect(readEndgameProgress(["lucena", "queen-mate", "lucena", 3])).toEqual({
      solved: ["lucena", "queen-mate"],
    });
    const merged = mergeDocumentBodies("endgame-course/progress", '["philidor"]', '{"solved":["lucena"]}');
    expect(merged).toBe('{"solved":["lucena","philidor"]}');
    expect(documentHoldsProgress("endgame-course/progress", merged)).toBe(true);
    expect(documentHoldsProgress("endgame-course/progress", "[]")).toBe(false);
    expect(documentHoldsProgress("repertoire/progress", '{"version":1,"lines":{},"cards":{}}')).toBe(false);
    expect(documentHoldsProgress("repertoire/progress", laptop)).toBe(true);
  });
});
