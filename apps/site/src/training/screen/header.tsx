import type { GamePhase } from "@ct/contract";
import { DIFFICULTY_NAMES, type Difficulty } from "@ct/contract/library-rules";
import {
  Alert,
  cn,
  Disclosure,
  DisclosureContent,
  DisclosureTrigger,
  OpeningFilter,
  PuzzleIdInput,
  RatingBadge,
  SelectField,
  TitleBar,
} from "@ct/ui";
import { SlidersHorizontal } from "lucide-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { positionsApi } from "../../api/positions";
import { Link } from "../../app/routing";
import { openingLabel, openingOptions, openingOptionsWithCounts } from "../openings";
import { progress, useOutcomeCounts, usePlayerRating, useSolvedCount } from "../progress";
import { placeOfShown } from "../puzzle-place";
import {
  useTrainingBoard,
  useTrainingEvents,
  useTrainingNavigation,
  useTrainingNotice,
  useTrainingPosition,
  useTrainingScreen,
} from "../training-flow";
import { useSessionCounters } from "../training-store";
import { useResource } from "../use-resource";

import { backLinkClass, type TrainingSet } from "./training-set";

/** The title bar; the opening filter and Go to Puzzle by ID beside it, folded behind a button below 992 px. */
export function ModuleHeader({ set }: { set: TrainingSet }) {
  const { t } = useTranslation();
  const solved = useSolvedCount(set.scenarioId);
  const outcomes = useOutcomeCounts(set.scenarioId);
  const total = set.total;
  const tools = set.tools !== false;
  const progressText = t("training.progressValue", { completed: solved, total: Math.max(total, solved) });
  const session = useSessionCounters();
  const notice = useTrainingNotice();
  // On a phone the menu folds away once Go to Puzzle by ID has loaded the puzzle, so the board shows again.
  const [toolsOpen, setToolsOpen] = useState(false);
  useEffect(() => {
    if (notice?.kind === "loaded-puzzle") setToolsOpen(false);
  }, [notice]);
  return (
    <Disclosure fold="lg" open={toolsOpen} onOpenChange={setToolsOpen}>
      <TitleBar
        density="compact"
        title={set.title}
        subtitle={t("training.session", {
          ...session,
          count: session.clean + session.helped + session.failed,
        })}
        {...(set.progress
          ? { value: set.progress.value, max: set.progress.max, progressText: set.progress.text }
          : {
              value: solved,
              max: Math.max(total, solved),
              progressText,
              segments: outcomes,
              valueText: `${progressText} · ${t("training.outcomeSplit", { ...outcomes })}`,
            })}
        progressLabel={t("training.progress")}
        meta={<PlayerRating />}
        actions={
          <>
            {set.related ? (
              <Link
                to={set.related.to}
                data-slot={set.related.slot}
                className={cn(backLinkClass, tools && "max-lg:hidden")}
              >
                {set.related.label}
              </Link>
            ) : null}
            <Link to={set.back.to} className={cn(backLinkClass, tools && "max-lg:hidden")}>
              {set.back.label}
            </Link>
            {tools ? (
              <DisclosureTrigger data-slot="training-tools-toggle">
                <SlidersHorizontal aria-hidden />
                {t("training.tools.toggle")}
              </DisclosureTrigger>
            ) : null}
          </>
        }
      >
        {tools ? (
          <DisclosureContent
            data-slot="training-tools"
            className="flex flex-col gap-3 max-lg:mb-1 max-lg:rounded-lg max-lg:border max-lg:border-line max-lg:bg-surface max-lg:p-4 max-lg:shadow-sm lg:flex-row lg:flex-wrap lg:items-start lg:gap-x-8 lg:gap-y-2"
          >
            <OrderBar phase={set.phase} />
            {set.phase !== null ? <FilterBar phase={set.phase} /> : null}
            <PuzzleIdBar />
            {set.related ? (
              <Link to={set.related.to} className={cn(backLinkClass, "self-start lg:hidden")}>
                {set.related.label}
              </Link>
            ) : null}
            <Link to={set.back.to} className={cn(backLinkClass, "self-start lg:hidden")}>
              {set.back.label}
            </Link>
          </DisclosureContent>
        ) : null}
      </TitleBar>
    </Disclosure>
  );
}

/**
 * Complete with an opening filter: that opening's set is done, and the module goes on. Said once, here (not by the
 * filter too); pressed before the last position is solved, it says that position is the last rather than done.
 */
export function OpeningComplete() {
  const { t, i18n } = useTranslation();
  const notice = useTrainingNotice();
  const { solved } = useTrainingBoard();
  if (notice?.kind !== "opening-complete") return null;
  return (
    <Alert variant={solved ? "success" : "info"} data-slot="opening-complete">
      {t(solved ? "training.filter.complete" : "training.filter.lastReached", {
        opening: openingLabel(notice.opening, i18n.language),
        count: notice.count,
      })}
    </Alert>
  );
}

