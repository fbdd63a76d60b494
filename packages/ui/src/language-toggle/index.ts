export { LanguageToggle, type LanguageToggleProps } from "./language-toggle";
