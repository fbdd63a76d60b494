import type { AnalysisJobSummary } from "@ct/contract";
import { api } from "./client";
import { CLIENT_KEY_HEADER } from "./positions";

/** Admin calls of /api/analysis: the client key of spec section 6 plus the admin's bearer token. */
function adminHeaders(token: string): Record<string, string> {
  return { ...CLIENT_KEY_HEADER, Authorization: `Bearer ${token}` };
}

/** The server's message from a JSON error answer, or the request's own error text. */
export async function errorMessage(error: unknown): Promise<string> {
  const response = (error as { response?: Response }).response;
  if (response) {
    try {
      const body = (await response.clone().json()) as { message?: unknown };
      if (typeof body.message === "string") return body.message;
    } catch {
      // Not JSON: fall through to the status text.
    }
    return `${response.status} ${response.statusText}`;
  }
  return error instanceof Error ? error.message : String(error);
}

export const analysisAdminApi = {
  jobs: (token: string) =>
    api.get("analysis/jobs", { headers: adminHeaders(token), retry: 0 }).json<AnalysisJobSummary[]>(),
  upload: (token: string, file: File, nodes: number) =>
    api
      .post("analysis/jobs", {
        headers: { ...adminHeaders(token), "Content-Type": "application/x-chess-pgn" },
        searchParams: { name: file.name.slice(0, 200) || "upload.pgn", nodes },
        body: file,
        timeout: 120_000,
        retry: 0,
      })
      .json<AnalysisJobSummary>(),
  cancel: (token: string, id: number) =>
    api
      .post(`analysis/jobs/${id}/cancel`, { headers: adminHeaders(token), retry: 0 })
      .json<AnalysisJobSummary>(),
  /** Queues a failed job again; it resumes at its next game. */
  retry: (token: string, id: number) =>
    api
      .post(`analysis/jobs/${id}/retry`, { headers: adminHeaders(token), retry: 0 })
      .json<AnalysisJobSummary>(),
  stop: (token: string) => api.post("analysis/stop", { headers: adminHeaders(token), retry: 0 }).json(),
  resume: (token: string) => api.post("analysis/resume", { headers: adminHeaders(token), retry: 0 }).json(),
};
