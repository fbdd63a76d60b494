export * from "./account-forms";
export * from "./account-progress";
export * from "./admin-session";
export * from "./coach";
export * from "./contact-form";
export * from "./hint-levels";
export * from "./login-form";
export * from "./post-editor";
export * from "./progress";
export {
  type RacerContext,
  type RacerEvent,
  racerMachine,
  racerMsLeft,
  racerStateAt,
} from "./racer/racer.machine";
export * from "./rating";
export * from "./repertoire";
export * from "./review";
export * from "./training-flow";
export * from "./training-store";
