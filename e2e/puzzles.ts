import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { Chess } from "chess.js";

/**
 * Puzzles as the end-to-end tests find and play them: through the real API (never fixed ids), with moves clicked on
 * the training board.
 */

export interface Puzzle {
  id: number;
  fen: string;
  correct_moves: string[];
  solution: string[];
  themes: string[];
  game_phase: string;
}

const COORDINATE = /^[a-h][1-8][a-h][1-8][qrbn]?$/;

export const square = (page: Page, name: string) => page.locator(`[data-slot=board] [data-square="${name}"]`);

/** A one-move puzzle of the phase (a clean solve is then one click away). */
export async function singleMovePuzzle(request: APIRequestContext, phase: string): Promise<Puzzle> {
  const response = await request.get(`/api/tactical-positions/phase/${phase}?per_page=200`);
  const list = (await response.json()) as Puzzle[];
  const found = list.find((p) => p.solution.length <= 1);
  if (!found) throw new Error(`no one-move puzzle in ${phase}`);
  return found;
}

/** The first move the trainer expects, in coordinate form. */
export function firstMove(position: Pick<Puzzle, "fen" | "solution" | "correct_moves">): string {
  const move = position.solution[0] ?? position.correct_moves[0] ?? "";
  if (COORDINATE.test(move)) return move;
  const played = new Chess(position.fen).move(move);
  return `${played.from}${played.to}${played.promotion ?? ""}`;
}

/** Plays a move in coordinate form by clicking its two squares, once the board takes moves. */
export async function clickMove(page: Page, move: string) {
  await expect(page.locator("[data-slot=board]")).toHaveAttribute("data-interactive", "true");
  await square(page, move.slice(0, 2)).click();
  await square(page, move.slice(2, 4)).click();
}

/** Plays a whole solution line (coordinate or standard moves), waiting for each reply of the opponent. */
export async function solveLine(page: Page, position: Pick<Puzzle, "fen" | "solution" | "correct_moves">) {
  const line = position.solution.length > 0 ? position.solution : [position.correct_moves[0] ?? ""];
  const chess = new Chess(position.fen);
  const play = (text: string) =>
    chess.move(
      COORDINATE.test(text)
        ? { from: text.slice(0, 2), to: text.slice(2, 4), promotion: text[4] ?? "q" }
        : text,
    );
  for (let ply = 0; ply < line.length; ply += 2) {
    const move = play(line[ply] ?? "");
    await clickMove(page, `${move.from}${move.to}`);
    const reply = line[ply + 1];
    if (reply === undefined) break;
    play(reply);
    await expect(page.locator("[data-slot=move-list] li")).toHaveCount(ply + 2);
  }
}
