import type { Config } from "tailwindcss";

/**
 * Design tokens of the chess training site. Loaded by packages/ui/src/styles.css through `@config`,
 * which both the site and Storybook import, so components look the same in both.
 */
export default {
  content: [],
  theme: {
    screens: {
      // Spec section 9: breakpoints 768, 992 and 1024 px.
      md: "768px",
      lg: "992px",
      xl: "1024px",
    },
    extend: {
      colors: {
        board: {
          dark: "#769656", // dark squares: green
          light: "#eeeed2", // light squares: cream
          "last-move": "rgba(255, 255, 0, 0.4)", // last-move highlight: translucent yellow
          legal: "rgba(0, 160, 0, 0.35)", // legal-move highlight: translucent green
          check: "rgba(220, 38, 38, 0.55)",
        },
        brand: {
          DEFAULT: "#1f5130",
          fg: "#ffffff",
          soft: "#e7f0e9",
        },
      },
      maxWidth: {
        nav: "1200px", // navigation bar
        index: "1200px", // blog index, editor page
        panel: "380px", // training side panel
        board: "800px", // training board
        post: "900px", // blog post page
        login: "400px", // admin login card
      },
      width: {
        panel: "380px",
        diagram: "400px",
      },
      fontFamily: {
        sans: ['"Noto Sans"', '"Noto Sans Arabic"', "system-ui", "sans-serif"],
      },
    },
  },
} satisfies Config;
