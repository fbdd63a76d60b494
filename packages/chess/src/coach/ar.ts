import type { Color, Role } from "chessops/types";
import { opposite } from "chessops/util";
import type { Placed } from "./board";
import { type Facts, type Idea, isMateTheme } from "./facts";
import { formatEval, ltr, numbered } from "./notation";
import {
  detailOf,
  firstMoveDetail,
  isMinor,
  mainIdeas,
  type Phrasebook,
  solverMoveOf,
  standingLineAttack,
  type ThemeTable,
  tradeOf,
  weakPawnSquare,
  winsBesides,
} from "./phrasebook";

/** الأعداد الترتيبية مؤنثة لتوافق «نقلة». */
const ORDINAL: Record<number, string> = {
  2: "الثانية",
  3: "الثالثة",
  4: "الرابعة",
  5: "الخامسة",
  6: "السادسة",
};

// Modern Standard Arabic chess terms. Every piece noun is masculine, so verbs and pronouns agree in the masculine.
// Moves, squares and numbers stay in Latin notation wrapped in isolates (see `ltr`).

/** The piece with the article: الوزير. */
const THE: Record<Role, string> = {
  king: "الملك",
  queen: "الوزير",
  rook: "الرخ",
  bishop: "الفيل",
  knight: "الحصان",
  pawn: "البيدق",
};

/** The solver's piece: وزيرك ("your queen"). */
const YOUR: Record<Role, string> = {
  king: "ملكك",
  queen: "وزيرك",
  rook: "رخك",
  bishop: "فيلك",
  knight: "حصانك",
  pawn: "بيدقك",
};

/** The opponent's piece, definite by the construct: وزير الخصم. */
const ENEMY: Record<Role, string> = {
  king: "ملك الخصم",
  queen: "وزير الخصم",
  rook: "رخ الخصم",
  bishop: "فيل الخصم",
  knight: "حصان الخصم",
  pawn: "بيدق الخصم",
};

/** Indefinite, nominative or genitive (after مقابل، إلى): وزير. */
const ONE: Record<Role, string> = {
  king: "ملك",
  queen: "وزير",
  rook: "رخ",
  bishop: "فيل",
  knight: "حصان",
  pawn: "بيدق",
};

/** Indefinite accusative, the object of يكسب: وزيرًا. */
const ONE_OBJECT: Record<Role, string> = {
  king: "ملكًا",
  queen: "وزيرًا",
  rook: "رخًا",
  bishop: "فيلًا",
  knight: "حصانًا",
  pawn: "بيدقًا",
};

/** Dual, accusative and genitive alike: بيدقين. */
const TWO: Record<Role, string> = {
  king: "ملكين",
  queen: "وزيرين",
  rook: "رخين",
  bishop: "فيلين",
  knight: "حصانين",
  pawn: "بيدقين",
};

/** The two pieces of a kind with the article, genitive (after تبادل): الوزيرين. */
const THE_TWO: Record<Role, string> = {
  king: "الملكين",
  queen: "الوزيرين",
  rook: "الرخين",
  bishop: "الفيلين",
  knight: "الحصانين",
  pawn: "البيدقين",
};

/** Broken plural, counted by three to eight: ثلاثة بيادق. */
const MANY: Record<Role, string> = {
  king: "ملوك",
  queen: "وزراء",
  rook: "رخاخ",
  bishop: "أفيال",
  knight: "أحصنة",
  pawn: "بيادق",
};

/** Numbers 3–8 take the feminine form before the masculine counted nouns above. */
const NUMBER = ["", "", "", "ثلاثة", "أربعة", "خمسة", "ستة", "سبعة", "ثمانية"];

const SIDE: Record<Color, string> = { white: "الأبيض", black: "الأسود" };
const FOR_SIDE: Record<Color, string> = { white: "للأبيض", black: "للأسود" };

function on(piece: Placed): string {
  return `${THE[piece.role]} على ${ltr(piece.square)}`;
}

/** Joins with the attached conjunction: "الملك والوزير". */
function and(items: readonly string[]): string {
  return items.join(" و");
}

/** Counted material, as the object of a verb or after مقابل. */
function material(roles: readonly Role[], object: boolean): string {
  const groups: string[] = [];
  for (const role of new Set(roles)) {
    const count = roles.filter((other) => other === role).length;
    if (count === 1) groups.push(object ? ONE_OBJECT[role] : ONE[role]);
    else if (count === 2) groups.push(TWO[role]);
    else groups.push(`${NUMBER[count] ?? count} ${MANY[role]}`);
  }
  return and(groups);
}

