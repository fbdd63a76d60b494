/**
 * The trainer's opening list: 29 openings with their ECO ranges, sorted by name (spec section 9). The ranges are
 * the usual Encyclopaedia of Chess Openings classification; where ranges nest (the Slav inside the Queen's Gambit),
 * the narrower range wins.
 */
export interface Opening {
  name: string;
  name_ar: string;
  /** Inclusive ECO ranges, e.g. [["C60", "C99"]]. */
  eco: readonly (readonly [string, string])[];
  /** Other names the same family goes by (lichess opening tags, common spellings). */
  aliases?: readonly string[];
}

export const OPENINGS: readonly Opening[] = [
  { name: "Alekhine's Defense", name_ar: "دفاع أليخين", eco: [["B02", "B05"]] },
  { name: "Benoni Defense", name_ar: "دفاع بينوني", eco: [["A56", "A79"]], aliases: ["Benko Gambit"] },
  { name: "Bird's Opening", name_ar: "افتتاحية بيرد", eco: [["A02", "A03"]] },
  { name: "Bogo-Indian Defense", name_ar: "الدفاع البوغو-هندي", eco: [["E11", "E11"]] },
  { name: "Caro-Kann Defense", name_ar: "دفاع كارو-كان", eco: [["B10", "B19"]] },
  { name: "Catalan Opening", name_ar: "الافتتاحية الكتالونية", eco: [["E00", "E09"]] },
  { name: "Dutch Defense", name_ar: "الدفاع الهولندي", eco: [["A80", "A99"]] },
  { name: "English Opening", name_ar: "الافتتاحية الإنجليزية", eco: [["A10", "A39"]] },
  { name: "Four Knights Game", name_ar: "لعبة الأحصنة الأربعة", eco: [["C46", "C49"]] },
  { name: "French Defense", name_ar: "الدفاع الفرنسي", eco: [["C00", "C19"]] },
  { name: "Grünfeld Defense", name_ar: "دفاع غرونفيلد", eco: [["D70", "D99"]] },
  {
    name: "Italian Game",
    name_ar: "اللعبة الإيطالية",
    eco: [["C50", "C54"]],
    aliases: ["Giuoco Piano", "Evans Gambit"],
  },
  { name: "King's Gambit", name_ar: "مناورة الملك", eco: [["C30", "C39"]] },
  { name: "King's Indian Defense", name_ar: "الدفاع الهندي الملكي", eco: [["E60", "E99"]] },
  {
    name: "London System",
    name_ar: "نظام لندن",
    eco: [
      ["D02", "D02"],
      ["A48", "A48"],
    ],
  },
  { name: "Modern Defense", name_ar: "الدفاع الحديث", eco: [["B06", "B06"]] },
  { name: "Nimzo-Indian Defense", name_ar: "الدفاع النيمزو-هندي", eco: [["E20", "E59"]] },
  {
    name: "Petrov's Defense",
    name_ar: "دفاع بتروف",
    eco: [["C42", "C43"]],
    aliases: ["Russian Game", "Petroff Defense"],
  },
  { name: "Philidor Defense", name_ar: "دفاع فيليدور", eco: [["C41", "C41"]] },
  { name: "Pirc Defense", name_ar: "دفاع بيرتس", eco: [["B07", "B09"]] },
  {
    name: "Queen's Gambit",
    name_ar: "مناورة الوزير",
    eco: [["D06", "D69"]],
    aliases: ["Queen's Gambit Declined", "Queen's Gambit Accepted", "Semi-Slav Defense", "Tarrasch Defense"],
  },
  { name: "Queen's Indian Defense", name_ar: "الدفاع الهندي الوزيري", eco: [["E12", "E19"]] },
  { name: "Ruy Lopez", name_ar: "روي لوبيز", eco: [["C60", "C99"]], aliases: ["Spanish Game"] },
  {
    name: "Scandinavian Defense",
    name_ar: "الدفاع الإسكندنافي",
    eco: [["B01", "B01"]],
    aliases: ["Center Counter Defense"],
  },
  { name: "Scotch Game", name_ar: "اللعبة الاسكتلندية", eco: [["C44", "C45"]] },
  { name: "Sicilian Defense", name_ar: "الدفاع الصقلي", eco: [["B20", "B99"]] },
  { name: "Slav Defense", name_ar: "الدفاع السلافي", eco: [["D10", "D19"]] },
  { name: "Two Knights Defense", name_ar: "دفاع الحصانين", eco: [["C55", "C59"]] },
  { name: "Vienna Game", name_ar: "لعبة فيينا", eco: [["C25", "C29"]] },
];

const ECO = /^[A-E][0-9]{2}$/;

function width([from, to]: readonly [string, string]): number {
  return (to.charCodeAt(0) - from.charCodeAt(0)) * 100 + Number(to.slice(1)) - Number(from.slice(1));
}

/** The opening an ECO code belongs to (the narrowest matching range), or null. */
export function openingForEco(eco: string): Opening | null {
  const code = eco.trim().toUpperCase();
  if (!ECO.test(code)) return null;
  let best: { opening: Opening; width: number } | null = null;
  for (const opening of OPENINGS) {
    for (const range of opening.eco) {
      if (code >= range[0] && code <= range[1] && (!best || width(range) < best.width)) {
        best = { opening, width: width(range) };
      }
    }
  }
  return best?.opening ?? null;
}

/** Letters only, lower case, accents and apostrophes dropped: "Grünfeld_Defense" → "grunfelddefense". */
function key(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");
}

const byKey = new Map<string, Opening>();
for (const opening of OPENINGS) {
  for (const name of [opening.name, ...(opening.aliases ?? [])]) byKey.set(key(name), opening);
}
// lichess spells some families without the possessive: "Alekhine Defense", "Petrov Defense".
byKey.set(key("Alekhine Defense"), byKey.get(key("Alekhine's Defense")) as Opening);
byKey.set(key("Petrov Defense"), byKey.get(key("Petrov's Defense")) as Opening);

/**
 * The opening a name belongs to: the list's names, their aliases, lichess opening tags ("Sicilian_Defense",
 * "Queens_Gambit_Declined") and full variation names ("Sicilian Defense: Najdorf Variation").
 */
export function openingForName(name: string): Opening | null {
  const family = name.split(/[:,]/)[0] ?? "";
  const words = family.replace(/_/g, " ").trim().split(/\s+/);
  // Longest prefix first: "Queen's Gambit Declined" before "Queen's Gambit".
  for (let length = words.length; length > 0; length--) {
    const found = byKey.get(key(words.slice(0, length).join(" ")));
    if (found) return found;
  }
  return null;
}
