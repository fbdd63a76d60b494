import type { Kysely } from "kysely";
import { type BlogPostBody, BlogRepository } from "../blog/repository";
import type { Database } from "../db/schema";

/** The app_meta key recording that the seed posts were stored (once, on the first start). */
export const POSTS_SEEDED_KEY = "seeded.posts";

/** A chess-diagram block of the editor (spec section 3, Editor content blocks). */
const diagram = (fen: string) => `<div data-type="chess-diagram" data-fen="${fen}"></div>`;
/** A YouTube block of the editor. */
const video = (url: string) => `<div data-type="youtube" data-src="${url}"></div>`;

/** Basic Rook Endgames, an endgame class of the Saint Louis Chess Club (Lucena and Philidor positions). */
const ROOK_ENDGAMES_CLASS = "https://www.youtube.com/watch?v=KhqslboBUug";

/** The Lucena position, White to move (b-pawn, defending king cut off on the d-file). */
export const LUCENA_FEN = "1K1k4/1P6/8/8/8/8/r7/2R5 w - - 0 1";
/** The Philidor position, Black to move: the pawn has not reached the sixth rank yet. */
export const PHILIDOR_FEN = "3k4/7R/r7/3PK3/8/8/8/8 b - - 0 1";
/** Légal's trap after 1.e4 e5 2.Nf3 d6 3.Bc4 Bg4 4.Nc3 g6 5.Nxe5. */
export const LEGAL_TRAP_FEN = "rn1qkbnr/ppp2p1p/3p2p1/4N3/2B1P1b1/2N5/PPPP1PPP/R1BQK2R b KQkq - 0 5";
/** Légal's mate after 5...Bxd1 6.Bxf7+ Ke7 7.Nd5#. */
export const LEGAL_MATE_FEN = "rn1q1bnr/ppp1kB1p/3p2p1/3NN3/4P3/8/PPPP1PPP/R1BbK2R b KQ - 2 7";
/** The Italian Game after 1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5. */
export const ITALIAN_FEN = "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4";

const lucena = `<h2>Why one position decides so many endgames</h2>
<p>Rook endgames are the endgames you will meet most often over the board, and a great many of them come down to a
single question: can the side with the extra pawn promote it? The Lucena position is where the winning side wants to
arrive. It carries the name of Luis Ramírez de Lucena, the author of one of the oldest surviving printed chess books
(1497), although the position itself is not in his book; it was recorded by later authors, and it has been taught ever
since.</p>
${diagram(LUCENA_FEN)}
<p>White to move. The white king stands on b8, right in front of its own pawn. The black king is cut off on the d-file
by the rook on c1, and the black rook waits on the a-file, ready to check. White would love to step aside with the
king and promote, but the moment the king leaves b8 the checks begin, and on an open board a king cannot hide from a
rook.</p>
<h2>Building the bridge</h2>
<p>The winning method is called <strong>building a bridge</strong>. It needs only four ideas:</p>
<ol>
<li><p><strong>1.Rd1+ Ke7.</strong> Push the defending king one more file away, so that the white king can later step
out to c7 without running into it.</p></li>
<li><p><strong>2.Rd4!</strong> The key move. The rook goes to the fourth rank, where it will later stand between the
white king and the black rook.</p></li>
<li><p><strong>2...Ra1 3.Kc7 Rc1+ 4.Kb6 Rb1+ 5.Kc6 Rc1+ 6.Kb5 Rb1+.</strong> Now the king walks out, step by step,
towards the rook on d4.</p></li>
<li><p><strong>7.Rb4.</strong> The bridge is built: the rook blocks the checks on the b-file and the pawn queens.</p></li>
</ol>
<h2>What to take away</h2>
<ul>
<li><p>Cut the defending king off first, then drive it a second file away with a check.</p></li>
<li><p>Put your rook on the fourth rank <em>before</em> your king comes out, not after.</p></li>
<li><p>The method works with every pawn except a rook's pawn.</p></li>
</ul>
<p>Set the position up on a board and play it against a friend or an engine from both sides until you can do it
without thinking. The Saint Louis Chess Club's class on basic rook endgames covers the Lucena and Philidor positions
with more examples:</p>
${video(ROOK_ENDGAMES_CLASS)}`;

