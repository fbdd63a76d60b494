import { OPENINGS, ownRepertoireFile, START_FEN } from "@ct/chess";
import {
  buildTree,
  type DrillState,
  drillContinue,
  drillDone,
  drillExpectedMove,
  drillLine,
  drillPlay,
  type LearnState,
  learnPlay,
  learnStep,
  markLearnt,
  type RepertoireTree,
  startDrill,
  startLearn,
  type TreeLine,
  type TreeMove,
} from "@ct/machines";
import {
  type BoardArrow,
  type BoardMove,
  isolateLtr,
  type RepertoireAction,
  type RepertoireMoveItem,
  RepertoirePanel,
  type RepertoireStatus,
} from "@ct/ui";
import { Chess } from "chess.js";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "../app/routing";
import { useHydrated } from "../lib/hydration";
import { RepertoireEditorScreen } from "../training/repertoire/editor";
import { loadMyRepertoire, myRepertoireEntry } from "../training/repertoire/my-repertoires-store";
import { readRepertoireRecords, saveRepertoireRecords } from "../training/repertoire/records-store";
import { loadStarter, repertoireId } from "../training/repertoire/starters";
import { RepertoireLayout, RepertoireBoard as TrainerBoard } from "../training/repertoire/trainer-layout";
import { MissingPage, Page } from "./page";

/**
 * /training/repertoire/:opening (issue 40): the repertoire trainer for one opening. `?mode=learn` walks a line move
 * by move with its comments (`&line=1` picks the line, else the first not learnt yet); `?mode=drill` plays the
 * opponent's moves from the tree and asks the player's (`&line=` drills one line, else all of them, the least recently
 * drilled first). The lines load in the browser; the server renders the page with the start position.
 *
 * /training/repertoire/mine/:id is the same trainer for one of the player's own repertoires (kept in this browser),
 * whose lines are every path of its tree; `?mode=edit` is its editor. Their progress is kept like the starters', under
 * the opening id `mine-<id>`.
 */
export function Component() {
  const { t } = useTranslation();
  const { opening: starterId, id: ownId } = useParams();
  const [params] = useSearchParams();
  const mode =
    params.get("mode") === "drill" ? "drill" : params.get("mode") === "edit" && ownId ? "edit" : "learn";
  const line = params.get("line");
  const source: Source | null = ownId
    ? { kind: "mine", id: ownId }
    : OPENINGS.some((candidate) => repertoireId(candidate.name) === starterId)
      ? { kind: "starter", id: starterId ?? "" }
      : null;
  if (!source) {
    return (
      <MissingPage
        title={t("repertoire.title")}
        message={t("repertoire.notFound")}
        back={{ to: "/training/repertoire", label: t("repertoire.back") }}
      />
    );
  }
  return (
    <Page title={t("repertoire.title")}>
      {mode === "edit" ? (
        <RepertoireEditorScreen key={source.id} id={source.id} />
      ) : (
        <Trainer
          key={`${source.kind}/${source.id}/${mode}/${line}`}
          source={source}
          mode={mode}
          line={line === null ? null : Number(line)}
        />
      )}
    </Page>
  );
}

type Mode = "learn" | "drill";

/** A starter (by its opening's id) or one of the player's own repertoires (by its id). */
type Source = { kind: "starter" | "mine"; id: string };

/** Where a repertoire's trainer lives, its name, and the way back to the list. */
interface Place {
  base: string;
  title: string;
  back: { to: string; label: string };
}

/**
 * The repertoire's tree once the browser has loaded and replayed it (undefined until then; null for an own
 * repertoire that is not in this browser).
 */
