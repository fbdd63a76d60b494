export {
  SettingSlider,
  type SettingSliderProps,
  SettingSwitch,
  type SettingSwitchProps,
  SettingToggles,
  type SettingTogglesProps,
} from "./setting-toggles";
