import type { Migration } from "kysely";
import * as appMeta from "./0001-app-meta";
import * as positions from "./0002-positions";
import * as analysisJobs from "./0003-analysis-jobs";
import * as imports from "./0004-imports";
import * as admin from "./0005-admin";
import * as blog from "./0006-blog";
import * as contact from "./0007-contact";
import * as blogTagCase from "./0008-blog-tag-case";
import * as puzzleRatings from "./0009-puzzle-ratings";
import * as ratingBands from "./0010-rating-bands";
import * as broadThemeRows from "./0011-broad-theme-rows";
import * as fenKey from "./0012-fen-key";
import * as blogLanguage from "./0013-blog-language";
import * as ratingRange from "./0014-rating-range";
import * as blogRevisions from "./0015-blog-revisions";
import * as blogSlugRedirects from "./0016-blog-slug-redirects";
import * as blogPostSettings from "./0017-blog-post-settings";
import * as players from "./0018-players";
import * as playerProgress from "./0019-player-progress";
import * as racer from "./0020-racer";
import * as stormRuns from "./0021-storm-runs";

/**
 * The one migration history, run on SQLite and PostgreSQL alike. Add a file `NNNN-name.ts` exporting `up` (and
 * `down`) and list it here; names sort in the order they run. Never edit a migration that has shipped.
 */
export const migrations: Record<string, Migration> = {
  "0001-app-meta": appMeta,
  "0002-positions": positions,
  "0003-analysis-jobs": analysisJobs,
  "0004-imports": imports,
  "0005-admin": admin,
  "0006-blog": blog,
  "0007-contact": contact,
  "0008-blog-tag-case": blogTagCase,
  "0009-puzzle-ratings": puzzleRatings,
  "0010-rating-bands": ratingBands,
  "0011-broad-theme-rows": broadThemeRows,
  "0012-fen-key": fenKey,
  "0013-blog-language": blogLanguage,
  "0014-rating-range": ratingRange,
  "0015-blog-revisions": blogRevisions,
  "0016-blog-slug-redirects": blogSlugRedirects,
  "0017-blog-post-settings": blogPostSettings,
  "0018-players": players,
  "0019-player-progress": playerProgress,
  "0020-racer": racer,
  "0021-storm-runs": stormRuns,
};
