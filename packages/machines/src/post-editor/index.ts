export { AUTOSAVE_DELAY_MS, type PostEditorMachine, postEditorMachine } from "./post-editor.machine";
export { addTag, buildPayload, isBlankHtml, linkHref, sameFields, saveProblem } from "./rules";
export * from "./selectors";
export type * from "./types";
