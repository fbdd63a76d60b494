export {
  ChessDiagram,
  type ChessDiagramProps,
  DIAGRAM_START_FEN,
  type DiagramPosition,
  diagramFen,
} from "./chess-diagram";
