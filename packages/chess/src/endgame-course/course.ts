import type { Bilingual, EndgameChapter, EndgameExercise, EndgameGoal } from "./types";

/**
 * The Endgame Essentials course: theory positions the player plays out against the engine. The positions are
 * textbook facts (basic mates, the square of the pawn, opposition and key squares, Lucena, Philidor, Vančura, the
 * short-side defence, queen against a pawn on the seventh, the wrong rook pawn); the words are ours. Every position
 * is checked by `apps/server/src/engine/endgame-course.test.ts`: legal, and its goal reached by Stockfish playing both
 * sides at a fixed node budget.
 */

/** One exercise; the player is the side to move in the FEN. */
function ex(
  id: string,
  fen: string,
  goal: EndgameGoal,
  title: Bilingual,
  lesson: Bilingual,
  hint: Bilingual,
): EndgameExercise {
  return { id, fen, player: fen.split(" ")[1] === "b" ? "black" : "white", goal, title, lesson, hint };
}

const mates: EndgameChapter = {
  id: "basic-mates",
  title: { en: "Basic mates", ar: "الكش مات الأساسي" },
  exercises: [
    ex(
      "queen-mate",
      "8/8/8/4k3/8/8/8/4K2Q w - - 0 1",
      { kind: "mate", moves: 15 },
      { en: "King and queen against king", ar: "ملك ووزير ضد ملك" },
      {
        en: "The queen alone cannot mate, but it can build a box around the king. Shrink the box move by move, then bring your king close and mate on the edge. Watch out for stalemate.",
        ar: "لا يستطيع الوزير وحده أن يُميت، لكنه يحبس الملك في صندوق. ضيّق الصندوق نقلة بعد نقلة، ثم قرّب ملكك وأمِت على الحافة. واحذر الجمود.",
      },
      {
        en: "Keep your queen a knight's move from the king to shrink its box, then bring your own king.",
        ar: "ضع وزيرك على بعد نقلة حصان من الملك ليضيق صندوقه، ثم قرّب ملكك.",
      },
    ),
    ex(
      "queen-mate-finish",
      "7k/8/5K2/8/8/8/4Q3/8 w - - 0 1",
      { kind: "mate", moves: 3 },
      { en: "The last steps with the queen", ar: "الخطوات الأخيرة بالوزير" },
      {
        en: "The king is already in the corner. Your king takes away its escape squares, the queen gives mate. A careless quiet move stalemates.",
        ar: "الملك محشور في الزاوية. يأخذ ملكك مربعات هروبه ويعطي الوزير الكش مات. ونقلة هادئة متسرعة قد تنتهي بالجمود.",
      },
      {
        en: "Let your king cover the squares next to the enemy king; the queen mates along the edge.",
        ar: "دع ملكك يغطي المربعات المجاورة لملك الخصم، ويُميت الوزير على الحافة.",
      },
    ),
    ex(
      "queen-mate-corner",
      "8/8/8/8/8/8/2k5/Q3K3 w - - 0 1",
      { kind: "mate", moves: 20 },
      { en: "Queen mate from the corner", ar: "كش مات بالوزير من الزاوية" },
      {
        en: "Same technique from another start: the queen fences the king in, the king walks up, and the mate comes on the edge.",
        ar: "التقنية نفسها من بداية أخرى: يحاصر الوزير الملك، ويتقدّم ملكك، ويأتي الكش مات على الحافة.",
      },
      {
        en: "First cut the king off with the queen, then march your king over.",
        ar: "اقطع طريق الملك بالوزير أولًا، ثم سر بملكك نحوه.",
      },
    ),
    ex(
      "rook-mate",
      "8/8/8/3k4/8/8/8/R3K3 w - - 0 1",
      { kind: "mate", moves: 25 },
      { en: "King and rook against king", ar: "ملك ورخ ضد ملك" },
      {
        en: "The rook cuts the board; your king must help. Push the enemy king back one line at a time, checking only when the kings stand face to face.",
        ar: "يقسم الرخ الرقعة، ولا بد أن يساعده ملكك. ادفع ملك الخصم صفًّا بعد صف، ولا تكش إلا حين يتقابل الملكان.",
      },
      {
        en: "Check when the kings are in opposition; otherwise make a waiting move with the rook.",
        ar: "كشّ حين يتقابل الملكان، وإلا فانتظر بنقلة من الرخ.",
      },
    ),
    ex(
      "rook-mate-edge",
      "3k4/8/4K3/8/8/8/8/7R w - - 0 1",
      { kind: "mate", moves: 6 },
      { en: "Rook mate on the edge", ar: "كش مات بالرخ على الحافة" },
      {
        en: "The king is on the last rank. Force it in front of your king, then check along the rank: it has nowhere to go.",
        ar: "الملك على الصف الأخير. أجبره على الوقوف أمام ملكك ثم كشّ على الصف: لا مهرب له.",
      },
      {
        en: "A quiet rook move makes the king step in front of yours; then mate on the rank.",
        ar: "نقلة رخ هادئة تجبر الملك على الوقوف أمام ملكك، ثم الكش مات على الصف.",
      },
    ),
    ex(
      "two-bishops-mate",
      "8/8/4k3/8/8/8/8/2B1KB2 w - - 0 1",
      { kind: "mate", moves: 25 },
      { en: "Two bishops", ar: "الفيلان" },
      {
        en: "Side by side, the two bishops make a wall the king cannot cross. Push it to a corner with the help of your king, then mate with the bishops.",
        ar: "يصنع الفيلان متجاورين جدارًا لا يعبره الملك. ادفعه إلى زاوية بمساعدة ملكك ثم أمِت بالفيلين.",
      },
      {
        en: "Keep the bishops next to each other as a wall and drive the king to a corner.",
        ar: "أبقِ الفيلين متجاورين كالجدار وادفع الملك إلى زاوية.",
      },
    ),
    ex(
      "bishop-knight-mate",
      "7k/8/5K2/8/4N3/8/8/2B5 w - - 0 1",
      { kind: "mate", moves: 12 },
      { en: "Bishop and knight", ar: "فيل وحصان" },
      {
        en: "Mate is only possible in a corner of the bishop's colour, and the king is already near the right one. Take its squares one by one with bishop, knight and king, and never let it run along the edge.",
        ar: "لا يقع الكش مات إلا في زاوية بلون الفيل، والملك قريب من الزاوية الصحيحة. خذ مربعاته واحدًا بعد الآخر بالفيل والحصان والملك، ولا تدعه يفرّ على الحافة.",
      },
      {
        en: "Drive the king to a corner of your bishop's colour; the knight guards the squares the bishop cannot.",
        ar: "سُق الملك إلى زاوية بلون فيلك، ويحرس الحصان المربعات التي لا يصلها الفيل.",
      },
    ),
    ex(
      "rook-mate-corner",
      "8/8/8/8/8/2k5/8/K6R w - - 0 1",
      { kind: "mate", moves: 20 },
      { en: "Rook mate from the corner", ar: "كش مات بالرخ من الزاوية" },
      {
        en: "Your king starts far away. Cut the enemy king off with the rook first, so it cannot escape while your king walks over.",
        ar: "يبدأ ملكك بعيدًا. اقطع طريق ملك الخصم بالرخ أولًا حتى لا يهرب بينما يمشي ملكك نحوه.",
      },
      {
        en: "Cut the king off along a rank or a file, then bring your king.",
        ar: "اقطع طريق الملك على صف أو عمود، ثم قرّب ملكك.",
      },
    ),
    ex(
      "bishops-finish",
      "7k/8/5K2/8/8/8/8/3BB3 w - - 0 1",
      { kind: "mate", moves: 8 },
      { en: "The bishops finish the job", ar: "الفيلان يُنهيان المهمة" },
      {
        en: "The king is in the corner and yours is close. Take its last squares with the bishops one at a time; leave it one square to breathe until the mate, or it is stalemate.",
        ar: "الملك في الزاوية وملكك قريب. خذ آخر مربعاته بالفيلين واحدًا بعد الآخر، واترك له مربعًا يتنفس منه حتى الكش مات، وإلا وقع الجمود.",
      },
      {
        en: "Leave the king one square until the final check.",
        ar: "اترك للملك مربعًا واحدًا حتى الكش الأخير.",
      },
    ),
    ex(
      "two-rooks-mate",
      "8/8/3k4/8/8/8/8/R3K2R w - - 0 1",
      { kind: "mate", moves: 10 },
      { en: "Two rooks: the ladder", ar: "رخّان: السلّم" },
      {
        en: "Two rooks mate without the king's help. One rook holds a rank, the other checks on the next one, and the king is pushed back rank by rank to the edge.",
        ar: "يُميت الرخّان دون مساعدة الملك. يمسك أحدهما صفًّا ويكشّ الآخر على الصف التالي، فيُدفع الملك صفًّا بعد صف حتى الحافة.",
      },
      {
        en: "Take turns: one rook cuts, the other checks. Keep them far from the king.",
        ar: "بالتناوب: رخ يقطع والآخر يكشّ. أبقهما بعيدين عن الملك.",
      },
    ),
    ex(
      "queen-mate-stalemate",
      "k7/8/2K5/8/8/8/8/6Q1 w - - 0 1",
      { kind: "mate", moves: 3 },
      { en: "Mate, not stalemate", ar: "كش مات لا جمود" },
      {
        en: "The king is trapped in the corner and has few squares left. Take them away with care: a king with no move and no check is stalemate, and the win is gone.",
        ar: "الملك محبوس في الزاوية ولم يبقَ له إلا مربعات قليلة. خذها بحذر: ملك لا نقلة له ولا كش عليه جمود، ويضيع الفوز.",
      },
      {
        en: "Before each quiet move, count the king's squares: leave it one until you give check.",
        ar: "قبل كل نقلة هادئة عُدّ مربعات الملك: اترك له واحدًا حتى تكشّه.",
      },
    ),
  ],
};

