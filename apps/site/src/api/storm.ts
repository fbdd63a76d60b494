import type { StormLeaderboard, StormPeriod, StormResult, StormRun, StormSubmission } from "@ct/contract";
import { api } from "./client";

/** Puzzle Storm's API (issue 41): a run's puzzles, the check of a played run, and the tables. */
export const stormApi = {
  /** A new run: every puzzle in one answer, so the next one is on the board at once. */
  run(): Promise<StormRun> {
    return api.get("storm/run", { retry: 0 }).json<StormRun>();
  },
  /** The run's moves: the server replays them for the score (and keeps a signed-in player's run). */
  submit(submission: StormSubmission): Promise<StormResult> {
    return api
      .post("storm/runs", { json: submission, credentials: "same-origin", retry: 0 })
      .json<StormResult>();
  },
  leaderboard(period: StormPeriod): Promise<StormLeaderboard> {
    return api.get("storm/leaderboard", { searchParams: { period } }).json<StormLeaderboard>();
  },
};