/** What the line wins, e.g. "وزيرًا وبيدقًا مقابل حصان" or "الجودة (رخًا مقابل فيل)". */
function winnings(facts: Facts): string {
  const { gains, losses } = facts.material;
  const exchange = gains.length === 1 && gains[0] === "rook" && losses.length === 1 && isMinor(losses[0]);
  if (exchange) return `الجودة (${material(gains, true)} مقابل ${material(losses, false)})`;
  const won = material(gains, true);
  return losses.length > 0 ? `${won} مقابل ${material(losses, false)}` : won;
}

/** "في نقلة واحدة"، "في نقلتين"، "في 3 نقلات"، "في 11 نقلة". */
function inMoves(count: number): string {
  if (count === 1) return "في نقلة واحدة";
  if (count === 2) return "في نقلتين";
  return count <= 10 ? `في ${count} نقلات` : `في ${count} نقلة`;
}

function mateMoves(facts: Facts): number | undefined {
  return facts.goal.kind === "mate" ? facts.goal.moves : undefined;
}

function forcedMate(facts: Facts): string {
  const count = mateMoves(facts);
  return count === undefined ? "كش مات إجباري" : `كش مات إجباري ${inMoves(count)}`;
}

function mateSubtle(piece: string, facts: Facts): string {
  const count = mateMoves(facts);
  if (count === 1) return `يستطيع ${piece} أن يعطي كش مات في نقلة واحدة.`;
  const delivered = facts.goal.kind === "mate" && facts.goal.delivered;
  return delivered
    ? `هناك ${forcedMate(facts)}، و${piece} يوجّه الضربة القاضية.`
    : `هناك ${forcedMate(facts)}، ويبدأ ب${piece}.`;
}

function mateClause(idea: Idea): string {
  const mate = detailOf(idea, "mate");
  return mate
    ? `${on(mate.mater)} يعطي كشًّا، والملك على ${ltr(mate.king)} لا مفرّ له`
    : "كل دفاع ينتهي بكش مات";
}

function namedMate(name: string) {
  return { name, subtle: (piece: string) => `ابحث عن ${name} ب${piece}.`, clause: mateClause };
}

function simple(name: string, subtle: (piece: string) => string, clause: string) {
  return { name, subtle, clause: () => clause };
}

