export { AUTOSAVE_DELAY_MS, type PostEditorMachine, postEditorMachine } from "./post-editor.machine";
export {
  addTag,
  buildPayload,
  isBlankHtml,
  linkHref,
  NO_SETTINGS,
  sameFields,
  saveProblem,
  scheduleProblem,
  settingsPayload,
} from "./rules";
export * from "./selectors";
export type * from "./types";
