import type { RacerClientMessage, RacerEntry, RacerServerMessage } from "@ct/contract";
import { racerMachine, racerMsLeft } from "@ct/machines";
import { positionAt, puzzleColor } from "@ct/machines/racer";
import { Alert, type BoardMove, Button, RacerLobby, RacerTrack } from "@ct/ui";
import { useMachine } from "@xstate/react";
import { Chess } from "chess.js";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useAccount } from "../account/store";
import { errorMessage } from "../api/analysis";
import { racerApi, racerSocketUrl } from "../api/racer";
import { useNavigate, useParams } from "../app/routing";
import { useBoardTexts, useSideName } from "../demos/use-line";
import { useHydrated } from "../lib/hydration";
import { BoardSettingsButton, PreferredBoard } from "../training/board-preferences";
import { MoveBox } from "../training/move-box";
import { useAnnouncer } from "../training/screen-reader-board";
import { BackLink, Page } from "./page";

/** Where a tab keeps its place in a race (the token), so a reload or a dropped connection resumes it. */
const entryKey = (id: string) => `chesstrainer.racer.${id}`;

function keptEntry(id: string): RacerEntry | null {
  try {
    const text = window.sessionStorage.getItem(entryKey(id));
    return text ? (JSON.parse(text) as RacerEntry) : null;
  } catch {
    return null;
  }
}

function keepEntry(entry: RacerEntry): void {
  try {
    window.sessionStorage.setItem(entryKey(entry.id), JSON.stringify(entry));
  } catch {
    // Private mode without storage: the race goes on until the tab closes.
  }
}

/**
 * /training/racer and /training/racer/:id (issue 41, lichess's Puzzle Racer): open a race and share its link, join
 * one by its link or the public queue, race live through the same puzzles, see everyone on the track, and rematch.
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <Page title={t("racer.title")}>
      <div className="flex flex-col gap-4" data-slot="racer-page">
        <BackLink to="/training" label={t("training.backToModules")} />
        <Racer />
      </div>
    </Page>
  );
}

type Snapshot = ReturnType<typeof useMachine<typeof racerMachine>>[0];
type SendToServer = (message: RacerClientMessage) => void;

function Racer() {
  const { t } = useTranslation();
  const { id } = useParams();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const [snapshot, send] = useMachine(racerMachine);
  const entry = snapshot.context.entry;
  const raceId = entry?.id ?? null;

  const joined = useCallback(
    (next: RacerEntry) => {
      keepEntry(next);
      send({ type: "JOINED", entry: next, now: Date.now() });
      navigate(`/training/racer/${next.id}`, { replace: id !== undefined });
    },
    [id, navigate, send],
  );

  // A tab that joined this race before (a reload) takes its place again.
  useEffect(() => {
    if (!hydrated || !id || raceId === id) return;
    const kept = keptEntry(id);
    if (kept) send({ type: "JOINED", entry: kept, now: Date.now() });
    else if (raceId) send({ type: "LEAVE" });
  }, [hydrated, id, raceId, send]);

  const { sendToServer, connected } = useRaceSocket(entry, send);

  // The clock between messages.
  const running = snapshot.matches({ race: "countdown" }) || snapshot.matches({ race: "racing" });
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => send({ type: "TICK", now: Date.now() }), 200);
    return () => clearInterval(timer);
  }, [running, send]);

  if (!entry || snapshot.matches("idle")) return <Entrance id={id ?? null} onJoined={joined} />;
  return (
    <div className="flex flex-col gap-3" data-slot="racer-race" data-state={racerState(snapshot)}>
      {connected ? null : (
        <Alert variant="warning">
          <p className="m-0">{t("racer.reconnecting")}</p>
        </Alert>
      )}
      {snapshot.context.error ? (
        <p data-slot="racer-error" className="m-0 text-sm text-fg-muted">
          {snapshot.context.error}
        </p>
      ) : null}
      {snapshot.matches({ race: "lobby" }) ? <Lobby snapshot={snapshot} sendToServer={sendToServer} /> : null}
      {snapshot.matches({ race: "countdown" }) || snapshot.matches({ race: "racing" }) ? (
        <Race snapshot={snapshot} send={send} sendToServer={sendToServer} />
      ) : null}
      {snapshot.matches({ race: "finished" }) ? (
        <Results
          snapshot={snapshot}
          sendToServer={sendToServer}
          onJoined={joined}
          onLeave={() => {
            send({ type: "LEAVE" });
            navigate("/training/racer");
          }}
        />
      ) : null}
    </div>
  );
}

function racerState(snapshot: Snapshot): string {
  for (const state of ["lobby", "countdown", "racing", "finished"] as const) {
    if (snapshot.matches({ race: state })) return state;
  }
  return "idle";
}

/** The race's socket: hello with the token, the server's messages to the machine, a new socket after a drop. */
function useRaceSocket(
  entry: RacerEntry | null,
  send: (event: { type: "SERVER"; message: RacerServerMessage; now: number }) => void,
) {
  const socket = useRef<WebSocket | null>(null);
  const [connected, setConnected] = useState(true);
  const raceId = entry?.id;
  const token = entry?.player.token;
  useEffect(() => {
    if (!raceId || !token) return;
    let closed = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const open = () => {
      const next = new WebSocket(racerSocketUrl(raceId));
      socket.current = next;
      next.onopen = () => {
        setConnected(true);
        next.send(JSON.stringify({ type: "hello", token }));
      };
      next.onmessage = (event) => {
        try {
          send({
            type: "SERVER",
            message: JSON.parse(String(event.data)) as RacerServerMessage,
            now: Date.now(),
          });
        } catch {
          // Not ours: ignored.
        }
      };
      next.onclose = () => {
        if (closed) return;
        setConnected(false);
        retry = setTimeout(open, 1000);
      };
    };
    open();
    return () => {
      closed = true;
      if (retry) clearTimeout(retry);
      socket.current?.close();
      socket.current = null;
    };
  }, [raceId, token, send]);
  const sendToServer = useCallback<SendToServer>((message) => {
    if (socket.current?.readyState === WebSocket.OPEN) socket.current.send(JSON.stringify(message));
  }, []);
  return { sendToServer, connected };
}