const philidor = `<h2>لماذا ينبغي أن تعرف هذه الوضعية؟</h2>
<p>إذا كانت وضعية لوسينا طريقَ الفوز في نهايات الرخ والبيدق ضد الرخ، فإن وضعية فيليدور هي طريق النجاة للطرف المدافع.
حلّلها الفرنسي فرانسوا أندريه دانيكان فيليدور، أحد أقوى لاعبي القرن الثامن عشر، عام 1777، وما زالت حتى اليوم أول ما
يتعلّمه اللاعب عن الدفاع في نهايات الرخ.</p>
${diagram(PHILIDOR_FEN)}
<p>الدور للأسود. يقف ملكه أمام البيدق على خانة الترقية، ولم يصل البيدق الأبيض بعدُ إلى الصف السادس، أما الملك الأبيض
فيحاول التقدّم لمساندته. يبدو الموقف خطيرًا، لكن الأسود يتعادل بسهولة إذا عرف الخطة.</p>
<h2>الخطة في خطوتين</h2>
<ol>
<li><p><strong>ابقَ على الصف السادس.</strong> رخ الأسود على الصف الثالث من جهته، أي الصف السادس على الرقعة، فيمنع
الملك الأبيض من الصعود إليه. لا حاجة إلى أي مبادرة؛ يكفي أن يبقى الرخ على هذا الصف ويتنقّل عليه منتظرًا، مثل
1...Rb6.</p></li>
<li><p><strong>حين يتقدّم البيدق، انتقل إلى الخلف.</strong> لا يستطيع الأبيض أن يحرز تقدّمًا إلا بدفع البيدق إلى d6،
وعندها يفقد ملكه المأوى الذي كان يجده أمام البيدق. هنا ينقل الأسود رخه فورًا إلى الصف الأول: 2.d6 Rb1! ثم يطارد الملك
بالكشّات من الخلف، مثل 3.Ke6 Re1+ 4.Kd5 Rd1+، ولا يجد الملك الأبيض مكانًا يختبئ فيه من الكشّات، فتنتهي المباراة بالتعادل.</p></li>
</ol>
<h2>أخطاء شائعة</h2>
<ul>
<li><p>البدء بالكشّات من الخلف قبل أن يتقدّم البيدق: يحتمي الملك الأبيض أمام بيدقه ويصل إلى الصف السادس.</p></li>
<li><p>ترك الرخ سلبيًّا على صفّه الأخير والملك الأبيض ما زال قادرًا على التقدّم: عندها يهدّد الأبيض بكش مات على
الصف الثامن.</p></li>
<li><p>إبعاد الملك عن خانة الترقية: في هذه الوضعية يجب أن يبقى الملك أمام البيدق.</p></li>
</ul>
<p>تذكّر القاعدة في جملة واحدة: الرخ على الصف السادس حتى يتقدّم البيدق، ثم إلى الخلف ليطارد الملك بالكشّات.</p>`;

const legal = `<h2>A trap older than modern chess clubs</h2>
<p>Few tricks have caught as many players as Légal's mate. It is named after Sire de Légal, the strongest player at
the Café de la Régence in Paris in the middle of the eighteenth century and the teacher of the young Philidor. The
best-known version is attributed to a game he played against Saint Brie around 1750:</p>
<p><strong>1.e4 e5 2.Nf3 d6 3.Bc4 Bg4 4.Nc3 g6?</strong> A slow move that leaves the bishop on g4 without support.
<strong>5.Nxe5!</strong></p>
${diagram(LEGAL_TRAP_FEN)}
<p>Black to move. White's knight has just taken a pawn and left the queen on d1 hanging to the bishop. The pin on the
f3 knight looked like a real one, but a pin against a queen is only relative: the knight was allowed to move, and the
queen can be given up.</p>
<h2>The mate</h2>
<p>Black takes the bait: <strong>5...Bxd1?? 6.Bxf7+ Ke7 7.Nd5#</strong>.</p>
${diagram(LEGAL_MATE_FEN)}
<p>Three minor pieces mate a king that still has its queen. The knight on d5 gives check and covers f6, the bishop on
f7 covers e6 and e8 and is protected by the knight on e5, which also covers d7, and Black's own queen, pawn and bishop
block d8, d6 and f8.</p>
<h2>What Black should have played</h2>
<p>After 5.Nxe5 Black's best is to accept the loss of a pawn, for example <strong>5...dxe5 6.Qxg4</strong>. The
sacrifice is sound only because nothing but the d6 pawn guarded e5 and the bishop on g4 had no support: had Black
played 4...Nc6 instead of 4...g6, the knight would take back on e5 and White would simply be a piece down.</p>
<h2>The lessons</h2>
<ul>
<li><p>Before you grab material, ask what your opponent's last move allowed, not only what it gave away.</p></li>
<li><p>A piece pinned to a queen (rather than to a king) can still move, if the attack is worth the queen.</p></li>
<li><p>Loose pieces drop off: the bishop on g4 without support is what made the combination possible.</p></li>
</ul>`;

