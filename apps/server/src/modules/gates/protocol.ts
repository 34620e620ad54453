import { z } from 'zod';

/**
 * The gate controllers' MQTT interface, exactly as gates/PROTOCOL.md has it: topics
 * `gates/{gateId}/status|cmd|ack|event`, JSON payloads. Unknown extra fields are ignored.
 */
export type GateTopicKind = 'status' | 'cmd' | 'ack' | 'event';

export const gateTopic = (gateId: number, kind: GateTopicKind): string => `gates/${gateId}/${kind}`;

const TOPIC_RE = /^gates\/([1-9][0-9]{0,9})\/(status|cmd|ack|event)$/;

export function parseGateTopic(topic: string): { gateId: number; kind: GateTopicKind } | null {
  const m = TOPIC_RE.exec(topic);
  if (!m) return null;
  const gateId = Number(m[1]);
  if (!Number.isSafeInteger(gateId) || gateId > 2_147_483_647) return null;
  return { gateId, kind: m[2] as GateTopicKind };
}

/** A gate id as a controller writes it: an integer in decimal (user name, `gate-{id}`). */
export function parseGateId(text: string | undefined): number | null {
  if (!text || !/^[1-9][0-9]{0,9}$/.test(text)) return null;
  const n = Number(text);
  return n <= 2_147_483_647 ? n : null;
}

const ts = z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'not a date-time');

export const gateStatusSchema = z.object({
  online: z.boolean(),
  sensor: z.enum(['ok', 'fault']).optional(),
  firmware: z.string().max(200).optional(),
});
export type GateStatusMessage = z.infer<typeof gateStatusSchema>;

export const gateAckSchema = z.object({
  id: z.string().min(1).max(64),
  result: z.enum(['opened', 'rejected', 'pong']),
  reason: z.string().max(64).optional(),
});
export type GateAckMessage = z.infer<typeof gateAckSchema>;

export const gateEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('presence'), present: z.boolean(), ts }),
  z.object({
    type: z.literal('plate'),
    plate: z.string().regex(/^[A-Z0-9]{1,20}$/),
    confidence: z.number().min(0).max(1),
    ts,
  }),
  z.object({ type: z.literal('passed'), ts }),
  z.object({ type: z.literal('timeout'), ts }),
]);
export type GateEventMessage = z.infer<typeof gateEventSchema>;

/** Server → controller on `gates/{id}/cmd` (QoS 1, not retained). */
export interface GateCommand {
  id: string;
  action: 'open' | 'ping';
  reason: string;
  ts: string;
}

/** Parses a JSON payload with a schema; null when it is not JSON or does not match. */
export function parsePayload<T>(schema: z.ZodType<T>, payload: Buffer | string): T | null {
  let json: unknown;
  try {
    json = JSON.parse(payload.toString());
  } catch {
    return null;
  }
  const r = schema.safeParse(json);
  return r.success ? r.data : null;
}