const THEMES: ThemeTable = {
  smotheredMate: {
    name: "كش مات خانق",
    subtle: () => "ملك الخصم محاصر بقطعه: ابحث عن كش مات خانق بحصانك.",
    clause: (idea) => {
      const mate = detailOf(idea, "mate");
      return mate
        ? `الملك على ${ltr(mate.king)} محاط بقطعه، فيعطيه ${on(mate.mater)} كش مات وحده`
        : "الملك المحاط بقطعه يمكن أن يتلقى كش مات من حصان وحده";
    },
  },
  backRankMate: {
    name: "كش مات الصف الأخير",
    subtle: (piece) => `ملك الخصم عالق في صفه الأخير، ويستطيع ${piece} أن يستغل ذلك.`,
    clause: (idea) => {
      const mate = detailOf(idea, "mate");
      return mate
        ? `الملك على ${ltr(mate.king)} محبوس في صفه الأخير خلف قطعه، و${on(mate.mater)} يعطيه كش مات على هذا الصف`
        : "الملك المحبوس في صفه الأخير خلف بيادقه يمكن أن يتلقى كش مات هناك";
    },
  },
  anastasiaMate: namedMate("كش مات أناستازيا"),
  arabianMate: namedMate("الكش مات العربي"),
  hookMate: namedMate("كش مات الخطّاف"),
  bodenMate: namedMate("كش مات بودن"),
  doubleBishopMate: namedMate("كش مات الفيلين"),
  dovetailMate: namedMate("كش مات ذيل الحمامة"),
  mate: { name: "كش مات", subtle: mateSubtle, clause: mateClause },
  fork: {
    name: "شوكة",
    subtle: (piece) => `ابحث عن شوكة ب${piece}.`,
    clause: (idea) => {
      const fork = detailOf(idea, "fork");
      return fork
        ? `${on(fork.attacker)} يهاجم ${and(fork.targets.map(on))} في آنٍ واحد`
        : "قطعة واحدة تهاجم هدفين في آنٍ واحد";
    },
  },
  pin: {
    name: "تثبيت",
    subtle: (piece) => `ابحث عن تثبيت ب${piece}.`,
    clause: (idea) => {
      const pin = detailOf(idea, "pin");
      return pin
        ? `لا يستطيع ${on(pin.front)} أن يتحرك دون أن يكشف ${on(pin.behind)} خلفه أمام ${on(pin.attacker)}`
        : "القطعة المثبّتة لا تستطيع التحرك دون أن تكشف قطعة أثمن خلفها";
    },
  },
  skewer: {
    name: "سيخ",
    subtle: (piece) => `ابحث عن سيخ ب${piece}.`,
    clause: (idea) => {
      const skewer = detailOf(idea, "skewer");
      return skewer
        ? `${on(skewer.attacker)} يهاجم ${on(skewer.front)}، وحين يبتعد يسقط ${on(skewer.behind)} خلفه`
        : "تُهاجَم قطعة ثمينة، وحين تبتعد تسقط القطعة التي خلفها";
    },
  },
  discoveredAttack: {
    name: "هجوم مكشوف",
    subtle: (piece) => `ابحث عن هجوم مكشوف: تحريك ${piece} قد يكشف القطعة التي خلفه.`,
    clause: (idea) => {
      const found = detailOf(idea, "discovered");
      return found
        ? `تحريك ${THE[found.mover.role]} من ${ltr(found.mover.square)} يكشف ${on(found.attacker)} ` +
            `فيهاجم ${on(found.target)}`
        : "تحريك قطعة من الطريق يكشف هجوم القطعة التي خلفها";
    },
  },
  doubleCheck: {
    name: "كش مزدوج",
    subtle: (piece) => `ابحث عن كش مزدوج: يستطيع ${piece} أن يتحرك فيكشف كشًّا ثانيًا.`,
    clause: (idea, facts) => {
      const double = detailOf(idea, "doubleCheck");
      const ply = double && facts.plies[double.ply];
      return double && ply
        ? `بعد ${ltr(numbered(ply))} يعطي كلٌّ من ${and(double.checkers.map(on))} كشًّا، فلا بد أن يتحرك الملك`
        : "قطعتان تعطيان كشًّا في آنٍ واحد، فلا رد إلا بتحريك الملك";
    },
  },
  deflection: {
    name: "إبعاد",
    subtle: (piece) => `أبعِد مدافعًا: يستطيع ${piece} أن يجرّ قطعة مهمة للخصم بعيدًا عن واجبها.`,
    clause: (idea, facts) => {
      const lure = detailOf(idea, "lure");
      const reply = lure && facts.plies[lure.ply];
      return lure && reply
        ? `بعد ${ltr(numbered(reply))} يكون ${THE[lure.piece.role]} قد ابتعد عن واجبه الدفاعي`
        : "يُجبَر مدافع على ترك المربع أو القطعة التي يحميها";
    },
  },
  attraction: {
    name: "جذب",
    subtle: (piece) => `استدرج قطعة للخصم إلى مربع قاتل ب${piece}.`,
    clause: (idea, facts) => {
      const lure = detailOf(idea, "lure");
      const reply = lure && facts.plies[lure.ply];
      return lure && reply
        ? `بعد ${ltr(numbered(reply))} يقف ${THE[lure.piece.role]} على ${ltr(lure.piece.square)} حيث يتلقى الضربة`
        : "تُستدرَج قطعة للخصم إلى مربع تتلقى فيه الضربة";
    },
  },
  sacrifice: {
    name: "تضحية",
    subtle: (piece) => `كن مستعدًا للتضحية بالمادة: ${piece} يفتح الطريق.`,
    clause: (idea, facts) => {
      const given = detailOf(idea, "sacrifice");
      return given
        ? `يضحّي ${SIDE[facts.solver]} ب${on(given.piece)} لفتح الطريق`
        : "التخلي عن المادة يفتح الطريق لما هو أكبر";
    },
  },
  capturingDefender: simple(
    "إزالة المدافع",
    (piece) => `أزِل المدافع: يستطيع ${piece} أن يأخذ القطعة التي تحمي كل شيء.`,
    "أخذ المدافع يترك ما كان يحميه بلا حماية",
  ),
  interference: simple(
    "اعتراض",
    (piece) => `اقطع خطوط الخصم: ضع ${piece} بين قطعتين له.`,
    "قطعة تقف بين قطعتين للخصم فتقطع الاتصال بينهما",
  ),
  clearance: simple(
    "إخلاء",
    (piece) => `أخلِ الطريق: حرّك ${piece} بكسب الوقت لتحرير مربع أو خط.`,
    "قطعة تُخلي الطريق بكسب الوقت لتحرير مربع أو خط",
  ),
  intermezzo: simple(
    "نقلة وسيطة",
    (piece) => `قبل الاسترداد المتوقع، ابحث عن نقلة وسيطة ب${piece}.`,
    "نقلة وسيطة تأتي قبل الاسترداد المتوقع",
  ),
  xRayAttack: simple(
    "هجوم بالأشعة السينية",
    (piece) => `انظر عبر قطع الخصم: ل${piece} هجوم بالأشعة السينية.`,
    "قطعة تؤثر عبر قطعة للخصم على الخط نفسه",
  ),
  trappedPiece: simple(
    "قطعة محاصرة",
    (piece) => `قطعة للخصم تفتقر إلى المربعات: حاصرها ب${piece}.`,
    "قطعة للخصم لم يبقَ لها مربع آمن فتضيع",
  ),
  hangingPiece: {
    name: "قطعة بلا حماية",
    subtle: (piece) => `هناك قطعة بلا حماية: انظر ماذا يستطيع ${piece} أن يأخذ.`,
    clause: (idea) => {
      const hanging = detailOf(idea, "hanging");
      return hanging ? `${on(hanging.victim)} كان بلا حماية` : "القطعة غير المحمية يمكن أخذها ببساطة";
    },
  },
  underPromotion: {
    name: "ترقية إلى قطعة غير الوزير",
    subtle: () => "يستطيع بيدقك أن يترقى، لكن الوزير ليس الخيار الأفضل.",
    clause: (idea) => {
      const promotion = detailOf(idea, "promotion");
      return promotion
        ? `الترقية إلى ${ONE[promotion.role]} على ${ltr(promotion.square)} بدلًا من الوزير هي ما ينجح هنا`
        : "الترقية إلى قطعة غير الوزير هي ما ينجح هنا";
    },
  },
  promotion: {
    name: "ترقية",
    subtle: () => "بيدقك قريب من الترقية: جِد طريقه إلى الصف الأخير.",
    clause: (idea) => {
      const promotion = detailOf(idea, "promotion");
      return promotion
        ? `يصل البيدق إلى ${ltr(promotion.square)} ويصبح ${ONE_OBJECT[promotion.role]}`
        : "البيدق الذي يبلغ الصف الأخير يصبح قطعة جديدة";
    },
  },
  enPassant: simple(
    "الأخذ بالمرور",
    () => "تذكّر الأخذ بالمرور.",
    "البيدق الذي تقدم مربعين للتو يمكن أخذه كأنه تقدم مربعًا واحدًا",
  ),
  zugzwang: simple(
    "الإلزام بالنقل (زوغزوانغ)",
    (piece) => `خصمك يفتقر إلى النقلات الجيدة: ابحث عن نقلة ب${piece} تضعه في وضع الإلزام بالنقل.`,
    "الخصم ملزم باللعب، وكل نقلة تزيد وضعه سوءًا",
  ),
  quietMove: {
    name: "حركة هادئة",
    subtle: (piece) => `لا حاجة إلى كش أو أخذ: ابحث عن حركة هادئة ب${piece}.`,
    clause: (idea, facts) => {
      const quiet = detailOf(idea, "quiet");
      const ply = quiet && facts.plies[quiet.ply];
      const effect = facts.goal.kind === "hold" ? "تحافظ على التوازن" : "تترك الخصم بلا رد جيد";
      return `${ply ? `الحركة الهادئة ${ltr(numbered(ply))}` : "حركة هادئة"}، بلا كش ولا أخذ، ${effect}`;
    },
  },
  defensiveMove: simple(
    "نقلة دفاعية",
    (piece) => `عالج التهديد أولًا: ابحث عن النقلة الدفاعية الصحيحة ب${piece}.`,
    "النقلة تعالج تهديد الخصم قبل أي شيء آخر",
  ),
  attackingF2F7: {
    name: "هجوم على نقطة الضعف بجوار الملك",
    subtle: (piece) => `نقطة الضعف بجوار ملك الخصم، على العمود ${ltr("f")}، هي الهدف: وجّه إليها ${piece}.`,
    clause: (_idea, facts) =>
      `المربع ${ltr(weakPawnSquare(facts))} بجوار الملك في مربع بدايته هو نقطة الضعف، والضربة عليه تفتح موقعه`,
  },
  advancedPawn: {
    name: "بيدق متقدم",
    subtle: (piece, facts) => {
      const advance = advanceOf(facts);
      const pawn = piece === YOUR.pawn;
      if (advance && advance.ply < 0)
        return pawn
          ? "أحد بيادقك على بُعد خطوة من الترقية: جِد له طريق العبور."
          : `أحد بيادقك على بُعد خطوة من الترقية: انظر كيف يساعده ${piece} على العبور.`;
      if (advance)
        return pawn
          ? "ادفع أحد بيادقك إلى الصف الذي يسبق الترقية."
          : `يستطيع أحد بيادقك أن يبلغ الصف الذي يسبق الترقية: انظر كيف يساعده ${piece} على التقدم.`;
      return `بيدق متقدم جزء من الفكرة: انظر كيف يساعده ${piece} على التقدم.`;
    },
    clause: (idea) => {
      const advance = detailOf(idea, "advance");
      if (!advance) return "بيدق توغّل في معسكر الخصم يقترب من الترقية";
      return advance.ply < 0
        ? `البيدق على ${ltr(advance.square)} على بُعد خطوة من الترقية`
        : `يبلغ البيدق ${ltr(advance.square)}، على بُعد خطوة من الترقية`;
    },
  },
  exposedKing: simple(
    "ملك مكشوف",
    (piece) => `ملك الخصم مكشوف: هاجمه ب${piece}.`,
    "الملك فقد غطاءه وصار مكشوفًا للهجوم",
  ),
};

