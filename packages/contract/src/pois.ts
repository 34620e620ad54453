import { z } from 'zod';
import { traitValueSchema } from './traits.js';

/** A partner shop at a location (SPEC §3 POI). pictureUrl is relative to the location call's pictureBase. */
export const poiSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  pictureUrl: z.string().nullable(),
  url: z.string().nullable(),
  acceptPoint: z.boolean(),
  discountPercentage: z.number().int().nullable(),
  category: z.array(z.object({ id: z.number().int(), name: z.string() })),
  traits: z.array(traitValueSchema),
});
export type Poi = z.infer<typeof poiSchema>;
