import type { Plugin } from "vite";

const PARSER_CALL = "const parsedPgn = peg$parse(pgn);";

/**
 * Leaves chess.js's PGN parser (a generated grammar, a third of the library) out of the site's build. The site never
 * reads PGN with chess.js: games are read by our own parser (packages/chess/src/pgn.ts, on chessops), and
 * `no-chess-js-pgn.test.ts` keeps it so. The one call to the parser, in `Chess#loadPgn`, becomes an error, so the
 * bundler drops the grammar as unused. The build stops if a new chess.js no longer has that call exactly once.
 */
export function chessWithoutPgn(): Plugin {
  return {
    name: "chess-trainer:chess-without-pgn",
    apply: "build",
    transform(code, id) {
      if (!/[\\/]node_modules[\\/]chess\.js[\\/]dist[\\/]esm[\\/]chess\.js$/.test(id)) return null;
      const calls = code.split(PARSER_CALL).length - 1;
      if (calls !== 1) {
        throw new Error(
          `chess.js changed: expected its PGN parser to be called once in loadPgn, found ${calls}; update vite-chess-without-pgn.ts`,
        );
      }
      return {
        code: code.replace(
          PARSER_CALL,
          'const parsedPgn = (() => { throw new Error("loadPgn is not in the site build: read PGN with @ct/chess parsePgn"); })();',
        ),
        map: null,
      };
    },
  };
}
