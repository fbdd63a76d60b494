import { loginFormMachine, selectLoginFailure, selectLoginSubmitting } from "@ct/machines";
import { Alert, Button, Card, CardContent, CardHeader, TextField } from "@ct/ui";
import { useMachine } from "@xstate/react";
import { type FormEvent, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise } from "xstate";
import { login } from "../../api/admin";
import { type Location, useLocation, useNavigate } from "../../app/routing";
import { useAdminSessionEndedBy, useAdminSessionEvents } from "../session";

/** Where the guard sent the user from (spec section 2: return there after login; default /admin/blog). */
function returnPath(state: unknown): string {
  const from = (state as { from?: Location } | null)?.from;
  if (!from?.pathname?.startsWith("/admin") || from.pathname === "/admin/login") return "/admin/blog";
  return `${from.pathname}${from.search ?? ""}${from.hash ?? ""}`;
}

/**
 * Admin login (spec section 2): a 400 px card, required fields, 'Logging in...' while sending. After a session that
 * expired (idle, or refused by the server) it says so; logging in returns to the page the admin was on.
 */
export function Component() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useAdminSessionEvents();
  // The session ended by itself (idle, or a token the server refused): say so, the admin did not log out.
  const endedBy = useAdminSessionEndedBy();
  const expired = endedBy === "expired" || endedBy === "invalid";
  const machine = useMemo(
    () =>
      loginFormMachine.provide({
        actors: {
          login: fromPromise(({ input }: { input: { username: string; password: string } }) =>
            login(input.username, input.password),
          ),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine);
  const submitting = selectLoginSubmitting(snapshot);
  const failure = selectLoginFailure(snapshot);
  const token = snapshot.status === "done" ? snapshot.output?.token : undefined;

  useEffect(() => {
    if (!token) return;
    session.login(token);
    navigate(returnPath(location.state), { replace: true });
  }, [token, session, navigate, location.state]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    send({
      type: "form.submit",
      credentials: {
        username: String(data.get("username") ?? ""),
        password: String(data.get("password") ?? ""),
      },
    });
  };

  return (
    <main id="main" className="mx-auto w-full max-w-login px-4 py-12">
      <Card>
        <CardHeader>
          <h1 className="m-0 text-2xl font-bold text-brand">{t("admin.loginTitle")}</h1>
        </CardHeader>
        <CardContent>
          <form
            className="flex flex-col gap-4"
            onSubmit={submit}
            onChange={() => send({ type: "form.edit" })}
          >
            {failure ? (
              <Alert variant="error">
                {failure === "invalid-credentials" ? t("login.invalid") : t("login.error")}
              </Alert>
            ) : expired ? (
              <Alert variant="warning" data-slot="session-expired">
                {t("admin.editor.sessionExpired")}
              </Alert>
            ) : null}
            <TextField label={t("login.username")} name="username" autoComplete="username" required />
            <TextField
              label={t("login.password")}
              name="password"
              type="password"
              autoComplete="current-password"
              required
            />
            <Button type="submit" disabled={submitting}>
              {submitting ? t("login.submitting") : t("login.submit")}
            </Button>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
