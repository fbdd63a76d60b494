import {
  addMove,
  countMoves,
  type MoveNode,
  type MovePath,
  nodeAt,
  numberedMove,
  type OwnRepertoire,
  removeMove,
  repertoireToPgn,
  START_FEN,
  setComment,
} from "@ct/chess";
import {
  type BoardArrow,
  type BoardMove,
  ConfirmDialog,
  RepertoireEditor,
  type RepertoireTreeItem,
  type RepertoireStatus as TrainerStatusValue,
} from "@ct/ui";
import { Chess } from "chess.js";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "../../app/routing";
import { useHydrated } from "../../lib/hydration";
import { renderRouterLink } from "../site-link";
import { downloadPgn } from "./export";
import { deleteMyRepertoire, loadMyRepertoire, saveMyRepertoire } from "./my-repertoires-store";
import { ltr, problemMessage } from "./problem-text";
import { RepertoireBoard, RepertoireLayout } from "./trainer-layout";

/**
 * The editor of a player's own repertoire (issue 40), /training/repertoire/mine/:id?mode=edit: the board walks the
 * tree; a move played on the board that the tree lacks is added (the player's side keeps one answer per position, so
 * replacing one asks first; the opponent's side may branch). The moves list with its variations puts a move's
 * position on the board; the move on the board can be removed (with what follows it, after a confirmation when moves
 * follow) or commented. Rename, Export, Delete, and Learn and Drill links. Every change is stored at once.
 */
