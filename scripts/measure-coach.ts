/**
 * The coach measured on a synthetic learner (issue 39): a month of daily plans played by a simulated player, using
 * the coach's own functions (packages/machines/src/coach) and the trainer's rating (rating.ts), in memory.
 *   node --import tsx scripts/measure-coach.ts [--seed 39] [--days 30] [--skip-every 0]
 *
 * The learner has a hidden skill per theme (the puzzle rating at which they solve half of that theme's puzzles at
 * the first try). Practice raises the skill of some themes (each puzzle of the theme closes 1 % of the gap to 1800)
 * and not of others. Seeing a position again helps by memory (a 70 % chance of remembering the answer, fading over
 * about ten days). A try that is not clean is a solve with help half the time, a shown answer otherwise; solve times
 * are log-normal around 50 s, longer on harder puzzles. The library answers any request with a fresh puzzle near the
 * asked rating, of the asked theme or of one of the eight at random.
 *
 * Each day at 18:00 the learner opens the plan and works through it step by step (the plan recomputed after each
 * puzzle, as the site shows it): due reviews (served as the position or an unseen puzzle of its theme, serveCard),
 * the weak-theme block (chooseWeaknessPuzzle with all its draws from weak themes), new puzzles at their rating. A
 * shown answer is retried at once from the feedback card, and at the session's end each puzzle still in its
 * learning steps is retried once more ("again today"). The first day starts with Find your level.
 *
 * Printed: practice share per week on the coach's weak themes and on the learner's three weakest themes; the due
 * reviews served on their day; the learner's rating and their skill and performance figure per theme at the start
 * and the end; and the same learner trained the old way (any theme at the level, the fixed 1/3/7/21-day review, as
 * many puzzles a day) for comparison.
 */
import { parseArgs } from "node:util";
import {
  againToday,
  type CoachCard,
  chooseWeaknessPuzzle,
  currentStep,
  DAY_MS,
  dailyPlan,
  dayStart,
  findLevelTarget,
  mainTheme,
  recordTry,
  seededRandom,
  serveCard,
  usualSolveMs,
  weaknessReport,
} from "../packages/machines/src/coach";
import { NEW_PLAYER_RATING, type PlayerRating, rateResult } from "../packages/machines/src/rating/rating";
import { dueReviews, type ReviewEntry, scheduleReview } from "../packages/machines/src/review/review";

const { values } = parseArgs({
  options: {
    seed: { type: "string", default: "39" },
    days: { type: "string", default: "30" },
    "skip-every": { type: "string", default: "0" },
  },
});
const SEED = Number(values.seed);
const DAYS = Number(values.days);
/** The learner stays away every n-th day (0: comes every day). */
const SKIP_EVERY = Number(values["skip-every"]);

type Outcome = "clean" | "helped" | "failed";

const START_SKILLS: Record<string, number> = {
  fork: 1650,
  pin: 1200,
  skewer: 1250,
  deflection: 1300,
  discoveredAttack: 1550,
  backRankMate: 1600,
  attraction: 1450,
  quietMove: 1500,
};
/** The themes practice improves; the others stay where they are. */
const LEARNABLE = new Set(["pin", "deflection", "attraction", "fork"]);
const THEMES = Object.keys(START_SKILLS);
/** The learner's three weakest themes at the start. */
const WEAKEST = [...THEMES].sort((a, b) => START_SKILLS[a]! - START_SKILLS[b]!).slice(0, 3);
const SKILL_CAP = 1800;
const LEARN_RATE = 0.01;
const PHASES = ["opening", "middlegame", "endgame"];
const FIRST_DAY = Date.parse("2026-03-02T18:00:00.000Z");

interface Puzzle {
  id: number;
  rating: number;
  themes: string[];
  phase: string;
}

