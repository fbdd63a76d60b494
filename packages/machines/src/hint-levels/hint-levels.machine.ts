import { assign, setup } from "xstate";
import type { HintLevelsContext, HintLevelsEvent } from "./types";

/**
 * Hint levels (spec section 4): pressing Hint opens the hint card at subtle; More Help goes subtle → moderate →
 * explicit; there is no More Help at explicit. Reset (a new position, the Reset button) closes the card.
 */
export const hintLevelsMachine = setup({
  types: {
    context: {} as HintLevelsContext,
    events: {} as HintLevelsEvent,
  },
  actions: {
    countRequest: assign({ requests: ({ context }) => context.requests + 1 }),
    resetRequests: assign({ requests: 0 }),
  },
}).createMachine({
  id: "hintLevels",
  context: { requests: 0 },
  initial: "none",
  on: {
    "hint.reset": { target: ".none", actions: "resetRequests" },
  },
  states: {
    none: {
      on: { "hint.request": { target: "subtle", actions: "countRequest" } },
    },
    subtle: {
      on: { "hint.more": { target: "moderate", actions: "countRequest" } },
    },
    moderate: {
      on: { "hint.more": { target: "explicit", actions: "countRequest" } },
    },
    explicit: {},
  },
});

export type HintLevelsMachine = typeof hintLevelsMachine;