/** البيدق الذي على بُعد خطوة من الترقية في فكرة البيدق المتقدم. */
function advanceOf(facts: Facts) {
  return facts.ideas.map((idea) => detailOf(idea, "advance")).find(Boolean);
}

function goalText(facts: Facts): string {
  switch (facts.goal.kind) {
    case "mate":
      return facts.goal.moves === undefined ? "فرض كش مات" : `كش مات ${inMoves(facts.goal.moves)}`;
    case "promote":
      return "ترقية البيدق";
    case "material":
      return "كسب المادة";
    case "hold":
      return "الحفاظ على التعادل";
    case "decisive":
      return "تحقيق أفضلية حاسمة";
    case "advantage":
      return "تحقيق الأفضلية";
    case "best":
      return "إيجاد أفضل نقلة";
  }
}

function subtle(facts: Facts): string {
  const [idea] = facts.ideas;
  if (!idea) return plainSubtle(facts);
  const later = solverMoveOf(idea);
  const when = later && later > 1 ? ` وتأتي في نقلتك ${ORDINAL[later] ?? ltr(String(later))}.` : "";
  const standing = standingLineAttack(idea, facts);
  const text = standing
    ? `${YOUR[standing.attacker.role]} ${standing.kind === "pin" ? `يثبّت ${ENEMY[standing.front.role]} أمام ${THE[standing.behind.role]}` : `يهاجم ${ENEMY[standing.front.role]} وخلفه ${THE[standing.behind.role]}`} منذ الآن: استغلّ ذلك ب${YOUR[facts.first.role]}.`
    : `${THEMES[idea.theme].subtle(YOUR[idea.piece], facts)}${when}`;
  const tactic = isMateTheme(idea.theme) ? facts.ideas.find((other) => !isMateTheme(other.theme)) : undefined;
  if (!tactic) return text;
  const tacticMove = solverMoveOf(tactic);
  const timing =
    tacticMove && tacticMove > 1 ? `، في نقلتك ${ORDINAL[tacticMove] ?? ltr(String(tacticMove))}` : "";
  return `${text} الفكرة الأساسية: ${THEMES[tactic.theme].name}${timing}.`;
}