/** Create, join by link, or the queue: a guest gives a name, a signed-in player races as themselves. */
function Entrance({ id, onJoined }: { id: string | null; onJoined: (entry: RacerEntry) => void }) {
  const { t } = useTranslation();
  const account = useAccount();
  const signedIn = account.status === "signed-in";
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const go = async (action: () => Promise<RacerEntry>) => {
    setBusy(true);
    setFailure(null);
    try {
      onJoined(await action());
    } catch (error) {
      setFailure(await errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const guestName = signedIn ? undefined : name.trim();
  return (
    <section
      data-slot="racer-entrance"
      className="flex flex-col gap-3 rounded-md border border-line bg-surface p-4"
    >
      <p className="m-0 max-w-3xl text-fg">{t("racer.rules")}</p>
      {signedIn ? (
        <p className="m-0 font-semibold text-fg">
          {t("racer.signedInAs", { name: account.account.username })}
        </p>
      ) : (
        <label className="flex max-w-sm flex-col gap-1 text-fg">
          <span className="font-semibold">{t("racer.name")}</span>
          <input
            name="racer-name"
            dir="ltr"
            autoComplete="nickname"
            value={name}
            onChange={(event) => setName(event.target.value)}
            className="rounded-sm border border-line-input bg-canvas px-2 py-1.5 text-fg"
          />
          <span className="text-sm text-fg-muted">{t("racer.nameHint")}</span>
        </label>
      )}
      {failure ? (
        <Alert variant="warning">
          <p className="m-0">{t("racer.failed", { message: failure })}</p>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {id ? (
          <Button size="lg" disabled={busy} onClick={() => go(() => racerApi.join(id, guestName))}>
            {busy ? t("racer.joining") : t("racer.join")}
          </Button>
        ) : (
          <>
            <Button size="lg" disabled={busy} onClick={() => go(() => racerApi.create(guestName))}>
              {t("racer.create")}
            </Button>
            <Button
              size="lg"
              variant="secondary"
              disabled={busy}
              onClick={() => go(() => racerApi.queue(guestName))}
            >
              {t("racer.queue")}
            </Button>
          </>
        )}
      </div>
    </section>
  );
}

function Lobby({ snapshot, sendToServer }: { snapshot: Snapshot; sendToServer: SendToServer }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  const { race, entry } = snapshot.context;
  if (!race || !entry) return null;
  const me = entry.player.id;
  const owner = race.owner === me;
  const status = race.public
    ? t("racer.lobby.queueWait")
    : owner
      ? race.players.length < 2
        ? t("racer.lobby.needTwo")
        : ""
      : t("racer.lobby.waitOwner");
  return (
    <RacerLobby
      title={t("racer.lobby.title")}
      share={
        race.public
          ? null
          : {
              text: t("racer.lobby.share"),
              link: race.link,
              copy: {
                label: copied ? t("racer.lobby.copied") : t("racer.lobby.copy"),
                onClick: () => {
                  void navigator.clipboard?.writeText(race.link).then(() => setCopied(true));
                },
              },
            }
      }
      playersTitle={t("racer.lobby.players", { count: race.players.length })}
      players={race.players.map((player) => ({
        id: player.id,
        name: player.name,
        you: player.id === me,
        owner: player.id === race.owner,
      }))}
      labels={{ you: t("racer.lobby.you"), owner: t("racer.lobby.owner") }}
      start={
        owner && !race.public
          ? {
              label: t("racer.lobby.start"),
              onClick: () => sendToServer({ type: "start" }),
              disabled: race.players.length < 2,
            }
          : null
      }
      status={status}
    />
  );
}

function Track({ snapshot }: { snapshot: Snapshot }) {
  const { t } = useTranslation();
  const { race, entry } = snapshot.context;
  if (!race || !entry) return null;
  return (
    <RacerTrack
      label={t("racer.track")}
      lanes={race.players.map((player) => ({
        id: player.id,
        name: player.name,
        score: player.id === entry.player.id ? Math.max(player.score, ownScore(snapshot)) : player.score,
        you: player.id === entry.player.id,
      }))}
      goal={20}
      points={(count) => t("racer.points", { count })}
      youLabel={t("racer.lobby.you")}
    />
  );
}

const ownScore = (snapshot: Snapshot) => snapshot.context.progress.solved + snapshot.context.progress.bonus;

function Race({
  snapshot,
  send,
  sendToServer,
}: {
  snapshot: Snapshot;
  send: (event: { type: "MOVE"; uci: string }) => void;
  sendToServer: SendToServer;
}) {
  const { t, i18n } = useTranslation();
  const boardTexts = useBoardTexts();
  const sideName = useSideName();
  const { context } = snapshot;
  const puzzles = context.race?.puzzles ?? [];
  const { progress } = context;
  const puzzle = puzzles[progress.puzzle];
  const racing = snapshot.matches({ race: "racing" });
  const fen = puzzle ? (positionAt(puzzle, progress.ply) ?? puzzle.fen) : null;
  const side = puzzle ? puzzleColor(puzzle) : "white";
  // The screen-reader mode's live region: each move's verdict, then each puzzle's side (the board says the moves).
  const announcer = useAnnouncer();
  const { say } = announcer;
  const flashId = context.flash?.id ?? null;
  const flashRight = context.flash?.correct ?? false;
  useEffect(() => {
    if (flashId !== null)
      say(t(flashRight ? "board.screenReader.page.right" : "board.screenReader.page.wrong"));
  }, [flashId, flashRight, say, t]);
  const puzzleIndex = puzzle ? progress.puzzle : null;
  useEffect(() => {
    if (puzzleIndex !== null && racing) say(t(`racer.youPlay.${side}`));
  }, [puzzleIndex, racing, side, say, t]);
  const seconds = Math.ceil(racerMsLeft(context) / 1000);
  const number = new Intl.NumberFormat(i18n.language);

  const onMove = useCallback(
    (move: BoardMove) => {
      if (!fen || !racing) return false;
      const board = new Chess(fen);
      try {
        board.move({
          from: move.from,
          to: move.to,
          ...(move.promotion ? { promotion: move.promotion } : {}),
        });
      } catch {
        return false;
      }
      const uci = `${move.from}${move.to}${move.promotion ?? ""}`;
      sendToServer({ type: "move", puzzle: progress.puzzle, ply: progress.ply, uci });
      send({ type: "MOVE", uci });
      return true;
    },
    [fen, racing, progress.puzzle, progress.ply, send, sendToServer],
  );

  const flashWrong = context.flash && !context.flash.correct;
  return (
    <div
      data-slot="racer-run"
      data-puzzle={progress.puzzle}
      data-ply={progress.ply}
      data-score={ownScore(snapshot)}
      className="grid items-start gap-6 lg:grid-cols-[minmax(0,min(560px,max(360px,calc(100svh_-_310px))))_minmax(0,1fr)]"
    >
      <div className="flex flex-col gap-2">
        <p data-slot="racer-side" className="m-0 font-semibold text-fg">
          {racing ? t(`racer.youPlay.${side}`) : t("racer.countdown", { seconds })}
        </p>
        {fen ? (
          <div
            data-slot="racer-board"
            key={`flash-${context.flash?.id ?? 0}`}
            className={
              flashWrong
                ? "rounded-sm outline outline-4 outline-danger"
                : "rounded-sm outline outline-4 outline-transparent"
            }
          >
            {/* The player's board settings (colours, pieces, orientation, animation, sounds, screen-reader mode). */}
            <PreferredBoard
              settings={false}
              boardId="racer"
              fen={fen}
              orientation={side}
              announcer={announcer}
              label={t("racer.boardLabel", { side: sideName(fen) })}
              {...boardTexts}
              onMove={onMove}
              unreachable="deselect"
              lastMove={
                context.reply ? { from: context.reply.slice(0, 2), to: context.reply.slice(2, 4) } : null
              }
            />
          </div>
        ) : (
          <p className="m-0 text-fg">{t("racer.done")}</p>
        )}
      </div>
      <div className="flex flex-col gap-3">
        <dl className="m-0 grid grid-cols-3 gap-2 rounded-md border border-line bg-surface p-3">
          <div>
            <dt className="text-sm text-fg-muted">{t("racer.clock")}</dt>
            <dd data-slot="racer-clock" className="m-0 text-2xl font-semibold tabular-nums text-fg">
              {racing ? `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}` : "1:30"}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-fg-muted">{t("racer.score")}</dt>
            <dd data-slot="racer-score" className="m-0 text-2xl font-semibold tabular-nums text-fg">
              {number.format(ownScore(snapshot))}
            </dd>
          </div>
          <div>
            <dt className="text-sm text-fg-muted">{t("racer.combo")}</dt>
            <dd className="m-0 text-2xl font-semibold tabular-nums text-fg">
              {number.format(progress.combo)}
            </dd>
          </div>
        </dl>
        {fen ? <MoveBox fen={fen} onMove={onMove} disabled={!racing} /> : null}
        <div>
          <BoardSettingsButton />
        </div>
        <Track snapshot={snapshot} />
      </div>
    </div>
  );
}

function Results({
  snapshot,
  sendToServer,
  onJoined,
  onLeave,
}: {
  snapshot: Snapshot;
  sendToServer: SendToServer;
  onJoined: (entry: RacerEntry) => void;
  onLeave: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { race, entry, rematch } = snapshot.context;
  const asked = useRef(false);
  // Someone asked for a rematch and this player did too: join it under the same name.
  useEffect(() => {
    if (!rematch || !asked.current || !entry) return;
    asked.current = false;
    void racerApi.join(rematch, entry.player.name).then(onJoined, () => undefined);
  }, [rematch, entry, onJoined]);
  if (!race || !entry) return null;
  const number = new Intl.NumberFormat(i18n.language);
  const players = [...race.players].sort((a, b) => b.score - a.score || b.solved - a.solved);
  return (
    <section
      data-slot="racer-results"
      className="flex flex-col gap-3 rounded-md border border-line bg-surface p-4"
    >
      <h2 className="m-0 text-lg font-semibold text-fg">{t("racer.result.title")}</h2>
      <table className="w-full border-collapse text-start text-sm">
        <thead>
          <tr className="text-fg-muted">
            <th className="p-1 text-start">{t("racer.result.place")}</th>
            <th className="p-1 text-start">{t("racer.result.player")}</th>
            <th className="p-1 text-end">{t("racer.result.score")}</th>
            <th className="p-1 text-end">{t("racer.result.solved")}</th>
            <th className="p-1 text-end">{t("racer.result.bestCombo")}</th>
          </tr>
        </thead>
        <tbody>
          {players.map((player, index) => (
            <tr
              key={player.id}
              data-player={player.name}
              data-score={player.score}
              className={player.id === entry.player.id ? "font-semibold text-fg" : "text-fg"}
            >
              <td className="p-1 tabular-nums">{number.format(index + 1)}</td>
              <td className="p-1">
                <bdi>{player.name}</bdi>
              </td>
              <td className="p-1 text-end tabular-nums">{number.format(player.score)}</td>
              <td className="p-1 text-end tabular-nums">{number.format(player.solved)}</td>
              <td className="p-1 text-end tabular-nums">{number.format(player.best_combo)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => {
            // Someone asked first: their rematch is everyone's. Otherwise ask, and join when it is made.
            if (rematch) {
              void racerApi.join(rematch, entry.player.name).then(onJoined, () => undefined);
              return;
            }
            asked.current = true;
            sendToServer({ type: "rematch" });
          }}
        >
          {t("racer.result.rematch")}
        </Button>
        <Button variant="secondary" onClick={onLeave}>
          {t("racer.result.newRace")}
        </Button>
      </div>
    </section>
  );
}
