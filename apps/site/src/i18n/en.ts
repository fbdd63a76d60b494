/** English texts. Every user-visible string of the site comes from here or from ar.ts. */
export const en = {
  banner: "Master your chess skills with AI-driven training",
  nav: {
    label: "Main navigation",
    home: "Home",
    training: "Training",
    blog: "Blog",
    about: "About",
    contact: "Contact",
  },
  language: {
    /** The toggle shows the language it switches to. */
    switchTo: "العربية",
    switchToLabel: "العربية (Arabic)",
  },
  board: {
    label: "Chess board",
    pieces: {
      wP: "White pawn",
      wN: "White knight",
      wB: "White bishop",
      wR: "White rook",
      wQ: "White queen",
      wK: "White king",
      bP: "Black pawn",
      bN: "Black knight",
      bB: "Black bishop",
      bR: "Black rook",
      bQ: "Black queen",
      bK: "Black king",
    },
  },
  common: {
    loading: "Loading…",
    checkingSession: "Checking your session…",
    skipToContent: "Skip to content",
  },
  notFound: {
    title: "Page Not Found",
    body: "The page you are looking for does not exist or has moved.",
    goBack: "Go Back",
    returnHome: "Return Home",
  },
  home: { title: "Train like a master", startTraining: "Start Training" },
  training: { title: "Training Modules" },
  module: { title: "Training Module" },
  blog: {
    title: "Chess Blog",
    intro: "Explore our collection of chess articles, tutorials, and insights to improve your game.",
  },
  post: { title: "Blog Post" },
  about: { title: "About" },
  contact: { title: "Contact" },
  positionSetup: { title: "Position Setup" },
  notation: { title: "Notation" },
  moveHighlighting: { title: "Move Highlighting" },
  admin: {
    loginTitle: "Admin Login",
    blogTitle: "Blog Posts",
    newPost: "New Blog Post",
    editPost: "Edit Blog Post",
  },
};

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Resources = Widen<typeof en>;