/**
 * المستوى الأول بلا فكرة مسماة: ما تفعله النقلة الأولى دون ذكرها أو ذكر مربع: التهديد بالمات، القطع التي تهاجمها،
 * الكش أو الأخذ، وإلا ما يحققه الخط.
 */
function plainSubtle(facts: Facts): string {
  const { first, aim } = facts;
  const piece = YOUR[first.role];
  if (aim.mateThreat) return `يستطيع ${piece} أن يهدد بكش مات.`;
  if (aim.attacks.length > 0)
    return `يستطيع ${piece} أن يهاجم ${and(aim.attacks.map((target) => ENEMY[target.role]))}.`;
  if (first.check) return `ابدأ بكش ب${piece}.`;
  if (first.captured) return `يستطيع ${piece} أن يأخذ ${ENEMY[first.captured]}.`;
  if (facts.goal.kind !== "best") return `ابحث عن نقلة ${piece} التي تتيح لك ${goalText(facts)}.`;
  const next = facts.next?.move;
  if (next?.captured) return `نقلة ${piece} تمهّد لأخذ قطعة في نقلتك الثانية.`;
  if (next?.check) return `نقلة ${piece} تمهّد لكش في نقلتك الثانية.`;
  if (facts.next?.aim.attacks.length) return `نقلة ${piece} تمهّد لهجوم في نقلتك الثانية.`;
  if (facts.plies.every((ply) => ply.color !== facts.solver || ply.role === "king"))
    return "ملكك هو من يقود هنا: ابحث عن المربع الذي يجب أن يذهب إليه.";
  return `ابحث عن أقوى استمرار ب${piece}.`;
}

