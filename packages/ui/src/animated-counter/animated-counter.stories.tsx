import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, spyOn, waitFor, within } from "storybook/test";
import { expectVariants, Variant, Variants } from "../lib/story-overview";
import { storyTexts, textsOr } from "../lib/story-texts";
import { AnimatedCounter } from "./animated-counter";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `A statistic that counts up from 0 to its value with requestAnimationFrame (spec section 2, Home).
With reduced motion it shows the value at once. Screen readers get the final value and label only, never the frames.

**Do**
- Use it for the home page's few headline figures (training positions, say), with a \`label\` that says what is
  counted.
- Pass \`locale\` so the number is written in the page's language.
- Keep the default two seconds (\`durationMs\`): longer, the figure is still moving when the reader looks at it.

**Don't**
- Don't use it for figures the player acts on (a rating, progress, a count of puzzles due): those change in place,
  without animation.
- Don't put several counters in one line of text: each is a block with its own label.`;

const meta = {
  title: "Home/AnimatedCounter",
  component: AnimatedCounter,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  // The label comes from the story's locale; typed in Controls, it replaces it.
  args: { value: 1500, label: "", locale: "en" },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    return (
      <AnimatedCounter
        {...args}
        {...textsOr(args, { label: t("home.counters.positions") })}
        locale={i18n.language}
      />
    );
  },
} satisfies Meta<typeof AnimatedCounter>;

export default meta;
type Story = StoryObj<typeof meta>;

function formatted(globals: Record<string, unknown> | undefined, value: number): string {
  return new Intl.NumberFormat(globals?.locale === "ar" ? "ar" : "en").format(value);
}

/** The viewer's motion setting, as the story needs it whatever the real one is. */
function prefersReducedMotion(reduced: boolean) {
  const real = window.matchMedia.bind(window);
  spyOn(window, "matchMedia").mockImplementation((query: string) =>
    query.includes("prefers-reduced-motion")
      ? ({ ...real(query), matches: reduced } as MediaQueryList)
      : real(query),
  );
}

const COUNTS = [
  { label: "Thousands", value: 1500 },
  { label: "Large", value: 48213 },
  { label: "Zero", value: 0 },
];

/** A few values side by side, shown settled (reduced motion: no frames between). */
export const Overview: Story = {
  beforeEach: () => prefersReducedMotion(true),
  render: function Render() {
    const { t, i18n } = useTranslation();
    return (
      <Variants>
        {COUNTS.map(({ label, value }) => (
          <Variant key={label} label={label}>
            <AnimatedCounter value={value} label={t("home.counters.positions")} locale={i18n.language} />
          </Variant>
        ))}
      </Variants>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const shown = await expectVariants(
      canvasElement,
      COUNTS.map(({ label }) => label),
    );
    for (const { label, value } of COUNTS) {
      const counter = (shown[label] as HTMLElement).querySelector("[data-slot=animated-counter]");
      await waitFor(() => expect(counter).toHaveAttribute("data-state", "done"), { timeout: 1000 });
      await expect(counter?.querySelector("[aria-hidden]")).toHaveTextContent(formatted(globals, value));
    }
  },
};

/**
 * Counts up from 0 over 2 seconds and stops on the value; screen readers only get the final value. The story asks
 * for motion whatever the viewer's setting (the visual suite runs with reduced motion).
 */
export const CountsUp: Story = {
  beforeEach: () => prefersReducedMotion(false),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const counter = canvasElement.querySelector<HTMLElement>("[data-slot=animated-counter]");
    if (!counter) throw new Error("no counter");
    const visible = counter.querySelector<HTMLElement>("[aria-hidden]");
    // The accessible text is the final value and the label from the first frame on.
    await expect(counter).toHaveTextContent(`${formatted(globals, 1500)}${t("home.counters.positions")}`);
    await expect(counter).toHaveAttribute("data-state", "counting");
    await expect(visible).not.toHaveTextContent(formatted(globals, 1500));
    await waitFor(() => expect(counter).toHaveAttribute("data-state", "done"), { timeout: 5000 });
    await expect(visible).toHaveTextContent(formatted(globals, 1500));
    await expect(within(counter).getByText(t("home.counters.positions"))).toBeVisible();
  },
};

/** With prefers-reduced-motion the value is there at once (right after the first render, with no frames between). */
export const ReducedMotion: Story = {
  beforeEach: () => prefersReducedMotion(true),
  args: { value: 48213 },
  play: async ({ canvasElement, globals }) => {
    const counter = canvasElement.querySelector<HTMLElement>("[data-slot=animated-counter]");
    await waitFor(() => expect(counter).toHaveAttribute("data-state", "done"), { timeout: 100 });
    await expect(counter?.querySelector("[aria-hidden]")).toHaveTextContent(formatted(globals, 48213));
  },
};

export const Zero: Story = {
  args: { value: 0 },
  play: async ({ canvasElement, globals }) => {
    const counter = canvasElement.querySelector<HTMLElement>("[data-slot=animated-counter]");
    await expect(counter).toHaveAttribute("data-state", "done");
    await expect(counter?.querySelector("[aria-hidden]")).toHaveTextContent(formatted(globals, 0));
  },
};

/** The home page's three counters. */
export const HomeStatistics: Story = {
  render: function Render() {
    const { t, i18n } = useTranslation();
    return (
      <section aria-label={t("home.counters.label")} className="grid max-w-[720px] grid-cols-3 gap-4">
        <AnimatedCounter value={1500} label={t("home.counters.positions")} locale={i18n.language} />
        <AnimatedCounter value={29} label={t("home.counters.openings")} locale={i18n.language} />
        <AnimatedCounter value={61} label={t("home.counters.themes")} locale={i18n.language} />
      </section>
    );
  },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const region = within(canvasElement).getByRole("region", { name: t("home.counters.label") });
    const shown = () =>
      [...region.querySelectorAll("[data-slot=animated-counter] [aria-hidden]")].map(
        (node) => node.textContent,
      );
    await waitFor(() => expect(shown()).toEqual([1500, 29, 61].map((value) => formatted(globals, value))), {
      timeout: 5000,
    });
    await expect(region).toHaveTextContent(t("home.counters.themes"));
  },
};
