export {
  type FigureRow,
  FigureTable,
  type FigureTableProps,
  type ThemeFigureItem,
  ThemeFigureList,
  type ThemeFigureListProps,
  WhyThisPuzzle,
  type WhyThisPuzzleProps,
} from "./weakness-figures";
