import type { ThemeCount } from "@ct/contract";
import { Alert, Button, ChoiceChips, RatingRangeField, SelectField, Spinner, ToggleChips } from "@ct/ui";
import type { TFunction } from "i18next";
import { Copy, Play } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { libraryApi } from "../api/library";
import { positionsApi } from "../api/positions";
import { useNavigate, useSearchParams } from "../app/routing";
import {
  type CustomSet,
  type CustomSetDraft,
  checkSet,
  draftFromQuery,
  openingChoices,
  queryFromDraft,
  RATING_BOUNDS,
  type SetProblem,
  selectionOf,
  TRAIN_PARAM,
  toggleTheme,
} from "../training/custom-set";
import { customSetFlowMachine } from "../training/custom-set-flow";
import { openingLabel, openingOptions, openingOptionsWithCounts } from "../training/openings";
import { useOutcomeCounts } from "../training/progress";
import { useTrainingPosition } from "../training/training-flow";
import { TrainingSetScreen } from "../training/training-screen";
import { useResource } from "../training/use-resource";
import { Page } from "./page";

/** The local progress records of every custom set. */
const SCENARIO = "custom";
const PATH = "/training/custom";
/** The theme groups offered (the phase has its own choice). */
const GROUPS: readonly ThemeCount["group"][] = ["motif", "mate", "goal", "length", "other"];
const PHASES = ["opening", "middlegame", "endgame"] as const;
const PHASE_CHOICES = ["any", ...PHASES] as const;
type PhaseChoice = (typeof PHASE_CHOICES)[number];
/** How long the count waits after the last change before it asks (typing a rating changes it on every key). */
const COUNT_DELAY_MS = 250;

/**
 * /training/custom (issue 39): a set of puzzles of any mix (a rating range, several themes, a phase, an opening) in
 * one selection, which lichess does not offer. The address holds the set (custom-set.ts), so Copy link shares it and
 * opening the link shows the same form; `&train` trains it at the player's rating within the range.
 */
export function Component() {
  const [params] = useSearchParams();
  const draft = draftFromQuery(params);
  const checked = checkSet(draft);
  if (params.has(TRAIN_PARAM) && "set" in checked) return <TrainSet draft={draft} set={checked.set} />;
  return <SetForm initial={draft} />;
}

/** The problem's message in the page's language. */
function problemText(t: TFunction, problem: SetProblem): string {
  switch (problem.kind) {
    case "notWhole":
      return t("customSet.range.notWhole");
    case "outOfBounds":
      return t("customSet.range.outOfBounds", { low: problem.low, high: problem.high });
    case "reversed":
      return t("customSet.range.reversed", { min: problem.min, max: problem.max });
    case "tooManyThemes":
      return t("customSet.themes.tooMany", { count: problem.most });
  }
}

type CountState = { status: "idle" | "counting" | "error" } | { status: "ready"; count: number };

