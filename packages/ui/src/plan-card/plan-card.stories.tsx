import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, fn, within } from "storybook/test";
import { expectVariants, FromStory, REPEATED_LANDMARKS, Variant, Variants } from "../lib/story-overview";
import { storyTexts } from "../lib/story-texts";
import { PlanCard, type PlanStepItem } from "./plan-card";

/** The docs page's description: the component's own words, then how to use it. */
const DESCRIPTION = `Today's plan (issue 39): about 15 minutes of work from the player's records, as a ring that fills
as the day's work is done, the streak of days the plan was done, and the steps in order — the due reviews, a short
block of weak themes, new puzzles at the player's level; a new visitor's plan starts with "Find your level". Each step
says its done and total and links to the trainer.

**Do**
- Pass every text in the page's language, counts formatted with the page's locale.
- Give the step to work on now \`state: "current"\` (its link is the primary one); a done step needs no link.

**Don't**
- Don't hide a step because it is done: the list shows the whole day, done steps with a check.`;

type Kind = "findLevel" | "review" | "weak" | "new";
type Shape = { kind: Kind; done: number; total: number };

/** The plan of each story: its steps (done of total), in order; the first one not done is the current one. */
const PLANS: Record<string, { steps: Shape[]; streak: number; today: boolean }> = {
  findLevel: {
    steps: [
      { kind: "findLevel", done: 3, total: 10 },
      { kind: "new", done: 0, total: 3 },
    ],
    streak: 0,
    today: false,
  },
  training: {
    steps: [
      { kind: "review", done: 4, total: 4 },
      { kind: "weak", done: 2, total: 5 },
      { kind: "new", done: 0, total: 6 },
    ],
    streak: 4,
    today: false,
  },
  complete: {
    steps: [
      { kind: "review", done: 2, total: 2 },
      { kind: "weak", done: 5, total: 5 },
      { kind: "new", done: 8, total: 8 },
    ],
    streak: 12,
    today: true,
  },
};

const meta = {
  title: "Training/PlanCard",
  component: PlanCard,
  parameters: { docs: { description: { component: DESCRIPTION } } },
  args: {
    title: "training",
    intro: "",
    ring: { value: 0, max: 0, text: "", label: "" },
    streak: { days: 0, text: "" },
    steps: [],
    doneLabel: "",
    renderLink: undefined,
  },
  render: function Render(args) {
    const { t, i18n } = useTranslation();
    const plan = PLANS[args.title] ?? PLANS.training!;
    const current = plan.steps.findIndex((step) => step.done < step.total);
    const steps: PlanStepItem[] = plan.steps.map((step, index) => ({
      key: step.kind,
      name: t(`plan.steps.${step.kind}`),
      detail:
        step.kind === "weak"
          ? t("plan.details.weak", { themes: i18n.language === "ar" ? "التثبيت، الشوكة" : "Pin, Fork" })
          : t(`plan.details.${step.kind}`, { rating: 1500 }),
      count: t("plan.count", { done: step.done, total: step.total }),
      done: step.done,
      total: step.total,
      state: step.done >= step.total ? "done" : index === current ? "current" : "waiting",
      action: {
        href: `/training/plan?step=${step.kind}`,
        label: step.done > 0 ? t("plan.continue") : t("plan.start"),
      },
    }));
    const done = plan.steps.reduce((sum, step) => sum + step.done, 0);
    const total = plan.steps.reduce((sum, step) => sum + step.total, 0);
    return (
      <div className="max-w-xl">
        <PlanCard
          title={t("plan.title")}
          intro={t(args.title === "findLevel" ? "plan.findLevelIntro" : "plan.intro")}
          ring={{
            value: done,
            max: total,
            text: t("plan.ring", { done, total }),
            label: t("plan.ringLabel", { done, total }),
          }}
          streak={{
            days: plan.streak,
            text: t("plan.streak", { count: plan.streak }),
            ...(plan.streak > 0 ? { note: t(plan.today ? "plan.streakToday" : "plan.streakKeep") } : {}),
          }}
          steps={steps}
          complete={current === -1 ? t("plan.complete") : null}
          doneLabel={t("plan.done")}
          {...(args.renderLink ? { renderLink: args.renderLink } : {})}
        />
      </div>
    );
  },
} satisfies Meta<typeof PlanCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The day under way, a new visitor's plan (Find your level first) and every step done. */
export const Overview: Story = {
  parameters: REPEATED_LANDMARKS,
  render: (_args, context) => (
    <Variants className="grid grid-cols-2 gap-x-6">
      <Variant label="Training" className="items-stretch">
        <FromStory meta={meta} story={Training} globals={context.globals} />
      </Variant>
      <Variant label="Find your level" className="items-stretch">
        <FromStory meta={meta} story={FindYourLevel} globals={context.globals} />
      </Variant>
      <Variant label="Complete" className="items-stretch">
        <FromStory meta={meta} story={Complete} globals={context.globals} />
      </Variant>
    </Variants>
  ),
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const shown = await expectVariants(canvasElement, ["Training", "Find your level", "Complete"]);
    const training = within(shown.Training as HTMLElement);
    await expect(training.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "6");
    await expect(training.getAllByRole("listitem").map((step) => step.dataset.state)).toEqual([
      "done",
      "current",
      "waiting",
    ]);
    const findLevel = within(shown["Find your level"] as HTMLElement).getAllByRole("listitem");
    await expect(findLevel[0]).toHaveAttribute("data-step", "findLevel");
    await expect(findLevel[0]).toHaveAttribute("data-state", "current");
    const complete = within(shown.Complete as HTMLElement);
    await expect(complete.getByRole("status")).toHaveTextContent(t("plan.complete"));
    await expect(complete.getByRole("progressbar")).toHaveAttribute("data-complete", "true");
    await expect(complete.queryByRole("link")).toBeNull();
    // Three cards on one page: each named by its own title.
    const cards = canvasElement.querySelectorAll<HTMLElement>("[data-slot=daily-plan]");
    const titles = [...cards].map((card) => card.getAttribute("aria-labelledby"));
    await expect(new Set(titles).size).toBe(cards.length);
    for (const card of cards)
      await expect(card.querySelector(`[id="${card.getAttribute("aria-labelledby")}"]`)).not.toBeNull();
  },
};

