/** A race of Puzzle Racer (migration 0020): its truth, shared by every server process. */
export interface RacerRacesTable {
  /** 8 letters or digits, the race's link. */
  id: string;
  /** The public queue's races (1) or a player's own (0). */
  public: number;
  /** The owning player's id in racer_players (null for the queue's races). */
  owner: string | null;
  /** JSON RacerPuzzleView[]: chosen at creation, the same for every player. */
  puzzles: string;
  /** ISO: when the racing begins (after the countdown); null in the lobby. */
  starts_at: string | null;
  /** ISO: when it ends (starts_at + 90 s, or earlier once everyone went through the puzzles). */
  ends_at: string | null;
  /** The rematch race's id, once someone asked for one. */
  rematch_id: string | null;
  created_at: string;
}

/** One player of one race: the secret token only as its SHA-256; progress as JSON (RacerProgress). */
export interface RacerPlayersTable {
  race_id: string;
  /** Public id, 8 letters or digits (what others see of them beside the name). */
  id: string;
  token_hash: string;
  name: string;
  /** Lower-case name: unique in a race. */
  name_key: string;
  /** The signed-in account (players.id), or null for a guest. */
  account_id: number | null;
  /** The client's network (the join limit counts joins per network and minute). */
  network: string;
  joined_at: string;
  progress: string;
  score: number;
  /** Bumped by every write of the progress: a write that lost a race with another is judged again. */
  version: number;
  /** The second (Unix time) of the latest moves and how many, for the move limit across processes. */
  window_second: number;
  window_moves: number;
}

export interface RacerTables {
  racer_races: RacerRacesTable;
  racer_players: RacerPlayersTable;
}
