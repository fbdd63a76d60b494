import type { PlayerColor } from "@ct/chess";
import { Alert, Button, buttonVariants, cn, SelectField } from "@ct/ui";
import { Upload } from "lucide-react";
import { type ChangeEvent, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { playersOf, sideOf } from "../games";
import type { GameProblem, GameSummary } from "../protocol";
import { useMyGames } from "../use-my-games";

type Choice = PlayerColor | "skip";

/**
 * The games to analyse: PGN pasted or opened from a file, then the games read (and those that could not be), the
 * visitor's name among the players, the side played in each game, and Start.
 */
export function GamesInput() {
  const { t } = useTranslation();
  const { controller, view } = useMyGames();
  const textId = useId();
  const fileId = useId();
  const [text, setText] = useState("");
  const [reading, setReading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [parsed, setParsed] = useState<{ games: GameSummary[]; problems: GameProblem[] } | null>(null);
  const [player, setPlayer] = useState("");
  const [sides, setSides] = useState<Choice[]>([]);
  const players = useMemo(() => (parsed ? playersOf(parsed.games) : []), [parsed]);
  // A run already finished is shown above; a new one starts from here.
  const busy = reading || view.run?.state === "running";

  const read = async (source: string) => {
    setError(null);
    setParsed(null);
    if (!source.trim()) {
      setError(t("myGames.input.empty"));
      return;
    }
    setReading(true);
    try {
      const result = await controller.parse(source);
      if (result.games.length === 0 && result.problems.length === 0) setError(t("myGames.input.none"));
      setParsed(result);
      // The one most frequent player is most likely the visitor; on a tie (one game, say) the visitor chooses.
      const [first, second] = playersOf(result.games);
      choosePlayer(first && first.games !== second?.games ? first.name : "", result.games);
    } finally {
      setReading(false);
    }
  };

  const choosePlayer = (name: string, games: readonly GameSummary[]) => {
    setPlayer(name);
    setSides(games.map((game) => sideOf(game, name) ?? "skip"));
  };

  const openFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = "";
    if (!file) return;
    let content: string;
    try {
      content = await file.text();
    } catch {
      setError(t("myGames.input.fileFailed"));
      return;
    }
    setText(content.length > 200_000 ? `${content.slice(0, 200_000)}\n…` : content);
    await read(content);
  };

  const selected = sides.filter((side) => side !== "skip").length;
  const sideOptions = (["white", "black", "skip"] as const).map((value) => ({
    value,
    label: t(`myGames.games.sides.${value}`),
  }));

  return (
    <section data-slot="my-games-input" className="flex flex-col gap-3">
      <label htmlFor={textId} className="text-sm font-semibold text-fg">
        {t("myGames.input.label")}
      </label>
      <textarea
        id={textId}
        dir="ltr"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t("myGames.input.placeholder")}
        rows={8}
        spellCheck={false}
        className="w-full rounded-md border border-line-strong bg-surface p-3 font-mono text-sm text-fg"
      />
      <div className="flex flex-wrap items-center gap-2">
        <Button onClick={() => void read(text)} disabled={busy}>
          {reading ? t("myGames.input.reading") : t("myGames.input.read")}
        </Button>
        <input
          id={fileId}
          type="file"
          accept=".pgn,application/x-chess-pgn,text/plain"
          className="peer sr-only"
          onChange={(event) => void openFile(event)}
        />
        <label
          htmlFor={fileId}
          className={cn(
            buttonVariants({ variant: "secondary" }),
            "cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand",
          )}
        >
          <Upload aria-hidden />
          {t("myGames.input.file")}
        </label>
      </div>
      {error ? <Alert variant="error">{error}</Alert> : null}
      {parsed && parsed.games.length + parsed.problems.length > 0 ? (
        <div data-slot="my-games-read" className="flex flex-col gap-3">
          <p className="m-0 font-semibold text-fg" role="status">
            {t("myGames.games.found", { count: parsed.games.length })}
          </p>
          {parsed.problems.length > 0 ? (
            <Alert variant="warning" data-slot="my-games-problems">
              <p className="m-0">{t("myGames.games.problems", { count: parsed.problems.length })}</p>
              <ul className="m-0 mt-1 ps-5">
                {parsed.problems.slice(0, 20).map((problem) => (
                  <li key={problem.index}>
                    {t("myGames.games.problem", {
                      n: problem.index + 1,
                      players: `\u2068${problem.white || "?"} – ${problem.black || "?"}\u2069`,
                      message: `\u2068${problem.message}\u2069`,
                    })}
                  </li>
                ))}
              </ul>
            </Alert>
          ) : null}
          {parsed.games.length > 0 ? (
            <>
              <SelectField
                data-slot="my-games-player"
                label={t("myGames.games.player")}
                value={player}
                options={[
                  { value: "", label: t("myGames.games.playerNone") },
                  ...players.map((each) => ({
                    value: each.name,
                    label: t("myGames.games.playerGames", { name: each.name, count: each.games }),
                  })),
                ]}
                onValueChange={(name) => choosePlayer(name, parsed.games)}
              />
              <details
                className="rounded-md border border-line bg-surface p-3"
                open={parsed.games.length <= 5}
              >
                <summary className="cursor-pointer font-semibold text-fg">
                  {t("myGames.games.perGame")}
                </summary>
                <ol className="m-0 mt-2 flex max-h-96 list-none flex-col gap-2 overflow-auto p-0">
                  {parsed.games.map((game, index) => (
                    <li
                      key={game.index}
                      data-slot="my-games-game"
                      className="flex flex-wrap items-center justify-between gap-2 border-b border-line pb-2"
                    >
                      <span className="text-sm text-fg">
                        <bdi>
                          {t("myGames.games.vs", { white: game.white || "?", black: game.black || "?" })}
                        </bdi>
                        {game.date ? <span className="text-fg-muted"> · {game.date}</span> : null}
                      </span>
                      <SelectField<Choice>
                        layout="inline"
                        label={t("myGames.games.side")}
                        value={sides[index] ?? "skip"}
                        options={sideOptions}
                        onValueChange={(side) =>
                          setSides((current) => current.map((each, at) => (at === index ? side : each)))
                        }
                      />
                    </li>
                  ))}
                </ol>
              </details>
              <div className="flex flex-wrap items-center gap-3">
                <Button
                  data-slot="my-games-start"
                  disabled={selected === 0 || busy}
                  onClick={() => {
                    void controller.start(
                      parsed.games,
                      sides.map((side) => (side === "skip" ? null : side)),
                      parsed.problems,
                    );
                    setParsed(null);
                    setText("");
                  }}
                >
                  {t("myGames.games.start")}
                </Button>
                <span className="text-sm text-fg-muted">
                  {selected === 0
                    ? t("myGames.games.noneSelected")
                    : t("myGames.games.selected", { count: selected })}
                </span>
              </div>
            </>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
