/** Provided by the `texts` plugin in apps/site/vite.config.ts (see first-texts.ts). */
declare module "virtual:texts/en-first" {
  /** The English texts of the shell, home and the trainer (all of en.ts in the dev server). */
  const texts: Record<string, unknown>;
  export default texts;
}

declare module "virtual:texts/en-rest" {
  /** The rest of the English texts (nothing in the dev server). */
  const texts: Record<string, unknown>;
  export default texts;
}
