import { parseRepertoirePgn } from "@ct/chess";
import { describe, expect, it } from "vitest";
import { cardKey } from "./cards";
import { drillContinue, drillDone, drillExpectedMove, drillLine, drillPlay, startDrill } from "./drill";
import { learnedComments, learnPlay, learnStep, startLearn } from "./learn";
import { emptyRecords, lineProgress, markLearnt, openingProgress, readRecords } from "./records";
import { buildTree, playerMoves, repertoireMove } from "./tree";

const HEAD = (name: string) =>
  `[Event "${name}"]\n[Opening "Petrov's Defense"]\n[Repertoire "Black"]\n[ECO "C42"]\n`;
const PGN = `${HEAD("Classical")}[LineName "Classical"]\n[LineNameAr "الكلاسيكي"]

1. e4 e5 2. Nf3 Nf6 {en: Counter-attack e4. | ar: الهجوم المضاد على e4.} 3. Nxe5 d6 4. Nf3 Nxe4 *

${HEAD("Three Knights")}[LineName "3.Nc3"]\n[LineNameAr "3.Nc3"]

1. e4 e5 2. Nf3 Nf6 3. Nc3 Nc6 {en: Transpose to the Four Knights. | ar: التحول إلى الأحصنة الأربعة.} *
`;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const T0 = Date.parse("2026-11-29T10:00:00Z");
const tree = buildTree("petrovs-defense", parseRepertoirePgn(PGN));
const [classical, knights] = tree.lines;

describe("the repertoire tree", () => {
  it("merges the lines' common moves and marks the player's", () => {
    expect(tree.lines.map((line) => line.id)).toEqual(["petrovs-defense/0", "petrovs-defense/1"]);
    const afterNf6 = tree.nodes.get(classical?.moves[4]?.fenBefore ?? "");
    expect(afterNf6?.byPlayer).toBe(false);
    expect(afterNf6?.moves.map((entry) => [entry.move.san, entry.lineIds])).toEqual([
      ["Nxe5", ["petrovs-defense/0"]],
      ["Nc3", ["petrovs-defense/1"]],
    ]);
    const shared = tree.nodes.get(classical?.moves[3]?.fenBefore ?? "");
    expect(shared?.moves).toHaveLength(1);
    expect(shared?.moves[0]?.lineIds).toEqual(["petrovs-defense/0", "petrovs-defense/1"]);
    expect(playerMoves(classical as never).map((move) => move.san)).toEqual(["e5", "Nf6", "d6", "Nxe4"]);
    expect(repertoireMove(tree, classical?.moves[3]?.fenBefore ?? "")?.comment?.en).toBe(
      "Counter-attack e4.",
    );
  });
});

describe("Learn", () => {
  it("walks a line move by move with its comments, waiting for the right move on the board", () => {
    let state = startLearn(knights as never);
    expect(learnStep(state)).toMatchObject({ kind: "move", number: 1, total: 6, move: { san: "e4" } });
    for (let step = 0; step < 3; step++) state = learnPlay(state).state;
    expect(learnStep(state)).toMatchObject({
      move: { san: "Nf6", comment: { ar: "الهجوم المضاد على e4." } },
    });
    expect(learnPlay(state, "b8c6")).toEqual({ state, right: false });
    state = learnPlay(state, "g8f6").state;
    expect(learnedComments(state).map((move) => move.san)).toEqual(["Nf6"]);
    state = learnPlay(learnPlay(state).state).state;
    expect(learnStep(state)).toEqual({ kind: "done", total: 6 });
  });
});

describe("Drill", () => {
  it("plays the opponent's moves, asks the player's, and trains every branch, never-drilled first", () => {
    let state = startDrill(tree, emptyRecords(), T0);
    expect(state.queue).toEqual(["petrovs-defense/0", "petrovs-defense/1"]);
    expect(state.index).toBe(1);
    for (const uci of ["e7e5", "g8f6", "d7d6", "f6e4"]) state = drillPlay(state, uci, T0);
    expect(state.results).toEqual([{ lineId: "petrovs-defense/0", clean: true }]);
    expect(drillLine(state)?.id).toBe("petrovs-defense/1");
    expect(drillExpectedMove(state)?.san).toBe("e5");
    for (const uci of ["e7e5", "g8f6", "b8c6"]) state = drillPlay(state, uci, T0);
    expect(drillDone(state)).toBe(true);
    // The next session starts with the branch drilled least recently.
    expect(startDrill(tree, state.records, T0 + MINUTE).queue[0]).toBe("petrovs-defense/0");
    expect(state.records.lines["petrovs-defense/1"]).toMatchObject({ clean: true, drills: 1 });
  });

  it("shows the repertoire move and its comment after a wrong move and brings the line back later", () => {
    let state = startDrill(tree, emptyRecords(), T0, ["petrovs-defense/0"]);
    state = drillPlay(state, "e7e5", T0);
    state = drillPlay(state, "b8c6", T0);
    expect(state.feedback).toEqual({
      played: "b8c6",
      expected: expect.objectContaining({
        san: "Nf6",
        comment: { en: "Counter-attack e4.", ar: "الهجوم المضاد على e4." },
      }),
    });
    expect(drillExpectedMove(state)).toBeUndefined();
    expect(state.queue).toEqual(["petrovs-defense/0", "petrovs-defense/0"]);
    const key = cardKey("petrovs-defense", classical?.moves[3]?.fenBefore ?? "");
    expect(state.records.cards[key]).toMatchObject({ state: "learning", lapses: 0 });
    expect(Date.parse(state.records.cards[key]?.due ?? "")).toBe(T0 + MINUTE);
    state = drillContinue(state, T0);
    expect(drillExpectedMove(state)?.san).toBe("d6");
    state = drillPlay(drillPlay(state, "d7d6", T0), "f6e4", T0);
    expect(state.results).toEqual([{ lineId: "petrovs-defense/0", clean: false }]);
    // The line comes back in the same session, from its first move.
    expect(drillLine(state)?.id).toBe("petrovs-defense/0");
    expect(state.index).toBe(1);
    for (const uci of ["e7e5", "g8f6", "d7d6", "f6e4"]) state = drillPlay(state, uci, T0 + 2 * MINUTE);
    expect(drillDone(state)).toBe(true);
    expect(state.results.map((result) => result.clean)).toEqual([false, true]);
  });
});

describe("progress", () => {
  it("counts lines learnt, mastered and due per opening", () => {
    let records = markLearnt(emptyRecords(), "petrovs-defense/1", T0);
    expect(lineProgress(records, tree, knights as never, T0)).toEqual({ status: "learnt", moves: 3, due: 3 });
    let state = startDrill(tree, records, T0, ["petrovs-defense/0"]);
    for (const uci of ["e7e5", "g8f6", "d7d6", "f6e4"]) state = drillPlay(state, uci, T0);
    records = state.records;
    // Right after a clean drill the cards wait for their next step (10 minutes), so the line is mastered for now.
    expect(lineProgress(records, tree, classical as never, T0)).toMatchObject({ status: "mastered", due: 0 });
    expect(openingProgress(records, tree, T0)).toEqual({ lines: 2, learnt: 2, mastered: 1, due: 0 });
    expect(openingProgress(records, tree, T0 + DAY)).toEqual({ lines: 2, learnt: 2, mastered: 0, due: 1 });
    expect(readRecords(JSON.parse(JSON.stringify(records)))).toEqual(records);
    expect(readRecords("nonsense")).toEqual(emptyRecords());
  });
});
