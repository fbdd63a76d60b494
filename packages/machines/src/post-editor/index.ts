export { type PostEditorMachine, postEditorMachine } from "./post-editor.machine";
export { addTag, buildPayload, isBlankHtml, linkHref, saveProblem } from "./rules";
export * from "./selectors";
export type * from "./types";