const pawnRaces: EndgameChapter = {
  id: "pawn-races",
  title: { en: "The square and pawn races", ar: "مربع البيدق وسباق البيادق" },
  exercises: [
    ex(
      "square-catch",
      "8/8/8/8/P4k2/8/8/7K b - - 0 1",
      { kind: "draw", moves: 8 },
      { en: "Step into the square", ar: "ادخل المربع" },
      {
        en: "Draw a square from the pawn to its promotion rank. If your king can step into it, the pawn is caught. One step the wrong way and it queens.",
        ar: "ارسم مربعًا من البيدق إلى صف ترقيته. إن استطاع ملكك دخوله أمسك بالبيدق، وخطوة واحدة في الاتجاه الخطأ تجعله وزيرًا.",
      },
      {
        en: "The square of the pawn: walk your king into it, diagonally towards the pawn.",
        ar: "مربع البيدق: ادخله بملكك قطريًّا نحو البيدق.",
      },
    ),
    ex(
      "square-run",
      "8/8/8/6k1/P7/8/8/7K w - - 0 1",
      { kind: "promote", moves: 6 },
      { en: "Outside the square", ar: "خارج المربع" },
      {
        en: "The enemy king stands outside the pawn's square. Run with the pawn and it promotes before the king arrives.",
        ar: "ملك الخصم خارج مربع البيدق. اندفع بالبيدق فيترقّى قبل أن يصل الملك.",
      },
      {
        en: "The king is outside the square: just push the pawn.",
        ar: "الملك خارج المربع: ادفع البيدق فحسب.",
      },
    ),
    ex(
      "reti",
      "7K/8/k1P5/7p/8/8/8/8 w - - 0 1",
      { kind: "draw", moves: 10 },
      { en: "Réti's king walk", ar: "مسيرة ملك ريتي" },
      {
        en: "Your king looks too slow for the h-pawn and too far from your own pawn. Walk along the diagonal: it chases the pawn and supports yours at the same time.",
        ar: "يبدو ملكك بطيئًا عن بيدق h وبعيدًا عن بيدقك. سر على القطر: يطارد البيدق ويسند بيدقك في الوقت نفسه.",
      },
      {
        en: "Go down the long diagonal: two goals with one king.",
        ar: "انزل على القطر الطويل: هدفان بملك واحد.",
      },
    ),
    ex(
      "breakthrough",
      "7k/ppp5/8/PPP5/8/8/8/7K w - - 0 1",
      { kind: "promote", moves: 6 },
      { en: "The pawn breakthrough", ar: "اختراق البيادق" },
      {
        en: "Three pawns face three and the kings are far away. A sacrifice in the middle breaks the chain: one of your pawns runs through.",
        ar: "ثلاثة بيادق أمام ثلاثة والملكان بعيدان. تضحية في الوسط تكسر السلسلة فيعبر أحد بيادقك.",
      },
      {
        en: "Sacrifice the middle pawn first, then the one the opponent did not take.",
        ar: "ضحِّ بالبيدق الأوسط أولًا، ثم بالبيدق الذي لم يأخذه الخصم.",
      },
    ),
    ex(
      "square-catch-far",
      "8/8/8/2k5/7P/8/8/K7 b - - 0 1",
      { kind: "draw", moves: 8 },
      { en: "Catch the h-pawn", ar: "أمسك ببيدق h" },
      {
        en: "The pawn is on the other wing. Count the square before you move: one diagonal step puts your king inside it.",
        ar: "البيدق على الجناح الآخر. احسب المربع قبل أن تتحرك: خطوة قطرية واحدة تُدخل ملكك فيه.",
      },
      {
        en: "Step into the square of the pawn with your first move.",
        ar: "ادخل مربع البيدق من نقلتك الأولى.",
      },
    ),
  ],
};

