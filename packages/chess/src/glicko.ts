/**
 * Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2013), with lichess's parameters for puzzles
 * and players: system constant tau 0.75, new ratings 1500 with deviation 500 and volatility 0.09, deviation kept
 * within [45, 500] and volatility at most 0.1. A puzzle attempt is a game between the player and the puzzle: the
 * player wins when the puzzle is solved cleanly at the first try, the puzzle wins otherwise.
 */

export interface Glicko {
  rating: number;
  deviation: number;
  volatility: number;
}

/** One game against an opponent: score 1 (win), 0.5 (draw) or 0 (loss). */
export interface GlickoResult {
  opponent: Pick<Glicko, "rating" | "deviation">;
  score: number;
}

export const GLICKO = {
  tau: 0.75,
  rating: 1500,
  deviation: 500,
  volatility: 0.09,
  minDeviation: 45,
  maxDeviation: 500,
  maxVolatility: 0.1,
} as const;

export const NEW_GLICKO: Glicko = {
  rating: GLICKO.rating,
  deviation: GLICKO.deviation,
  volatility: GLICKO.volatility,
};

/** Glicko-2's scale factor between the Glicko scale (1500-centred) and its internal one. */
const SCALE = 173.7178;
const CONVERGENCE = 0.000001;

const g = (phi: number) => 1 / Math.sqrt(1 + (3 * phi * phi) / (Math.PI * Math.PI));
const expected = (mu: number, muJ: number, phiJ: number) => 1 / (1 + Math.exp(-g(phiJ) * (mu - muJ)));

/** The new volatility (step 5 of Glickman's paper, the Illinois algorithm). */
function newVolatility(sigma: number, phi: number, v: number, delta: number, tau: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - d)) / (2 * d * d) - (x - a) / (tau * tau);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * tau) < 0) k++;
    B = a - k * tau;
  }
  let fA = f(A);
  let fB = f(B);
  for (let step = 0; Math.abs(B - A) > CONVERGENCE && step < 100; step++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else fA /= 2;
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * The rating after a rating period with these results (Glickman's steps 2-8). With no results only the deviation
 * grows. `tau` and the bounds default to lichess's; pass `{ bounded: false }` to reproduce the paper exactly.
 */
export function updateGlicko(
  player: Glicko,
  results: readonly GlickoResult[],
  options: { tau?: number; bounded?: boolean } = {},
): Glicko {
  const tau = options.tau ?? GLICKO.tau;
  const bounded = options.bounded ?? true;
  const mu = (player.rating - GLICKO.rating) / SCALE;
  const phi = player.deviation / SCALE;
  const sigma = player.volatility;
  const finish = (rating: number, deviation: number, volatility: number): Glicko =>
    bounded
      ? {
          rating,
          deviation: clamp(deviation, GLICKO.minDeviation, GLICKO.maxDeviation),
          volatility: Math.min(volatility, GLICKO.maxVolatility),
        }
      : { rating, deviation, volatility };
  if (results.length === 0) return finish(player.rating, Math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma);

  let vInverse = 0;
  let sum = 0;
  for (const { opponent, score } of results) {
    const muJ = (opponent.rating - GLICKO.rating) / SCALE;
    const phiJ = opponent.deviation / SCALE;
    const e = expected(mu, muJ, phiJ);
    vInverse += g(phiJ) ** 2 * e * (1 - e);
    sum += g(phiJ) * (score - e);
  }
  const v = 1 / vInverse;
  const delta = v * sum;
  const sigmaNew = newVolatility(sigma, phi, v, delta, tau);
  const phiStar = Math.sqrt(phi * phi + sigmaNew * sigmaNew);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * sum;
  return finish(muNew * SCALE + GLICKO.rating, phiNew * SCALE, sigmaNew);
}

/** Both sides of one puzzle attempt: the player's and the puzzle's new ratings. */
export function ratePuzzleAttempt(
  player: Glicko,
  puzzle: Glicko,
  solved: boolean,
): { player: Glicko; puzzle: Glicko } {
  return {
    player: updateGlicko(player, [{ opponent: puzzle, score: solved ? 1 : 0 }]),
    puzzle: updateGlicko(puzzle, [{ opponent: player, score: solved ? 0 : 1 }]),
  };
}
