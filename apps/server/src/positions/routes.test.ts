import type { Position } from "@ct/contract";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testApp } from "../testing/app";
import { type TestDatabase, testDatabaseKinds } from "../testing/databases";
import { positionInput, resetSamples } from "../testing/positions";

const API_KEY = "test-secret-api-key-0123456789";
const writer = { "x-api-key": API_KEY };
const kinds = await testDatabaseKinds();

describe.each(kinds)("positions API on $name", (kind) => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await kind.create();
    app = await testApp(database, { env: { API_KEY } });
  });
  afterAll(async () => {
    await app.close();
    await database.destroy();
  });
  beforeEach(async () => {
    await database.db.deleteFrom("positions").execute();
    await database.db.deleteFrom("position_facets").execute();
    resetSamples();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: "GET", url, headers });
  async function create(body: unknown): Promise<Position> {
    const response = await app.inject({
      method: "POST",
      url: "/api/tactical-positions/",
      headers: writer,
      payload: body as object,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  it("answers honestly when there is nothing yet", async () => {
    expect((await get("/api/tactical-positions/stats")).json()).toEqual({
      total_puzzles: 0,
      unique_openings: 0,
      unique_themes: 0,
      phases: { opening: 0, middlegame: 0, endgame: 0 },
      themes: {},
    });
    expect((await get("/api/tactical-positions/stats/phase-counts")).json()).toEqual({
      counts: { opening: 0, middlegame: 0, endgame: 0 },
    });
    const first = await get("/api/tactical-positions/phase/endgame/first");
    expect(first.statusCode).toBe(404);
    expect(first.json()).toEqual({ error: "not_found", message: "Position not found" });
    expect((await get("/api/tactical-positions/phase/endgame/sequence/0/next")).json()).toEqual({
      position: null,
      no_more_puzzles: true,
    });
    expect((await get("/api/tactical-positions/")).json()).toEqual([]);
    expect((await get("/api/analysis/status")).json()).toEqual({
      isRunning: false,
      gamesAnalyzed: 0,
      totalGamesAnalyzed: 0,
      puzzlesGenerated: 0,
      lastUpdate: null,
      paused: false,
    });
  });

  it("refuses writes without the secret API key; the site's public client key grants nothing", async () => {
    const body = positionInput();
    for (const headers of [
      {},
      { "x-api-key": "chess-trainer-web" },
      { "x-api-key": "wrong" },
      { authorization: "Bearer nope" },
    ]) {
      const response = await app.inject({
        method: "POST",
        url: "/api/tactical-positions/",
        headers,
        payload: body,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ error: "unauthorized" });
    }
    for (const [method, url] of [
      ["PUT", "/api/tactical-positions/1"],
      ["DELETE", "/api/tactical-positions/1"],
      ["POST", "/api/tactical-positions/batch"],
    ] as const) {
      expect((await app.inject({ method, url, payload: {} })).statusCode).toBe(401);
    }
    expect((await get("/api/tactical-positions/stats")).json().total_puzzles).toBe(0);
  });

  it("creates a position: completes a short FEN, numbers it, and reads it back", async () => {
    const created = await create(
      positionInput("endgame", { fen: "8/8/8/4k3/8/4K3/4P3/8", correct_moves: ["Kd3"] }),
    );
    expect(created).toMatchObject({
      id: expect.any(Number),
      sequence_number: 1,
      fen: "8/8/8/4k3/8/4K3/4P3/8 w KQkq - 0 1",
      correct_moves: ["Kd3"],
      game_phase: "endgame",
      solution: [],
      source: null,
    });
    expect(created.created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const read = await get(`/api/tactical-positions/${created.id}`);
    expect(read.json()).toEqual(created);
  });

  it("refuses bad positions with a 400 that names the field and why, storing nothing", async () => {
    const cases: [object, string][] = [
      [positionInput("middlegame", { fen: "8/8/8/8/8/8/8/8 w - - 0 1" }), "body.fen"],
      [positionInput("middlegame", { correct_moves: ["e1e8", "a1a8"] }), "body.correct_moves.1"],
      [positionInput("middlegame", { correct_moves: [] }), "body.correct_moves"],
      [positionInput("middlegame", { game_phase: "late" as never }), "body.game_phase"],
      [{ ...positionInput(), description_en: undefined }, "body.description_en"],
      [
        positionInput("middlegame", {
          fen: "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1",
          correct_moves: ["e1e8"],
          solution: ["e1e8", "g8h8"],
        }),
        "body.solution.1",
      ],
    ];
    for (const [body, path] of cases) {
      const response = await app.inject({
        method: "POST",
        url: "/api/tactical-positions/",
        headers: writer,
        payload: body,
      });
      expect(response.statusCode, path).toBe(400);
      const error = response.json();
      expect(error.error).toBe("bad_request");
      expect(
        error.details.map((d: { path: string }) => (d.path.startsWith("body.") ? d.path : `body.${d.path}`)),
      ).toContain(path);
    }
    expect((await get("/api/tactical-positions/stats")).json().total_puzzles).toBe(0);
  });

  it("answers the spec's messages for bad ids and sequence numbers", async () => {
    for (const url of [
      "/api/tactical-positions/abc",
      "/api/tactical-positions/-3",
      "/api/tactical-positions/1.5/next",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toContain("Invalid puzzle id");
    }
    for (const url of [
      "/api/tactical-positions/sequence/x/previous",
      "/api/tactical-positions/phase/opening/sequence/ten/next",
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toContain("Invalid puzzle sequence number");
    }
    expect((await get("/api/tactical-positions/99999")).json()).toEqual({
      error: "not_found",
      message: "Position not found",
    });
    expect((await get("/api/tactical-positions/phase/late/first")).statusCode).toBe(400);
  });

  it("takes path ids, sequence numbers and difficulties in decimal digits only", async () => {
    const a = await create(positionInput("opening"));
    expect(a.id).toBeLessThan(10);
    const loose = [`${a.id}e0`, `0x${a.id}`, `+${a.id}`, `0${a.id}`, `${a.id}.0`, `%20${a.id}`, `${a.id}%20`];
    loose.push(`0b${a.id.toString(2)}`, "1_0", "\u0661", "2147483648", "99999999999", "0");
    for (const id of loose) {
      for (const [method, url] of [
        ["GET", `/api/tactical-positions/${id}`],
        ["GET", `/api/tactical-positions/${id}/next`],
        ["PUT", `/api/tactical-positions/${id}`],
        ["DELETE", `/api/tactical-positions/${id}`],
      ] as const) {
        const response = await app.inject({
          method,
          url,
          headers: writer,
          ...(method === "PUT" ? { payload: positionInput("endgame") } : {}),
        });
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.json(), `${method} ${url}`).toMatchObject({
          error: "bad_request",
          message: expect.stringContaining("Invalid puzzle id"),
          details: [{ path: "params.id" }],
        });
      }
    }
    expect((await get(`/api/tactical-positions/${a.id}`)).json()).toEqual(a);
    for (const sequence of ["1e0", "0x1", "+1", "01", "1.0", "-0", "2000000001"]) {
      for (const url of [
        `/api/tactical-positions/sequence/${sequence}/previous`,
        `/api/tactical-positions/phase/opening/sequence/${sequence}/next`,
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().message, url).toContain("Invalid puzzle sequence number");
      }
    }
    expect((await get("/api/tactical-positions/phase/opening/sequence/0/next")).json()).toMatchObject({
      position: { id: a.id },
    });
    for (const difficulty of ["1.2e3", "0x4b0", "+1200", "01200", "4001"]) {
      const response = await get(`/api/tactical-positions/difficulty/${difficulty}`);
      expect(response.statusCode, difficulty).toBe(400);
      expect(response.json().details[0].path).toBe("params.difficulty");
    }
    expect((await get("/api/tactical-positions/difficulty/1200")).json()).toHaveLength(1);
    expect((await get("/api/tactical-positions/difficulty/0")).json()).toEqual([]);
    // The OpenAPI document says the same.
    const docs = (await get("/api/docs")).json();
    const idParameter = docs.paths["/api/tactical-positions/{id}"].get.parameters[0];
    expect(idParameter).toMatchObject({ name: "id", in: "path", schema: { pattern: "^[1-9][0-9]*$" } });
  });

  it("answers names of Object.prototype as a phase with a 400 naming the phase", async () => {
    await create(positionInput("opening"));
    const names = ["__proto__", "constructor", "toString", "valueOf", "hasOwnProperty", "isPrototypeOf"];
    names.push("propertyIsEnumerable", "toLocaleString", "__defineGetter__", "__lookupSetter__");
    for (const name of names) {
      for (const url of [
        `/api/tactical-positions/phase/${name}`,
        `/api/tactical-positions/phase/${name}?opening=Italian%20Game`,
        `/api/tactical-positions/phase/${name}/first`,
        `/api/tactical-positions/phase/${name}/sequence/0/next`,
        `/api/tactical-positions/phase/${name}/sequence/1/next?opening=x`,
      ]) {
        const response = await get(url);
        expect(response.statusCode, url).toBe(400);
        expect(response.json(), url).toMatchObject({
          error: "bad_request",
          details: [{ path: "params.phase" }],
        });
      }
      const search = await app.inject({
        method: "POST",
        url: "/api/tactical-positions/search",
        payload: { phase: name },
      });
      expect(search.statusCode, name).toBe(400);
      expect(search.json().details[0].path, name).toBe("body.phase");
      const created = await app.inject({
        method: "POST",
        url: "/api/tactical-positions/",
        headers: writer,
        payload: positionInput("opening", { game_phase: name as never }),
      });
      expect(created.statusCode, name).toBe(400);
    }
    // Openings and themes are values, not keys: an odd name finds nothing.
    for (const name of names) {
      const search = await app.inject({
        method: "POST",
        url: "/api/tactical-positions/search",
        payload: { opening: name, themes: [name], text: name },
      });
      expect(search.statusCode, name).toBe(200);
      expect(search.json().total).toBe(0);
    }
  });

  it("keeps a lichess game address in the game's facts, and refuses any other address", async () => {
    const game_url = "https://lichess.org/787zsVup/black#48";
    const base = positionInput("middlegame");
    const created = await create({ ...base, game_metadata: { ...base.game_metadata, game_url } });
    expect(created.game_metadata.game_url).toBe(game_url);
    expect((await get(`/api/tactical-positions/${created.id}`)).json().game_metadata.game_url).toBe(game_url);
    const listed = (await get("/api/tactical-positions/phase/middlegame?per_page=50")).json() as Position[];
    expect(listed.find((p) => p.id === created.id)?.game_metadata.game_url).toBe(game_url);
    for (const bad of [
      "https://evil.example/787zsVup",
      "http://lichess.org/787zsVup",
      "javascript:alert(1)",
    ]) {
      const refused = await app.inject({
        method: "POST",
        url: "/api/tactical-positions/",
        headers: writer,
        payload: { ...base, game_metadata: { ...base.game_metadata, game_url: bad } },
      });
      expect(refused.statusCode, bad).toBe(400);
    }
    const plain = await create(positionInput("opening"));
    expect(plain.game_metadata.game_url ?? null).toBeNull();
  });

  it("stores a blank source as none, so blank sources never clash", async () => {
    const a = await create(positionInput("opening", { source: "" }));
    expect(a.source).toBeNull();
    for (const source of ["", " ", "\t \n"]) {
      const created = await create(positionInput("opening", { source }));
      expect(created.source, JSON.stringify(source)).toBeNull();
      const replaced = await app.inject({
        method: "PUT",
        url: `/api/tactical-positions/${a.id}`,
        headers: writer,
        payload: positionInput("endgame", { source }),
      });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(replaced.json().source).toBeNull();
    }
    const batch = await app.inject({
      method: "POST",
      url: "/api/tactical-positions/batch",
      headers: writer,
      payload: {
        positions: [positionInput("opening", { source: "" }), positionInput("opening", { source: " " })],
      },
    });
    expect(batch.statusCode, batch.body).toBe(201);
    const blanks = await database.db.selectFrom("positions").select("id").where("source", "=", "").execute();
    expect(blanks).toEqual([]);
    // Blank Arabic texts are none too.
    const noArabic = await create(positionInput("opening", { description_ar: " ", explanation_ar: "" }));
    expect(noArabic).toMatchObject({ description_ar: null, explanation_ar: null });
  });

  it("walks a phase in sequence order and says when nothing follows", async () => {
    const a = await create(positionInput("endgame"));
    await create(positionInput("opening"));
    const b = await create(positionInput("endgame"));
    const c = await create(positionInput("endgame"));

    expect((await get("/api/tactical-positions/phase/endgame/first")).json().id).toBe(a.id);
    const afterA = (
      await get(`/api/tactical-positions/phase/endgame/sequence/${a.sequence_number}/next`)
    ).json();
    expect(afterA).toMatchObject({ position: { id: b.id }, no_more_puzzles: false });
    const afterB = (
      await get(`/api/tactical-positions/phase/endgame/sequence/${b.sequence_number}/next`)
    ).json();
    expect(afterB).toMatchObject({ position: { id: c.id }, no_more_puzzles: true });
    const afterC = (
      await get(`/api/tactical-positions/phase/end-game/sequence/${c.sequence_number}/next`)
    ).json();
    expect(afterC).toEqual({ position: null, no_more_puzzles: true });

    // Module ids and client phase names reach the same phase.
    for (const phase of ["endgame", "endGame", "end-game"]) {
      expect((await get(`/api/tactical-positions/phase/${phase}`)).json().map((p: Position) => p.id)).toEqual(
        [a.id, b.id, c.id],
      );
    }
  });

  it("goes next by id and previous by sequence across phases", async () => {
    const a = await create(positionInput("opening"));
    const b = await create(positionInput("endgame"));
    expect((await get(`/api/tactical-positions/${a.id}/next`)).json()).toMatchObject({
      position: { id: b.id },
      no_more_puzzles: true,
    });
    expect((await get(`/api/tactical-positions/${b.id}/next`)).json()).toEqual({
      position: null,
      no_more_puzzles: true,
    });
    expect((await get("/api/tactical-positions/99999/next")).statusCode).toBe(404);
    expect((await get(`/api/tactical-positions/sequence/${b.sequence_number}/previous`)).json().id).toBe(
      a.id,
    );
    const none = await get(`/api/tactical-positions/sequence/${a.sequence_number}/previous`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe("Position not found");
  });

  it("pages lists and refuses unbounded pages", async () => {
    for (let i = 0; i < 5; i++) await create(positionInput("middlegame", { difficulty: 1500 }));
    const page = await get("/api/tactical-positions/?page=2&per_page=2");
    expect(page.headers["x-total-count"]).toBe("5");
    expect(page.json().map((p: Position) => p.sequence_number)).toEqual([3, 4]);
    expect((await get("/api/tactical-positions/?per_page=100000")).statusCode).toBe(400);
    for (const query of ["page=1e0", "page=0x2", "page=+2", "page=02", "per_page=2.0", "per_page=%202"]) {
      const response = await get(`/api/tactical-positions/?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().details[0].path, query).toMatch(/^query\.(page|per_page)$/);
    }
    expect((await get("/api/tactical-positions/difficulty/1500?per_page=3")).json()).toHaveLength(3);
    expect((await get("/api/tactical-positions/difficulty/900")).json()).toEqual([]);
  });

  it("keeps statistics and phase counts in step with creates, updates and deletes", async () => {
    const a = await create(positionInput("opening"));
    await create(positionInput("middlegame", { themes: ["fork", "mateIn1"] }));
    // Italian Game (opening sample) + no opening (middle-game sample); themes mateIn1, short, fork.
    expect((await get("/api/tactical-positions/stats")).json()).toEqual({
      total_puzzles: 2,
      unique_openings: 1,
      unique_themes: 3,
      phases: { opening: 1, middlegame: 1, endgame: 0 },
      themes: { fork: 1, mateIn1: 2, short: 1 },
    });
    // The trainer's opening filter lists a phase's openings with their counts; it follows the data.
    expect((await get("/api/tactical-positions/phase/opening/openings")).json()).toEqual({
      openings: [{ name: "Italian Game", count: 1 }],
    });
    expect((await get("/api/tactical-positions/phase/middlegame/openings")).json()).toEqual({ openings: [] });
    expect((await get("/api/tactical-positions/phase/nope/openings")).statusCode).toBe(400);

    const moved = await app.inject({
      method: "PUT",
      url: `/api/tactical-positions/${a.id}`,
      headers: writer,
      payload: positionInput("endgame", { themes: ["zugzwang"] }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({
      id: a.id,
      sequence_number: a.sequence_number,
      game_phase: "endgame",
      created_at: a.created_at,
    });
    expect((await get("/api/tactical-positions/phase/opening/openings")).json()).toEqual({ openings: [] });
    expect((await get("/api/tactical-positions/stats/phase-counts")).json()).toEqual({
      counts: { opening: 0, middlegame: 1, endgame: 1 },
    });
    expect((await get("/api/tactical-positions/stats")).json()).toEqual({
      total_puzzles: 2,
      unique_openings: 0,
      unique_themes: 3,
      phases: { opening: 0, middlegame: 1, endgame: 1 },
      themes: { fork: 1, mateIn1: 1, zugzwang: 1 },
    });

    expect(
      (
        await app.inject({ method: "DELETE", url: `/api/tactical-positions/${a.id}`, headers: writer })
      ).json(),
    ).toEqual({ deleted: true });
    expect((await get(`/api/tactical-positions/${a.id}`)).statusCode).toBe(404);
    expect(
      (await app.inject({ method: "DELETE", url: `/api/tactical-positions/${a.id}`, headers: writer }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await app.inject({
          method: "PUT",
          url: "/api/tactical-positions/99999",
          headers: writer,
          payload: positionInput(),
        })
      ).statusCode,
    ).toBe(404);
    expect((await get("/api/tactical-positions/stats")).json()).toEqual({
      total_puzzles: 1,
      unique_openings: 0,
      unique_themes: 2,
      phases: { opening: 0, middlegame: 1, endgame: 0 },
      themes: { fork: 1, mateIn1: 1 },
    });
  });

  it("refuses a sequence number or source that is taken with a 409", async () => {
    const a = await create(positionInput("opening", { sequence_number: 10, source: "lichess:abc12" }));
    for (const body of [
      positionInput("opening", { sequence_number: 10 }),
      positionInput("opening", { source: "lichess:abc12" }),
    ]) {
      const response = await app.inject({
        method: "POST",
        url: "/api/tactical-positions/",
        headers: writer,
        payload: body,
      });
      expect(response.statusCode).toBe(409);
    }
    expect((await create(positionInput("opening"))).sequence_number).toBe(11);
    expect((await get(`/api/tactical-positions/${a.id}`)).json().source).toBe("lichess:abc12");
  });

  it("searches by phase, themes, opening, ECO range, difficulty range and text", async () => {
    await create(positionInput("opening", { difficulty: 900 })); // Italian Game C50
    await create(positionInput("opening", { difficulty: 1300 })); // Sicilian Defense B50
    await create(
      positionInput("middlegame", {
        difficulty: 1700,
        themes: ["fork"],
        explanation_en: "A 100% knight fork.",
      }),
    );
    const search = async (criteria: object) => {
      const response = await app.inject({
        method: "POST",
        url: "/api/tactical-positions/search",
        payload: criteria,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as { positions: Position[]; total: number };
    };
    expect((await search({})).total).toBe(3);
    expect((await search({ phase: "opening" })).total).toBe(2);
    expect((await search({ opening: "Sicilian Defense" })).positions[0]?.game_metadata.eco).toBe("B50");
    expect((await search({ eco_from: "C00", eco_to: "C99" })).total).toBe(1);
    expect((await search({ eco_from: "B00", eco_to: "C99" })).total).toBe(2);
    expect((await search({ difficulty_min: 1000, difficulty_max: 1800 })).total).toBe(2);
    expect((await search({ themes: ["fork"] })).total).toBe(1);
    expect((await search({ themes: ["fork", "mateIn1"] })).total).toBe(0);
    expect((await search({ text: "KNIGHT FORK" })).total).toBe(1);
    expect((await search({ text: "100%" })).total).toBe(1);
    expect((await search({ text: "النقلة" })).total).toBe(3);
    expect((await search({ text: "_" })).total).toBe(0);
    expect((await search({ per_page: 1, page: 2 })).positions).toHaveLength(1);
    const bad = await app.inject({
      method: "POST",
      url: "/api/tactical-positions/search",
      payload: { eco_from: "Z99" },
    });
    expect(bad.statusCode).toBe(400);
  });

  it("stores a batch of 10,000 positions at once", async () => {
    const positions = Array.from({ length: 10_000 }, (_, i) =>
      positionInput(i % 3 === 0 ? "opening" : i % 3 === 1 ? "middlegame" : "endgame", {
        source: `batch:${i}`,
      }),
    );
    const response = await app.inject({
      method: "POST",
      url: "/api/tactical-positions/batch",
      headers: writer,
      payload: { positions },
    });
    expect(response.statusCode, response.body.slice(0, 500)).toBe(201);
    expect(response.json()).toMatchObject({ created: 10_000 });
    expect((await get("/api/tactical-positions/stats/phase-counts")).json()).toEqual({
      counts: { opening: 3334, middlegame: 3333, endgame: 3333 },
    });
    const last = await get("/api/tactical-positions/sequence/10001/previous");
    expect(last.json().source).toBe("batch:9999");
  }, 120_000);

  it("refuses a whole batch when one item is wrong, naming every problem", async () => {
    await create(positionInput("opening", { source: "taken" }));
    const positions = [
      positionInput("opening"),
      positionInput("middlegame", { correct_moves: ["a1a1"] }),
      positionInput("endgame"),
      positionInput("endgame", { fen: "not a fen at all" }),
    ];
    const response = await app.inject({
      method: "POST",
      url: "/api/tactical-positions/batch",
      headers: writer,
      payload: { positions },
    });
    expect(response.statusCode).toBe(400);
    const paths = response.json().details.map((d: { path: string }) => d.path);
    expect(paths).toEqual(["positions.1.correct_moves.0", "positions.3.fen"]);

    const clash = await app.inject({
      method: "POST",
      url: "/api/tactical-positions/batch",
      headers: writer,
      payload: { positions: [positionInput("opening"), positionInput("opening", { source: "taken" })] },
    });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().details[0].path).toBe("positions.1.source");
    expect((await get("/api/tactical-positions/stats")).json().total_puzzles).toBe(1);
  });

  it("lets clients revalidate reads with an ETag", async () => {
    await create(positionInput("opening"));
    const first = await get("/api/tactical-positions/stats");
    expect(first.headers["cache-control"]).toContain("max-age=30");
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\//);
    const again = await get("/api/tactical-positions/stats", { "if-none-match": etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe("");
    await create(positionInput("opening"));
    expect((await get("/api/tactical-positions/stats", { "if-none-match": etag })).statusCode).toBe(200);
  });

  it("describes every route in the OpenAPI document at /api/docs", async () => {
    const docs = (await get("/api/docs")).json();
    expect(docs.openapi).toBe("3.1.0");
    for (const path of [
      "/api/tactical-positions/",
      "/api/tactical-positions/{id}",
      "/api/tactical-positions/phase/{phase}/sequence/{sequence}/next",
      "/api/tactical-positions/batch",
      "/api/analysis/status",
    ]) {
      expect(docs.paths[path], path).toBeDefined();
    }
    expect(docs.paths["/api/tactical-positions/"].post.security).toBeDefined();
  });
});