/** A player who has trained: reviews done, weak themes under way (the current step), new puzzles to come. */
export const Training: Story = {
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const ring = canvas.getByRole("progressbar", { name: t("plan.ringLabel", { done: 6, total: 15 }) });
    await expect(ring).toHaveAttribute("aria-valuenow", "6");
    const steps = canvas.getAllByRole("listitem");
    await expect(steps.map((step) => step.dataset.step)).toEqual(["review", "weak", "new"]);
    await expect(steps[0]).toHaveTextContent(t("plan.done"));
    await expect(steps[1]).toHaveTextContent(t("plan.count", { done: 2, total: 5 }));
    const current = canvas.getByRole("link", {
      name: (name) => name.startsWith(t("plan.continue")) && name.endsWith(t("plan.steps.weak")),
    });
    await expect(current).toHaveAttribute("href", "/training/plan?step=weak");
    await expect(canvas.getByText(t("plan.streak", { count: 4 }))).toBeVisible();
  },
};

/** A new visitor: "Find your level" first (3 of its 10 puzzles played), then new puzzles at the level found. */
export const FindYourLevel: Story = {
  args: { title: "findLevel" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    const steps = canvas.getAllByRole("listitem");
    await expect(steps[0]).toHaveAttribute("data-step", "findLevel");
    await expect(steps[0]).toHaveAttribute("data-state", "current");
    await expect(steps[0]).toHaveTextContent(t("plan.steps.findLevel"));
    await expect(canvas.getByText(t("plan.streak", { count: 0 }))).toBeVisible();
  },
};

/** Every step done: the ring is full (a check), the plan says so, and today counts toward the streak. */
export const Complete: Story = {
  args: { title: "complete" },
  play: async ({ canvasElement, globals }) => {
    const t = storyTexts(globals);
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("status")).toHaveTextContent(t("plan.complete"));
    await expect(canvas.getByRole("progressbar")).toHaveAttribute("data-complete", "true");
    await expect(canvas.queryByRole("link")).toBeNull();
    await expect(canvas.getByText(t("plan.streakToday"))).toBeVisible();
  },
};

/** A custom link renderer (the site's router link) receives each step's href. */
export const RouterLinks: Story = {
  args: {
    renderLink: fn(({ href, className, children }) => (
      <a href={href} className={className} data-router="">
        {children}
      </a>
    )),
  },
  play: async ({ canvasElement, args }) => {
    const links = within(canvasElement).getAllByRole("link");
    await expect(links).toHaveLength(2);
    for (const link of links) await expect(link).toHaveAttribute("data-router", "");
    await expect(args.renderLink).toHaveBeenCalledWith(
      expect.objectContaining({ href: "/training/plan?step=new" }),
    );
  },
};
