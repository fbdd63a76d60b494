import { describe, expect, it } from "vitest";
import { columnsOfFirstLine, DEFAULT_COLUMNS, mapLichessRow, splitCsvLine } from "./lichess-csv";

const row = (
  id: string,
  fen: string,
  moves: string,
  themes = "middlegame short",
  tags = "",
  gameUrl = "https://lichess.org/abc",
) => [id, fen, moves, "1500", "80", "95", "1000", themes, gameUrl, tags].join(",");

function mapped(line: string) {
  const result = mapLichessRow(splitCsvLine(line) ?? [], DEFAULT_COLUMNS);
  if (!result.ok) throw new Error(result.reason);
  return result.puzzle;
}

describe("lichess CSV rows", () => {
  it("splits plain and quoted fields", () => {
    expect(splitCsvLine("a,b,,c")).toEqual(["a", "b", "", "c"]);
    expect(splitCsvLine('a,"b,c","say ""hi"""')).toEqual(["a", "b,c", 'say "hi"']);
    expect(splitCsvLine('a,"open')).toBeNull();
  });

  it("reads the header in any column order, or takes a headerless first row in the published order", () => {
    const reordered = columnsOfFirstLine("Moves,FEN,Rating,PuzzleId\r");
    expect(reordered).toMatchObject({ header: true, columns: { moves: 0, fen: 1, rating: 2, id: 3 } });
    const first = row("00001", "6k1/5ppp/8/8/8/8/5PPP/4R1K1 b - - 0 1", "g8f8 e1e8");
    expect(columnsOfFirstLine(first)).toEqual({ columns: DEFAULT_COLUMNS, header: false });
    expect(columnsOfFirstLine("PuzzleId,FEN,Moves")).toBeNull();
    expect(columnsOfFirstLine("id,name")).toBeNull();
  });

  it("plays castling, en passant and under-promotion in coordinate form", () => {
    const castled = mapped(
      row("00pcf", "1k1r3r/ppqn2p1/2p1p1p1/8/1B1PQ3/2P5/PP3PPP/R3K2R w KQ - 1 18", "e1g1 c7h2"),
    );
    expect(castled.fen).toBe("1k1r3r/ppqn2p1/2p1p1p1/8/1B1PQ3/2P5/PP3PPP/R4RK1 b - - 2 18");
    const enPassant = mapped(
      row("00RiT", "8/pp1k1p2/4p3/2ppPr1r/5PpP/2P3P1/P1P5/2K1RR2 b - f3 0 22", "g4f3 g3g4 f5e5 g4h5"),
    );
    expect(enPassant.fen).toBe("8/pp1k1p2/4p3/2ppPr1r/7P/2P2pP1/P1P5/2K1RR2 w - - 0 23");
    const rook = mapped(
      row(
        "005gP",
        "8/8/3p4/2kP4/1p4P1/2pK4/P7/8 w - - 1 42",
        "g4g5 c5d5 g5g6 d5e6 g6g7 e6f7 a2a4 b4a3 g7g8r f7g8",
        "advancedPawn long",
      ),
    );
    expect(JSON.parse(rook.solution)).toContain("g7g8r");
    // No phase among the themes: the position decides (no pieces but kings and pawns).
    expect(rook.game_phase).toBe("endgame");
  });

  it("keeps the game's address when it is a lichess game, and nothing else", () => {
    const fen = "6k1/5ppp/8/8/8/8/5PPP/4R1K1 b - - 0 1";
    const metadata = (gameUrl: string) =>
      JSON.parse(mapped(row("00009", fen, "g8f8 e1e8", "mate", "", gameUrl)).game_metadata).game_url;
    expect(metadata("https://lichess.org/787zsVup/black#48")).toBe("https://lichess.org/787zsVup/black#48");
    expect(metadata("https://lichess.org/787zsVup#31")).toBe("https://lichess.org/787zsVup#31");
    for (const bad of [
      "",
      "https://lichess.org/abc",
      "http://lichess.org/787zsVup",
      "https://evil.org/787zsVup",
    ])
      expect(metadata(bad), bad).toBeUndefined();
    const headerless = { ...DEFAULT_COLUMNS, gameUrl: -1 };
    const result = mapLichessRow(splitCsvLine(row("00010", fen, "g8f8 e1e8", "mate")) ?? [], headerless);
    expect(result.ok && JSON.parse(result.puzzle.game_metadata).game_url).toBeUndefined();
  });

  it("keeps the first opening tag that maps to the list; ECO only when the family has one code", () => {
    const fen = "6k1/5ppp/8/8/8/8/5PPP/4R1K1 b - - 0 1";
    const polishThenFrench = mapped(row("00002", fen, "g8f8 e1e8", "mate", "Polish_Opening French_Defense"));
    expect({ opening: polishThenFrench.opening, eco: polishThenFrench.eco }).toEqual({
      opening: "French Defense",
      eco: null,
    });
    const scandinavian = mapped(row("00003", fen, "g8f8 e1e8", "mate", "Scandinavian_Defense"));
    expect(scandinavian.eco).toBe("B01");
    expect(scandinavian.facets).toEqual([
      "phase\u0000endgame",
      "theme\u0000mate",
      "opening\u0000Scandinavian Defense",
    ]);
  });

  it("refuses a row whose solution runs past its end or whose themes are not keys", () => {
    const fen = "6k1/5ppp/8/8/8/8/5PPP/4R1K1 b - - 0 1";
    const refusal = (line: string) => mapLichessRow(splitCsvLine(line) ?? [], DEFAULT_COLUMNS);
    expect(refusal(row("00004", fen, "g8f8"))).toEqual({
      ok: false,
      reason: "Moves needs the opponent's move and at least one solution move",
    });
    expect(refusal(row("00005", fen, "g8f8 e1e8 h7h5"))).toEqual({
      ok: false,
      reason: "move 3 (h7h5) is not legal",
    });
    // The same refusals whether the solution is checked by the composer (themes given) or before the tagger.
    expect(refusal(row("00007", fen, "g8f8 e1e8 h7h5", ""))).toEqual({
      ok: false,
      reason: "move 3 (h7h5) is not legal",
    });
    expect(refusal(row("00008", fen, "g8f8 e1e9"))).toEqual({
      ok: false,
      reason: 'move 2 "e1e9" is not in coordinate form',
    });
    // A promotion needs its letter: the stored solution is what the player's move is compared with.
    const promotion = "8/4P1k1/8/8/8/8/8/K7 b - - 0 1";
    expect(refusal(row("00009", promotion, "g7g6 e7e8"))).toEqual({
      ok: false,
      reason: "move 2 (e7e8) is not legal",
    });
    expect(mapped(row("0000A", promotion, "g7g6 e7e8q")).solution).toBe('["e7e8q"]');
    expect(refusal(row("00006", fen, "g8f8 e1e8", "mate <script>"))).toEqual({
      ok: false,
      reason: 'theme "<script>" is not a theme key',
    });
  });
});
