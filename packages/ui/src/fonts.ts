// Self-hosted Noto Sans (Latin) and Noto Sans Arabic: no font CDN. Each file declares unicode ranges, so a page
// only downloads the glyph sets it shows.
import "@fontsource/noto-sans/400.css";
import "@fontsource/noto-sans/600.css";
import "@fontsource/noto-sans/700.css";
import "@fontsource/noto-sans-arabic/400.css";
import "@fontsource/noto-sans-arabic/600.css";
import "@fontsource/noto-sans-arabic/700.css";