/** A learner and the world around them, with their own seeded randomness. */
function makeWorld(seed: number) {
  const random = seededRandom(seed);
  const normal = () => {
    const u = Math.max(1e-9, random());
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  };
  let nextId = 1;
  const puzzles = new Map<number, Puzzle>();
  const skills = { ...START_SKILLS };
  const lastSeen = new Map<number, number>();
  return {
    random,
    skills,
    puzzles,
    /** A fresh puzzle near `rating`, of `theme` or any. */
    serve(rating: number, theme?: string): Puzzle {
      const main = theme ?? THEMES[Math.floor(random() * THEMES.length)]!;
      const phase = PHASES[Math.floor(random() * PHASES.length)]!;
      const puzzle = {
        id: nextId++,
        rating: Math.round(rating + normal() * 80),
        themes: [main, phase, random() < 0.6 ? "short" : "long"],
        phase,
      };
      puzzles.set(puzzle.id, puzzle);
      return puzzle;
    },
    /** The learner tries a puzzle at `now`: the outcome and the time taken. */
    attempt(puzzle: Puzzle, now: number): { outcome: Outcome; timeMs: number } {
      const theme = mainTheme(puzzle.themes)!;
      const skill = skills[theme]!;
      let p = 1 / (1 + 10 ** ((puzzle.rating - skill) / 400));
      const seen = lastSeen.get(puzzle.id);
      if (seen !== undefined) p = 1 - (1 - p) * (1 - 0.7 * Math.exp(-(now - seen) / (10 * DAY_MS)));
      lastSeen.set(puzzle.id, now);
      const outcome: Outcome = random() < p ? "clean" : random() < 0.5 ? "helped" : "failed";
      if (LEARNABLE.has(theme)) skills[theme] = skill + LEARN_RATE * (SKILL_CAP - skill);
      const hardness = Math.min(2, Math.max(0.5, 1 + (puzzle.rating - skill) / 800));
      const timeMs = Math.round(
        50_000 * hardness * Math.exp(normal() * 0.35) * (outcome === "clean" ? 1 : 1.5),
      );
      return { outcome, timeMs };
    },
  };
}

const round = (value: number) => Math.round(value);

/** The learner's true level: the puzzle rating at which they solve half of a mix of all eight themes first try. */
function levelOf(skills: Record<string, number>): number {
  let low = 0;
  let high = 3000;
  for (let i = 0; i < 40; i++) {
    const middle = (low + high) / 2;
    const score =
      THEMES.reduce((sum, t) => sum + 1 / (1 + 10 ** ((middle - skills[t]!) / 400)), 0) / THEMES.length;
    if (score > 0.5) low = middle;
    else high = middle;
  }
  return Math.round(low);
}
const pct = (part: number, whole: number) => (whole === 0 ? "–" : `${Math.round((100 * part) / whole)} %`);

interface Week {
  attempts: number;
  onCoachWeak: number;
  onWeakest: number;
}

function emptyWeek(): Week {
  return { attempts: 0, onCoachWeak: 0, onWeakest: 0 };
}