const openings = `<h2>لا تحفظ النقلات، افهم المبادئ</h2>
<p>يقضي كثير من المبتدئين ساعاتٍ في حفظ الافتتاحات نقلةً بعد نقلة، ثم يجدون أنفسهم في وضعٍ مجهول منذ النقلة الخامسة.
الأنفع أن تفهم الأهداف التي تقف خلف كل افتتاح جيد، فهي ثلاثة لا تتغيّر.</p>
${diagram(ITALIAN_FEN)}
<p>هذه هي اللعبة الإيطالية بعد 1.e4 e5 2.Nf3 Nc6 3.Bc4 Bc5، وهي من أقدم الافتتاحات المعروفة. تأمّلها: كل نقلة فيها
تخدم قاعدة من القواعد الآتية.</p>
<h2>القاعدة الأولى: السيطرة على المركز</h2>
<p>الخانات e4 وd4 وe5 وd5 هي قلب الرقعة. القطعة في المركز تتحكم في خانات أكثر وتنتقل إلى أي جناح بسرعة. لهذا بدأ
الطرفان بدفع البيدق إلى e4 وe5، ولهذا يهاجم الحصان من f3 البيدقَ على e5 ويراقب d4.</p>
<h2>القاعدة الثانية: طوّر القطع الخفيفة أولًا</h2>
<p>أخرج الأحصنة والفيلة قبل الوزير والرخين، ولا تحرّك القطعة نفسها مرتين في الافتتاح من غير سبب. كل نقلة تطوير
تُدخل قطعة جديدة إلى المعركة، أما الخروج المبكر بالوزير فيمنح الخصم فرصة ليطارده ويطوّر قطعه على حسابه.</p>
<h2>القاعدة الثالثة: أمّن ملكك بالتبييت</h2>
<p>بعد نقلتين أو ثلاث من نقلات التطوير يصبح التبييت ممكنًا في كثير من الأحيان. التبييت يُبعد الملك عن المركز الذي
سيُفتح عاجلًا أو آجلًا، ويُدخل الرخ إلى اللعب في الوقت نفسه. في الوضعية أعلاه يستطيع الأبيض أن يبيّت في هذه
النقلة نفسها.</p>
<h2>خلاصة</h2>
<ul>
<li><p>ادفع بيدقًا أو بيدقين إلى المركز.</p></li>
<li><p>طوّر الأحصنة والفيلة نحو المركز.</p></li>
<li><p>بيّت مبكرًا، ثم صِلْ بين الرخين.</p></li>
</ul>
<p>إذا تذكّرت هذه القواعد الثلاث، ستخرج من الافتتاح بموقف سليم حتى لو لم تعرف اسمه.</p>`;

/**
 * The sample posts of a fresh install (spec: "a few real, well-written sample posts"), in English and Arabic, each
 * with a chess diagram, one with a video. Stored oldest first, so the list shows the last one on top.
 */
export const SEED_POSTS: BlogPostBody[] = [
  {
    title: "مبادئ الافتتاح: ثلاث قواعد تكفيك في أول عشر نقلات",
    slug: "opening-principles-three-rules",
    language: "ar",
    content: openings,
    tags: ["الافتتاحات", "للمبتدئين"],
    published: true,
  },
  {
    title: "Légal's Mate: When the Queen Is Only Bait",
    slug: "legal-mate-when-the-queen-is-only-bait",
    language: "en",
    content: legal,
    tags: ["Tactics", "Openings", "Chess history"],
    published: true,
  },
  {
    title: "وضعية فيليدور: مفتاح التعادل في نهايات الرخ",
    slug: "philidor-position-drawing-rook-endgames",
    language: "ar",
    content: philidor,
    tags: ["نهايات الرخ", "الدفاع"],
    published: true,
  },
  {
    title: "The Lucena Position: How to Build a Bridge",
    slug: "lucena-position-how-to-build-a-bridge",
    language: "en",
    content: lucena,
    tags: ["Rook endgames", "Endgames", "Technique"],
    published: true,
  },
];

/**
 * Stores the sample posts once, on the first start of an installation (recorded in app_meta like the seed
 * positions). A database that was seeded before, even if an admin later deleted every post, or that already holds
 * posts, is left as it is. Returns how many posts were stored.
 */
export async function seedPosts(db: Kysely<Database>, posts: BlogPostBody[] = SEED_POSTS): Promise<number> {
  const done = await db
    .selectFrom("app_meta")
    .select("value")
    .where("key", "=", POSTS_SEEDED_KEY)
    .executeTakeFirst();
  if (done) return 0;
  const repository = new BlogRepository(db);
  let created = 0;
  if ((await repository.count()) === 0) {
    for (const post of posts) {
      await repository.create(post);
      created++;
    }
  }
  await db
    .insertInto("app_meta")
    .values({ key: POSTS_SEEDED_KEY, value: new Date().toISOString() })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  return created;
}
