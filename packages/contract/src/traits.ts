import { z } from 'zod';

export const traitTypeSchema = z.enum([
  'BOOLEAN',
  'TEXT',
  'LIST_SINGLE',
  'LIST_MULTIPLE',
  'LIST_CUSTOM',
]);
export type TraitType = z.infer<typeof traitTypeSchema>;

export const traitSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: traitTypeSchema,
  /** Special identifiers: *_WEB, *_EMAIL, *_PHONE render as links; `outlets` and `performance` are special. */
  identifier: z.string(),
  unit: z.string().nullable(),
  major: z.boolean(),
  orderNumber: z.number().int(),
});

export const traitListItemSchema = z.object({ id: z.number().int(), value: z.string() });

/** One trait on a location, charger, parking lot or shop. Which value field is set depends on trait.type. */
export const traitValueSchema = z.object({
  trait: traitSchema,
  /** TEXT and BOOLEAN ('true'/'false') */
  value: z.string().nullable(),
  /** LIST_SINGLE */
  listItem: traitListItemSchema.nullable(),
  /** LIST_MULTIPLE */
  listItems: z.array(traitListItemSchema),
  /** LIST_CUSTOM */
  listStrings: z.array(z.string()),
  numericValue: z.number().nullable(),
});
export type TraitValue = z.infer<typeof traitValueSchema>;