export function RepertoireEditorScreen({ id }: { id: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [own, setOwn] = useState<OwnRepertoire | null | undefined>(undefined);
  useEffect(() => {
    if (hydrated) setOwn(loadMyRepertoire(id));
  }, [hydrated, id]);
  const back = { to: "/training/repertoire", label: t("myRepertoires.back") };
  if (!own) {
    return (
      <RepertoireLayout
        id={id}
        mode="edit"
        back={back}
        board={<RepertoireBoard fen={START_FEN} orientation="white" interactive={false} />}
        panel={
          <p className="m-0 text-fg-muted" data-slot="repertoire-editor-missing">
            {own === null ? t("myRepertoires.notFound") : t("repertoire.loading")}
          </p>
        }
      />
    );
  }
  return <Editor id={id} initial={own} back={back} />;
}

/** The position after a path of moves, and its last move (for the board's highlight). */
function positionAt(path: MovePath, last: MoveNode | undefined) {
  const chess = new Chess();
  for (const san of path) chess.move(san);
  return {
    fen: chess.fen(),
    lastMove: last ? { from: last.uci.slice(0, 2), to: last.uci.slice(2, 4) } : null,
  };
}

function treeItems(moves: readonly MoveNode[], path: string[], parity: number): RepertoireTreeItem[] {
  return moves.map((move) => {
    const next = [...path, move.san];
    return {
      key: next.join(" "),
      ply: path.length,
      san: move.san,
      byPlayer: path.length % 2 === parity,
      commented: move.comment !== undefined,
      children: treeItems(move.children, next, parity),
    };
  });
}

function Editor({
  id,
  initial,
  back,
}: {
  id: string;
  initial: OwnRepertoire;
  back: { to: string; label: string };
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "ar" ? "ar" : "en";
  const navigate = useNavigate();
  const [own, setOwn] = useState(initial);
  const [path, setPath] = useState<string[]>([]);
  const [notice, setNotice] = useState<TrainerStatusValue | null>(null);
  const [comment, setCommentDraft] = useState("");
  const [name, setName] = useState(initial.name);
  const [replace, setReplace] = useState<{ uci: string; old: string; move: string } | null>(null);
  const [confirm, setConfirm] = useState<"remove" | "delete" | null>(null);
  const parity = own.side === "white" ? 0 : 1;
  const node = nodeAt(own.moves, path);
  const { fen, lastMove } = positionAt(path, node);
  const byPlayer = path.length % 2 === parity;
  const current = node ? numberedMove(path.length - 1, node.san) : "";

  /** Puts a position on the board: its comment in the field, the hint in the status. */
  const go = (next: string[], status: TrainerStatusValue | null = null) => {
    setPath(next);
    setNotice(status);
    setCommentDraft(nodeAt(own.moves, next)?.comment?.[language] ?? "");
  };
  const store = (next: OwnRepertoire) => {
    setOwn(next);
    saveMyRepertoire({ id, ...next });
  };

  const play = (uci: string, replacing: boolean): boolean => {
    const result = addMove(own, path, uci, { replace: replacing });
    if (result.ok) {
      const san = result.san as string;
      const added = countMoves(result.moves) !== countMoves(own.moves) || replacing;
      const next = { ...own, moves: result.moves };
      if (added) store(next);
      const label = ltr(numberedMove(path.length, san));
      const nextPath = [...path, san];
      setPath(nextPath);
      setCommentDraft(nodeAt(next.moves, nextPath)?.comment?.[language] ?? "");
      setNotice({
        tone: added ? "success" : "info",
        text: t(added ? "myRepertoires.editor.added" : "myRepertoires.editor.walked", { move: label }),
      });
      return true;
    }
    if ("replaces" in result) {
      const chess = new Chess(fen);
      let san = uci;
      try {
        san = chess.move({ from: uci.slice(0, 2), to: uci.slice(2, 4), promotion: uci[4] ?? "q" }).san;
      } catch {
        // Not legal: addMove would have said so.
      }
      setReplace({ uci, old: result.replaces, move: numberedMove(path.length, san) });
      return false;
    }
    setNotice({ tone: "failure", text: problemMessage(t, result.problem) });
    return false;
  };

  const children = path.length === 0 ? own.moves : (node?.children ?? []);
  const arrows: BoardArrow[] = children.map((move) => ({
    from: move.uci.slice(0, 2),
    to: move.uci.slice(2, 4),
    kind: byPlayer ? "hint" : "idea",
  }));
  const status: TrainerStatusValue = notice ?? {
    tone: "info",
    text: t(byPlayer ? "myRepertoires.editor.hintYours" : "myRepertoires.editor.hintTheirs"),
  };
  const moves = countMoves(own.moves);
  const base = `/training/repertoire/mine/${id}`;
  const removeNow = () => {
    const next = { ...own, moves: removeMove(own, path) };
    store(next);
    const parent = path.slice(0, -1);
    setPath(parent);
    setCommentDraft(nodeAt(next.moves, parent)?.comment?.[language] ?? "");
    setNotice({ tone: "info", text: t("myRepertoires.editor.removed", { move: ltr(current) }) });
  };

  return (
    <RepertoireLayout
      id={id}
      mode="edit"
      back={back}
      board={
        <div data-slot="repertoire-editor-board" data-path={path.join(" ")} data-moves={moves}>
          <RepertoireBoard
            fen={fen}
            orientation={own.side}
            interactive
            lastMove={lastMove}
            arrows={arrows}
            label={(side) => t("myRepertoires.editor.boardLabel", { side })}
            onMove={(move: BoardMove) => play(`${move.from}${move.to}${move.promotion ?? ""}`, false)}
          />
          <ConfirmDialog
            open={replace !== null}
            onOpenChange={(open) => {
              if (!open) setReplace(null);
            }}
            title={t("myRepertoires.editor.confirmReplace.title")}
            description={t("myRepertoires.editor.confirmReplace.description", {
              old: ltr(replace?.old ?? ""),
              move: ltr(replace?.move ?? ""),
            })}
            cancelLabel={t("myRepertoires.editor.confirmReplace.cancel", { old: ltr(replace?.old ?? "") })}
            confirmLabel={t("myRepertoires.editor.confirmReplace.confirm", {
              move: ltr(replace?.move ?? ""),
            })}
            onConfirm={() => {
              if (replace) play(replace.uci, true);
            }}
          />
          <ConfirmDialog
            open={confirm === "remove"}
            onOpenChange={(open) => {
              if (!open) setConfirm(null);
            }}
            title={t("myRepertoires.editor.confirmRemove.title")}
            description={t("myRepertoires.editor.confirmRemove.description", { move: ltr(current) })}
            cancelLabel={t("myRepertoires.editor.confirmRemove.cancel")}
            confirmLabel={t("myRepertoires.editor.confirmRemove.confirm")}
            onConfirm={removeNow}
          />
          <ConfirmDialog
            open={confirm === "delete"}
            onOpenChange={(open) => {
              if (!open) setConfirm(null);
            }}
            title={t("myRepertoires.confirmDelete.title")}
            description={t("myRepertoires.confirmDelete.description", { name: own.name })}
            cancelLabel={t("myRepertoires.confirmDelete.cancel")}
            confirmLabel={t("myRepertoires.confirmDelete.confirm")}
            onConfirm={() => {
              deleteMyRepertoire(id);
              navigate("/training/repertoire");
            }}
          />
        </div>
      }
      panel={
        <RepertoireEditor
          title={own.name}
          mode={t("myRepertoires.editor.mode")}
          summary={`${t(`repertoire.side.${own.side}`)} · ${t("myRepertoires.editor.moves", { count: moves })}`}
          status={status}
          tree={{
            label: t("myRepertoires.editor.tree"),
            empty: t("myRepertoires.editor.emptyTree"),
            items: treeItems(own.moves, [], parity),
            selected: path.length > 0 ? path.join(" ") : null,
            onSelect: (key) => go(key.split(" ")),
          }}
          start={{
            label: t("myRepertoires.editor.start"),
            onClick: () => go([]),
            disabled: path.length === 0,
          }}
          back={{
            label: t("myRepertoires.editor.back"),
            onClick: () => go(path.slice(0, -1)),
            disabled: path.length === 0,
          }}
          remove={
            node
              ? {
                  label: t("myRepertoires.editor.remove", { move: ltr(current) }),
                  onClick: () => (node.children.length > 0 ? setConfirm("remove") : removeNow()),
                }
              : null
          }
          comment={
            node
              ? {
                  label: t("myRepertoires.editor.comment", { move: ltr(current) }),
                  hint: t("myRepertoires.editor.commentHint"),
                  value: comment,
                  onChange: setCommentDraft,
                  save: {
                    label: t("myRepertoires.editor.saveComment"),
                    onClick: () => {
                      store({ ...own, moves: setComment(own, path, comment) });
                      setNotice({ tone: "success", text: t("myRepertoires.editor.commentSaved") });
                    },
                  },
                }
              : null
          }
          rename={{
            label: t("myRepertoires.editor.name"),
            value: name,
            onChange: setName,
            save: {
              label: t("myRepertoires.editor.rename"),
              disabled: name.trim() === own.name,
              onClick: () => {
                const clean = name.trim();
                if (clean === "") {
                  setNotice({ tone: "failure", text: t("myRepertoires.problem.noName") });
                  return;
                }
                store({ ...own, name: clean });
                setName(clean);
                setNotice({ tone: "success", text: t("myRepertoires.editor.renamed") });
              },
            },
          }}
          learn={{ href: `${base}?mode=learn`, label: t("myRepertoires.editor.learn") }}
          drill={{ href: `${base}?mode=drill`, label: t("myRepertoires.editor.drill") }}
          exportPgn={{
            label: t("myRepertoires.editor.export"),
            onClick: () => downloadPgn(own.name, repertoireToPgn(own)),
          }}
          deleteRepertoire={{ label: t("myRepertoires.editor.delete"), onClick: () => setConfirm("delete") }}
          renderLink={renderRouterLink}
        />
      }
    />
  );
}
