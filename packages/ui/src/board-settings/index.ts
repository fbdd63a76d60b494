export * from "./board-settings";