/** «بعد ⁦21... a5⁩ تأتي ⁦22. Rc1⁩» وحدها، حين لا تفعل نقلة الحل الثانية شيئًا يُذكر. */
function comesOnly(facts: Facts): string | undefined {
  const next = facts.next;
  return next && `بعد ${ltr(numbered(next.reply))} تأتي ${ltr(numbered(next.move))}`;
}

/** ما تفعله نقلة الحل الثانية: «بعد ⁦21... a5⁩ تأتي ⁦22. Rc1⁩ فتهاجم الرخ على ⁦c8⁩». */
function followUp(facts: Facts): string | undefined {
  const next = facts.next;
  const comes = comesOnly(facts);
  if (!next || !comes) return undefined;
  const { move, aim } = next;
  const check = move.check ? " مع كش" : "";
  if (move.captured) return `${comes} فتأخذ ${THE[move.captured]}${check}`;
  if (aim.mateThreat) return `${comes} فتهدد بكش مات على ${ltr(aim.mateThreat)}`;
  if (aim.attacks.length > 0) return `${comes} فتهاجم ${and(aim.attacks.map(on))}${check}`;
  if (move.check) return `${comes} بكش`;
  return comes;
}

/** المستوى الثاني: القطعة، ووجهتها، وما تستهدفه هناك (الكش، القطع التي تهاجمها، التهديد بالمات). */
function moderate(facts: Facts, subtleText: string): string {
  const { first, aim } = facts;
  const piece = `${YOUR[first.role]} الذي على ${ltr(first.from)}`;
  let move = first.promotion
    ? `${piece} يترقى على ${ltr(first.to)}`
    : first.captured
      ? `${piece} يأخذ على ${ltr(first.to)}`
      : `${piece} ينتقل إلى ${ltr(first.to)}`;
  if (first.check && !first.mate) move += " مع كش";
  // في خط ينتهي بالمات يكون المات هو المقصود: ما تهاجمه النقلة غير ذلك يشتّت فقط.
  if (facts.goal.kind !== "mate") {
    if (aim.mateThreat) move += `، مهددًا بكش مات على ${ltr(aim.mateThreat)}`;
    else if (aim.attacks.length > 0) move += `، مهاجمًا ${and(aim.attacks.map(on))}`;
  }
  return facts.ideas.length === 0 ? `${move}.` : `${move}. ${subtleText}`;
}

