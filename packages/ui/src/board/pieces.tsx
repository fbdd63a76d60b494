import type * as React from "react";
import type { PieceRenderObject } from "react-chessboard";

/**
 * The "geometric" piece set, drawn for this project: flat shapes on a 100 × 100 grid (the view crops 5 units
 * around it, so a piece fills its square as the classic ones do), one outline width, a base under every piece.
 * White pieces are light with a dark outline, black pieces dark with light details, so both read on both square
 * colours of every board theme.
 */

interface Ink {
  fill: string;
  stroke: string;
  /** Inner details (the knight's eye, the bishop's slit, the bands): the opposite of the fill. */
  detail: string;
}

const INK: Record<"w" | "b", Ink> = {
  w: { fill: "#fafafa", stroke: "#1c1c1c", detail: "#1c1c1c" },
  b: { fill: "#2a2a2a", stroke: "#050505", detail: "#f0f0f0" },
};

type ShapeProps = { ink: Ink };

function Base({ ink, x = 24, width = 52 }: ShapeProps & { x?: number; width?: number }) {
  return <rect x={x} y={78} width={width} height={10} rx={3} fill={ink.fill} />;
}

function Pawn({ ink }: ShapeProps) {
  return (
    <>
      <Base ink={ink} x={28} width={44} />
      <path d="M38 78 L42 52 H58 L62 78 Z" fill={ink.fill} />
      <rect x={36} y={47} width={28} height={7} rx={3.5} fill={ink.fill} />
      <circle cx={50} cy={35} r={13} fill={ink.fill} />
    </>
  );
}

function Rook({ ink }: ShapeProps) {
  return (
    <>
      <Base ink={ink} />
      <path d="M32 78 L35 42 H65 L68 78 Z" fill={ink.fill} />
      <path d="M28 42 V18 H38 V27 H45 V18 H55 V27 H62 V18 H72 V42 Z" fill={ink.fill} />
      <path d="M34 60 H66" stroke={ink.detail} strokeWidth={3} fill="none" />
    </>
  );
}

function Knight({ ink }: ShapeProps) {
  return (
    <>
      <Base ink={ink} />
      <path
        d="M34 78 C34 65 43 58 46 50 C40 53 32 56 26 52 C21 48 23 43 28 39 C36 32 41 23 50 17 L52 10 L58 16 C71 21 77 37 74 55 C73 65 68 72 68 78 Z"
        fill={ink.fill}
      />
      <circle cx={49} cy={28} r={3.5} fill={ink.detail} stroke="none" />
      <path d="M60 24 C66 34 67 46 63 60" stroke={ink.detail} strokeWidth={3} fill="none" />
    </>
  );
}

function Bishop({ ink }: ShapeProps) {
  return (
    <>
      <Base ink={ink} x={26} width={48} />
      <path d="M38 78 L42 63 H58 L62 78 Z" fill={ink.fill} />
      <rect x={36} y={57} width={28} height={7} rx={3.5} fill={ink.fill} />
      <path
        d="M50 17 C62 27 66 39 62 50 C60 55 56 57 50 57 C44 57 40 55 38 50 C34 39 38 27 50 17 Z"
        fill={ink.fill}
      />
      <path d="M56 30 L46 42" stroke={ink.detail} strokeWidth={3.5} fill="none" />
      <circle cx={50} cy={11} r={5} fill={ink.fill} />
    </>
  );
}

/** The balls on the queen's five crown points. */
const CROWN: readonly (readonly [number, number])[] = [
  [22, 33],
  [36, 25],
  [50, 19],
  [64, 25],
  [78, 33],
];

function Queen({ ink }: ShapeProps) {
  return (
    <>
      <Base ink={ink} x={22} width={56} />
      <path
        d="M30 78 L22 36 L32 56 L36 28 L44 52 L50 23 L56 52 L64 28 L68 56 L78 36 L70 78 Z"
        fill={ink.fill}
      />
      {CROWN.map(([cx, cy]) => (
        <circle key={cx} cx={cx} cy={cy} r={4.5} fill={ink.fill} />
      ))}
      <path d="M31 68 H69" stroke={ink.detail} strokeWidth={3} fill="none" />
    </>
  );
}

