import { z } from "zod";

/** Every error answer of the API: `{ error, message, details? }` (design.md, server rules). */
export const apiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
