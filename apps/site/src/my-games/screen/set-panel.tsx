import { Alert, Button, buttonVariants, cn } from "@ct/ui";
import { Download, Upload } from "lucide-react";
import { type ChangeEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "../../app/routing";
import { progress } from "../../training/progress";
import { backLinkClass } from "../../training/training-screen";
import { exportJson, exportPgn, parseExport } from "../export";
import type { MyGamePuzzle } from "../puzzle";
import { useMyGames } from "../use-my-games";

/** Saves a text as a file through a temporary link. */
function download(text: string, fileName: string, type: string) {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * The puzzles kept in this browser: how many, Train and the dashboard, their export (JSON, PGN) and import, and
 * Clear with its confirmation.
 */
export function SetPanel({ puzzles }: { puzzles: MyGamePuzzle[] }) {
  const { t } = useTranslation();
  const { controller } = useMyGames();
  const importId = useId();
  const [message, setMessage] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const stamp = () => new Date().toISOString().slice(0, 10);

  const importFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    setMessage(null);
    const parsed = parseExport(await file.text().catch(() => ""));
    if (!parsed) {
      setMessage({ kind: "error", text: t("myGames.transfer.invalid") });
      return;
    }
    const added = await controller.addPuzzles(parsed.puzzles);
    const skipped = parsed.skipped > 0 ? ` ${t("myGames.transfer.skipped", { count: parsed.skipped })}` : "";
    setMessage({ kind: "success", text: `${t("myGames.transfer.imported", { count: added })}${skipped}` });
  };

  return (
    <section aria-labelledby="my-games-set" data-slot="my-games-set" className="flex flex-col gap-3">
      <h2 id="my-games-set" className="m-0 text-xl font-bold text-fg">
        {t("myGames.set.title")}
      </h2>
      <p className="m-0 text-fg" data-testid="my-games-count">
        {puzzles.length > 0 ? t("myGames.set.count", { count: puzzles.length }) : t("myGames.set.empty")}
      </p>
      {puzzles.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          <Link to="/training/my-games?train" className={buttonVariants({ variant: "primary" })}>
            {t("myGames.set.train")}
          </Link>
          <Link to="/training/dashboard" className={backLinkClass}>
            {t("myGames.set.dashboard")}
          </Link>
        </div>
      ) : null}
      <h3 className="m-0 mt-2 text-lg font-bold text-fg">{t("myGames.transfer.title")}</h3>
      <p className="m-0 text-sm text-fg-muted">{t("myGames.transfer.intro")}</p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={puzzles.length === 0}
          onClick={() => download(exportJson(puzzles), `my-games-${stamp()}.json`, "application/json")}
        >
          <Download aria-hidden />
          {t("myGames.transfer.json")}
        </Button>
        <Button
          variant="secondary"
          disabled={puzzles.length === 0}
          onClick={() => download(exportPgn(puzzles), `my-games-${stamp()}.pgn`, "application/x-chess-pgn")}
        >
          <Download aria-hidden />
          {t("myGames.transfer.pgn")}
        </Button>
        <input
          id={importId}
          type="file"
          accept="application/json,.json"
          className="peer sr-only"
          onChange={(event) => void importFile(event)}
        />
        <label
          htmlFor={importId}
          className={cn(
            buttonVariants({ variant: "secondary" }),
            "cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand",
          )}
        >
          <Upload aria-hidden />
          {t("myGames.transfer.import")}
        </label>
        {puzzles.length > 0 && !confirming ? (
          <Button variant="ghost" onClick={() => setConfirming(true)}>
            {t("myGames.set.clear")}
          </Button>
        ) : null}
      </div>
      {confirming ? (
        <Alert variant="warning" className="flex flex-col gap-3">
          <p className="m-0">{t("myGames.set.clearConfirm")}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              onClick={() => {
                setConfirming(false);
                // The next puzzles take the same places (ids) in the set: they start without the old ones' scores.
                void controller.clearPuzzles().then(() => progress.forgetMyGames());
              }}
            >
              {t("myGames.set.clearYes")}
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t("myGames.set.clearNo")}
            </Button>
          </div>
        </Alert>
      ) : null}
      {message ? <Alert variant={message.kind}>{message.text}</Alert> : null}
    </section>
  );
}
