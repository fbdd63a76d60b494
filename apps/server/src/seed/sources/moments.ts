import type { PgnGame } from "@ct/chess";

/**
 * Famous moments of the games in games.pgn: the move a player found there. The build turns each into a puzzle
 * when the engine agrees that the game's move is the only good one; the generator alone would miss many of them,
 * since it looks for turning points and the side making these moves was often already better.
 */
export interface GameMoment {
  /** Short title of the idea. */
  name: string;
  /** "White - Black", exactly as the game's tags in games.pgn. */
  game: string;
  /** The move to find, numbered as in the game: "24.Rxd4" or "17...Be6". */
  move: string;
}

export const MOMENTS: readonly GameMoment[] = [
  {
    name: "Opera Game: the knight sacrifice",
    game: "Paul Morphy - Duke Karl of Brunswick and Count Isouard",
    move: "10.Nxb5",
  },
  {
    name: "Lasker's double bishop sacrifice",
    game: "Emanuel Lasker - Johann Hermann Bauer",
    move: "15.Bxh7+",
  },
  { name: "Lasker's second bishop", game: "Emanuel Lasker - Johann Hermann Bauer", move: "17.Bxg7" },
  { name: "Game of the Century: Na4", game: "Donald Byrne - Robert James Fischer", move: "11...Na4" },
  { name: "Game of the Century: Be6", game: "Donald Byrne - Robert James Fischer", move: "17...Be6" },
  { name: "Steinitz's rook on e7", game: "Wilhelm Steinitz - Curt von Bardeleben", move: "22.Rxe7+" },
  { name: "Fischer's Rf6", game: "Robert James Fischer - Pal Benko", move: "19.Rf6" },
  { name: "Fischer's knight on f2", game: "Robert Byrne - Robert James Fischer", move: "15...Nxf2" },
  { name: "Capablanca's Qb2", game: "Ossip Bernstein - José Raúl Capablanca", move: "29...Qb2" },
  { name: "The Peruvian Immortal: Qxc6+", game: "Esteban Canal - NN", move: "13.Qxc6+" },
  { name: "Botvinnik's exchange sacrifice", game: "Mikhail Botvinnik - Lajos Portisch", move: "16.Rxc7" },
  { name: "Karpov's e5 break", game: "Anatoly Karpov - Viktor Korchnoi", move: "24.e5" },
  { name: "Zukertort's Qb4", game: "Johannes Zukertort - Joseph Henry Blackburne", move: "28.Qb4" },
  { name: "Morphy's rook takes the bishop", game: "John Schulten - Paul Morphy", move: "13...Rxe2" },
  { name: "Petrosian's queen sacrifice", game: "Tigran Petrosian - Boris Spassky", move: "30.Qh8+" },
  { name: "Nezhmetdinov's Rxf4", game: "Lev Polugaevsky - Rashid Nezhmetdinov", move: "24...Rxf4" },
  { name: "Najdorf's e5", game: "Glucksberg - Miguel Najdorf", move: "15...e5" },
  { name: "Fischer's Qxh7+", game: "Robert James Fischer - Lhamsuren Myagmarsuren", move: "31.Qxh7+" },
  { name: "Greco's queen sacrifice", game: "NN - Gioachino Greco", move: "11...Qxf2+" },
  { name: "Botvinnik's knight check", game: "Mikhail Botvinnik - José Raúl Capablanca", move: "31.Nh5+" },
  { name: "Réti's bishop on e8", game: "Richard Réti - Efim Bogoljubov", move: "25.Be8" },
  { name: "Torre's windmill begins", game: "Carlos Torre - Emanuel Lasker", move: "25.Bf6" },
  { name: "Alekhine's pawn to c2", game: "Efim Bogoljubov - Alexander Alekhine", move: "31...c2" },
];

const MOVE = /^(\d+)(\.\.\.|\.)(\S+)$/;

/**
 * Finds a moment in its game: the game, and the index in `game.moves` of the move to find (also the number of
 * half-moves played before it). Throws when the game is missing or its move there is not the one named, so a typo
 * in the list cannot silently turn into another position.
 */
export function locateMoment(
  moment: GameMoment,
  games: readonly PgnGame[],
): { game: PgnGame; index: number } {
  const game = games.find(
    (candidate) => `${candidate.headers.White} - ${candidate.headers.Black}` === moment.game,
  );
  if (!game) throw new Error(`${moment.name}: no game "${moment.game}"`);
  const [, number, dots, san] = MOVE.exec(moment.move) ?? [];
  if (!number || !dots || !san) throw new Error(`${moment.name}: unreadable move "${moment.move}"`);
  const index = (Number(number) - 1) * 2 + (dots === "..." ? 1 : 0);
  const played = game.moves[index]?.san;
  if (played !== san)
    throw new Error(`${moment.name}: the game has ${played ?? "no move"} there, not ${san}`);
  return { game, index };
}
