import type {
  AnalysisStatus,
  GamePhase,
  NextPosition,
  PhaseCounts,
  Position,
  PositionInput,
  PositionSearchInput,
  Stats,
} from "@ct/contract";
import type { KyInstance } from "ky";
import { TimedCache } from "./cache";
import { api } from "./client";

/**
 * Typed client for /api/tactical-positions and /api/analysis (spec section 7). Every non-success answer becomes an
 * ApiCallError carrying the spec's message for that call (section 8), so screens show it as is.
 */
export class ApiCallError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = "ApiCallError";
  }
}

/** The fixed client key header of spec section 6. It identifies the site; it grants nothing on the server. */
export const CLIENT_KEY_HEADER = { "X-API-Key": "chess-trainer-web" };

/** Spec section 9: positions and phase counts are cached for 5 minutes. */
export const POSITIONS_CACHE_MS = 300_000;
const cache = new TimedCache(POSITIONS_CACHE_MS);

/**
 * The server validates every response against the zod schemas of @ct/contract; the site trusts those types and
 * does not ship zod to browsers.
 */
async function call<T>(message: string, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    const status = (error as { response?: Response }).response?.status ?? null;
    throw new ApiCallError(message, status);
  }
}

const base = "tactical-positions";
const withKey = { headers: CLIENT_KEY_HEADER };

export const positionsApi = {
  list: (page = 1, perPage = 50) =>
    call("Failed to fetch positions", () =>
      api.get(`${base}/`, { searchParams: { page, per_page: perPage } }).json<Position[]>(),
    ),
  get: (id: number) =>
    cache.remember(`position:${id}`, () =>
      call("Position not found", () => api.get(`${base}/${id}`).json<Position>()),
    ),
  create: (position: PositionInput) =>
    call("Failed to create position", () =>
      api.post(`${base}/`, { json: position, ...withKey }).json<Position>(),
    ),
  update: (id: number, position: PositionInput) =>
    call("Failed to update position", () =>
      api.put(`${base}/${id}`, { json: position, ...withKey }).json<Position>(),
    ),
  remove: (id: number) =>
    call("Failed to delete position", async () => {
      await api.delete(`${base}/${id}`, withKey);
    }),
  search: (criteria: PositionSearchInput) =>
    call("Failed to search positions", () =>
      api
        .post(`${base}/search`, { json: criteria, ...withKey })
        .json<{ positions: Position[]; total: number; page: number; per_page: number }>(),
    ),
  byDifficulty: (difficulty: number) =>
    call("Failed to fetch positions by difficulty", () =>
      api.get(`${base}/difficulty/${difficulty}`).json<Position[]>(),
    ),
  byPhase: (phase: GamePhase, options: { opening?: string; page?: number; perPage?: number } = {}) => {
    const searchParams: Record<string, string | number> = {
      page: options.page ?? 1,
      per_page: options.perPage ?? 200,
    };
    if (options.opening) searchParams.opening = options.opening;
    return cache.remember(`phase:${phase}:${JSON.stringify(searchParams)}`, () =>
      call("Failed to fetch positions by phase", () =>
        api.get(`${base}/phase/${phase}`, { searchParams }).json<Position[]>(),
      ),
    );
  },
  /** The openings of a phase's positions with their counts (the opening filter's choices). */
  openingsOfPhase: (phase: GamePhase) =>
    cache.remember(`openings:${phase}`, () =>
      call("Failed to fetch openings", () =>
        api.get(`${base}/phase/${phase}/openings`).json<{ openings: { name: string; count: number }[] }>(),
      ),
    ),
  firstByPhase: (phase: GamePhase) =>
    call("Failed to fetch first position by phase", () =>
      api.get(`${base}/phase/${phase}/first`).json<Position>(),
    ),
  nextByPhase: (phase: GamePhase, sequence: number) =>
    call("Failed to fetch next position by phase", () =>
      api.get(`${base}/phase/${phase}/sequence/${sequence}/next`).json<NextPosition>(),
    ),
  batch: (positions: PositionInput[]) =>
    call("Failed to add positions batch", () =>
      api
        .post(`${base}/batch`, { json: { positions }, ...withKey })
        .json<{ created: number; first_id: number | null }>(),
    ),
  stats: () => call("Failed to fetch puzzle statistics", () => api.get(`${base}/stats`).json<Stats>()),
  phaseCounts: () =>
    cache.remember("phase-counts", () =>
      call("Failed to fetch phase counts", () => api.get(`${base}/stats/phase-counts`).json<PhaseCounts>()),
    ),
  nextById: (id: number) =>
    call("Failed to fetch next position", () => api.get(`${base}/${id}/next`).json<NextPosition>()),
  previousBySequence: (sequence: number) =>
    call("Failed to fetch previous position", () =>
      api.get(`${base}/sequence/${sequence}/previous`).json<Position>(),
    ),
  clearCache: () => cache.clear(),
};

/**
 * The reads the home and training pages show first, through the server's own client while it renders them (see
 * entry-server.tsx); nothing is cached here, the server answers them from its own caches.
 */
export function firstReads(client: KyInstance) {
  return {
    stats: () => client.get(`${base}/stats`).json<Stats>(),
    phaseCounts: () => client.get(`${base}/stats/phase-counts`).json<PhaseCounts>(),
    firstByPhase: (phase: GamePhase) => client.get(`${base}/phase/${phase}/first`).json<Position>(),
  };
}

export const analysisApi = {
  status: () =>
    call("Failed to connect to analysis server", () =>
      api.get("analysis/status", { retry: 0 }).json<AnalysisStatus>(),
    ),
};