const kingAndPawn: EndgameChapter = {
  id: "king-and-pawn",
  title: { en: "Opposition and key squares", ar: "المقابلة والمربعات المفتاحية" },
  exercises: [
    ex(
      "king-on-sixth",
      "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1",
      { kind: "promote", moves: 10 },
      { en: "King in front on the sixth", ar: "الملك أمام البيدق على الصف السادس" },
      {
        en: "With your king on the sixth rank in front of the pawn, the pawn queens whoever is to move. Gain the opposition and escort the pawn.",
        ar: "حين يقف ملكك أمام البيدق على الصف السادس يترقّى البيدق أيًّا كان الدور. خذ المقابلة ورافق البيدق.",
      },
      {
        en: "Step aside with the king to take the opposition, then push.",
        ar: "تنحَّ بالملك لتأخذ المقابلة، ثم ادفع البيدق.",
      },
    ),
    ex(
      "key-squares",
      "8/4k3/8/8/3K4/4P3/8/8 w - - 0 1",
      { kind: "promote", moves: 12 },
      { en: "Reach a key square", ar: "بلوغ مربع مفتاحي" },
      {
        en: "For a pawn on the third rank the key squares are the three squares two ranks ahead of it. Put your king on one of them and the pawn queens.",
        ar: "للبيدق على الصف الثالث ثلاثة مربعات مفتاحية على بعد صفين أمامه. ضع ملكك على أحدها فيترقّى البيدق.",
      },
      {
        en: "King first: reach a square two ranks in front of the pawn before pushing it.",
        ar: "الملك أولًا: بلّغه مربعًا على بعد صفين أمام البيدق قبل دفعه.",
      },
    ),
    ex(
      "key-squares-first",
      "4k3/8/8/8/8/4K3/4P3/8 w - - 0 1",
      { kind: "promote", moves: 15 },
      { en: "The king leads the pawn", ar: "الملك يقود البيدق" },
      {
        en: "Pushing the pawn first lets the defender take the opposition. Walk your king to a key square first; the pawn follows later.",
        ar: "دفع البيدق أولًا يمنح المدافع المقابلة. سر بملكك إلى مربع مفتاحي أولًا، ويلحقه البيدق بعد ذلك.",
      },
      {
        en: "Do not push yet: march the king ahead of the pawn.",
        ar: "لا تدفع بعد: قدّم الملك أمام البيدق.",
      },
    ),
    ex(
      "fifth-rank-opposition",
      "4k3/8/8/4PK2/8/8/8/8 w - - 0 1",
      { kind: "promote", moves: 12 },
      { en: "Pawn on the fifth", ar: "بيدق على الصف الخامس" },
      {
        en: "Once the pawn is on the fifth, the sixth-rank squares in front of it are key squares. Step onto one and the win is yours.",
        ar: "متى بلغ البيدق الصف الخامس صارت مربعات الصف السادس أمامه مفتاحية. خطوة إلى أحدها والفوز لك.",
      },
      {
        en: "Go to the sixth rank with the king beside the pawn.",
        ar: "تقدّم بالملك إلى الصف السادس بجانب البيدق.",
      },
    ),
    ex(
      "opposition-hold",
      "8/8/4k3/8/4P3/4K3/8/8 b - - 0 1",
      { kind: "draw", moves: 10 },
      { en: "Hold the opposition", ar: "حافظ على المقابلة" },
      {
        en: "The defending king stands in front of the pawn. Keep facing the enemy king with one square between you; when the pawn advances, retreat straight back.",
        ar: "يقف الملك المدافع أمام البيدق. ابقَ مقابلًا لملك الخصم بينكما مربع واحد، وإذا تقدّم البيدق فتراجع إلى الخلف مباشرة.",
      },
      {
        en: "Opposition: answer every king move by facing the king again.",
        ar: "المقابلة: قابِل ملك الخصم بعد كل نقلة من نقلاته.",
      },
    ),
    ex(
      "fifth-rank-defence",
      "4k3/8/8/4PK2/8/8/8/8 b - - 0 1",
      { kind: "draw", moves: 10 },
      { en: "Defend against the fifth-rank pawn", ar: "الدفاع أمام بيدق الصف الخامس" },
      {
        en: "The same position, but you move. Take the opposition at once and keep the king out of the sixth-rank squares.",
        ar: "الوضعية نفسها والدور لك. خذ المقابلة فورًا وامنع الملك من مربعات الصف السادس.",
      },
      {
        en: "Take the opposition now: face the king on its own file.",
        ar: "خذ المقابلة الآن: قابِل الملك على عموده.",
      },
    ),
    ex(
      "rook-pawn-corner",
      "8/3k4/8/8/PK6/8/8/8 b - - 0 1",
      { kind: "draw", moves: 12 },
      { en: "The rook pawn's corner", ar: "زاوية بيدق الرخ" },
      {
        en: "A rook pawn cannot win if your king reaches the corner in front of it: the attacker can only stalemate you or let you out.",
        ar: "لا يفوز بيدق الرخ إذا بلغ ملكك الزاوية أمامه: لا يملك المهاجم إلا أن يجمّدك أو يتركك تخرج.",
      },
      {
        en: "Run to the corner in front of the rook pawn and stay there.",
        ar: "اركض إلى الزاوية أمام بيدق الرخ وابقَ فيها.",
      },
    ),
    ex(
      "king-race",
      "3k4/8/8/8/8/8/3P4/3K4 w - - 0 1",
      { kind: "promote", moves: 24 },
      { en: "Race to the key squares", ar: "السباق إلى المربعات المفتاحية" },
      {
        en: "For a pawn on its starting square the key squares are on the fourth rank. Your king gets there first if you start walking now; the pawn waits.",
        ar: "للبيدق في مربع بدايته مربعات مفتاحية على الصف الرابع. يصل ملكك إليها أولًا إن بدأ المسير الآن، والبيدق ينتظر.",
      },
      {
        en: "Walk the king up to the fourth rank, then push.",
        ar: "اصعد بالملك إلى الصف الرابع ثم ادفع.",
      },
    ),
  ],
};

