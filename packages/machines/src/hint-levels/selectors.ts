import type { SnapshotFrom } from "xstate";
import type { HintLevelsMachine } from "./hint-levels.machine";
import type { HintLevel } from "./types";

type Snapshot = SnapshotFrom<HintLevelsMachine>;

export const selectHintLevel = (s: Snapshot): HintLevel => s.value as HintLevel;
/** The hint card is open from subtle on. */
export const selectHintOpen = (s: Snapshot) => !s.matches("none");
/** More Help is offered at subtle and moderate, hidden at explicit. */
export const selectCanAskMore = (s: Snapshot) => s.can({ type: "hint.more" });
export const selectHintRequests = (s: Snapshot) => s.context.requests;
