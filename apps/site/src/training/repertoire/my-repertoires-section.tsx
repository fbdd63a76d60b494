import {
  importRepertoirePgn,
  OPENINGS,
  OWN_REPERTOIRE_LIMITS,
  ownRepertoireFile,
  pickLines,
  RepertoireEditError,
  type RepertoireFile,
  type RepertoireSide,
} from "@ct/chess";
import { buildTree, openingProgress, type RepertoireRecords } from "@ct/machines";
import {
  ConfirmDialog,
  type MyRepertoireItem,
  MyRepertoires,
  RepertoireCreateForm,
  type StarterChoice,
} from "@ct/ui";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "../../app/routing";
import { renderRouterLink } from "../site-link";
import { downloadPgn } from "./export";
import {
  deleteMyRepertoire,
  type MyRepertoireEntry,
  saveMyRepertoire,
  useMyRepertoires,
} from "./my-repertoires-store";
import { problemMessage } from "./problem-text";
import { loadStarter, STARTER_IDS } from "./starters";

/**
 * The "My repertoires" part of /training/repertoire (issue 40): the player's own repertoires with Learn, Drill, Edit,
 * Export and Delete (after a confirmation), and the two ways to start one: New (a name, the side, lines picked from
 * the starters of that side, or none) and Import PGN (a file or pasted text). A refused form says why and creates
 * nothing; a created repertoire opens in the editor.
 */
export function MyRepertoiresSection({ records }: { records: RepertoireRecords }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === "ar" ? "ar" : "en";
  const navigate = useNavigate();
  const entries = useMyRepertoires();
  const [kind, setKind] = useState<"starters" | "pgn" | null>(null);
  const [name, setName] = useState("");
  const [side, setSide] = useState<RepertoireSide>("white");
  const [picked, setPicked] = useState<string[]>([]);
  const [pgn, setPgn] = useState("");
  const [fileName, setFileName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<MyRepertoireEntry | null>(null);
  const starters = useStarters(kind === "starters");
  const full = entries.length >= OWN_REPERTOIRE_LIMITS.repertoires;

  const open = (next: "starters" | "pgn") => {
    setKind(kind === next ? null : next);
    setError(null);
  };
  const created = (moves: Parameters<typeof saveMyRepertoire>[0]["moves"], chosen: string) => {
    const id = saveMyRepertoire({ name: chosen, side, moves });
    if (!id) {
      setError(t("myRepertoires.problem.full", { limit: OWN_REPERTOIRE_LIMITS.repertoires }));
      return;
    }
    navigate(`/training/repertoire/mine/${id}?mode=edit`);
  };
  const submit = () => {
    const chosen = name.trim() || pgnName(pgn) || t("myRepertoires.form.untitled");
    if (kind === "starters") {
      const lines = picked.flatMap((value) => {
        const [id, index] = value.split("/");
        const line = starters?.get(id ?? "")?.lines[Number(index)];
        return line ? [line] : [];
      });
      if (lines.length === 0) {
        created([], chosen);
        return;
      }
      const result = pickLines(side, lines);
      if (!result.ok) {
        setError("problem" in result ? problemMessage(t, result.problem) : null);
        return;
      }
      created(result.moves, chosen);
      return;
    }
    try {
      created(importRepertoirePgn(pgn, side, chosen).moves, chosen);
    } catch (caught) {
      if (!(caught instanceof RepertoireEditError)) throw caught;
      setError(problemMessage(t, caught.problem));
    }
  };

  const now = Date.now();
  const items: MyRepertoireItem[] = entries.map((entry) => {
    const figures = repertoireFigures(entry, records, now);
    const base = `/training/repertoire/mine/${entry.id}`;
    return {
      id: entry.id,
      name: entry.name,
      side: t(`repertoire.side.${entry.side}`),
      figures: figures
        ? `${t("myRepertoires.lines", { count: figures.lines })} · ${t("repertoire.linesLearnt", {
            learnt: figures.learnt,
            total: figures.lines,
          })}`
        : "",
      learn: {
        href: `${base}?mode=learn`,
        label: t("repertoire.learn"),
        name: t("myRepertoires.learnName", { name: entry.name }),
      },
      drill: {
        href: `${base}?mode=drill`,
        label: t("repertoire.drill"),
        name: t("myRepertoires.drillName", { name: entry.name }),
      },
      edit: {
        href: `${base}?mode=edit`,
        label: t("myRepertoires.edit"),
        name: t("myRepertoires.editName", { name: entry.name }),
      },
      exportPgn: {
        label: t("myRepertoires.export"),
        name: t("myRepertoires.exportName", { name: entry.name }),
        onClick: () => downloadPgn(entry.name, entry.pgn),
      },
      remove: {
        label: t("myRepertoires.delete"),
        name: t("myRepertoires.deleteName", { name: entry.name }),
        onClick: () => setDeleting(entry),
      },
    };
  });

  const choices: StarterChoice[] = [...(starters?.entries() ?? [])]
    .filter(([, file]) => file.side === side)
    .map(([id, file]) => ({
      id,
      name: openingName(file, language),
      lines: file.lines.map((line, index) => ({ value: `${id}/${index}`, label: line.name[language] })),
    }))
    .sort((a, b) => a.name.localeCompare(b.name, language));

  return (
    <>
      <MyRepertoires
        title={t("myRepertoires.title")}
        intro={t("myRepertoires.intro")}
        empty={t("myRepertoires.empty")}
        repertoires={items}
        create={{
          label: t("myRepertoires.newRepertoire"),
          onClick: () => open("starters"),
          pressed: kind === "starters",
        }}
        importPgn={{
          label: t("myRepertoires.importPgn"),
          onClick: () => open("pgn"),
          pressed: kind === "pgn",
        }}
        disabled={full}
        note={full ? t("myRepertoires.limitReached", { limit: OWN_REPERTOIRE_LIMITS.repertoires }) : null}
        renderLink={renderRouterLink}
      >
        {kind ? (
          <RepertoireCreateForm
            kind={kind}
            texts={{
              title: t(
                kind === "starters" ? "myRepertoires.form.newTitle" : "myRepertoires.form.importTitle",
              ),
              name: t("myRepertoires.form.name"),
              namePlaceholder: t("myRepertoires.form.namePlaceholder"),
              side: t("myRepertoires.form.side"),
              white: t("myRepertoires.form.white"),
              black: t("myRepertoires.form.black"),
              submit: t(kind === "starters" ? "myRepertoires.form.create" : "myRepertoires.form.import"),
              cancel: t("myRepertoires.form.cancel"),
              pickTitle: t("myRepertoires.form.pickTitle"),
              pickHint: t("myRepertoires.form.pickHint"),
              file: t("myRepertoires.form.file"),
              chooseFile: t("myRepertoires.form.chooseFile"),
              noFile: t("myRepertoires.form.noFile"),
              text: t("myRepertoires.form.text"),
              textHint: t("myRepertoires.form.textHint"),
            }}
            name={name}
            onNameChange={setName}
            side={side}
            onSideChange={(next) => {
              setSide(next);
              setPicked([]);
            }}
            starters={choices}
            picked={picked}
            onPickedChange={setPicked}
            pgn={pgn}
            onPgnChange={setPgn}
            fileName={fileName}
            onFile={(file) => {
              setFileName(file.name);
              if (file.size > OWN_REPERTOIRE_LIMITS.pgnBytes) {
                setError(t("myRepertoires.problem.tooBig"));
                return;
              }
              void file.text().then((text) => {
                setPgn(text);
                setError(null);
                if (!name.trim()) setName(pgnName(text) || file.name.replace(/\.pgn$/i, ""));
              });
            }}
            error={error}
            onSubmit={submit}
            onCancel={() => setKind(null)}
          />
        ) : null}
      </MyRepertoires>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(next) => {
          if (!next) setDeleting(null);
        }}
        title={t("myRepertoires.confirmDelete.title")}
        description={t("myRepertoires.confirmDelete.description", { name: deleting?.name ?? "" })}
        cancelLabel={t("myRepertoires.confirmDelete.cancel")}
        confirmLabel={t("myRepertoires.confirmDelete.confirm")}
        onConfirm={() => {
          if (deleting) deleteMyRepertoire(deleting.id);
        }}
      />
    </>
  );
}

