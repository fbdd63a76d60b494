/** A position written down directly: a study, a textbook ending, a mating pattern or a moment of a famous game. */
export interface FenSource {
  /** Unique within its list; it names the position in the seed's source ids and tags. */
  name: string;
  /** Full FEN; the side to move is the one that has the only good move. */
  fen: string;
  /** What the position teaches, for whoever reads or extends the list. */
  note?: string;
  /** PGN tags of the game the position comes from (White, Black, Event, Date, ECO, …), when it has one. */
  game?: Readonly<Record<string, string>>;
}
