export {
  applyDrop,
  applyTool,
  type EditorPieces,
  type EditorTool,
  PositionEditor,
  type PositionEditorLabels,
  type PositionEditorProps,
} from "./position-editor";
export {
  type CastlingFlags,
  type CastlingRightKey,
  PositionSettings,
  type PositionSettingsLabels,
  type PositionSettingsProps,
} from "./position-settings";
