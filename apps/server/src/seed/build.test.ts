import { positionInputSchema } from "@ct/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EnginePool } from "../engine/pool";
import { buildSeed, type SeedBuild, slug } from "./build";
import { ENDGAMES, readPgnSource } from "./sources";

const LEGAL = "seed:traps:italian-game-legal-s-mate:12";
const LAZARD = "seed:games:amedee-gibaud-frederic-lazard-1924";
const MORTIMER = "seed:traps:ruy-lopez-berlin-defense-mortimer-trap:9";

describe("slug", () => {
  it("keeps source ids to plain lower-case words", () => {
    expect(slug("Richard Réti Savielly Tartakower 1910")).toBe("richard-reti-savielly-tartakower-1910");
    expect(slug("Italian Game: Légal's Mate")).toBe("italian-game-legal-s-mate");
  });
});

describe("buildSeed on a few sources", () => {
  const engine = new EnginePool({ size: 2 });
  let build: SeedBuild;

  beforeAll(async () => {
    const backRank = ENDGAMES.find((entry) => entry.name === "Back rank mate");
    if (!backRank) throw new Error("the endgame list lost its back rank mate");
    const names = ["Italian Game: Légal's Mate", "Ruy Lopez: Berlin Defense, Mortimer Trap"];
    const traps = readPgnSource("traps").games.filter((game) => names.includes(game.headers.Opening ?? ""));
    const games = readPgnSource("games").games.filter((game) => game.headers.White === "Amédée Gibaud");
    build = await buildSeed(
      {
        pgn: [
          { file: "traps", games: traps },
          { file: "games", games },
        ],
        moments: [
          { name: "Lazard's knight to e3", game: "Amédée Gibaud - Frédéric Lazard", move: "4...Ne3" },
          { name: "Not a famous move", game: "Amédée Gibaud - Frédéric Lazard", move: "1.d4" },
        ],
        fens: [{ list: "endgames", entries: [backRank, { ...backRank, name: "Same board again" }] }],
      },
      engine,
      { scanNodes: 60_000, solveNodes: 60_000 },
    );
  }, 120_000);

  afterAll(() => engine.close());

  it("turns a trap line into the punishing move, with the trap's name and opening", () => {
    const legal = build.positions.find((position) => position.source === LEGAL);
    expect(legal?.solution[0]).toBe("c4f7");
    expect(legal?.game_phase).toBe("opening");
    expect(legal?.tags).toEqual(["seed", "opening trap", "Italian Game: Légal's Mate"]);
    expect(legal?.game_metadata).toMatchObject({
      white: null,
      black: null,
      eco: "C50",
      side_to_move: "white",
    });
  });

  it("keeps a trap's last position even when the punishment wins less than a piece", () => {
    const mortimer = build.positions.find((position) => position.source === MORTIMER);
    expect(mortimer?.solution[0]).toBe("c7c6");
    expect(mortimer?.game_metadata).toMatchObject({
      opening: "Ruy Lopez",
      eco: "C65",
      side_to_move: "black",
    });
  });

  it("takes a famous move from its game, with the players, only when the engine finds it the only good one", () => {
    const lazard = build.positions.find((position) => position.source === `${LAZARD}:7`);
    expect(lazard?.solution[0]).toBe("g4e3");
    expect(lazard?.tags).toEqual(["seed", "famous game", "Lazard's knight to e3"]);
    expect(lazard?.game_metadata).toMatchObject({
      white: "Amédée Gibaud",
      black: "Frédéric Lazard",
      eco: "A45",
    });
    expect(build.skipped).toContain(
      `${LAZARD}:0: the engine does not find 1.d4 the only good move (Not a famous move)`,
    );
  });

  it("keeps a position reached from two sources once, from the first source", () => {
    expect(build.skipped).toContain(`${LAZARD}:7: the same position comes from an earlier source`);
    expect(build.skipped).toContain(
      "seed:endgames:same-board-again:0: the same position comes from an earlier source",
    );
    expect(build.positions.map((position) => position.source)).toContain("seed:endgames:back-rank-mate:0");
    expect(build.perSource).toMatchObject({ traps: 2, moments: 1, games: 0, endgames: 1 });
  });

  it("gives valid position inputs, sorted phase by phase", () => {
    for (const { coach, ...position } of build.positions) {
      expect(positionInputSchema.parse(position)).toEqual(position);
      // The texts are the composer's from the engine's facts stored beside them (./coach-facts.ts).
      expect(coach.cp !== undefined || coach.mate !== undefined, position.source ?? "").toBe(true);
    }
    const order = ["opening", "middlegame", "endgame"];
    const phases = build.positions.map((position) => order.indexOf(position.game_phase));
    expect(phases).toEqual([...phases].sort((a, b) => a - b));
    const { opening, middlegame, endgame } = build.perPhase;
    expect(opening + middlegame + endgame).toBe(build.positions.length);
  });
});
