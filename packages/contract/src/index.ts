export * from "./errors";
export * from "./positions";
export * from "./session";