function King({ ink }: ShapeProps) {
  return (
    <>
      <Base ink={ink} x={22} width={56} />
      <path d="M30 78 L25 46 C24 38 33 35 40 40 L50 47 L60 40 C67 35 76 38 75 46 L70 78 Z" fill={ink.fill} />
      <path d="M46 42 V10 H54 V42 Z M38 18 H62 V26 H38 Z" fill={ink.fill} />
      <path d="M31 66 H69" stroke={ink.detail} strokeWidth={3} fill="none" />
    </>
  );
}

const SHAPES: Record<string, (props: ShapeProps) => React.JSX.Element> = {
  P: Pawn,
  R: Rook,
  N: Knight,
  B: Bishop,
  Q: Queen,
  K: King,
};

interface SetStyle {
  name: string;
  ink: Record<"w" | "b", Ink>;
  strokeWidth: number;
}

const GEOMETRIC: SetStyle = { name: "geometric", ink: INK, strokeWidth: 3 };

/**
 * The "outline" set: the same shapes with a bold contour in the opposite colour (white pieces pure white inside a
 * black line, black pieces black inside a white line), for players who want the pieces to stand out of any square.
 */
const OUTLINE: SetStyle = {
  name: "outline",
  ink: {
    w: { fill: "#ffffff", stroke: "#000000", detail: "#000000" },
    b: { fill: "#000000", stroke: "#ffffff", detail: "#ffffff" },
  },
  strokeWidth: 5.5,
};

function renderer(code: string, set: SetStyle): PieceRenderObject[string] {
  const Shape = SHAPES[code[1] ?? "P"] ?? Pawn;
  const ink = set.ink[code[0] === "b" ? "b" : "w"];
  return (props) => (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="5 3 90 90"
      width="100%"
      height="100%"
      style={props?.svgStyle}
      data-piece-set={set.name}
      aria-hidden="true"
    >
      <g stroke={ink.stroke} strokeWidth={set.strokeWidth} strokeLinejoin="round" strokeLinecap="round">
        <Shape ink={ink} />
      </g>
    </svg>
  );
}

const CODES = ["wP", "wN", "wB", "wR", "wQ", "wK", "bP", "bN", "bB", "bR", "bQ", "bK"];

/** The geometric set, keyed like react-chessboard's pieces (wP … bK). */
export const geometricPieces: PieceRenderObject = Object.fromEntries(
  CODES.map((code) => [code, renderer(code, GEOMETRIC)]),
);

/** The outline set: the geometric shapes with a bold contour in the opposite colour. */
export const outlinePieces: PieceRenderObject = Object.fromEntries(
  CODES.map((code) => [code, renderer(code, OUTLINE)]),
);

/**
 * The "letters" set: a disc with the piece's letter (K, Q, R, B, N, P as in notation), white discs with a black
 * letter and black discs with a white one, each with a ring in the opposite colour; the pawn's disc is smaller.
 */
function letterRenderer(code: string): PieceRenderObject[string] {
  const white = code[0] === "w";
  const letter = code[1] ?? "P";
  const radius = letter === "P" ? 30 : 38;
  return (props) => (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 100 100"
      width="100%"
      height="100%"
      style={props?.svgStyle}
      data-piece-set="letters"
      aria-hidden="true"
    >
      <circle
        cx={50}
        cy={50}
        r={radius}
        fill={white ? "#ffffff" : "#111111"}
        stroke={white ? "#111111" : "#ffffff"}
        strokeWidth={4}
      />
      <text
        x={50}
        y={50}
        dy="0.35em"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontWeight={700}
        fontSize={letter === "P" ? 36 : 48}
        fill={white ? "#111111" : "#ffffff"}
      >
        {letter}
      </text>
    </svg>
  );
}

export const letterPieces: PieceRenderObject = Object.fromEntries(
  CODES.map((code) => [code, letterRenderer(code)]),
);
