export { TitleBar, type TitleBarProps } from "./title-bar";
