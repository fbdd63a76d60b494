import { Alert, Button } from "@ct/ui";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { progress, usePlayerRating } from "../training/progress";
import { streakFlowMachine } from "../training/training-flow";
import { TrainingSetScreen } from "../training/training-screen";

/** The first puzzle of a streak, and how much harder each solve makes the next (rating points). */
const STREAK_START = 800;
const STREAK_STEP = 60;

/**
 * /training/streak (lichess's Puzzle Streak): puzzles from every phase, each a little harder than the last; a clean
 * solve adds one to the streak, and one mistake, hint or shown answer ends it. The best streak is kept on the device.
 */
export function Component() {
  const [run, setRun] = useState(0);
  return <Streak key={run} onRestart={() => setRun((n) => n + 1)} />;
}

function Streak({ onRestart }: { onRestart: () => void }) {
  const { t } = useTranslation();
  const { streakBest } = usePlayerRating();
  const [length, setLength] = useState(0);
  const [over, setOver] = useState(false);
  // The loads read the streak's state when they run, not when the flow was made.
  const state = useRef({ length: 0, over: false });
  const logic = useMemo(
    () =>
      streakFlowMachine({
        target: () => (state.current.over ? null : STREAK_START + STREAK_STEP * state.current.length),
      }),
    [],
  );
  const onResult = (result: "win" | "loss") => {
    if (state.current.over) return;
    if (result === "win") {
      state.current.length += 1;
      setLength(state.current.length);
      progress.recordStreak(state.current.length);
    } else {
      state.current.over = true;
      setOver(true);
    }
  };
  const best = Math.max(streakBest, length);
  return (
    <TrainingSetScreen
      set={{
        scenarioId: "streak",
        title: t("training.streak.title"),
        description: t("training.streak.intro"),
        phase: null,
        themes: [],
        total: 0,
        back: { to: "/training", label: t("training.backToModules") },
        logic,
        onResult,
        tools: false,
        progress: {
          value: length,
          max: Math.max(best, length, 1),
          text: t("training.streak.progress", { count: length, best }),
        },
        notice: over ? (
          <Alert variant="warning" data-slot="streak-over" className="flex flex-wrap items-center gap-3 py-2">
            <p className="m-0 font-semibold" role="status">
              {t("training.streak.over", { count: length, best })}
            </p>
            <Button onClick={onRestart}>{t("training.streak.again")}</Button>
          </Alert>
        ) : null,
      }}
    />
  );
}
