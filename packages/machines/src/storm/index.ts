export * from "./rules";
export * from "./storm.machine";
