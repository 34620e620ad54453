import { z } from 'zod';
import { messageSchema } from './envelope.js';
import { parkingSessionSchema } from './parkingSession.js';
import { roamingChargeSchema } from './roamingCharge.js';
import { surchargeSchema } from './surcharge.js';
import { userTypeSchema } from './user.js';

/**
 * The browser websocket (SPEC §7 "Websocket", §4 "Live updates"): JSON text frames on /ws.
 * The client sends commands (discriminated on `command`); the server sends topic frames
 * (discriminated on `topic`). The server pushes the user's parking-session and error channels
 * to an authenticated socket without a subscribe command.
 */
export const WS_PATH = '/ws';
export const wsTimers = {
  pingMs: 6000,
  reconnectMs: 1000,
  canOpenPollMs: 1000,
  canStopPollMs: 3000,
  canStopFirstPollMs: 200,
  sessionRetryMs: 1000,
  sessionRetries: 30,
  sessionRetriesOnHistory: 10,
} as const;

const id = z.number().int().positive().max(2_147_483_647);
/** Echoed in the answer so the client can match it (optional). */
const requestId = z.string().max(64).optional();

/**
 * Websocket auth (SPEC §6): a basic credential (e-mail or user id plus the user token) or a
 * bearer access token. Browsers cannot set headers on a websocket, so it is the first frame;
 * this command is not among SPEC's names, it carries SPEC's credential. A wrong one is answered
 * with /unauthorized.
 */
export const wsAuthCommandSchema = z
  .object({
    command: z.literal('auth'),
    requestId,
    email: z.string().max(255).optional(),
    token: z.string().max(512).optional(),
    accessToken: z.string().max(4096).optional(),
  })
  .refine(
    (v) => v.accessToken !== undefined || (v.email !== undefined && v.token !== undefined),
    'invalid.required',
  );

export const wsClientFrameSchema = z.discriminatedUnion('command', [
  wsAuthCommandSchema,
  /** Open the gate of the current parking (in while STARTING, out while FINISHING). */
  z.object({ command: z.literal('openGate'), requestId, parkingSessionId: id.optional() }),
  z.object({ command: z.literal('openGateSurcharge'), requestId, surchargeId: id }),
  z.object({ command: z.literal('getCanOpen'), requestId, parkingSessionId: id.optional() }),
  z.object({ command: z.literal('getCanOpenSurcharge'), requestId, surchargeId: id }),
  z.object({ command: z.literal('getCanStop'), requestId, parkingSessionId: id.optional() }),
  z.object({ command: z.literal('getParkingSession'), requestId }),
  z.object({ command: z.literal('getParkingSurcharge'), requestId, surchargeId: id }),
  z.object({ command: z.literal('ping'), requestId }),
  /** The driver's roaming charge, as `GET /api/v1/roaming/current` answers it (decision 0056). */
  z.object({ command: z.literal('getRoamingCharge'), requestId }),
]);
export type WsClientFrame = z.infer<typeof wsClientFrameSchema>;
export type WsCommand = WsClientFrame['command'];
export const wsCommands = wsClientFrameSchema.options.map((o) => o.shape.command.value);

/** Topic names of server frames. */
export const wsTopics = {
  canOpen: '/can/open',
  canStop: '/can/stop',
  parkingSurcharge: '/user/parkingSurcharge',
  parkingSession: '/user/parkingSession',
  roamingCharge: '/user/roamingCharge',
  error: '/user/error',
  userTypes: '/user/types',
  unauthorized: '/unauthorized',
  pong: '/pong',
} as const;

export const wsServerFrameSchema = z.discriminatedUnion('topic', [
  z.object({
    topic: z.literal(wsTopics.canOpen),
    requestId,
    data: z.object({
      canOpen: z.boolean(),
      parkingSessionId: id.nullable(),
      surchargeId: id.nullable(),
      /** When false because the gate was just opened: seconds until it may be asked again. */
      retryInSeconds: z.number().int().nonnegative().nullable(),
    }),
  }),
  z.object({
    topic: z.literal(wsTopics.canStop),
    requestId,
    /** false while a charge is running at the lot (a charging-in-progress message shows). */
    data: z.object({
      canStop: z.boolean(),
      parkingSessionId: id.nullable(),
      /**
       * Not in SPEC: why a STARTED parking cannot be stopped, so the app says the right thing —
       * a charge runs at the lot, the overstay's surcharge is to be paid instead, or a payment
       * is under way.
       */
      reason: z.enum(['CHARGING', 'SURCHARGE', 'PAYMENT_UNDER_WAY']).optional(),
    }),
  }),
  z.object({
    topic: z.literal(wsTopics.parkingSurcharge),
    requestId,
    data: surchargeSchema.nullable(),
  }),
  z.object({
    topic: z.literal(wsTopics.parkingSession),
    requestId,
    /** null: no current parking (FINISHED or none). */
    data: parkingSessionSchema.nullable(),
  }),
  z.object({
    topic: z.literal(wsTopics.roamingCharge),
    requestId,
    /**
     * The driver's charge at a partner's charger, pushed after every change of the request, its
     * OCPI session or its CDR (decision 0056); null: none (as `roaming/current`).
     */
    data: roamingChargeSchema.nullable(),
  }),
  z.object({
    topic: z.literal(wsTopics.error),
    requestId,
    /** The command that failed, when the error answers one. */
    data: z.object({ command: z.string().nullable(), message: messageSchema }),
  }),
  z.object({
    topic: z.literal(wsTopics.userTypes),
    requestId,
    /**
     * The user's types changed (e.g. the operator made them a shop's service provider, or ended
     * that): the app shows or hides what depends on them without a new log-in.
     */
    data: z.object({ types: z.array(userTypeSchema) }),
  }),
  z.object({ topic: z.literal(wsTopics.unauthorized), requestId, data: z.null() }),
  z.object({ topic: z.literal(wsTopics.pong), requestId, data: z.null() }),
]);
export type WsServerFrame = z.infer<typeof wsServerFrameSchema>;
export type WsTopic = WsServerFrame['topic'];
export type WsServerFrameOf<T extends WsTopic> = Extract<WsServerFrame, { topic: T }>;

/** Parses one text frame from the browser; null when it is not JSON or not a known command. */
export function parseWsClientFrame(text: string): WsClientFrame | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const r = wsClientFrameSchema.safeParse(json);
  return r.success ? r.data : null;
}

/** Parses one text frame from the server; null when it is not JSON or not a known topic. */
export function parseWsServerFrame(text: string): WsServerFrame | null {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return null;
  }
  const r = wsServerFrameSchema.safeParse(json);
  return r.success ? r.data : null;
}
