import type { RacerEntry } from "@ct/contract";
import { api } from "./client";

/** Puzzle Racer's API (issue 41): open, join and the public queue; the race itself goes over its socket. */
export const racerApi = {
  create(name?: string): Promise<RacerEntry> {
    return api.post("racer/races", { json: name ? { name } : {}, retry: 0 }).json<RacerEntry>();
  },
  join(id: string, name?: string): Promise<RacerEntry> {
    return api.post(`racer/races/${id}/join`, { json: name ? { name } : {}, retry: 0 }).json<RacerEntry>();
  },
  queue(name?: string): Promise<RacerEntry> {
    return api.post("racer/queue", { json: name ? { name } : {}, retry: 0 }).json<RacerEntry>();
  },
};

/** The race's socket address on this site. */
export function racerSocketUrl(id: string): string {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${window.location.host}/api/racer/races/${id}/socket`;
}
