import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { Chess } from "chess.js";

/**
 * Puzzles as the end-to-end tests find and play them: through the real API (never fixed ids), with moves clicked on
 * the training board; and what the training specs share besides (the board, the language, the page's clock).
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

/** Where the site keeps the visitor's language choice. */
export const LANGUAGE_KEY = "chesstrainer.language";

/** Every page the test opens starts in Arabic, as for a visitor who chose it before. */
export async function inArabic(page: Page): Promise<void> {
  await page.addInitScript((key) => window.localStorage.setItem(key, "ar"), LANGUAGE_KEY);
}

export const board = (page: Page): Locator => page.locator("[data-slot=board]");
export const square = (page: Page, name: string) => page.locator(`[data-slot=board] [data-square="${name}"]`);
export const feedback = (page: Page): Locator => page.locator("[data-slot=feedback-card]");
export const moveList = (page: Page): Locator => page.locator("[data-slot=move-list] li");
export const taskPosition = (page: Page): Locator => page.locator("[data-slot=task-panel-position]");

/** A one-move puzzle of the phase (a clean solve is then one click away). */
export async function singleMovePuzzle(request: APIRequestContext, phase: string): Promise<Puzzle> {
  const response = await request.get(`/api/tactical-positions/phase/${phase}?per_page=200`);
  const list = (await response.json()) as Puzzle[];
  const found = list.find((p) => p.solution.length <= 1);
  if (!found) throw new Error(`no one-move puzzle in ${phase}`);
  return found;
}

/**
 * A one-move puzzle of the phase whose move mates. A move off its line "also wins" only when it mates as fast
 * (packages/machines/src/training-flow/alternative.ts), so a move that does not mate is a mistake whatever the
 * browser's engine finds in the time it gets: the verdict on a wrong move never depends on the machine's speed.
 */
export async function mateInOnePuzzle(request: APIRequestContext, phase: string): Promise<Puzzle> {
  const response = await request.get(`/api/tactical-positions/phase/${phase}?per_page=200`);
  const list = (await response.json()) as Puzzle[];
  const found = list.find((p) => p.solution.length <= 1 && sanOf(p.fen, firstMove(p)).endsWith("#"));
  if (!found) throw new Error(`no mate in one in ${phase}`);
  return found;
}

/** A move (coordinate or standard) in standard notation, played from the position. */
export function sanOf(fen: string, move: string): string {
  const chess = new Chess(fen);
  return chess.move(
    COORDINATE.test(move) ? { from: move.slice(0, 2), to: move.slice(2, 4), promotion: move[4] } : move,
  ).san;
}

/** The first move the trainer expects, in coordinate form. */
export function firstMove(position: Pick<Puzzle, "fen" | "solution" | "correct_moves">): string {
  const move = position.solution[0] ?? position.correct_moves[0] ?? "";
  if (COORDINATE.test(move)) return move;
  const played = new Chess(position.fen).move(move);
  return `${played.from}${played.to}${played.promotion ?? ""}`;
}

/**
 * A legal move that is not correct, in coordinate form: a quiet one of another piece than the expected move's (so a
 * press on that move's piece is no capture), neither mating nor promoting.
 */
export function quietWrongMove(position: Pick<Puzzle, "fen" | "solution" | "correct_moves">): string {
  const right = firstMove(position);
  const correct = new Set(
    [...position.correct_moves, ...position.solution.slice(0, 1)].map((m) => sanOf(position.fen, m)),
  );
  const move = new Chess(position.fen)
    .moves({ verbose: true })
    .find(
      (m) =>
        m.from !== right.slice(0, 2) &&
        !correct.has(m.san) &&
        !m.promotion &&
        !m.san.includes("#") &&
        !m.captured,
    );
  if (!move) throw new Error(`no quiet wrong move in ${position.fen}`);
  return `${move.from}${move.to}`;
}

/**
 * Plays a move in coordinate form by clicking its two squares, once the board takes moves. A promotion (its piece
 * as the fifth letter) is chosen in the board's picker, which asks unless the player keeps "always a queen".
 */
