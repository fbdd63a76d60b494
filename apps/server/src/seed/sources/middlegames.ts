import type { FenSource } from "./fen-source";

/**
 * The classic middlegame mating patterns and combinations, each set up on a board with enough pieces left to be a
 * middle game and one clearly best move. Most appear twice, once for each colour, because a player has to see the
 * pattern from both sides of the board.
 */
export const MIDDLEGAMES: readonly FenSource[] = [
  {
    name: "Philidor's legacy",
    fen: "5r1k/pb4pp/1pn4N/q7/2Q5/1P6/PB3PPP/3R2K1 w - - 0 1",
    note: "Qg8+! Rxg8 Nf7 is a smothered mate: the knight on h6 guards g8, so the king cannot take.",
  },
  {
    name: "Philidor's legacy (Black to move)",
    fen: "3r2k1/pb3ppp/1p6/2q5/Q7/1PN4n/PB4PP/5R1K b - - 0 1",
    note: "The same smothered mate with colours reversed: Qg1+! Rxg1 Nf2 mate.",
  },
  {
    name: "Boden's mate with a queen sacrifice",
    fen: "2kr1b1r/pp1n1ppp/2p5/7q/4QB2/8/PPP1BPPP/3R2K1 w - - 0 1",
    note: "Qxc6+! bxc6 Ba6 mate: the bishops on f4 and a6 cross in front of the king.",
  },
  {
    name: "Boden's mate with a queen sacrifice (Black to move)",
    fen: "3r2k1/ppp1bppp/8/4qb2/7Q/2P5/PP1N1PPP/2KR1B1R b - - 0 1",
    note: "Qxc3+! bxc3 Ba3 mate, the same two-bishop net from Black's side.",
  },
  {
    name: "Anastasia's mate with a queen sacrifice",
    fen: "r6k/pb2Nppp/1pn5/q6Q/8/1P1R4/PBP2PPP/6K1 w - - 0 1",
    note: "Qxh7+! Kxh7 and the rook mates on the h-file; the knight on e7 takes g8 and g6.",
  },
  {
    name: "Anastasia's mate with a queen sacrifice (Black to move)",
    fen: "6k1/pbp2ppp/1p1r4/8/Q6q/1PN5/PB2nPPP/R6K b - - 0 1",
    note: "Qxh2+! Kxh2 and the rook mates on the h-file, the knight on e2 covering g1 and g3.",
  },
  {
    name: "Back rank: the queen deflects the rook",
    fen: "2br2k1/pp3ppp/1qn5/8/8/2N5/PP1BQPPP/4R1K1 w - - 0 1",
    note: "Qe8+! Rxe8 Rxe8 mate: the only defender of the back rank is pulled away.",
  },
  {
    name: "Back rank: the queen deflects the rook (Black to move)",
    fen: "4r1k1/pp1bqppp/2n5/8/8/1QN5/PP3PPP/2BR2K1 b - - 0 1",
    note: "Qe1+! Rxe1 Rxe1 mate.",
  },
  {
    name: "Smothered mate",
    fen: "r1b3rk/pp4pp/2n1p3/q5N1/8/2P5/PP2QPPP/2BR2K1 w - - 0 1",
    note: "Nf7 mates: the king's own rook and pawns take every flight square.",
  },
  {
    name: "Smothered mate (Black to move)",
    fen: "2br2k1/pp2qppp/2p5/8/Q5n1/2N1P3/PP4PP/R1B3RK b - - 0 1",
    note: "Nf2 mates the king boxed in on h1.",
  },
  {
    name: "Double check with the knight",
    fen: "rnbqkb1r/pppp1ppp/8/8/4N3/8/PPP2PPP/2BQR1K1 w - - 0 1",
    note: "Nd6 (or Nf6) gives double check with the rook on e1; the king has nowhere to go.",
  },
  {
    name: "Queen and knight mate on h7",
    fen: "2bq1rk1/pppn1ppp/8/6N1/8/3Q4/PPP2PPP/2B2RK1 w - - 0 1",
    note: "Qxh7 mates, the knight on g5 guarding the queen; no knight on f6 defends h7.",
  },
  {
    name: "Queen and knight mate on h2 (Black to move)",
    fen: "2b2rk1/ppp2ppp/3q4/8/6n1/8/PPPN1PPP/2BQ1RK1 b - - 0 1",
    note: "Qxh2 mates, the knight on g4 guarding the queen.",
  },
  {
    name: "Queen mate on g7, guarded by the pawn",
    fen: "rnb2rk1/ppq2p1p/5PpQ/8/8/1PN5/PB3PPP/3R2K1 w - - 0 1",
    note: "Qg7 mates: the pawn on f6 guards the queen.",
  },
  {
    name: "Queen and bishop mate on g7",
    fen: "r4rk1/pbqn1ppp/1p2p3/8/6Q1/1P6/PBPN1PPP/3R2K1 w - - 0 1",
    note: "Qxg7 mates with the bishop on b2 behind the queen on the long diagonal.",
  },
  {
    name: "Queen and bishop mate on g2 (Black to move)",
    fen: "3r2k1/pbpn1ppp/1p6/6q1/8/1P2P3/PBQN1PPP/R4RK1 b - - 0 1",
    note: "Qxg2 mates with the bishop on b7 behind the queen.",
  },
  {
    name: "Blackburne's mate",
    fen: "2bq1rk1/ppp2p1p/2n1p3/6N1/8/1P1B4/PBP1QPPP/5RK1 w - - 0 1",
    note: "Bxh7 mates: the bishop on b2 covers g7 and h8, the knight guards h7.",
  },
  {
    name: "Blackburne's mate (Black to move)",
    fen: "5rk1/pbp1qppp/1p1b4/8/6n1/2N1P3/PPP2P1P/2BQ1RK1 b - - 0 1",
    note: "Bxh2 mates with the same bishops-and-knight net.",
  },
  {
    name: "Damiano's mate",
    fen: "rnbq1rk1/ppp2p2/4p1P1/7Q/8/2N5/PPP2PPP/2BR2K1 w - - 0 1",
    note: "Qh7 mates, guarded by the pawn on g6.",
  },
  {
    name: "Damiano's mate (Black to move)",
    fen: "2br2k1/ppp2ppp/2n5/8/7q/4P1p1/PPP2P2/RNBQ1RK1 b - - 0 1",
    note: "Qh2 mates, guarded by the pawn on g3.",
  },
  {
    name: "Morphy's mate",
    fen: "rn3r1k/pbB2p1p/qp2p3/8/8/2N3R1/PPPQ1PPP/7K w - - 0 1",
    note: "Be5+ with the rook on the open g-file: the king is caught in the corner.",
  },
  {
    name: "Morphy's mate (Black to move)",
    fen: "7k/pppq1ppp/2n3r1/8/8/QP2P3/PBb2P1P/RN3R1K b - - 0 1",
    note: "Be4+ with the rook on the open g-file.",
  },
];
