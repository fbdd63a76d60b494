import type { Config } from "tailwindcss";

/**
 * Layout tokens of the chess training site (breakpoints, widths, the font). Loaded by packages/ui/src/styles.css
 * through `@config`, which both the site and Storybook import, so components look the same in both. The colour
 * tokens (surfaces, text, lines, brand, status, board) are CSS variables in styles.css, switched by the theme.
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