export async function clickMove(page: Page, move: string) {
  await expect(page.locator("[data-slot=board]")).toHaveAttribute("data-interactive", "true");
  await square(page, move.slice(0, 2)).click();
  await square(page, move.slice(2, 4)).click();
  const promotion = move[4];
  if (promotion === undefined) return;
  const picker = page.locator("[data-slot=board] [data-slot=promotion-picker]");
  const autoQueen = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem("chesstrainer.board") ?? "{}") as { autoQueen?: boolean }).autoQueen,
  );
  if (autoQueen && promotion === "q") return;
  await picker.locator(`[data-piece=${promotion}]`).click();
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
    await clickMove(page, `${move.from}${move.to}${move.promotion ?? ""}`);
    const reply = line[ply + 1];
    if (reply === undefined) break;
    play(reply);
    await expect(page.locator("[data-slot=move-list] li")).toHaveCount(ply + 2);
  }
}

/** Moves the board's keyboard focus to a square with the arrow keys, reading where it is from its live region. */
export async function keyTo(page: Page, target: string) {
  const status = board(page).locator("[data-slot=board-status]");
  const announced = async () => ((await status.textContent()) ?? "").split(",")[0]?.trim() ?? "";
  // After another announcement (a cancelled choice), one step makes the board say where its focus is.
  if (!/^[a-h][1-8]$/.test(await announced())) {
    await page.keyboard.press("ArrowLeft");
    await expect(status).toHaveText(/^[a-h][1-8],/);
  }
  const current = await announced();
  if (!/^[a-h][1-8]$/.test(current)) throw new Error(`the board announced "${current}"`);
  const black = (await board(page).getAttribute("data-orientation")) === "black";
  const files = target.charCodeAt(0) - current.charCodeAt(0);
  const ranks = Number(target[1]) - Number(current[1]);
  const right = black ? -files : files;
  const up = black ? -ranks : ranks;
  for (let i = 0; i < Math.abs(right); i += 1)
    await page.keyboard.press(right > 0 ? "ArrowRight" : "ArrowLeft");
  for (let i = 0; i < Math.abs(up); i += 1) await page.keyboard.press(up > 0 ? "ArrowUp" : "ArrowDown");
  await expect(status).toContainText(target);
}

// ---- The page's clock ---------------------------------------------------------------------------------------------

/**
 * A wrong move plays on the board on the page's timers (apps/site/src/training/mistake-on-board.ts: the move alone
 * 700 ms, the reply 1,800 ms, or 900 ms when the engine gave none), and the engine's load and search give up on
 * timers too (20 s, and the search's budget + 5 s). A test that reads those stages stops the page's clock first
 * (the page must have `page.clock.install()` before it loaded): nothing then moves on but the engine (in a worker)
 * and the player, so what the test sees holds on any machine however slow. `advanceClock` moves time on.
 */
export async function pauseClock(page: Page): Promise<void> {
  // A second ahead of the page's time, which runs on meanwhile (pausing in the past is refused; a refused try has
  // stopped the clock already, so the next one reads a time that stands still).
  await expect(async () => {
    const now = await page.evaluate(() => Date.now());
    await page.clock.pauseAt(now + 1000);
  }).toPass({ intervals: [0], timeout: 30_000 });
}

/** Moves the stopped clock on by `stepMs` until `check` holds (a stage's timer is set just after it renders). */
export async function advanceClock(page: Page, stepMs: number, check: () => Promise<void>): Promise<void> {
  await expect(async () => {
    await page.clock.runFor(stepMs);
    await check();
  }).toPass({ intervals: [50], timeout: 30_000 });
}

/**
 * Keeps every text the matching elements show from now on, however briefly (a verdict the engine gives at once
 * replaces its 'Checking your move…' within a frame); read back with the returned function.
 */
export async function recordTexts(page: Page, selector: string): Promise<() => Promise<string[]>> {
  const key = `__seen_${Math.random().toString(36).slice(2)}`;
  await page.evaluate(
    ({ key, selector }) => {
      const seen: string[] = [];
      (window as unknown as Record<string, string[]>)[key] = seen;
      const note = () => {
        for (const element of Array.from(document.querySelectorAll(selector))) {
          const text = element.textContent ?? "";
          if (seen.at(-1) !== text) seen.push(text);
        }
      };
      new MutationObserver(note).observe(document.body, {
        childList: true,
        subtree: true,
        characterData: true,
      });
    },
    { key, selector },
  );
  return () => page.evaluate((k) => [...((window as unknown as Record<string, string[]>)[k] ?? [])], key);
}
