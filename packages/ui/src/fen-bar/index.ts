export { FenBar, type FenBarProps } from "./fen-bar";