/** The name in a PGN's [Event] tag, or "" when there is none. */
function pgnName(text: string): string {
  const event = /\[Event "([^"]*)"\]/.exec(text)?.[1]?.trim() ?? "";
  return event === "?" ? "" : event;
}

/** An opening's name in the page's language (the list's Arabic name when it has one). */
function openingName(file: RepertoireFile, language: "en" | "ar"): string {
  return language === "ar" ? (OPENING_NAMES_AR.get(file.opening) ?? file.opening) : file.opening;
}

const OPENING_NAMES_AR = new Map(OPENINGS.map((opening) => [opening.name, opening.name_ar]));

/** Every starter, parsed, once the form that picks their lines is open. */
function useStarters(wanted: boolean): Map<string, RepertoireFile> | null {
  const [starters, setStarters] = useState<Map<string, RepertoireFile> | null>(null);
  useEffect(() => {
    if (!wanted || starters) return;
    let live = true;
    void Promise.all(STARTER_IDS.map(async (id) => [id, await loadStarter(id)] as const)).then((loaded) => {
      if (!live) return;
      setStarters(new Map(loaded.flatMap(([id, file]) => (file ? [[id, file] as const] : []))));
    });
    return () => {
      live = false;
    };
  }, [wanted, starters]);
  return starters;
}

/** A repertoire's lines and how many are learnt, or null when its PGN no longer reads. */
function repertoireFigures(entry: MyRepertoireEntry, records: RepertoireRecords, now: number) {
  try {
    const tree = buildTree(
      `mine-${entry.id}`,
      ownRepertoireFile(importRepertoirePgn(entry.pgn, entry.side, entry.name)),
    );
    const progress = openingProgress(records, tree, now);
    return { lines: progress.lines, learnt: progress.learnt };
  } catch {
    return null;
  }
}
