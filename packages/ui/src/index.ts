export * from "./banner";
export * from "./board";
export * from "./button";
export * from "./language-toggle";
export { cn } from "./lib/cn";
export * from "./nav-bar";
export * from "./spinner";
