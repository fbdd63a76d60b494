/**
 * Every theme key a puzzle can carry (lichess's keys, which our tagger emits and lichess files bring), with its name
 * and a one-line description in English and Arabic, grouped for the themes page. Keys the tagger emits today are
 * listed; so are lichess keys it may receive from imported files, so every stored theme has words to show.
 */

export type ThemeGroup = "motif" | "mate" | "goal" | "length" | "phase";

export interface ThemeInfo {
  key: string;
  group: ThemeGroup;
  name_en: string;
  name_ar: string;
  description_en: string;
  description_ar: string;
}

type Entry = [
  group: ThemeGroup,
  nameEn: string,
  nameAr: string,
  descriptionEn: string,
  descriptionAr: string,
];

const ENTRIES: Record<string, Entry> = {
  fork: [
    "motif",
    "Fork",
    "الشوكة",
    "One piece attacks two or more enemy pieces at once.",
    "قطعة واحدة تهاجم قطعتين أو أكثر من قطع الخصم في وقت واحد.",
  ],
  pin: [
    "motif",
    "Pin",
    "التثبيت",
    "A piece cannot move without exposing a more valuable piece behind it.",
    "قطعة لا تستطيع التحرك دون أن تكشف قطعة أثمن منها خلفها.",
  ],
  skewer: [
    "motif",
    "Skewer",
    "السيخ",
    "A valuable piece is attacked and, when it moves, the piece behind it falls.",
    "تُهاجَم قطعة ثمينة، فإذا تحركت سقطت القطعة التي خلفها.",
  ],
  discoveredAttack: [
    "motif",
    "Discovered attack",
    "الهجوم المكشوف",
    "Moving one piece opens the line of another onto a target.",
    "تحريك قطعة يفتح خط قطعة أخرى نحو هدف.",
  ],
  doubleCheck: [
    "motif",
    "Double check",
    "الكش المزدوج",
    "Two pieces give check at once, so only a king move helps.",
    "قطعتان تعطيان كشًا في آن واحد، فلا ينقذ الملك إلا تحركه.",
  ],
  hangingPiece: [
    "motif",
    "Hanging piece",
    "قطعة معلّقة",
    "An enemy piece is left undefended and can simply be taken.",
    "قطعة للخصم بلا حماية ويمكن أخذها ببساطة.",
  ],
  sacrifice: [
    "motif",
    "Sacrifice",
    "التضحية",
    "Material is given up on purpose for a bigger gain.",
    "التخلي عن مادة عمدًا من أجل مكسب أكبر.",
  ],
  deflection: [
    "motif",
    "Deflection",
    "الإبعاد",
    "A defender is lured away from the square or piece it guards.",
    "إبعاد قطعة مدافعة عن المربع أو القطعة التي تحميها.",
  ],
  attraction: [
    "motif",
    "Attraction",
    "الجذب",
    "An enemy piece, often the king, is drawn onto a fatal square.",
    "جذب قطعة للخصم، وغالبًا الملك، إلى مربع قاتل.",
  ],
  promotion: [
    "motif",
    "Promotion",
    "الترقية",
    "A pawn reaches the last rank and becomes a new piece.",
    "بيدق يصل إلى الصف الأخير ويصبح قطعة جديدة.",
  ],
  underPromotion: [
    "motif",
    "Under-promotion",
    "الترقية الصغرى",
    "A pawn promotes to a knight, bishop or rook instead of a queen.",
    "بيدق يُرقّى إلى حصان أو فيل أو رخ بدلًا من الوزير.",
  ],
  enPassant: [
    "motif",
    "En passant",
    "الأخذ في الممر",
    "A pawn captures an enemy pawn that has just moved two squares past it.",
    "بيدق يأخذ بيدقًا للخصم تقدّم للتو مربعين متجاوزًا إياه.",
  ],
  quietMove: [
    "motif",
    "Quiet move",
    "النقلة الهادئة",
    "A move with no check or capture that prepares an unstoppable threat.",
    "نقلة بلا كش ولا أخذ تُعدّ لتهديد لا يمكن صده.",
  ],
  defensiveMove: [
    "motif",
    "Defensive move",
    "النقلة الدفاعية",
    "The only move that holds the position or avoids losing material.",
    "النقلة الوحيدة التي تحفظ الموقف أو تتجنب خسارة المادة.",
  ],
  kingsideAttack: [
    "motif",
    "Kingside attack",
    "الهجوم على جناح الملك",
    "An attack on a king that has castled short.",
    "هجوم على ملك قام بالتبييت القصير.",
  ],
  queensideAttack: [
    "motif",
    "Queenside attack",
    "الهجوم على جناح الوزير",
    "An attack on a king that has castled long.",
    "هجوم على ملك قام بالتبييت الطويل.",
  ],
  advancedPawn: [
    "motif",
    "Advanced pawn",
    "البيدق المتقدم",
    "A pawn deep in enemy territory is the key to the position.",
    "بيدق متوغل في أرض الخصم هو مفتاح الموقف.",
  ],
  exposedKing: [
    "motif",
    "Exposed king",
    "الملك المكشوف",
    "A king with few defenders around it is open to attack.",
    "ملك قلّ المدافعون حوله فصار عرضة للهجوم.",
  ],
  trappedPiece: [
    "motif",
    "Trapped piece",
    "القطعة المحاصرة",
    "An enemy piece has no safe square and is won.",
    "قطعة للخصم لا تجد مربعًا آمنًا فتُكسب.",
  ],
  clearance: [
    "motif",
    "Clearance",
    "التفريغ",
    "A piece leaves a square or line so another piece can use it.",
    "قطعة تُخلي مربعًا أو خطًا لتستفيد منه قطعة أخرى.",
  ],
  intermezzo: [
    "motif",
    "Intermezzo",
    "النقلة الوسيطة",
    "Instead of the expected recapture, an in-between move with a bigger threat.",
    "بدلًا من الاسترداد المتوقع، نقلة وسيطة تحمل تهديدًا أكبر.",
  ],
  capturingDefender: [
    "motif",
    "Capture the defender",
    "أخذ المدافع",
    "Taking the piece that guards another wins what it was guarding.",
    "أخذ القطعة التي تحمي غيرها يكسب ما كانت تحميه.",
  ],
  interference: [
    "motif",
    "Interference",
    "القطع",
    "A piece is placed between an enemy piece and what it defends.",
    "وضع قطعة بين قطعة للخصم وما تدافع عنه.",
  ],
  xRayAttack: [
    "motif",
    "X-ray attack",
    "الهجوم بالأشعة",
    "A piece attacks or defends a square through an enemy piece.",
    "قطعة تهاجم مربعًا أو تحميه عبر قطعة للخصم.",
  ],
  zugzwang: [
    "motif",
    "Zugzwang",
    "الإلزام بالنقل",
    "The opponent must move, and every move makes things worse.",
    "على الخصم أن يتحرك، وكل نقلة تزيد وضعه سوءًا.",
  ],
  attackingF2F7: [
    "motif",
    "Attacking f2 or f7",
    "الهجوم على f2 أو f7",
    "An attack on the weak pawn next to the uncastled king.",
    "هجوم على البيدق الضعيف المجاور للملك قبل التبييت.",
  ],
  mate: ["mate", "Checkmate", "كش مات", "Win the game with checkmate.", "اكسب المباراة بكش مات."],
  mateIn1: [
    "mate",
    "Mate in 1",
    "مات في نقلة",
    "Deliver checkmate in one move.",
    "أعطِ كش مات في نقلة واحدة.",
  ],
  mateIn2: ["mate", "Mate in 2", "مات في نقلتين", "Deliver checkmate in two moves.", "أعطِ كش مات في نقلتين."],
  mateIn3: [
    "mate",
    "Mate in 3",
    "مات في ثلاث نقلات",
    "Deliver checkmate in three moves.",
    "أعطِ كش مات في ثلاث نقلات.",
  ],
  mateIn4: [
    "mate",
    "Mate in 4",
    "مات في أربع نقلات",
    "Deliver checkmate in four moves.",
    "أعطِ كش مات في أربع نقلات.",
  ],
  mateIn5: [
    "mate",
    "Mate in 5 or more",
    "مات في خمس نقلات أو أكثر",
    "Work out a long mating sequence.",
    "احسب سلسلة طويلة تنتهي بكش مات.",
  ],
  backRankMate: [
    "mate",
    "Back-rank mate",
    "مات الصف الأخير",
    "Mate on the home rank of a king hemmed in by its own pawns.",
    "مات على الصف الأول لملك تحبسه بيادقه.",
  ],
  smotheredMate: [
    "mate",
    "Smothered mate",
    "المات الخانق",
    "A knight mates a king boxed in by its own pieces.",
    "حصان يعطي المات لملك تحاصره قطعه.",
  ],
  anastasiaMate: [
    "mate",
    "Anastasia's mate",
    "مات أناستازيا",
    "A knight and a rook or queen trap the king on the edge of the board.",
    "حصان مع رخ أو وزير يحبسان الملك على حافة الرقعة.",
  ],
  arabianMate: [
    "mate",
    "Arabian mate",
    "المات العربي",
    "A knight and a rook mate the king in a corner.",
    "حصان ورخ يعطيان المات للملك في الزاوية.",
  ],
  bodenMate: [
    "mate",
    "Boden's mate",
    "مات بودن",
    "Two bishops on crossing diagonals mate a king blocked by its own pieces.",
    "فيلان على قطرين متقاطعين يعطيان المات لملك تسدّه قطعه.",
  ],
  dovetailMate: [
    "mate",
    "Dovetail mate",
    "مات ذيل الحمامة",
    "A queen mates a king whose two escape squares are blocked by its own pieces.",
    "وزير يعطي المات لملك سدّت قطعه مربعي هروبه.",
  ],
  hookMate: [
    "mate",
    "Hook mate",
    "مات الخطّاف",
    "A rook, a knight and a pawn work together to mate the king.",
    "رخ وحصان وبيدق يتعاونون على إعطاء المات.",
  ],
  doubleBishopMate: [
    "mate",
    "Double bishop mate",
    "مات الفيلين",
    "Two bishops on neighbouring diagonals mate the king.",
    "فيلان على قطرين متجاورين يعطيان المات للملك.",
  ],
  crushing: [
    "goal",
    "Crushing",
    "تفوق ساحق",
    "Punish a blunder and reach a winning position.",
    "عاقب الخطأ الفادح وصل إلى موقف رابح.",
  ],
  advantage: ["goal", "Advantage", "أفضلية", "Seize a clear advantage.", "انتزع أفضلية واضحة."],
  equality: [
    "goal",
    "Equality",
    "التعادل",
    "Come back from a worse position to a level game.",
    "عُد من موقف أسوأ إلى موقف متكافئ.",
  ],
  oneMove: ["length", "One move", "نقلة واحدة", "A puzzle solved in one move.", "لغز يُحل بنقلة واحدة."],
  short: ["length", "Short", "قصير", "A puzzle of two moves.", "لغز من نقلتين."],
  long: ["length", "Long", "طويل", "A puzzle of three moves.", "لغز من ثلاث نقلات."],
  veryLong: [
    "length",
    "Very long",
    "طويل جدًا",
    "A puzzle of four moves or more.",
    "لغز من أربع نقلات أو أكثر.",
  ],
  opening: [
    "phase",
    "Opening",
    "الافتتاح",
    "A tactic in the first moves of the game.",
    "تكتيك في النقلات الأولى من المباراة.",
  ],
  middlegame: [
    "phase",
    "Middlegame",
    "وسط اللعب",
    "A tactic in the middle of the game.",
    "تكتيك في وسط المباراة.",
  ],
  endgame: [
    "phase",
    "Endgame",
    "النهايات",
    "A tactic with few pieces left on the board.",
    "تكتيك مع قلة القطع الباقية على الرقعة.",
  ],
  rookEndgame: [
    "phase",
    "Rook endgame",
    "نهايات الرخ",
    "An endgame with only rooks and pawns.",
    "نهاية لا يبقى فيها إلا الرخاخ والبيادق.",
  ],
  pawnEndgame: [
    "phase",
    "Pawn endgame",
    "نهايات البيادق",
    "An endgame with only kings and pawns.",
    "نهاية لا يبقى فيها إلا الملكان والبيادق.",
  ],
  bishopEndgame: [
    "phase",
    "Bishop endgame",
    "نهايات الفيل",
    "An endgame with only bishops and pawns.",
    "نهاية لا يبقى فيها إلا الأفيال والبيادق.",
  ],
  knightEndgame: [
    "phase",
    "Knight endgame",
    "نهايات الحصان",
    "An endgame with only knights and pawns.",
    "نهاية لا يبقى فيها إلا الأحصنة والبيادق.",
  ],
  queenEndgame: [
    "phase",
    "Queen endgame",
    "نهايات الوزير",
    "An endgame with only queens and pawns.",
    "نهاية لا يبقى فيها إلا الوزراء والبيادق.",
  ],
};

/** Every theme in display order (by group, then as listed). */
export const THEMES: readonly ThemeInfo[] = Object.entries(ENTRIES).map(
  ([key, [group, name_en, name_ar, description_en, description_ar]]) => ({
    key,
    group,
    name_en,
    name_ar,
    description_en,
    description_ar,
  }),
);

const BY_KEY = new Map(THEMES.map((theme) => [theme.key, theme]));

/** The theme's words, or undefined for an unknown key (an own-key lookup: "__proto__" is simply unknown). */
export function themeInfo(key: string): ThemeInfo | undefined {
  return BY_KEY.get(key);
}
