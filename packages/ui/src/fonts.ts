// Self-hosted Noto Sans (Latin) and Noto Sans Arabic: no font CDN. Each file declares unicode ranges, so a page
// only downloads the glyph sets it shows.
import "@fontsource/noto-sans/400.css";
import "@fontsource/noto-sans/600.css";
import "@fontsource/noto-sans/700.css";
import "@fontsource/noto-sans-arabic/400.css";
import "@fontsource/noto-sans-arabic/600.css";
import "@fontsource/noto-sans-arabic/700.css";
// After the faces above: the Arabic the site writes, in a file a quarter of the size (fonts/arabic-core.css).
import "./fonts/arabic-core.css";
