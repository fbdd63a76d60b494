import type { AnalysisJobSummary, AnalysisStatus } from "@ct/contract";
import {
  Alert,
  type AnalysisJobLabels,
  AnalysisJobList,
  type AnalysisStatusLabels,
  AnalysisStatusPanel,
  Button,
  buttonVariants,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  inputClassName,
} from "@ct/ui";
import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { analysisAdminApi, errorMessage } from "../../api/analysis";
import { analysisApi } from "../../api/positions";
import { usePolling } from "../../lib/use-polling";
import { Page } from "../../pages/page";
import { useAdminSessionEvents, useAdminToken } from "../session";

/** Spec section 9: the analysis status is polled every 5000 ms. */
const POLL_MS = 5000;
const BUDGETS = [
  { key: "quick", nodes: 200_000 },
  { key: "standard", nodes: 500_000 },
  { key: "deep", nodes: 2_000_000 },
] as const;

type Notice = { kind: "success" | "error"; text: string } | null;

/**
 * /admin/analysis: upload PGN files for the analysis worker, watch its progress, stop and resume it, cancel a job
 * or retry a failed one.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const token = useAdminToken() ?? "";
  const session = useAdminSessionEvents();
  const [notice, setNotice] = useState<Notice>(null);
  const [uploading, setUploading] = useState(false);
  const [fileName, setFileName] = useState("");
  const fileNameId = useId();

  /** A 401 means the server no longer accepts the token: end the session (the guard sends the admin to login). */
  const guarded = async <T,>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if ((error as { response?: Response }).response?.status === 401) session.expire();
      throw error;
    }
  };

  const status = usePolling<AnalysisStatus>(() => analysisApi.status(), POLL_MS);
  const jobs = usePolling<AnalysisJobSummary[]>(() => guarded(() => analysisAdminApi.jobs(token)), POLL_MS);

  const act = async (call: () => Promise<unknown>) => {
    try {
      await guarded(call);
      setNotice(null);
    } catch (error) {
      setNotice({ kind: "error", text: await errorMessage(error) });
    }
    status.refresh();
    jobs.refresh();
  };

  /** A failed job queued again: the notice says where its analysis resumes. */
  const retry = async (id: number) => {
    try {
      const job = await guarded(() => analysisAdminApi.retry(token, id));
      setNotice({
        kind: "success",
        text: t("analysis.retried", { name: job.name, game: job.games_analyzed + 1 }),
      });
    } catch (error) {
      setNotice({ kind: "error", text: await errorMessage(error) });
    }
    status.refresh();
    jobs.refresh();
  };

  const upload = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const file = data.get("pgn");
    if (!(file instanceof File) || file.size === 0) {
      setNotice({ kind: "error", text: t("analysis.chooseFile") });
      return;
    }
    setUploading(true);
    try {
      const job = await guarded(() => analysisAdminApi.upload(token, file, Number(data.get("nodes"))));
      setNotice({
        kind: "success",
        text: t("analysis.uploaded", { count: job.total_games, name: job.name }),
      });
      form.reset();
      setFileName("");
    } catch (error) {
      setNotice({ kind: "error", text: t("analysis.uploadFailed", { message: await errorMessage(error) }) });
    } finally {
      setUploading(false);
    }
    status.refresh();
    jobs.refresh();
  };

  const paused = status.data?.paused ?? false;
  return (
    <Page title={t("analysis.title")}>
      <p className="mb-6 max-w-3xl text-fg-muted">{t("analysis.intro")}</p>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_380px]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>{t("analysis.uploadTitle")}</CardTitle>
              <CardDescription>{t("analysis.uploadHelp")}</CardDescription>
            </CardHeader>
            <CardContent>
              <form className="flex flex-col gap-4" onSubmit={upload}>
                <div className="flex flex-col gap-1">
                  <span className="text-sm font-semibold text-fg-soft">{t("analysis.file")}</span>
                  {/* The browser's own file button speaks the browser's language ("Choose File"): a button of ours,
                      in the interface language, opens the visually hidden input, and the chosen file's name shows. */}
                  <label
                    data-slot="analysis-file"
                    className="flex w-fit max-w-full flex-wrap items-center gap-3 rounded-md text-sm text-fg-muted has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-focus"
                  >
                    <input
                      type="file"
                      name="pgn"
                      accept=".pgn,application/x-chess-pgn,application/vnd.chess-pgn,text/plain"
                      aria-label={t("analysis.file")}
                      aria-describedby={fileNameId}
                      className="sr-only"
                      onChange={(event) => setFileName(event.currentTarget.files?.[0]?.name ?? "")}
                    />
                    <span aria-hidden className={buttonVariants({ variant: "secondary", size: "sm" })}>
                      {t("analysis.pickFile")}
                    </span>
                    <span id={fileNameId} data-slot="analysis-file-name" className="min-w-0 break-all">
                      {fileName || t("analysis.noFile")}
                    </span>
                  </label>
                </div>
                <label className="flex flex-col gap-1 text-sm font-semibold text-fg-soft">
                  {t("analysis.budget")}
                  <select name="nodes" defaultValue={500_000} className={inputClassName}>
                    {BUDGETS.map((budget) => (
                      <option key={budget.key} value={budget.nodes}>
                        {t(`analysis.budgets.${budget.key}`)}
                      </option>
                    ))}
                  </select>
                </label>
                <Button type="submit" disabled={uploading} className="self-start">
                  {uploading ? t("analysis.uploading") : t("analysis.upload")}
                </Button>
              </form>
            </CardContent>
          </Card>
          {notice ? <Alert variant={notice.kind}>{notice.text}</Alert> : null}
          <section aria-labelledby="analysis-jobs" className="flex flex-col gap-2">
            <h2 id="analysis-jobs" className="m-0 text-xl font-bold text-fg">
              {t("analysis.jobsTitle")}
            </h2>
            {jobs.error ? <Alert variant="error">{t("analysis.jobsError")}</Alert> : null}
            <AnalysisJobList
              jobs={jobs.data ?? []}
              labels={t("analysis.jobs", { returnObjects: true }) as AnalysisJobLabels}
              locale={i18n.language}
              onCancel={(id) => void act(() => analysisAdminApi.cancel(token, id))}
              onRetry={(id) => void retry(id)}
            />
          </section>
        </div>
        <AnalysisStatusPanel
          className="self-start"
          status={status.data}
          error={status.error ? t("analysis.statusError") : null}
          labels={t("analysis.status", { returnObjects: true }) as AnalysisStatusLabels}
          locale={i18n.language}
          actions={
            <Button
              variant="secondary"
              disabled={!status.data}
              onClick={() =>
                void act(() => (paused ? analysisAdminApi.resume(token) : analysisAdminApi.stop(token)))
              }
            >
              {paused ? t("analysis.resume") : t("analysis.stop")}
            </Button>
          }
        />
      </div>
    </Page>
  );
}
