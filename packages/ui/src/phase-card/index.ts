export { PhaseCard, type PhaseCardProps } from "./phase-card";
