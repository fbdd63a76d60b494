/**
 * The fixed-rate latency probe of the API benchmarks (bench.ts, bench-accounts.ts): requests leave at planned times
 * whatever the earlier ones are doing (an open loop), so a p99 is the time one request takes at that load, not time
 * spent queueing behind a saturated server.
 */
import { Agent, get as httpGet, type OutgoingHttpHeaders } from "node:http";

/**
 * One request of a probe: its path and, for a signed-in player, its headers (the session cookie); `group` names the
 * kind of request when a probe interleaves several (each gets its own percentiles, under the same load).
 */
export interface ProbeRequest {
  path: string;
  headers?: OutgoingHttpHeaders;
  group?: string;
}

/** A probe's percentiles (ms). */
export interface Latency {
  p50: number;
  p99: number;
}

function percentiles(times: number[]): Latency {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) =>
    Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2));
  return { p50: at(0.5), p99: at(0.99) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export interface ProbeOptions {
  /** Requests per second. */
  rate: number;
  seconds: number;
}

/**
 * The route's requests made before the clock starts and then taken in turn: making one (a random rating, 200 seen
 * ids encoded) costs the client tens of microseconds, which on this machine's two cores the server would lose.
 */
export function madeBefore<T>(make: () => T, count = 4096): () => T {
  const made = Array.from({ length: count }, make);
  let next = 0;
  return () => made[next++ % count] as T;
}

/**
 * Latency at a fixed request rate (an open loop: each request leaves at its planned time, whether or not the
 * earlier ones have answered), timed to the microsecond. At saturation a p99 is mostly time spent queueing and
 * follows the throughput; at a fixed rate it is the time one request takes, which is what must not grow with the
 * table. Keep-alive sockets, up to 20 at a time.
 */
export async function probeLatency(
  port: number,
  request: () => ProbeRequest,
  { rate, seconds }: ProbeOptions,
): Promise<Latency & { errors: number; groups: Record<string, Latency> }> {
  const next = madeBefore(request);
  const agent = new Agent({ keepAlive: true, maxSockets: 20 });
  const count = Math.round(rate * seconds);
  const times: number[] = [];
  const grouped = new Map<string, number[]>();
  let errors = 0;
  const one = () =>
    new Promise<void>((resolve) => {
      const { path, headers, group } = next();
      const started = performance.now();
      const sent = httpGet({ host: "127.0.0.1", port, path, headers, agent }, (response) => {
        response.resume();
        response.on("end", () => {
          if (response.statusCode !== 200) errors++;
          const time = performance.now() - started;
          times.push(time);
          if (group !== undefined) {
            const list = grouped.get(group) ?? [];
            list.push(time);
            grouped.set(group, list);
          }
          resolve();
        });
      });
      sent.on("error", () => {
        errors++;
        resolve();
      });
    });
  const pending: Promise<void>[] = [];
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(one());
  }
  await Promise.all(pending);
  agent.destroy();
  const groups = Object.fromEntries([...grouped].map(([group, values]) => [group, percentiles(values)]));
  return { ...percentiles(times), errors, groups };
}

/**
 * `rounds` rounds of the probe: a p99 is a hundred requests in ten thousand, which on two shared cores moves by
 * half from one round to the next, so the medians of the rounds' p50s and of their p99s are reported.
 */
export async function probeRounds(
  port: number,
  request: () => ProbeRequest,
  options: ProbeOptions & { rounds: number },
): Promise<
  Latency & { errors: number; p99s: number[]; groups: Record<string, Latency & { p99s: number[] }> }
> {
  const rounds: Awaited<ReturnType<typeof probeLatency>>[] = [];
  for (let round = 0; round < options.rounds; round++)
    rounds.push(await probeLatency(port, request, options));
  const names = [...new Set(rounds.flatMap((round) => Object.keys(round.groups)))];
  const of = (name: string) => rounds.map((round) => round.groups[name] ?? { p50: 0, p99: 0 });
  return {
    p50: median(rounds.map((round) => round.p50)),
    p99: median(rounds.map((round) => round.p99)),
    errors: rounds.reduce((sum, round) => sum + round.errors, 0),
    p99s: rounds.map((round) => round.p99),
    groups: Object.fromEntries(
      names.map((name) => [
        name,
        {
          p50: median(of(name).map((group) => group.p50)),
          p99: median(of(name).map((group) => group.p99)),
          p99s: of(name).map((group) => group.p99),
        },
      ]),
    ),
  };
}