/** The explicit hint's reason: what the first move does on the board, or else what the line achieves. */
function firstMoveReason(facts: Facts): string {
  if (facts.first.mate) return "كش مات";
  const detail = firstMoveDetail(facts);
  switch (detail?.kind) {
    case "fork":
      return `يهاجم ${THE[detail.attacker.role]} ${and(detail.targets.map((target) => THE[target.role]))} معًا (شوكة)`;
    case "pin":
      return `يثبّت ${THE[detail.front.role]} أمام ${THE[detail.behind.role]}`;
    case "skewer":
      return `يهاجم ${THE[detail.front.role]} وخلفه ${THE[detail.behind.role]} (سيخ)`;
    case "discovered":
      return `يفتح الطريق أمام ${YOUR[detail.attacker.role]} لمهاجمة ${THE[detail.target.role]}`;
    case "doubleCheck":
      return "كش مزدوج";
    case "hanging":
      return `يأخذ ${THE[detail.victim.role]} غير المحمي`;
    case "promotion":
      return `يترقى البيدق إلى ${ONE[detail.role]}`;
    case "advance":
      return `يبلغ البيدق ${ltr(detail.square)}، على بُعد خطوة من الترقية`;
    default:
      if (facts.goal.kind === "mate") return lineReason(facts);
      if (facts.aim.mateThreat) return `يهدد بكش مات على ${ltr(facts.aim.mateThreat)}`;
      if (facts.aim.attacks.length > 0) return `يهاجم ${and(facts.aim.attacks.map(on))}`;
      return lineReason(facts);
  }
}

/** ما تفعله النقلة الأولى وحدها على الرقعة: القطعة التي تأخذها، الكش، التهديد، الأهداف. */
function firstMoveAction(facts: Facts): string | undefined {
  const { first, aim } = facts;
  const check = first.check ? " مع كش" : "";
  if (first.captured) return `يأخذ ${THE[first.captured]} على ${ltr(first.to)}${check}`;
  if (aim.mateThreat) return `يهدد بكش مات على ${ltr(aim.mateThreat)}${check}`;
  if (aim.attacks.length > 0) return `يهاجم ${and(aim.attacks.map(on))}${check}`;
  return first.check ? "يعطي كشًّا" : undefined;
}

/** كيف ينتهي الخط بالمات: الرد والمات في كش مات بنقلتين، وآخر نقلة في الأطول. */
function mateReason(facts: Facts, action: string | undefined): string {
  const [, reply, second] = facts.plies;
  const last = facts.plies.at(-1);
  const delivered = facts.goal.kind === "mate" && facts.goal.delivered;
  if (delivered && facts.plies.length === 3 && reply && second) {
    const mate = `بعد ${ltr(numbered(reply))} تأتي ${ltr(numbered(second))} كش مات`;
    return action ? `${action}، و${mate}` : mate;
  }
  const ending = delivered && last ? `، آخرها ${ltr(numbered(last))}` : "";
  const chain = `سلسلة تنتهي ب${forcedMate(facts)}${ending}`;
  return action ? `${action}، وتبدأ بها ${chain}` : `تبدأ بها ${chain}`;
}

/** سبب التلميح الصريح مما يحققه الخط، مع ما تفعله النقلة الأولى في طريقها. */
function lineReason(facts: Facts): string {
  const action = firstMoveAction(facts);
  const alongside = (result: string) => (action ? `${action}، و${result}` : result);
  switch (facts.goal.kind) {
    case "mate":
      return mateReason(facts, action);
    case "promote": {
      const promotion = facts.ideas.map((idea) => detailOf(idea, "promotion")).find(Boolean);
      const where = promotion ? ` على ${ltr(promotion.square)}` : "";
      return alongside(`تمهّد الطريق لترقية البيدق${where}`);
    }
    case "material":
      return `تكسب بها ${winnings(facts)}`;
    case "hold":
      return alongside("تحافظ بها على التعادل");
    case "decisive":
      return alongside("تحصل بها على أفضلية حاسمة");
    case "advantage":
      return alongside("تحصل بها على الأفضلية");
    case "best": {
      const [idea] = facts.ideas;
      const next = followUp(facts);
      if (next && next !== comesOnly(facts)) return next;
      if (action) return action;
      return next ?? (idea ? THEMES[idea.theme].clause(idea, facts) : "إنها أقوى نقلة في هذا الوضع");
    }
  }
}

function outcome(facts: Facts): string {
  const line = `الخط ${ltr(facts.line)}`;
  const side = SIDE[facts.solver];
  const goal = facts.goal;
  switch (goal.kind) {
    case "mate":
      return goal.delivered && goal.moves !== undefined
        ? `${line} ينتهي بكش مات ${inMoves(goal.moves)}.`
        : `${line} يقود إلى ${forcedMate(facts)}.`;
    case "promote": {
      const promotion = facts.ideas.map((idea) => detailOf(idea, "promotion")).find(Boolean);
      if (!promotion) return `${line} يمهّد الطريق لترقية البيدق.`;
      const extra = winsBesides(facts) ? `، ويكسب ${side} أيضًا ${winnings(facts)}` : "";
      return `${line} يرقّي البيدق إلى ${ONE[promotion.role]} على ${ltr(promotion.square)}${extra}.`;
    }
    case "material":
      return `${line} يكسب ${winnings(facts)}.`;
    case "hold":
      return `${line} يحافظ على التوازن.`;
    case "decisive":
      return `${line} يمنح ${side} أفضلية حاسمة.`;
    case "advantage":
      return `${line} يمنح ${side} الأفضلية.`;
    case "best":
      return `${line} هو أقوى استمرار ${FOR_SIDE[facts.solver]}.`;
  }
}

