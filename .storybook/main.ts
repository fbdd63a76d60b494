import type { StorybookConfig } from "@storybook/react-vite";
import tailwindcss from "@tailwindcss/vite";
import remarkGfm from "remark-gfm";

/**
 * The component workbench: the docs pages (packages/ui/src/docs), every story of packages/ui with a generated docs
 * page per component, the a11y checks, and the stories run as Vitest tests.
 */
const config: StorybookConfig = {
  framework: "@storybook/react-vite",
  stories: ["../packages/ui/src/docs/*.mdx", "../packages/ui/src/**/*.stories.@(ts|tsx)"],
  addons: [
    // Storybook's MDX (MDX 3) reads CommonMark only: the docs pages' tables are GitHub-flavoured Markdown, shown as
    // raw `| --- |` text without remark-gfm (the way Storybook's docs give for it).
    {
      name: "@storybook/addon-docs",
      options: { mdxPluginOptions: { mdxCompileOptions: { remarkPlugins: [remarkGfm] } } },
    },
    "@storybook/addon-a11y",
    "@storybook/addon-vitest",
  ],
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  typescript: { reactDocgen: "react-docgen-typescript" },
  viteFinal: (viteConfig) => {
    viteConfig.plugins = [...(viteConfig.plugins ?? []), tailwindcss()];
    return viteConfig;
  },
};

export default config;
