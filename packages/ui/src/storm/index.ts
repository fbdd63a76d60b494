export * from "./storm-hud";
export * from "./storm-leaderboard";
export * from "./storm-result";
export * from "./storm-start";
