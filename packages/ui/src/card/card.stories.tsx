import type { Meta, StoryObj } from "@storybook/react-vite";
import { useTranslation } from "react-i18next";
import { expect, within } from "storybook/test";
import { Button } from "../button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "./card";

const meta = {
  title: "Basics/Card",
  component: Card,
  render: function Render(args) {
    const { t } = useTranslation();
    return (
      <Card {...args} className="max-w-login">
        <CardHeader>
          <CardTitle>{t("analysis.title")}</CardTitle>
          <CardDescription>{t("analysis.intro")}</CardDescription>
        </CardHeader>
        <CardContent>{t("analysis.uploadHelp")}</CardContent>
        <CardFooter>
          <Button>{t("analysis.upload")}</Button>
        </CardFooter>
      </Card>
    );
  },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole("heading", { level: 2 })).toBeVisible();
    await expect(canvas.getByRole("button")).toBeEnabled();
  },
};