const rookEndings: EndgameChapter = {
  id: "rook-endings",
  title: { en: "Rook endings", ar: "نهايات الرخ" },
  exercises: [
    ex(
      "lucena",
      "1K6/1P1k4/8/8/8/8/r7/2R5 w - - 0 1",
      { kind: "promote", moves: 20 },
      { en: "Lucena: build a bridge", ar: "لوسينا: ابنِ جسرًا" },
      {
        en: "Your king is on the promotion square and the enemy king is cut off. Bring your rook to the fourth rank, walk the king out, and block the checks with the rook: the bridge.",
        ar: "ملكك على مربع الترقية وملك الخصم مقطوع. انقل رخك إلى الصف الرابع، وأخرج ملكك، واصدّ الكشّات بالرخ: هذا هو الجسر.",
      },
      {
        en: "Build a bridge with your rook: it goes to the fourth rank to block the checks.",
        ar: "ابنِ جسرًا برخك: ينتقل إلى الصف الرابع ليصدّ الكشّات.",
      },
    ),
    ex(
      "lucena-centre",
      "3K4/3P1k2/8/8/8/8/2r5/4R3 w - - 0 1",
      { kind: "promote", moves: 15 },
      { en: "Lucena with a centre pawn", ar: "لوسينا مع بيدق في الوسط" },
      {
        en: "The same winning method works with any pawn but a rook pawn: keep the enemy king cut off, then the rook to the fourth rank shields your king from checks.",
        ar: "الطريقة الرابحة نفسها تصلح لكل بيدق عدا بيدق الرخ: أبقِ ملك الخصم مقطوعًا، ثم يحمي الرخ ملكك من الكشّات من الصف الرابع.",
      },
      {
        en: "Bridge again: rook to the fourth rank, then king out.",
        ar: "الجسر مرة أخرى: الرخ إلى الصف الرابع ثم يخرج الملك.",
      },
    ),
    ex(
      "philidor",
      "4k3/R7/8/3KP3/8/8/8/1r6 b - - 0 1",
      { kind: "draw", moves: 12 },
      { en: "Philidor: the third-rank defence", ar: "فيليدور: الدفاع من الصف الثالث" },
      {
        en: "Keep your rook on your third rank so the enemy king cannot come forward. When the pawn advances to it, the king loses its shelter: go to the back and check from behind.",
        ar: "أبقِ رخك على صفك الثالث فلا يتقدّم ملك الخصم. وإذا تقدّم البيدق إليه فقد الملك مأواه: اذهب إلى الخلف وكشّ من الوراء.",
      },
      {
        en: "Rook to the third rank in front of your king; checks from behind once the pawn advances.",
        ar: "الرخ إلى الصف الثالث أمام ملكك، والكشّ من الخلف متى تقدّم البيدق.",
      },
    ),
    ex(
      "philidor-behind",
      "4k3/R7/1r2P3/3K4/8/8/8/8 b - - 0 1",
      { kind: "draw", moves: 12 },
      { en: "Philidor: checks from behind", ar: "فيليدور: الكشّ من الخلف" },
      {
        en: "The pawn has stepped onto your third rank. The white king has no shelter now: drop your rook to the back rank and keep checking.",
        ar: "تقدّم البيدق إلى صفك الثالث. لم يعد للملك الأبيض مأوى: أنزل رخك إلى الصف الأخير وواصل الكشّ.",
      },
      {
        en: "Rook to the far rank and check the king from behind.",
        ar: "الرخ إلى الصف البعيد وكشّ الملك من الخلف.",
      },
    ),
    ex(
      "vancura",
      "R7/6k1/P7/1K6/8/8/5r2/8 b - - 0 1",
      { kind: "draw", moves: 12 },
      { en: "Vančura's defence", ar: "دفاع فانتشورا" },
      {
        en: "Against a rook pawn with the rook in front of it, attack the pawn from the side. The white king must defend it, and your rook checks it away from behind.",
        ar: "أمام بيدق الرخ والرخ أمامه، هاجم البيدق من الجانب. على الملك الأبيض أن يحميه، ورخك يطرده بالكشّ من الخلف.",
      },
      {
        en: "Attack the pawn from the side along the rank; check when the king comes to defend it.",
        ar: "هاجم البيدق من الجانب على الصف، وكشّ حين يأتي الملك ليحميه.",
      },
    ),
    ex(
      "short-side",
      "5k2/7R/4K3/4P3/8/8/8/r7 b - - 0 1",
      { kind: "draw", moves: 12 },
      { en: "The short-side defence", ar: "الدفاع من الجانب القصير" },
      {
        en: "Your king stands on the short side of the pawn, your rook on the long side. From there it checks the king at a distance, and the king cannot hide.",
        ar: "ملكك على الجانب القصير من البيدق ورخك على الجانب الطويل. من هناك يكشّ الملك من بعيد فلا يجد ملجأ.",
      },
      {
        en: "Check from the long side, far from the king.",
        ar: "كشّ من الجانب الطويل بعيدًا عن الملك.",
      },
    ),
    ex(
      "philidor-d-pawn",
      "3k4/R7/8/2KP4/8/8/8/7r b - - 0 1",
      { kind: "draw", moves: 12 },
      { en: "Philidor with a d-pawn", ar: "فيليدور مع بيدق d" },
      {
        en: "The same defence on another file: the rook on your third rank stops the king, and checks from behind follow when the pawn advances.",
        ar: "الدفاع نفسه على عمود آخر: الرخ على صفك الثالث يوقف الملك، والكشّ من الخلف يتبع تقدّم البيدق.",
      },
      {
        en: "Rook to your third rank; wait there.",
        ar: "الرخ إلى صفك الثالث، وانتظر هناك.",
      },
    ),
  ],
};

