export { isLichessUrl, PuzzleLinks, type PuzzleLinksProps } from "./puzzle-links";
