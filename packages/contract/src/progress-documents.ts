/**
 * The progress documents of the opening repertoire and the endgame course (issue 40), kept on a signed-in player's
 * account beside the documents kept whole (account.ts). Their progress only grows, so a write never replaces what
 * the account holds: the server and the browser both merge the two versions and keep the better of both, per line,
 * per card and per exercise. Pure and zod-free (the site's sync loads it), with a canonical JSON text, so two sides
 * that hold the same progress hold the same text.
 */

/** The documents merged rather than replaced, as `kind/id`. */
export const MERGED_DOCUMENTS = ["repertoire/progress", "endgame-course/progress"] as const;
export type MergedDocument = (typeof MERGED_DOCUMENTS)[number];

export const isMergedDocument = (name: string): name is MergedDocument =>
  (MERGED_DOCUMENTS as readonly string[]).includes(name);

/** A line of the repertoire records (packages/machines repertoire/records.ts). */
export interface RepertoireLineBody {
  learnt: string | null;
  drilled: string | null;
  clean: boolean;
  drills: number;
}

/** A move's card: its key and its FSRS scheduling (ISO times). Other fields ride along as stored. */
export interface RepertoireCardBody {
  key: string;
  due: string;
  reps: number;
  lastReview: string | null;
  [field: string]: unknown;
}

export interface RepertoireProgressBody {
  version: 1;
  lines: Record<string, RepertoireLineBody>;
  cards: Record<string, RepertoireCardBody>;
}

/** The endgame course: the ids of the exercises passed. */
export interface EndgameProgressBody {
  solved: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** JSON text with every object's keys sorted: the same progress is the same text on both sides. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, each: unknown) =>
    isObject(each)
      ? Object.fromEntries(
          Object.keys(each)
            .sort()
            .map((key) => [key, each[key]]),
        )
      : each,
  );
}

const parse = (text: string | null | undefined): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
};

/** Repertoire records read leniently: what is not a line or a card is dropped. */
export function readRepertoireProgress(value: unknown): RepertoireProgressBody {
  const body: RepertoireProgressBody = { version: 1, lines: {}, cards: {} };
  if (!isObject(value)) return body;
  if (isObject(value.lines))
    for (const [id, line] of Object.entries(value.lines)) {
      if (!isObject(line)) continue;
      body.lines[id] = {
        learnt: typeof line.learnt === "string" ? line.learnt : null,
        drilled: typeof line.drilled === "string" ? line.drilled : null,
        clean: line.clean === true,
        drills: typeof line.drills === "number" && Number.isFinite(line.drills) ? line.drills : 0,
      };
    }
  if (isObject(value.cards))
    for (const [key, card] of Object.entries(value.cards))
      if (isObject(card) && typeof card.due === "string")
        body.cards[key] = {
          ...card,
          key: typeof card.key === "string" ? card.key : key,
          due: card.due,
          reps: typeof card.reps === "number" ? card.reps : 0,
          lastReview: typeof card.lastReview === "string" ? card.lastReview : null,
        };
  return body;
}

const earlier = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);

/**
 * One line from two devices: learnt at the earlier time either learnt it, drilled as its latest drill left it (that
 * drill says whether it was clean), and the larger count of drills.
 */
function mergeLine(a: RepertoireLineBody, b: RepertoireLineBody): RepertoireLineBody {
  const drilled =
    (a.drilled ?? "") > (b.drilled ?? "") ? a : (b.drilled ?? "") > (a.drilled ?? "") ? b : null;
  return {
    learnt: earlier(a.learnt, b.learnt),
    drilled: (drilled ?? a).drilled,
    clean: drilled ? drilled.clean : a.clean || b.clean,
    drills: Math.max(a.drills, b.drills),
  };
}

/** One card from two devices: the later review's schedule (it saw every earlier answer), else the more reviewed. */
function mergeCard(a: RepertoireCardBody, b: RepertoireCardBody): RepertoireCardBody {
  const reviewA = a.lastReview ?? "";
  const reviewB = b.lastReview ?? "";
  if (reviewA !== reviewB) return reviewA > reviewB ? a : b;
  if (a.reps !== b.reps) return a.reps > b.reps ? a : b;
  // The same review on both: either, the same on both sides whatever the order.
  return canonicalJson(a) >= canonicalJson(b) ? a : b;
}

export function mergeRepertoireProgress(a: unknown, b: unknown): RepertoireProgressBody {
  const left = readRepertoireProgress(a);
  const right = readRepertoireProgress(b);
  const merged: RepertoireProgressBody = { version: 1, lines: { ...left.lines }, cards: { ...left.cards } };
  for (const [id, line] of Object.entries(right.lines)) {
    const mine = merged.lines[id];
    merged.lines[id] = mine ? mergeLine(mine, line) : line;
  }
  for (const [key, card] of Object.entries(right.cards)) {
    const mine = merged.cards[key];
    merged.cards[key] = mine ? mergeCard(mine, card) : card;
  }
  return merged;
}

/** The endgame course's ids, from the document (`{solved}`) or the browser's own list. */
export function readEndgameProgress(value: unknown): EndgameProgressBody {
  const list = Array.isArray(value)
    ? value
    : isObject(value) && Array.isArray(value.solved)
      ? value.solved
      : [];
  return { solved: [...new Set(list.filter((id): id is string => typeof id === "string"))].sort() };
}

/** Every exercise passed on either side. */
export function mergeEndgameProgress(a: unknown, b: unknown): EndgameProgressBody {
  return readEndgameProgress([...readEndgameProgress(a).solved, ...readEndgameProgress(b).solved]);
}

/** Two versions of a merged document (JSON texts, either may be missing) as one canonical JSON text. */
export function mergeDocumentBodies(
  name: MergedDocument,
  a: string | null | undefined,
  b: string | null | undefined,
): string {
  const merge = name === "repertoire/progress" ? mergeRepertoireProgress : mergeEndgameProgress;
  return canonicalJson(merge(parse(a), parse(b)));
}

/** True when a merged document's body holds any progress (a line, a card, an exercise). */
export function documentHoldsProgress(name: MergedDocument, text: string | null | undefined): boolean {
  if (name === "endgame-course/progress") return readEndgameProgress(parse(text)).solved.length > 0;
  const body = readRepertoireProgress(parse(text));
  return Object.keys(body.lines).length > 0 || Object.keys(body.cards).length > 0;
}