/** The learner trained by the coach for DAYS days. */
function runCoach(seed: number) {
  const world = makeWorld(seed);
  const choose = seededRandom(seed + 1);
  let rating: PlayerRating = NEW_PLAYER_RATING;
  let cards: CoachCard[] = [];
  const times: number[] = [];
  const weeks: Week[] = [];
  const perDay: number[] = [];
  const attempts = new Map<string, number>();
  let dueOnDay = 0;
  let servedOnDay = 0;
  let carried = 0;
  const snapshots: { day: number; skills: Record<string, number>; rating: number; now: number }[] = [];
  let now = FIRST_DAY;

  /** One puzzle played: rated when new, recorded on the cards. */
  const play = (puzzle: Puzzle, options: { rated: boolean; forCard?: number }, weakThemes: Set<string>) => {
    const { outcome, timeMs } = world.attempt(puzzle, now);
    if (outcome !== "failed") times.push(timeMs);
    attempts.set(mainTheme(puzzle.themes)!, (attempts.get(mainTheme(puzzle.themes)!) ?? 0) + 1);
    if (options.rated) {
      rating = rateResult(
        rating,
        {
          id: puzzle.id,
          rating: puzzle.rating,
          rating_deviation: 80,
          themes: puzzle.themes,
          game_phase: puzzle.phase,
        },
        outcome === "clean" ? "win" : "loss",
        new Date(now).toISOString(),
      );
    }
    cards = recordTry(
      cards,
      {
        puzzleId: puzzle.id,
        outcome,
        timeMs,
        themes: puzzle.themes,
        rating: puzzle.rating,
        ...(options.forCard !== undefined ? { forCard: options.forCard } : {}),
      },
      now,
      { usualMs: usualSolveMs(times) },
    ).cards;
    const week = weeks[Math.floor((now - FIRST_DAY) / (7 * DAY_MS))] ?? emptyWeek();
    weeks[Math.floor((now - FIRST_DAY) / (7 * DAY_MS))] = week;
    const theme = mainTheme(puzzle.themes)!;
    week.attempts += 1;
    if (weakThemes.has(theme)) week.onCoachWeak += 1;
    if (WEAKEST.includes(theme)) week.onWeakest += 1;
    now += timeMs + 10_000;
    return outcome;
  };
  /** A puzzle played and, when its answer had to be shown, retried at once from the feedback card. */
  const playAndRetry = (puzzle: Puzzle, options: { rated: boolean; forCard?: number }, weak: Set<string>) => {
    if (play(puzzle, options, weak) === "failed" && options.forCard === undefined) {
      play(puzzle, { rated: false }, weak);
      return 2;
    }
    return 1;
  };

  for (let day = 1; day <= DAYS; day++) {
    now = FIRST_DAY + (day - 1) * DAY_MS;
    if (day === 1) snapshots.push({ day: 0, skills: { ...world.skills }, rating: rating.rating, now });
    if (SKIP_EVERY > 0 && day % SKIP_EVERY === 0) {
      perDay.push(0);
      continue;
    }
    const start = dayStart(now);
    const end = start + DAY_MS;
    // The reviews falling due today (set on an earlier day), and those carried from before.
    const older = cards.filter((card) => Date.parse(card.created) < start);
    const dueToday = older.filter((card) => Date.parse(card.due) >= start && Date.parse(card.due) < end);
    carried += older.filter((card) => Date.parse(card.due) < start).length;
    const report = weaknessReport(rating.history, now);
    const weakThemes = new Set(report.weak.map((figure) => figure.theme));
    let played = 0;
    for (let guard = 0; guard < 200; guard++) {
      const plan = dailyPlan({
        now,
        history: rating.history,
        cards,
        rating: rating.rating,
        solveTimesMs: times,
      });
      const step = currentStep(plan);
      if (!step) break;
      if (step.kind === "find-level") {
        played += playAndRetry(world.serve(findLevelTarget(rating.history)), { rated: true }, weakThemes);
      } else if (step.kind === "review") {
        const card = cards.find((c) => c.puzzleId === step.puzzleIds[0])!;
        const serving = serveCard(card, rating.rating);
        if (serving.serve === "motif" && serving.request) {
          const puzzle = world.serve(serving.request.rating, serving.request.themes?.[0]);
          played += playAndRetry(puzzle, { rated: true, forCard: card.puzzleId }, weakThemes);
        } else {
          played += playAndRetry(world.puzzles.get(card.puzzleId)!, { rated: false }, weakThemes);
        }
      } else if (step.kind === "weak") {
        const weak = report.weak.filter((figure) => step.themes.includes(figure.theme));
        const pick = chooseWeaknessPuzzle({
          weak,
          overall: report.overall.performance,
          rating: rating.rating,
          history: rating.history,
          random: choose,
          weakShare: 1,
        });
        played += playAndRetry(
          world.serve(pick.request.rating, pick.request.themes?.[0]),
          { rated: true },
          weakThemes,
        );
      } else {
        played += playAndRetry(world.serve(step.rating), { rated: true }, weakThemes);
      }
    }
    // Again today, at the session's end: each puzzle still in its learning steps, retried once more.
    for (const card of againToday(cards, now)) {
      play(world.puzzles.get(card.puzzleId)!, { rated: false }, weakThemes);
      played += 1;
    }
    perDay.push(played);
    dueOnDay += dueToday.length;
    servedOnDay += dueToday.filter((card) => {
      const after = cards.find((c) => c.puzzleId === card.puzzleId);
      return after?.log.some((review) => Date.parse(review.at) >= start && Date.parse(review.at) < end);
    }).length;
    if (day === 1 || day === 7 || day === DAYS) {
      snapshots.push({ day, skills: { ...world.skills }, rating: rating.rating, now });
    }
  }
  return { weeks, perDay, dueOnDay, servedOnDay, carried, snapshots, rating, cards, times, attempts };
}

