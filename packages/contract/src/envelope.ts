import { z } from 'zod';

export const severitySchema = z.enum(['info', 'warn', 'error']);
export type Severity = z.infer<typeof severitySchema>;

/** A notice for the user. `messageKey` is a key of the messages catalog; `text` is it translated (X-Lang). */
export const messageSchema = z.object({
  severity: severitySchema,
  messageKey: z.string(),
  text: z.string(),
  /** Set for field errors: the input the message belongs under. */
  field: z.string().optional(),
});
export type Message = z.infer<typeof messageSchema>;

/**
 * Every JSON answer of the API, success or error, has this shape (see docs/decisions/0002).
 * `data` carries the call's payload; errors may carry `{ responseCode }` in data (SPEC §8).
 */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    result: z.boolean(),
    data,
    extraData: z.unknown().optional(),
    message: messageSchema.optional(),
    messages: z.array(messageSchema),
    useAlert: z.boolean(),
  });
}
export type Envelope<T, E = unknown> = {
  result: boolean;
  data: T;
  extraData?: E;
  message?: Message;
  messages: Message[];
  useAlert: boolean;
};

export const errorDataSchema = z.object({ responseCode: z.string() }).nullable();
export const errorEnvelopeSchema = envelope(errorDataSchema);
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

/** An envelope whose `extraData` has a known shape (e.g. the settings beside the logged-in user). */
export function envelopeWithExtra<T extends z.ZodType, E extends z.ZodType>(data: T, extraData: E) {
  return envelope(data).extend({ extraData: extraData.optional() });
}

/** For calls whose answer is only the `result` flag (and messages). */
export const emptyEnvelopeSchema = envelope(z.null());
