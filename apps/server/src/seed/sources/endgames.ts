import type { FenSource } from "./fen-source";

/**
 * Classical and instructive endgame positions, each with one clearly best move: studies, king-and-pawn
 * technique, the standard tactical motifs with few pieces left and the basic mating patterns. Positions whose
 * textbook method allows several equally good moves (Lucena, Philidor, Vancura) are left out on purpose: the
 * engine cannot tell the reader that only one move is right.
 */
export const ENDGAMES: readonly FenSource[] = [
  {
    name: "Saavedra study (1895)",
    fen: "8/8/1KP5/3r4/8/8/8/k7 w - - 0 1",
    note: "1.c7 first; after the checks run out, 6.c8=R! avoids the stalemate that 6.c8=Q Rc4+ allows.",
  },
  {
    name: "Saavedra study: the rook promotion",
    fen: "8/2P5/8/8/3r4/8/2K5/k7 w - - 0 1",
    note: "c8=R threatens Ra8 mate; c8=Q is met by Rc4+ and stalemate after Qxc4.",
  },
  {
    name: "Réti study (1921)",
    fen: "7K/8/k1P5/7p/8/8/8/8 w - - 0 1",
    note: "Kg7! walks towards both the h-pawn and the own pawn at once: the diagonal is as short as the file.",
  },
  {
    name: "Lasker and Reichhelm (1901)",
    fen: "8/k7/3p4/p2P1p2/P2P1P2/8/8/K7 w - - 0 1",
    note: "Kb1! is the only move that keeps the corresponding squares; the king then wins the f-pawn.",
  },
  {
    name: "Breakthrough: three pawns against three",
    fen: "8/ppp5/6k1/PPP5/8/8/8/7K w - - 0 1",
    note: "b6! and whichever pawn recaptures, the next sacrifice clears a file for the last pawn.",
  },
  {
    name: "Breakthrough on the kingside",
    fen: "8/5ppp/1k6/5PPP/8/8/8/K7 w - - 0 1",
    note: "The same breakthrough on the other wing: g6! opens the way for the f- or h-pawn.",
  },
  {
    name: "Opposition: step in front",
    fen: "8/4k3/8/5K2/4P3/8/8/8 w - - 0 1",
    note: "Ke5 takes the opposition; the white king then reaches a key square in front of the pawn.",
  },
  {
    name: "Opposition: take it from the side",
    fen: "8/3k4/8/2K5/3P4/8/8/8 w - - 0 1",
    note: "Kd5 takes the opposition; pushing the pawn first lets the black king hold the draw.",
  },
  {
    name: "Opposition on the f-file",
    fen: "8/5k2/8/4K3/5P2/8/8/8 w - - 0 1",
    note: "Kf5 takes the opposition in front of the pawn.",
  },
  {
    name: "Opposition with the c-pawn",
    fen: "8/2k5/8/1K6/2P5/8/8/8 w - - 0 1",
    note: "Kc5 takes the opposition; c5 at once only draws.",
  },
  {
    name: "Pawn on the sixth, king beside it",
    fen: "4k3/8/4PK2/8/8/8/8/8 w - - 0 1",
    note: "e7 now: the black king must give way and Kf7 escorts the pawn home.",
  },
  {
    name: "Pawn on the sixth, king in front",
    fen: "4k3/8/3KP3/8/8/8/8/8 w - - 0 1",
    note: "e7 wins; a king move instead gives Black the opposition or stalemate chances.",
  },
  {
    name: "Square of the pawn",
    fen: "k7/8/8/4K3/p7/8/6P1/8 w - - 0 1",
    note: "Only Kd4 steps into the square of the a-pawn and catches it in time.",
  },
  {
    name: "Rook behind the pawn: the h8 trick",
    fen: "R7/P4k2/8/8/8/8/r7/6K1 w - - 0 1",
    note: "Rh8! clears the a-file: if Rxa7, Rh7+ skewers king and rook.",
  },
  {
    name: "Deflection: promote with check",
    fen: "8/1P6/8/8/8/6k1/r7/1R4K1 w - - 0 1",
    note: "b8=Q+ comes with check, so the black rook never gets time to stop the pawn.",
  },
  {
    name: "Rook skewer along the rank",
    fen: "8/8/8/8/r2k4/8/8/6KR w - - 0 1",
    note: "Rh4+ checks the king and wins the rook standing behind it on the same rank.",
  },
  {
    name: "Rook skewer along the file",
    fen: "7R/8/4k3/8/8/8/4r3/1K6 w - - 0 1",
    note: "Re8+ checks the king and wins the rook standing behind it on the e-file.",
  },
  {
    name: "Bishop skewer on the long diagonal",
    fen: "q7/5p2/2k3p1/8/8/3B4/7K/1R6 w - - 0 1",
    note: "Be4+ checks along the long diagonal and wins the queen in the corner.",
  },
  {
    name: "Bishop pin against the king",
    fen: "4k3/p2q1ppp/8/8/P7/8/5PPP/R4BK1 w - - 0 1",
    note: "Bb5 pins the queen to the king; the a-pawn guards the bishop, so the queen is lost.",
  },
  {
    name: "Bishop fork after a capture",
    fen: "r5k1/6pp/5p2/3n4/4B3/8/5PPP/2R3K1 w - - 0 1",
    note: "Bxd5+ takes the knight with check and hits the rook on a8 at the same time.",
  },
  {
    name: "Knight fork of king and rook",
    fen: "r3k3/8/8/1N6/8/8/6P1/6K1 w - - 0 1",
    note: "Nc7+ forks king and rook; the remaining pawn then decides.",
  },
  {
    name: "Knight fork of king and queen",
    fen: "8/8/6k1/3q4/8/8/P3N3/4K3 w - - 0 1",
    note: "Nf4+ attacks king and queen at once.",
  },
  {
    name: "Royal fork: the knight takes the queen",
    fen: "8/1b1q1p1k/6pp/3N4/8/8/4QPPP/6K1 w - - 0 1",
    note: "Nf6+ checks the king on h7 and attacks the queen on d7.",
  },
  {
    name: "Queen fork on the long diagonal",
    fen: "r7/5ppk/1q5p/8/8/8/4QPPP/3R2K1 w - - 0 1",
    note: "Qe4+ checks the king on h7 and attacks the rook on a8 along the other diagonal.",
  },
  {
    name: "Queen fork of king and rook",
    fen: "2b5/r4pkp/7n/8/8/8/5PPP/3Q2K1 w - - 0 1",
    note: "Qd4+ checks the king on g7 and attacks the loose rook on a7.",
  },
  {
    name: "Discovered attack: the bishop check",
    fen: "6k1/pp2qppp/8/8/4B3/8/PP3PPP/4R1K1 w - - 0 1",
    note: "Bxh7+ clears the e-file with check, and the rook takes the queen next.",
  },
  {
    name: "Back rank mate",
    fen: "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
    note: "Ra8 mates: the king is walled in by its own pawns.",
  },
  {
    name: "Back rank: queen sacrifice on e8",
    fen: "3r2k1/5ppp/1q6/8/8/8/4QPPP/4R1K1 w - - 0 1",
    note: "Qe8+! deflects the rook from the back rank and Rxe8 mates.",
  },
  {
    name: "Queen mate on the edge",
    fen: "7k/8/6K1/8/8/8/8/1Q6 w - - 0 1",
    note: "Qb8 or Qh7 mate; a careless queen move stalemates.",
  },
  {
    name: "Queen mate, not stalemate",
    fen: "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1",
    note: "Black has no legal move now, so White must mate at once: Qg7 or Qf8.",
  },
  {
    name: "Rook mate on the back rank",
    fen: "5k2/8/5K2/8/8/8/8/7R w - - 0 1",
    note: "With the kings in opposition, Rh8 mates.",
  },
  {
    name: "Two rooks: the ladder",
    fen: "6k1/R7/8/8/8/8/8/1R4K1 w - - 0 1",
    note: "One rook holds the seventh rank, the other mates on the eighth.",
  },
  {
    name: "Bishop and knight: the last move",
    fen: "7k/2B1N3/6K1/8/8/8/8/8 w - - 0 1",
    note: "The knight covers g8, the king covers g7 and h7: Be5 mates on the long diagonal.",
  },
  {
    name: "Arabian mate",
    fen: "7k/4R3/5N2/8/8/8/r5PP/6K1 w - - 0 1",
    note: "Rh7 mates: the knight guards the rook and covers g8.",
  },
  {
    name: "Anastasia's mate",
    fen: "8/4N1pk/8/3R4/8/8/r5PP/6K1 w - - 0 1",
    note: "Rh5 mates: the knight on e7 covers g8 and g6, the king's own pawn blocks g7.",
  },
  {
    name: "Smothered mate with a lone knight",
    fen: "6rk/6pp/8/6N1/8/8/r5PP/6K1 w - - 0 1",
    note: "Nf7 mates: the king is boxed in by its own rook and pawns.",
  },
  {
    name: "Opera mate: rook and bishop",
    fen: "4kb2/5p2/8/6B1/8/8/r4PPP/3R2K1 w - - 0 1",
    note: "Rd8 mates: the bishop on g5 guards d8 and e7, Black's own pieces block f8 and f7.",
  },
  {
    name: "Rook and bishop mate in the corner",
    fen: "7k/7p/3B4/8/8/6R1/r6P/7K w - - 0 1",
    note: "Be5 mates: the rook holds the g-file, the h-pawn blocks the king's last square.",
  },
  {
    name: "Boden's mate",
    fen: "2kr4/p2p4/8/8/5B2/3B4/5PPP/6K1 w - - 0 1",
    note: "Ba6 mates: the two bishops cross on b7 and c7.",
  },
  {
    name: "Epaulette mate",
    fen: "3rkr2/8/8/8/8/1Q6/5PPP/6K1 w - - 0 1",
    note: "Qe6 mates: the rooks on d8 and f8 are the king's epaulettes.",
  },
  {
    name: "Lolli's mate",
    fen: "6k1/5p1p/5PpQ/8/8/8/r4PPP/6K1 w - - 0 1",
    note: "Qg7 mates, guarded by the pawn on f6.",
  },
  {
    name: "Greco's mate",
    fen: "r6k/6p1/8/8/2B5/8/6PP/3Q2K1 w - - 0 1",
    note: "Qh5 mates along the h-file while the bishop covers g8.",
  },
  {
    name: "Queen and knight mate on h7",
    fen: "r6k/6pp/8/6NQ/8/8/6PP/6K1 w - - 0 1",
    note: "Qxh7 mates, guarded by the knight on g5.",
  },
  {
    name: "Two bishops mate",
    fen: "7k/8/6K1/2B5/2B5/8/8/8 w - - 0 1",
    note: "The light bishop covers g8, the king covers g7 and h7: Bd4 mates on the long diagonal.",
  },
  {
    name: "Damiano's mate",
    fen: "5rk1/5p2/6P1/7Q/8/8/r4PPP/6K1 w - - 0 1",
    note: "Qh7 mates, guarded by the pawn on g6; the rook on f8 takes the king's last square.",
  },
];