/** How many puzzles a valid set holds, asked again a moment after each change. */
function useSetCount(set: CustomSet | null): { state: CountState; retry: () => void } {
  const [state, setState] = useState<CountState>({ status: "idle" });
  const [attempt, setAttempt] = useState(0);
  const key = set ? queryFromDraft({ ...set, min: String(set.min), max: String(set.max) }) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the set's address is its identity; `attempt` asks again.
  useEffect(() => {
    if (!set) {
      setState({ status: "idle" });
      return;
    }
    let live = true;
    setState({ status: "counting" });
    const timer = setTimeout(() => {
      libraryApi.count(selectionOf(set)).then(
        (count) => live && setState({ status: "ready", count }),
        () => live && setState({ status: "error" }),
      );
    }, COUNT_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, attempt]);
  return { state, retry: () => setAttempt((n) => n + 1) };
}

function SetForm({ initial }: { initial: CustomSetDraft }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const navigate = useNavigate();
  const [, setParams] = useSearchParams();
  const [draft, setDraft] = useState(initial);
  const [copied, setCopied] = useState<"no" | "yes" | "failed">("no");
  const themes = useResource(() => libraryApi.themes());
  const checked = checkSet(draft);
  const set = "set" in checked ? checked.set : null;
  const problem = "problem" in checked ? checked.problem : null;
  const { state: count, retry } = useSetCount(set);
  const query = queryFromDraft(draft);

  // The address follows the form (replaced, not pushed: Back leaves the page), so it can be copied at any time.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a change of the form's query writes the address.
  useEffect(() => {
    setParams(new URLSearchParams(query), { replace: true, preventScrollReset: true });
  }, [query]);

  const change = (next: CustomSetDraft) => {
    setDraft(next);
    setCopied("no");
  };
  const link = () => `${window.location.origin}${PATH}${query ? `?${query}` : ""}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link());
      setCopied("yes");
    } catch {
      setCopied("failed");
    }
  };
  const openingLists = useResource(() =>
    Promise.all(PHASES.map((phase) => positionsApi.openingsOfPhase(phase))).then(
      ([opening, middlegame, endgame]) => ({
        opening: opening?.openings ?? [],
        middlegame: middlegame?.openings ?? [],
        endgame: endgame?.openings ?? [],
      }),
    ),
  );
  // Until the library's openings come (or if they cannot), every named opening.
  const openings = [
    { value: "", label: t("customSet.opening.any") },
    ...(openingLists.data
      ? openingOptionsWithCounts(openingChoices(openingLists.data, draft.phase, draft.opening), language)
      : openingOptions(language)),
  ];
  const rangeError = problem && problem.kind !== "tooManyThemes" ? problemText(t, problem) : null;
  const themesError = problem?.kind === "tooManyThemes" ? problemText(t, problem) : null;

  return (
    <Page title={t("customSet.title")}>
      <div className="flex flex-col gap-6">
        <p className="m-0 max-w-3xl text-fg-muted">{t("customSet.intro")}</p>
        <div className="grid gap-8 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)]">
          <div className="flex flex-col gap-6">
            <RatingRangeField
              legend={t("customSet.range.legend")}
              minLabel={t("customSet.range.min")}
              maxLabel={t("customSet.range.max")}
              min={draft.min}
              max={draft.max}
              onMinChange={(min) => change({ ...draft, min })}
              onMaxChange={(max) => change({ ...draft, max })}
              bounds={RATING_BOUNDS}
              hint={t("customSet.range.hint", { low: RATING_BOUNDS.min, high: RATING_BOUNDS.max })}
              error={rangeError}
            />
            <ChoiceChips<PhaseChoice>
              size="sm"
              label={t("customSet.phase.legend")}
              options={PHASE_CHOICES.map((value) => ({ value, label: t(`customSet.phase.${value}`) }))}
              value={draft.phase ?? "any"}
              onValueChange={(value) => change({ ...draft, phase: value === "any" ? null : value })}
            />
            <SelectField
              label={t("customSet.opening.label")}
              options={openings}
              value={draft.opening ?? ""}
              onValueChange={(value) => change({ ...draft, opening: value || null })}
            />
          </div>
          <section aria-labelledby="custom-set-themes" className="flex min-w-0 flex-col gap-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h2 id="custom-set-themes" className="m-0 text-base font-bold text-fg">
                {t("customSet.themes.legend")}
              </h2>
              {draft.themes.length > 0 ? (
                <Button variant="link" size="sm" onClick={() => change({ ...draft, themes: [] })}>
                  {t("customSet.themes.clear")}
                </Button>
              ) : null}
            </div>
            <p
              className={themesError ? "m-0 text-sm font-semibold text-danger" : "m-0 text-sm text-fg-subtle"}
            >
              {themesError ?? t("customSet.themes.hint")}
            </p>
            {themes.status === "loading" ? (
              <Spinner label={t("customSet.themes.loading")} layout="inline" />
            ) : null}
            {themes.status === "error" ? (
              <div className="flex flex-col items-start gap-3">
                <Alert variant="error">{t("customSet.themes.error")}</Alert>
                <Button variant="secondary" onClick={themes.reload}>
                  {t("training.retry")}
                </Button>
              </div>
            ) : null}
            {themes.data
              ? GROUPS.map((group) => {
                  const inGroup = themes.data.themes.filter(
                    (theme) => theme.group === group && theme.count > 0,
                  );
                  if (inGroup.length === 0) return null;
                  return (
                    <ToggleChips
                      key={group}
                      data-group={group}
                      size="sm"
                      label={t(`training.themes.groups.${group}`)}
                      options={inGroup.map((theme) => ({
                        value: theme.key,
                        label: language === "ar" ? theme.name_ar : theme.name_en,
                      }))}
                      value={draft.themes.filter((key) => inGroup.some((theme) => theme.key === key))}
                      onValueChange={(chosen) => {
                        let next = draft;
                        for (const theme of inGroup)
                          next = toggleTheme(next, theme.key, chosen.includes(theme.key));
                        // Toggling keeps the order chosen: themes already chosen stay where they were.
                        change({
                          ...next,
                          themes: [
                            ...draft.themes.filter((key) => next.themes.includes(key)),
                            ...next.themes.filter((key) => !draft.themes.includes(key)),
                          ],
                        });
                      }}
                    />
                  );
                })
              : null}
          </section>
        </div>
        <section
          aria-label={t("customSet.train")}
          data-slot="custom-set-summary"
          // Kept in view at the bottom while the form scrolls: the count answers each change where it is made.
          className="sticky bottom-0 z-10 -mx-1 flex flex-col gap-2 rounded-lg border border-line bg-surface p-3 shadow-md md:flex-row md:flex-wrap md:items-center md:gap-3 md:p-4"
        >
          <p
            role="status"
            data-slot="custom-set-count"
            className="m-0 min-h-6 grow text-lg font-bold text-fg"
          >
            {set ? (
              <CountText state={count} />
            ) : problem ? (
              <span className="text-base font-semibold text-danger">{problemText(t, problem)}</span>
            ) : null}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              data-slot="train-set"
              disabled={!set || (count.status === "ready" && count.count === 0)}
              onClick={() => navigate(`${PATH}?${queryFromDraft(draft, { train: true })}`)}
            >
              <Play aria-hidden className="size-4 rtl:rotate-180" />
              {t("customSet.train")}
            </Button>
            <Button variant="secondary" data-slot="copy-set-link" onClick={() => void copy()}>
              <Copy aria-hidden className="size-4" />
              {t("customSet.copy")}
            </Button>
            {count.status === "error" ? (
              <Button variant="ghost" onClick={retry}>
                {t("customSet.count.retry")}
              </Button>
            ) : null}
          </div>
          <div aria-live="polite" className="basis-full empty:hidden">
            {copied === "yes" ? <p className="m-0 text-sm text-fg-soft">{t("customSet.copied")}</p> : null}
            {copied === "failed" ? (
              <p className="m-0 text-sm text-fg-soft">
                {t("customSet.copyFailed")}{" "}
                <code dir="ltr" className="break-all select-all">
                  {link()}
                </code>
              </p>
            ) : null}
          </div>
        </section>
      </div>
    </Page>
  );
}

function CountText({ state }: { state: CountState }) {
  const { t } = useTranslation();
  if (state.status === "ready")
    return state.count === 0 ? (
      <span data-count={0} className="text-base font-semibold text-danger">
        {t("customSet.count.none")}
      </span>
    ) : (
      <span data-count={state.count}>{t("customSet.count.match", { count: state.count })}</span>
    );
  if (state.status === "error")
    return <span className="text-base font-semibold text-danger">{t("customSet.count.error")}</span>;
  return <span className="text-base font-normal text-fg-muted">{t("customSet.count.counting")}</span>;
}

/** The set in one line: its range, themes, phase and opening, in the page's language. */
function useSetSummary(set: CustomSet): string {
  const { t, i18n } = useTranslation();
  const themes = useResource(() => libraryApi.themes());
  const name = (key: string) => {
    const theme = themes.data?.themes.find((candidate) => candidate.key === key);
    return (i18n.language === "ar" ? theme?.name_ar : theme?.name_en) || key;
  };
  const list = new Intl.ListFormat(i18n.language, { type: "conjunction" });
  return [
    t("customSet.summary", { min: set.min, max: set.max }),
    set.themes.length > 0 ? list.format(set.themes.map(name)) : t("customSet.anyTheme"),
    set.phase ? t(`customSet.phase.${set.phase}`) : null,
    set.opening ? openingLabel(set.opening, i18n.language) : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

function TrainSet({ draft, set }: { draft: CustomSetDraft; set: CustomSet }) {
  const { t } = useTranslation();
  const query = queryFromDraft(draft);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the set's address is its identity.
  const logic = useMemo(() => customSetFlowMachine(set), [query]);
  const summary = useSetSummary(set);
  const outcomes = useOutcomeCounts(SCENARIO);
  const finished = outcomes.clean + outcomes.helped + outcomes.failed;
  return (
    // Another set is another flow: the screen starts again with its loads.
    <TrainingSetScreen
      key={query}
      set={{
        scenarioId: SCENARIO,
        title: t("customSet.title"),
        description: summary,
        phase: null,
        themes: [],
        total: 0,
        back: { to: `${PATH}${query ? `?${query}` : ""}`, label: t("customSet.back") },
        logic,
        tools: false,
        progress: {
          value: outcomes.clean,
          max: Math.max(finished, 1),
          text: t("customSet.progress", { count: finished, solved: outcomes.clean }),
        },
        notice: <PuzzleInSet set={set} />,
      }}
    />
  );
}

/** The line above the board: the puzzle's rating and the set's themes it has (inside the flow: it follows it). */
function PuzzleInSet({ set }: { set: CustomSet }) {
  const { t, i18n } = useTranslation();
  const position = useTrainingPosition();
  const themes = useResource(() => libraryApi.themes());
  if (!position || themes.status === "loading") return null;
  const name = (key: string) => {
    const theme = themes.data?.themes.find((candidate) => candidate.key === key);
    return (i18n.language === "ar" ? theme?.name_ar : theme?.name_en) || key;
  };
  const shown = set.themes.filter((key) => position.themes.includes(key));
  const text = [
    t("customSet.puzzle.rating", { rating: position.rating }),
    ...shown.map(name),
    set.phase ? t(`customSet.phase.${set.phase}`) : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <p
      data-slot="custom-set-puzzle"
      data-rating={position.rating}
      data-themes={position.themes.join(",")}
      className="m-0 rounded-md border border-line bg-surface-sunken px-3 py-2 text-sm text-fg"
    >
      <span className="font-semibold">{t("customSet.puzzle.label")}: </span>
      {text}
    </p>
  );
}
