export { type GameInfo, GameInfoCard, type GameInfoCardProps, type GameInfoLabels } from "./game-info-card";