const queenVsPawn: EndgameChapter = {
  id: "queen-vs-pawn",
  title: { en: "Queen against a pawn on the seventh", ar: "الوزير ضد بيدق على الصف السابع" },
  exercises: [
    ex(
      "queen-vs-centre-pawn",
      "8/8/2K5/8/8/8/4pk2/Q7 w - - 0 1",
      { kind: "win", moves: 25 },
      { en: "Against a centre pawn", ar: "ضد بيدق في الوسط" },
      {
        en: "Check and pin until the king has to stand in front of its pawn. That gives you one free move: bring your king closer. Repeat until the pawn falls.",
        ar: "كشّ وثبّت حتى يضطر الملك إلى الوقوف أمام بيدقه. تكسب بذلك نقلة حرة: قرّب ملكك. كرّر حتى يسقط البيدق.",
      },
      {
        en: "Force the king in front of its pawn, then use the free tempo for your king.",
        ar: "أجبر الملك على الوقوف أمام بيدقه، واستعمل النقلة الحرة لملكك.",
      },
    ),
    ex(
      "queen-vs-knight-pawn",
      "K7/8/8/8/8/8/5kp1/Q7 w - - 0 1",
      { kind: "win", moves: 30 },
      { en: "Against a knight pawn", ar: "ضد بيدق الحصان" },
      {
        en: "A knight pawn loses like a centre pawn: the king must block it sooner or later, and each time your king comes a step closer.",
        ar: "يخسر بيدق الحصان كبيدق الوسط: لا بد أن يسدّه الملك عاجلًا أو آجلًا، وفي كل مرة يقترب ملكك خطوة.",
      },
      {
        en: "Same staircase: checks until the king blocks the pawn, then a king move.",
        ar: "السلّم نفسه: كشّات حتى يسدّ الملك البيدق، ثم نقلة ملك.",
      },
    ),
    ex(
      "queen-vs-bishop-pawn",
      "8/6K1/8/8/7Q/8/2pk4/8 b - - 0 1",
      { kind: "draw", moves: 12 },
      { en: "The bishop pawn's stalemate trick", ar: "حيلة الجمود مع بيدق الفيل" },
      {
        en: "With a bishop pawn the defender can go to the corner instead of blocking the pawn: taking the pawn then stalemates. If the attacking king is far away, it is a draw.",
        ar: "مع بيدق الفيل يستطيع المدافع أن يذهب إلى الزاوية بدل أن يسدّ البيدق: فأخذه يؤدي إلى الجمود. وإذا كان الملك المهاجم بعيدًا فالنتيجة تعادل.",
      },
      {
        en: "Head for the corner next to the pawn: its capture is stalemate.",
        ar: "اتجه إلى الزاوية بجوار البيدق: أخذه جمود.",
      },
    ),
    ex(
      "queen-vs-rook-pawn",
      "8/6K1/8/8/7Q/8/pk6/8 b - - 0 1",
      { kind: "draw", moves: 12 },
      { en: "The rook pawn's stalemate", ar: "الجمود مع بيدق الرخ" },
      {
        en: "A rook pawn on the seventh draws against a distant king: your king hides in the corner in front of the pawn, and the queen can only stalemate it.",
        ar: "يتعادل بيدق الرخ على الصف السابع أمام ملك بعيد: يختبئ ملكك في الزاوية أمام البيدق، ولا يملك الوزير إلا أن يجمّده.",
      },
      {
        en: "Stay in the corner in front of the pawn.",
        ar: "ابقَ في الزاوية أمام البيدق.",
      },
    ),
  ],
};

