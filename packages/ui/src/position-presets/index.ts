export { type PositionPreset, PositionPresets, type PositionPresetsProps } from "./position-presets";
