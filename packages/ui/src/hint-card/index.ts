export { HINT_LEVELS, HintCard, type HintCardProps, type HintLevel, hintCardVariants } from "./hint-card";