const minorPieces: EndgameChapter = {
  id: "minor-pieces",
  title: { en: "Minor pieces and fortresses", ar: "القطع الصغيرة والحصون" },
  exercises: [
    ex(
      "wrong-rook-pawn",
      "8/2k5/8/8/P7/8/8/2B2K2 b - - 0 1",
      { kind: "draw", moves: 12 },
      { en: "The wrong rook pawn", ar: "بيدق الرخ الخطأ" },
      {
        en: "The bishop does not control the pawn's promotion square. Reach that corner with your king and nothing can drive you out.",
        ar: "لا يسيطر الفيل على مربع ترقية البيدق. بلّغ ملكك تلك الزاوية ولن يخرجك منها شيء.",
      },
      {
        en: "Run to the corner the bishop cannot reach.",
        ar: "اركض إلى الزاوية التي لا يصلها الفيل.",
      },
    ),
    ex(
      "opposite-bishops",
      "8/8/3k4/3b4/3P4/4KB2/8/8 b - - 0 1",
      { kind: "draw", moves: 12 },
      { en: "Opposite-coloured bishops", ar: "فيلان مختلفا اللون" },
      {
        en: "Bishops of opposite colours draw easily: block the pawn on a square of your bishop's colour and the other bishop can never chase you away.",
        ar: "الفيلان مختلفا اللون يتعادلان بسهولة: سدّ البيدق على مربع بلون فيلك ولن يستطيع الفيل الآخر طردك.",
      },
      {
        en: "Blockade on your bishop's colour and keep it there.",
        ar: "سدّ البيدق على لون فيلك وابقَ هناك.",
      },
    ),
    ex(
      "rook-vs-bishop",
      "8/8/8/8/3b4/8/3k4/5R1K b - - 0 1",
      { kind: "draw", moves: 12 },
      { en: "Rook against bishop", ar: "رخ ضد فيل" },
      {
        en: "A lone bishop holds against a rook if your king runs to the corner the bishop cannot cover: a mate there is impossible, and the checks can be blocked.",
        ar: "يصمد الفيل وحده أمام الرخ إذا ركض ملكك إلى الزاوية التي لا يغطيها الفيل: لا كش مات ممكن هناك، والكشّات تُصدّ.",
      },
      {
        en: "Go to the corner that is NOT your bishop's colour.",
        ar: "اذهب إلى الزاوية التي ليست بلون فيلك.",
      },
    ),
    ex(
      "rook-vs-knight",
      "8/8/8/8/8/3nk3/8/1R4K1 b - - 0 1",
      { kind: "draw", moves: 12 },
      { en: "Rook against knight", ar: "رخ ضد حصان" },
      {
        en: "Rook against knight is a draw when the knight stays close to its king. A knight far from the king gets trapped.",
        ar: "الرخ ضد الحصان تعادل ما دام الحصان قريبًا من ملكه. والحصان البعيد عن ملكه يُحاصَر.",
      },
      {
        en: "Keep the knight next to your king, away from the edges.",
        ar: "أبقِ الحصان بجوار ملكك بعيدًا عن الحواف.",
      },
    ),
    ex(
      "knight-stops-pawn",
      "7k/8/8/1P6/8/8/8/4n2K b - - 0 1",
      { kind: "draw", moves: 10 },
      { en: "The knight catches the pawn", ar: "الحصان يمسك بالبيدق" },
      {
        en: "A knight stops a pawn best from a square in front of it. Count the moves: your knight reaches the promotion square's guard in time.",
        ar: "يوقف الحصان البيدق أفضل ما يكون من مربع أمامه. احسب النقلات: يصل حصانك إلى حراسة مربع الترقية في الوقت.",
      },
      {
        en: "Aim the knight at the square the pawn must cross.",
        ar: "وجّه الحصان إلى المربع الذي يجب أن يعبره البيدق.",
      },
    ),
  ],
};

/** The course, chapter by chapter, in the order the course page lists it. */
export const ENDGAME_COURSE: readonly EndgameChapter[] = [
  mates,
  pawnRaces,
  kingAndPawn,
  rookEndings,
  queenVsPawn,
  minorPieces,
];
