export { type PostEditorMachine, postEditorMachine } from "./post-editor.machine";
export { addTag, buildPayload, isBlankHtml, saveProblem } from "./rules";
export * from "./selectors";
export type * from "./types";
