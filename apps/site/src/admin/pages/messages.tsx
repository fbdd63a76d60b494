import type { ContactMessageList, ReceivedContactMessage } from "@ct/contract";
import { Alert, Button, formatDateTime, Spinner } from "@ct/ui";
import { Fragment, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { messagesAdminApi } from "../../api/contact";
import { useSearchParams } from "../../app/routing";
import { Page } from "../../pages/page";
import { useAdminSessionEvents, useAdminToken } from "../session";

const PAGE_SIZE = 20;

type Load = { state: "loading" } | { state: "error" } | { state: "ready"; list: ContactMessageList };

const statusClass: Record<ReceivedContactMessage["status"], string> = {
  delivered: "bg-success-muted text-success-strong",
  pending: "bg-warning-muted text-warning-strong",
};

/**
 * /admin/messages: the messages received with the contact form, newest first, a page at a time; each shows whether
 * it was delivered by mail or is still pending (with its attempts and last error), and opens to its full text.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const token = useAdminToken() ?? "";
  const session = useAdminSessionEvents();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const [load, setLoad] = useState<Load>({ state: "loading" });
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const generation = useRef(0);

  const fetchPage = useCallback(async () => {
    const current = ++generation.current;
    setLoad({ state: "loading" });
    try {
      const list = await messagesAdminApi.list(token, page, PAGE_SIZE);
      if (generation.current === current) setLoad({ state: "ready", list });
    } catch (error) {
      // A 401: the server no longer accepts the token; ending the session sends the admin to login.
      if ((error as { response?: Response }).response?.status === 401) session.expire();
      if (generation.current === current) setLoad({ state: "error" });
    }
  }, [token, page, session]);

  useEffect(() => {
    void fetchPage();
    return () => {
      generation.current += 1;
    };
  }, [fetchPage]);

  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const number = new Intl.NumberFormat(i18n.language);

  return (
    <Page title={t("admin.messages.title")}>
      <p className="mb-6 max-w-3xl text-fg-muted">{t("admin.messages.intro")}</p>
      {load.state === "loading" ? <Spinner label={t("admin.messages.loading")} layout="inline" /> : null}
      {load.state === "error" ? (
        <Alert variant="error" className="flex flex-wrap items-center gap-3">
          <span>{t("admin.messages.error")}</span>
          <Button variant="secondary" size="sm" onClick={() => void fetchPage()}>
            {t("admin.messages.retry")}
          </Button>
        </Alert>
      ) : null}
      {load.state === "ready" && load.list.messages.length === 0 ? (
        <p className="text-fg-subtle">{t("admin.messages.empty")}</p>
      ) : null}
      {load.state === "ready" && load.list.messages.length > 0 ? (
        <>
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-sm">
              <caption className="sr-only">{t("admin.messages.caption")}</caption>
              <thead>
                <tr className="border-b border-line-strong">
                  {(["date", "name", "email", "subject", "status", "message"] as const).map((column) => (
                    <th key={column} scope="col" className="px-2 py-2 text-start font-semibold text-fg-muted">
                      {t(`admin.messages.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {load.list.messages.map((message) => {
                  const expanded = open.has(message.id);
                  const textId = `message-text-${message.id}`;
                  const subjectId = `message-subject-${message.id}`;
                  return (
                    <Fragment key={message.id}>
                      <tr className="border-b border-line align-top">
                        <td className="px-2 py-2 whitespace-nowrap">
                          <time dateTime={message.created_at}>
                            {formatDateTime(i18n.language, message.created_at)}
                          </time>
                        </td>
                        <td className="px-2 py-2">{message.name}</td>
                        <td className="px-2 py-2">
                          <a href={`mailto:${message.email}`} className="text-brand underline" dir="ltr">
                            {message.email}
                          </a>
                        </td>
                        <td id={subjectId} className="px-2 py-2">
                          {message.subject}
                        </td>
                        <td className="px-2 py-2">
                          <span
                            data-status={message.status}
                            className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${statusClass[message.status]}`}
                          >
                            {t(`admin.messages.status.${message.status}`)}
                          </span>
                          {message.status === "pending" && message.attempts > 0 ? (
                            <div className="mt-1 flex max-w-xs flex-col gap-0.5 text-xs text-fg-muted">
                              <span>
                                {t("admin.messages.attempts", { count: number.format(message.attempts) })}
                              </span>
                              {message.last_error ? (
                                <span className="break-words">
                                  {t("admin.messages.lastError", { error: message.last_error })}
                                </span>
                              ) : null}
                              {message.next_attempt_at ? (
                                <span>
                                  {t("admin.messages.nextAttempt", {
                                    date: formatDateTime(i18n.language, message.next_attempt_at),
                                  })}
                                </span>
                              ) : null}
                            </div>
                          ) : null}
                        </td>
                        <td className="px-2 py-2">
                          <Button
                            variant="secondary"
                            size="sm"
                            aria-expanded={expanded}
                            aria-controls={textId}
                            aria-describedby={subjectId}
                            onClick={() => toggle(message.id)}
                          >
                            {expanded ? t("admin.messages.hide") : t("admin.messages.show")}
                          </Button>
                        </td>
                      </tr>
                      <tr id={textId} hidden={!expanded} className="border-b border-line bg-surface-muted">
                        <td colSpan={6} className="px-2 py-3">
                          <p className="m-0 max-w-3xl whitespace-pre-wrap break-words text-fg">
                            {message.message}
                          </p>
                        </td>
                      </tr>
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </div>
          {load.list.total_pages > 1 ? (
            <nav
              aria-label={t("admin.messages.pagination.label")}
              className="mt-4 flex flex-wrap items-center gap-3"
            >
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => goTo(page - 1)}>
                {t("admin.messages.pagination.previous")}
              </Button>
              <span className="text-sm text-fg-muted">
                {t("admin.messages.pagination.page", {
                  page: number.format(page),
                  pages: number.format(load.list.total_pages),
                })}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= load.list.total_pages}
                onClick={() => goTo(page + 1)}
              >
                {t("admin.messages.pagination.next")}
              </Button>
            </nav>
          ) : null}
        </>
      ) : null}
    </Page>
  );
}
