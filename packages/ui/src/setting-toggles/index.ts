export { SettingToggles, type SettingTogglesProps } from "./panel";
export {
  SettingSlider,
  type SettingSliderProps,
  SettingSwitch,
  type SettingSwitchProps,
} from "./setting-toggles";
