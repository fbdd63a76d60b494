export * from "./admin";
export * from "./analysis";
export * from "./errors";
export * from "./positions";
export * from "./session";
