import { applyMove, legalMoves, uciOf } from "@ct/chess";
import type { RacerPuzzleView, RacerServerMessage } from "@ct/contract";
import { Chess } from "chessops/chess";
import { parseFen } from "chessops/fen";
import WebSocket from "ws";

type Of<T extends RacerServerMessage["type"]> = Extract<RacerServerMessage, { type: T }>;

/** A race socket for tests and the bench: sends JSON, and waits for the messages it wants in arrival order. */
export class RaceClient {
  readonly #inbox: RacerServerMessage[] = [];
  #wake: (() => void) | null = null;
  /** Called with every message as it comes (the bench's latency). */
  onMessage: ((message: RacerServerMessage) => void) | null = null;
  /** Messages of these types go only to `onMessage`, not to the inbox (the bench's flood of progress). */
  readonly unkept = new Set<RacerServerMessage["type"]>();

  private constructor(readonly socket: WebSocket) {
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as RacerServerMessage;
      this.onMessage?.(message);
      if (this.unkept.has(message.type)) return;
      this.#inbox.push(message);
      this.#wake?.();
    });
  }

  static connect(url: string): Promise<RaceClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.once("open", () => resolve(new RaceClient(socket)));
      socket.once("error", reject);
    });
  }

  send(message: object): void {
    this.socket.send(JSON.stringify(message));
  }

  sendRaw(text: string): void {
    this.socket.send(text);
  }

  close(): void {
    this.socket.close();
  }

  /** The first message of this type (that `matches`) not taken yet; earlier ones of other types stay. */
  async next<T extends RacerServerMessage["type"]>(
    type: T,
    matches: (message: Of<T>) => boolean = () => true,
    withinMs = 3000,
  ): Promise<Of<T>> {
    const deadline = Date.now() + withinMs;
    for (;;) {
      const index = this.#inbox.findIndex((m) => m.type === type && matches(m as Of<T>));
      if (index >= 0) return this.#inbox.splice(index, 1)[0] as Of<T>;
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error(
          `no ${type} message within ${withinMs} ms; got ${JSON.stringify(this.#inbox.map((m) => m.type))}`,
        );
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  }

  /** The next `count` messages of these types, in order. */
  async take(
    count: number,
    types: RacerServerMessage["type"][],
    withinMs = 3000,
  ): Promise<RacerServerMessage[]> {
    const deadline = Date.now() + withinMs;
    const taken: RacerServerMessage[] = [];
    while (taken.length < count) {
      const index = this.#inbox.findIndex((m) => types.includes(m.type));
      if (index >= 0) {
        taken.push(this.#inbox.splice(index, 1)[0] as RacerServerMessage);
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`only ${taken.length} of ${count} messages within ${withinMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return taken;
  }
}

/** A legal move of the puzzle's first position that is neither the line's nor a mate. */
export function wrongMove(puzzle: RacerPuzzleView): string {
  const board = Chess.fromSetup(parseFen(puzzle.fen).unwrap()).unwrap();
  for (const move of legalMoves(board)) {
    const uci = uciOf(board, move);
    if (uci === puzzle.line[0]) continue;
    const played = applyMove(puzzle.fen, uci);
    if (played.ok && !played.san.endsWith("#")) return uci;
  }
  throw new Error(`no wrong move in ${puzzle.fen}`);
}
