import { useSyncExternalStore } from "react";
import type { MergeOffer } from "./engine";

/**
 * The merge offer as the shell shows it (account-sync.tsx): null until the page's sync has started (it loads after
 * hydration) and whenever there is nothing to offer. A light module, so the shell does not load the sync to read it.
 */
interface OfferSource {
  read(): MergeOffer | null;
  subscribe(listener: () => void): () => void;
  add(): void;
  keep(): void;
}

let source: OfferSource | null = null;
const listeners = new Set<() => void>();
let unsubscribe: (() => void) | null = null;
let cached: { offer: MergeOffer | null; key: string } = { offer: null, key: "" };

/** Reads the offer again (the sync said something changed), and tells the shell when it did. */
const tell = () => {
  const offer = source?.read() ?? null;
  const key = offer ? `${offer.username}:${offer.puzzles}` : "";
  if (key === cached.key) return;
  cached = { offer, key };
  for (const listener of [...listeners]) listener();
};

/** The page's sync gives its offer here (null: stopped). */
export function setOfferSource(next: OfferSource | null): void {
  unsubscribe?.();
  source = next;
  unsubscribe = next ? next.subscribe(tell) : null;
  tell();
}

/** The offer as last read: the same object while it stays the same (React compares snapshots by identity). */
const snapshot = (): MergeOffer | null => cached.offer;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The offer to show (null on the server and while hydrating), and the player's two answers. */
export function useMergeOffer(): { offer: MergeOffer | null; add: () => void; keep: () => void } {
  const offer = useSyncExternalStore(subscribe, snapshot, () => null);
  return { offer, add: () => source?.add(), keep: () => source?.keep() };
}