/** The same learner trained the old way, as many puzzles a day as the coach's learner played. */
function runBaseline(seed: number, perDay: readonly number[]) {
  const world = makeWorld(seed);
  let rating: PlayerRating = NEW_PLAYER_RATING;
  let reviews: ReviewEntry[] = [];
  const weeks: Week[] = [];
  const attempts = new Map<string, number>();
  let now = FIRST_DAY;
  for (let day = 1; day <= perDay.length; day++) {
    now = FIRST_DAY + (day - 1) * DAY_MS;
    for (let i = 0; i < (perDay[day - 1] ?? 0); i++) {
      const due = dueReviews(reviews, now)[0];
      const puzzle = due
        ? world.puzzles.get(due.puzzleId)!
        : world.serve(day === 1 ? findLevelTarget(rating.history) : rating.rating);
      const { outcome, timeMs } = world.attempt(puzzle, now);
      if (!due) {
        rating = rateResult(
          rating,
          {
            id: puzzle.id,
            rating: puzzle.rating,
            rating_deviation: 80,
            themes: puzzle.themes,
            game_phase: puzzle.phase,
          },
          outcome === "clean" ? "win" : "loss",
          new Date(now).toISOString(),
        );
      }
      reviews = scheduleReview(reviews, puzzle.id, outcome, now);
      const week = weeks[Math.floor((now - FIRST_DAY) / (7 * DAY_MS))] ?? emptyWeek();
      weeks[Math.floor((now - FIRST_DAY) / (7 * DAY_MS))] = week;
      week.attempts += 1;
      if (WEAKEST.includes(mainTheme(puzzle.themes)!)) week.onWeakest += 1;
      attempts.set(mainTheme(puzzle.themes)!, (attempts.get(mainTheme(puzzle.themes)!) ?? 0) + 1);
      now += timeMs + 10_000;
    }
  }
  return { weeks, rating, skills: world.skills, attempts };
}

const coach = runCoach(SEED);
const baseline = runBaseline(SEED, coach.perDay);