/** The player's rating and the last result's change. */
export function PlayerRating() {
  const { t, i18n } = useTranslation();
  const player = usePlayerRating();
  const history = player.history;
  const last = history.at(-1);
  const before = history.at(-2)?.rating ?? 1500;
  return (
    <RatingBadge
      rating={player.rating}
      deviation={player.deviation}
      change={last ? last.rating - before : null}
      labels={{
        rating: t("training.rating.label"),
        provisional: t("training.rating.provisional"),
        change: t("training.rating.change"),
      }}
      locale={i18n.language}
      className="max-lg:py-0 max-lg:text-xs"
    />
  );
}

export type Order = "sequence" | "rated";

/**
 * How Next picks puzzles: a module's own order or near the player's rating (a theme's set is always by rating),
 * and the difficulty of the rated choice. Both are remembered on the device.
 */
export function OrderBar({ phase }: { phase: GamePhase | null }) {
  const { t } = useTranslation();
  const { rated, canChooseOrder } = useTrainingNavigation();
  const position = useTrainingPosition();
  const player = usePlayerRating();
  const events = useTrainingEvents();
  const orders: { value: Order; label: string }[] = [
    { value: "sequence", label: t("training.order.sequence") },
    { value: "rated", label: t("training.order.rated") },
  ];
  const difficulties = DIFFICULTY_NAMES.map((value) => ({ value, label: t(`training.difficulty.${value}`) }));
  return (
    <div className="flex flex-col gap-3 lg:flex-row lg:flex-wrap lg:items-center lg:gap-x-6">
      {canChooseOrder ? (
        <SelectField<Order>
          data-slot="puzzle-order"
          layout="inline-lg"
          label={t("training.order.label")}
          options={orders}
          value={rated ? "rated" : "sequence"}
          onValueChange={(order) => {
            progress.setOrder(order);
            events.order(order === "rated");
            // In order counts from the puzzle's place in the module, which the puzzles seen by rating do not tell.
            if (order === "sequence" && position && position.game_phase === phase) {
              placeOfShown(position.game_phase, position)
                .then((found) => {
                  if (found) events.locate(position.id, found.place, found.total);
                })
                .catch(() => undefined);
            }
          }}
        />
      ) : null}
      {rated ? (
        <SelectField<Difficulty>
          data-slot="puzzle-difficulty"
          layout="inline-lg"
          label={t("training.difficulty.label")}
          options={difficulties}
          value={player.difficulty}
          onValueChange={(difficulty) => progress.setDifficulty(difficulty)}
        />
      ) : null}
    </div>
  );
}

export function FilterBar({ phase }: { phase: GamePhase }) {
  const { t, i18n } = useTranslation();
  const phaseOpenings = useResource(() => positionsApi.openingsOfPhase(phase));
  const { opening, canFilter } = useTrainingNavigation();
  const { busy } = useTrainingScreen();
  const notice = useTrainingNotice();
  const events = useTrainingEvents();
  // The choice shows at once; the flow takes it over when its load is done.
  const [requested, setRequested] = useState<string | null | undefined>(undefined);
  // The module's own openings with their counts; all the named openings when that list cannot be had.
  const options = useMemo(
    () =>
      phaseOpenings.data
        ? openingOptionsWithCounts(phaseOpenings.data.openings, i18n.language)
        : openingOptions(i18n.language),
    [phaseOpenings.data, i18n.language],
  );
  const choose = (value: string | null) => {
    setRequested(value);
    events.filter(value);
  };
  return (
    <OpeningFilter
      layout="inline-lg"
      className="lg:max-w-xl lg:flex-1"
      openings={options}
      value={busy && requested !== undefined ? requested : opening}
      onValueChange={choose}
      onClear={() => choose(null)}
      label={t("training.filter.label")}
      allLabel={t("training.filter.all")}
      clearLabel={t("training.filter.clear")}
      message={notice?.kind === "no-positions-for-opening" ? t("training.filter.empty") : null}
      disabled={!canFilter}
    />
  );
}

export function PuzzleIdBar() {
  const { t } = useTranslation();
  const { busy } = useTrainingScreen();
  const notice = useTrainingNotice();
  const events = useTrainingEvents();
  const result =
    notice?.kind === "loaded-puzzle"
      ? { kind: "success" as const, text: t("training.puzzleId.loaded", { id: notice.id }) }
      : notice?.kind === "puzzle-not-found"
        ? { kind: "error" as const, text: t("training.puzzleId.notFound") }
        : null;
  return (
    <PuzzleIdInput
      layout="inline-lg"
      // Never narrower than its label, a readable box and Go: a crowded row (At my level adds Difficulty) wraps it
      // to a line of its own instead; 'Loaded puzzle #…' goes under the box rather than over Go.
      className="lg:max-w-md lg:min-w-80 lg:flex-1 lg:[&>p:not(:empty)]:basis-full"
      label={t("training.puzzleId.label")}
      goLabel={t("training.puzzleId.go")}
      invalidMessage={t("training.puzzleId.invalid")}
      onGo={events.goToId}
      loading={busy}
      result={result}
    />
  );
}
