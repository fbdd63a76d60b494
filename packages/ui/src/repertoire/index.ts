export {
  type RepertoireOpeningItem,
  RepertoireOpenings,
  type RepertoireOpeningsProps,
} from "./repertoire-openings";
export {
  type RepertoireAction,
  type RepertoireMoveItem,
  RepertoirePanel,
  type RepertoirePanelProps,
  type RepertoireStatus,
} from "./repertoire-panel";
