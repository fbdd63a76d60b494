export * from "./racer-lobby";
export * from "./racer-track";