function useTree(source: Source): RepertoireTree | null | undefined {
  const hydrated = useHydrated();
  const [tree, setTree] = useState<RepertoireTree | null | undefined>(undefined);
  useEffect(() => {
    if (!hydrated) return;
    if (source.kind === "mine") {
      const own = loadMyRepertoire(source.id);
      setTree(own ? buildTree(`mine-${source.id}`, ownRepertoireFile(own)) : null);
      return;
    }
    let live = true;
    void loadStarter(source.id).then((file) => {
      if (live && file) setTree(buildTree(source.id, file));
    });
    return () => {
      live = false;
    };
  }, [hydrated, source.kind, source.id]);
  return tree;
}

function Trainer({ source, mode, line }: { source: Source; mode: Mode; line: number | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "ar" ? "ar" : "en";
  const tree = useTree(source);
  let place: Place;
  if (source.kind === "mine") {
    place = {
      base: `/training/repertoire/mine/${source.id}`,
      title: tree?.opening ?? myRepertoireEntry(source.id)?.name ?? "",
      back: { to: "/training/repertoire", label: t("myRepertoires.back") },
    };
  } else {
    const opening = OPENINGS.find((candidate) => repertoireId(candidate.name) === source.id);
    place = {
      base: `/training/repertoire/${source.id}`,
      title: (language === "ar" ? opening?.name_ar : opening?.name) ?? source.id,
      back: { to: "/training/repertoire", label: t("repertoire.back") },
    };
  }
  if (tree === null) {
    return (
      <RepertoireLayout
        id={source.id}
        mode={mode}
        back={place.back}
        board={<TrainerBoard fen={START_FEN} orientation="white" interactive={false} />}
        panel={<p className="m-0 text-fg-muted">{t("myRepertoires.notFound")}</p>}
      />
    );
  }
  if (!tree || tree.lines.length === 0) {
    return (
      <RepertoireLayout
        id={source.id}
        mode={mode}
        back={place.back}
        board={<TrainerBoard fen={START_FEN} orientation={tree?.side ?? "white"} interactive={false} />}
        panel={
          <RepertoirePanel
            title={place.title}
            mode={t(`repertoire.mode.${mode}`)}
            side=""
            line=""
            status={{
              tone: "info",
              text: tree ? t("myRepertoires.editor.emptyTree") : t("repertoire.loading"),
            }}
            movesTitle={t("repertoire.moves")}
            moves={[]}
            actions={[]}
          />
        }
      />
    );
  }
  return mode === "learn" ? (
    <LearnTrainer tree={tree} place={place} line={line} />
  ) : (
    <DrillTrainer tree={tree} place={place} line={line} />
  );
}

/** The position after the first `count` moves of a line (with chess.js), and the last of them. */
function positionAfter(
  line: TreeLine,
  count: number,
): { fen: string; lastMove: { from: string; to: string } | null } {
  const chess = new Chess();
  for (const move of line.moves.slice(0, count)) chess.move(move.san);
  const last = count > 0 ? line.moves[count - 1] : undefined;
  return {
    fen: chess.fen(),
    lastMove: last ? { from: last.uci.slice(0, 2), to: last.uci.slice(2, 4) } : null,
  };
}

function numbered(index: number, san: string): string {
  const number = Math.floor(index / 2) + 1;
  return index % 2 === 0 ? `${number}.${san}` : `${number}...${san}`;
}

function uciOf(move: BoardMove): string {
  return `${move.from}${move.to}${move.promotion ?? ""}`;
}

function arrowOf(move: TreeMove, kind: BoardArrow["kind"] = "hint"): BoardArrow {
  return { from: move.uci.slice(0, 2), to: move.uci.slice(2, 4), kind };
}

function lineLabel(
  t: ReturnType<typeof useTranslation>["t"],
  tree: RepertoireTree,
  line: TreeLine,
  language: string,
) {
  const index = tree.lines.indexOf(line);
  return t("repertoire.line", {
    number: index + 1,
    total: tree.lines.length,
    // Isolated (FSI … PDI): a name that starts with a move ("4...Bc5", an own repertoire's "1.e4") reads left to
    // right inside the Arabic sentence.
    name: `\u2068${language === "ar" ? line.name.ar : line.name.en}\u2069`,
  });
}

function LearnTrainer({ tree, place, line }: { tree: RepertoireTree; place: Place; line: number | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "ar" ? "ar" : "en";
  const navigate = useNavigate();
  const [state, setState] = useState<LearnState>(() => {
    const records = readRepertoireRecords();
    const chosen =
      (line !== null ? tree.lines[line] : undefined) ??
      tree.lines.find((candidate) => !records.lines[candidate.id]?.learnt) ??
      tree.lines[0];
    return startLearn(chosen as TreeLine);
  });
  const step = learnStep(state);
  const done = step.kind === "done";
  useEffect(() => {
    if (done) saveRepertoireRecords(markLearnt(readRepertoireRecords(), state.line.id, Date.now()));
  }, [done, state.line.id]);
  const { fen, lastMove } = positionAfter(state.line, state.played);
  const index = tree.lines.indexOf(state.line);
  const next = tree.lines[index + 1];
  const base = place.base;
  const shown = step.kind === "move" ? step.move : state.line.moves[state.played - 1];
  const status: RepertoireStatus =
    step.kind === "done"
      ? { tone: "success", text: t("repertoire.learnStep.done") }
      : {
          tone: "info",
          text: t(step.move.byPlayer ? "repertoire.learnStep.yours" : "repertoire.learnStep.theirs", {
            move: isolateLtr(step.move.san),
          }),
        };
  const actions: RepertoireAction[] = done
    ? [
        {
          label: t("repertoire.drillLine"),
          onClick: () => navigate(`${base}?mode=drill&line=${index}`),
          primary: true,
        },
        ...(next
          ? [
              {
                label: t("repertoire.nextLine"),
                onClick: () => navigate(`${base}?mode=learn&line=${index + 1}`),
              },
            ]
          : []),
      ]
    : [
        {
          label: t("repertoire.next"),
          onClick: () => setState((current) => learnPlay(current).state),
          primary: true,
        },
      ];
  const moves: RepertoireMoveItem[] = state.line.moves.map((move, ply) => ({
    label: numbered(ply, move.san),
    state: ply < state.played ? "played" : ply === state.played ? "current" : "waiting",
  }));
  return (
    <RepertoireLayout
      id={tree.openingId}
      mode="learn"
      back={place.back}
      board={
        <div data-slot="repertoire-board" data-line={state.line.id} data-played={state.played}>
          <TrainerBoard
            fen={fen}
            orientation={tree.side}
            interactive={step.kind === "move" && step.move.byPlayer}
            lastMove={lastMove}
            arrows={step.kind === "move" ? [arrowOf(step.move)] : []}
            status={status.text}
            onMove={(move) => {
              const played = learnPlay(state, uciOf(move));
              if (played.right) setState(played.state);
              return played.right;
            }}
          />
        </div>
      }
      panel={
        <RepertoirePanel
          title={place.title}
          mode={t("repertoire.mode.learn")}
          side={t(`repertoire.side.${tree.side}`)}
          line={lineLabel(t, tree, state.line, language)}
          status={status}
          idea={shown?.comment ? { title: t("repertoire.idea"), text: shown.comment[language] } : null}
          movesTitle={t("repertoire.moves")}
          moves={moves}
          actions={actions}
        />
      }
    />
  );
}

function DrillTrainer({ tree, place, line }: { tree: RepertoireTree; place: Place; line: number | null }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "ar" ? "ar" : "en";
  const only = line !== null && tree.lines[line] ? [tree.lines[line].id] : undefined;
  const [state, setState] = useState<DrillState>(() =>
    startDrill(tree, readRepertoireRecords(), Date.now(), only),
  );
  const update = (next: DrillState) => {
    setState(next);
    saveRepertoireRecords(next.records);
  };
  const current = drillLine(state);
  const expected = drillExpectedMove(state);
  const feedback = state.feedback;
  const over = drillDone(state);
  const lastLine = current ?? tree.lines.find((candidate) => candidate.id === state.results.at(-1)?.lineId);
  const index = current ? state.index : (lastLine?.moves.length ?? 0);
  const { fen, lastMove } = lastLine ? positionAfter(lastLine, index) : { fen: START_FEN, lastMove: null };
  // The idea of the move in question: the repertoire move after a mistake, else the player's latest move.
  const latest = current?.moves.slice(0, state.index).findLast((move) => move.byPlayer);
  const idea = feedback ? feedback.expected.comment : latest?.comment;
  const clean = state.results.filter((result) => result.clean).length;
  const status: RepertoireStatus = over
    ? { tone: "success", text: t("repertoire.drillStep.done", { clean, total: state.results.length }) }
    : feedback
      ? {
          tone: "failure",
          text: t("repertoire.drillStep.wrong", {
            played: isolateLtr(sanOf(fen, feedback.played)),
            move: isolateLtr(feedback.expected.san),
          }),
          ...(state.queue.slice(1).includes(current?.id ?? "")
            ? { detail: t("repertoire.drillStep.later") }
            : {}),
        }
      : { tone: "info", text: t("repertoire.drillStep.yours") };
  const actions: RepertoireAction[] = over
    ? [
        {
          label: t("repertoire.again"),
          onClick: () => setState(startDrill(tree, readRepertoireRecords(), Date.now(), only)),
          primary: true,
        },
      ]
    : feedback
      ? [
          {
            label: t("repertoire.continue"),
            onClick: () => update(drillContinue(state, Date.now())),
            primary: true,
          },
        ]
      : [];
  const moves: RepertoireMoveItem[] = (lastLine?.moves.slice(0, index) ?? []).map((move, ply) => ({
    label: numbered(ply, move.san),
    state: "played",
  }));
  if (expected) moves.push({ label: numbered(index, "?"), state: "current" });
  // After a mistake: the repertoire move in green, the move tried in red on top (the two often share a line).
  const arrows: BoardArrow[] = feedback
    ? [
        arrowOf(feedback.expected),
        { from: feedback.played.slice(0, 2), to: feedback.played.slice(2, 4), kind: "refutation" },
      ]
    : [];
  return (
    <RepertoireLayout
      id={tree.openingId}
      mode="drill"
      back={place.back}
      board={
        <div
          data-slot="repertoire-board"
          data-line={current?.id ?? ""}
          data-played={index}
          data-results={state.results
            .map((result) => `${result.lineId}:${result.clean ? "clean" : "missed"}`)
            .join(" ")}
        >
          <TrainerBoard
            fen={fen}
            orientation={tree.side}
            interactive={expected !== undefined}
            lastMove={feedback ? null : lastMove}
            arrows={arrows}
            status={[status.text, status.detail].filter(Boolean).join(" ")}
            onMove={(move) => {
              const next = drillPlay(state, uciOf(move), Date.now());
              update(next);
              return next.feedback === null;
            }}
          />
        </div>
      }
      panel={
        <RepertoirePanel
          title={place.title}
          mode={t("repertoire.mode.drill")}
          side={t(`repertoire.side.${tree.side}`)}
          line={lastLine ? lineLabel(t, tree, lastLine, language) : ""}
          status={status}
          idea={idea ? { title: t("repertoire.idea"), text: idea[language] } : null}
          movesTitle={t("repertoire.moves")}
          moves={moves}
          remaining={over ? null : t("repertoire.remaining", { count: state.queue.length })}
          actions={actions}
        />
      }
    />
  );
}

/** A coordinate move in standard notation from a position (the player's wrong move, for the feedback). */
function sanOf(fen: string, uci: string): string {
  try {
    return new Chess(fen).move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] ?? "q" }).san;
  } catch {
    return uci;
  }
}