function ideaSentences(facts: Facts): string[] {
  return mainIdeas(facts).map((idea, index) => {
    const words = THEMES[idea.theme];
    const lead = index === 0 ? "الفكرة" : "وفيه أيضًا";
    return `${lead} ${words.name}: ${words.clause(idea, facts)}.`;
  });
}

function alternativeSentences(facts: Facts): string[] {
  const alternative = facts.alternative;
  if (!alternative) return [];
  const { move, reply } = alternative;
  const opponent = FOR_SIDE[opposite(facts.solver)];
  const trade = tradeOf(alternative);
  const taken = reply.captured ? `، فيأخذ ${THE[reply.captured]}` : "";
  const effect = reply.mate ? "، وهي كش مات" : taken;
  const first = trade
    ? `النقلة التي تبدو طبيعية ${ltr(`${numbered(move)}?`)} لا تفعل بعد ${ltr(numbered(reply))} ` +
      `أكثر من ${tradeText(trade)}.`
    : `النقلة التي تبدو طبيعية ${ltr(`${numbered(move)}?`)} تسمح ${opponent} بالرد ` +
      `${ltr(numbered(reply))}${effect}.`;
  const after = reply.mate ? undefined : aftermath(facts, alternative.cp, alternative.mate);
  return after ? [first, after] : [first];
}

/** "تبادل الوزيرين"، أو "مبادلة فيل بحصان" حين تختلف القطعتان. */
function tradeText(trade: { taken: Role; given: Role }): string {
  return trade.taken === trade.given
    ? `تبادل ${THE_TWO[trade.taken]}`
    : `مبادلة ${ONE[trade.given]} ب${ONE[trade.taken]}`;
}

/** What the alternative's engine score (solver's view) means, when it says something clear. */
function aftermath(facts: Facts, cp: number | undefined, mate: number | undefined): string | undefined {
  const opponent = SIDE[opposite(facts.solver)];
  if (mate !== undefined && mate < 0) return `وبعدها يفرض ${opponent} كش مات لا مفرّ منه.`;
  if (cp === undefined) return undefined;
  if (cp <= -200) return `وبعدها يصبح ${opponent} في وضع فائز.`;
  if (cp < -50) return `وبعدها تكون الأفضلية ${FOR_SIDE[opposite(facts.solver)]}.`;
  if (cp < 50) return facts.goal.kind === "hold" ? undefined : "وبعدها تضيع الأفضلية.";
  if (cp < 200) return `وبعدها لا يبقى ${FOR_SIDE[facts.solver]} إلا أفضلية طفيفة.`;
  return undefined;
}

function evaluation(facts: Facts): string | undefined {
  const cp = facts.cp;
  if (cp === undefined || facts.goal.kind === "mate") return undefined;
  if (Math.abs(cp) < 30) return "يقيّم المحرك الوضع النهائي بالتعادل تقريبًا.";
  const favoured = FOR_SIDE[cp > 0 ? facts.solver : opposite(facts.solver)];
  // "بمقدار" with the unit named once keeps the figure out of number agreement (never «4.9 بيدق»).
  return `يرى المحرك أن الوضع النهائي أفضل ${favoured} بمقدار ${ltr(formatEval(cp))} (بوحدة البيدق).`;
}

/** Arabic texts (Modern Standard Arabic). */
export const ARABIC: Phrasebook = {
  description: (facts) => `${SIDE[facts.solver]} يلعب: ${goalText(facts)}`,
  subtle,
  moderate,
  explicit: (facts) => `العب ${ltr(facts.first.san)}: ${firstMoveReason(facts)}.`,
  explanation: (facts) =>
    [outcome(facts), ...ideaSentences(facts), ...alternativeSentences(facts), evaluation(facts)]
      .filter(Boolean)
      .join(" "),
};