console.log(
  `Synthetic learner, seed ${SEED}, ${DAYS} days${SKIP_EVERY ? `, away every ${SKIP_EVERY}th day` : ""}`,
);
console.log(
  `Themes (start skill; * improves with practice): ${THEMES.map((t) => `${t} ${START_SKILLS[t]}${LEARNABLE.has(t) ? "*" : ""}`).join(", ")}`,
);
console.log(
  `Weakest three at the start: ${WEAKEST.join(", ")} (a random theme falls on them 3 times in 8: 38 %)`,
);
console.log(
  `Puzzles a day: ${coach.perDay.join(" ")} (usual solve time at the end ${round(usualSolveMs(coach.times) / 1000)} s)`,
);
console.log("");
console.log(
  "Practice per week          | coach: puzzles, on its weak themes, on the weakest three | old trainer: on the weakest three",
);
coach.weeks.forEach((week, i) => {
  const old = baseline.weeks[i] ?? emptyWeek();
  const days = `days ${i * 7 + 1}-${Math.min(DAYS, i * 7 + 7)}`;
  console.log(
    `  ${days.padEnd(25)}| ${String(week.attempts).padStart(4)}  ${pct(week.onCoachWeak, week.attempts).padStart(5)}  ${pct(week.onWeakest, week.attempts).padStart(5)}${" ".repeat(38)}| ${pct(old.onWeakest, old.attempts).padStart(5)}`,
  );
});
console.log("");
console.log(
  `Due reviews: ${coach.servedOnDay} of ${coach.dueOnDay} falling due on a day the learner came were served that day (${pct(coach.servedOnDay, coach.dueOnDay)}); ${coach.carried} carried into a later day's plan (learning steps left from an evening, or an absent day)`,
);
console.log(
  `Cards at the end: ${coach.cards.length}, in review ${coach.cards.filter((c) => c.state === "review").length}`,
);
console.log("");
const start = coach.snapshots.find((s) => s.day === 0)!;
const first = coach.snapshots.find((s) => s.day === 1)!;
const week1 = coach.snapshots.find((s) => s.day === 7);
const last = coach.snapshots.at(-1)!;
const day1Report = weaknessReport(coach.rating.history, first.now + DAY_MS - 1);
const startReport = weaknessReport(coach.rating.history, (week1?.now ?? first.now) + DAY_MS - 1);
const endReport = weaknessReport(coach.rating.history, last.now + DAY_MS - 1);
const figure = (report: typeof endReport, theme: string) => {
  const f = report.byTheme[theme];
  return f?.performance != null ? `${f.performance} (${f.results})` : `– (${f?.results ?? 0})`;
};
const ratingAt = (now: number) =>
  [...coach.rating.history].reverse().find((point) => Date.parse(point.at) <= now)?.rating ??
  NEW_PLAYER_RATING.rating;
console.log(
  `Rating (Glicko, from the rated results): day 1 ${ratingAt(first.now + DAY_MS - 1)}, day 7 ${ratingAt((week1?.now ?? first.now) + DAY_MS - 1)}, day ${DAYS} ${round(coach.rating.rating)}; old trainer day ${DAYS} ${round(baseline.rating.rating)}`,
);
console.log(
  `True level (50 % on a mix of all themes): start ${levelOf(start.skills)}, day ${DAYS} ${levelOf(last.skills)}; old trainer day ${DAYS} ${levelOf(baseline.skills)}`,
);
console.log("");
console.log(
  `Theme               puzzles coach / old | skill start → day ${DAYS} coach / old | performance (results) day 1 → 7 → ${DAYS}`,
);
for (const theme of THEMES) {
  const name = theme + (LEARNABLE.has(theme) ? "*" : "");
  const played = `${coach.attempts.get(theme) ?? 0} / ${baseline.attempts.get(theme) ?? 0}`;
  const skill = `${round(start.skills[theme]!)} → ${round(last.skills[theme]!)} / ${round(baseline.skills[theme]!)}`;
  console.log(
    `  ${name.padEnd(18)}${played.padStart(10)}           | ${skill.padEnd(26)}| ${figure(day1Report, theme).padStart(7)} → ${figure(startReport, theme).padStart(10)} → ${figure(endReport, theme)}`,
  );
}
console.log(
  `  overall${" ".repeat(60)}| ${String(day1Report.overall.performance ?? "–").padStart(7)} → ${String(startReport.overall.performance ?? "–").padStart(10)} → ${endReport.overall.performance ?? "–"}`,
);
console.log(
  `Weak themes: day 7 ${startReport.weak.map((f) => f.theme).join(", ") || "none"}; day ${DAYS} ${endReport.weak.map((f) => f.theme).join(", ") || "none"}. Strong: day ${DAYS} ${endReport.strong.map((f) => f.theme).join(", ") || "none"}`,
);
