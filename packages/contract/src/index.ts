export * from "./admin";
export * from "./analysis";
export * from "./errors";
export * from "./phases";
export * from "./positions";
export * from "./session";
