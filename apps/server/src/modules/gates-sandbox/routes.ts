import type { EventEmitter } from 'node:events';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messageCatalogs, type Lang } from '@voltpark/contract';
import type { ModuleDeps } from '../index.js';
import {
  gateActionFormSchema,
  GateActionError,
  gateIdParamSchema,
  lotIdSchema,
  performGateAction,
} from './actions.js';
import { AutoCar } from './auto-car.js';
import { leaveTimeRunsOut } from './overstay.js';
import {
  GATES_PAGE_CSP,
  GATES_PAGE_PATH,
  gatesPage,
  gatesPageHref,
  notAvailablePage,
  type ControllerView,
} from './page.js';
import { loadServerGates } from './view.js';

export interface GatesSandbox {
  /** The car that comes by itself to a waiting session's gate (null: SANDBOX_AUTO_CAR=0). */
  autoCar: AutoCar | null;
}

declare module 'fastify' {
  interface FastifyInstance {
    gatesSandbox?: GatesSandbox;
  }
}

function pageLang(req: FastifyRequest): Lang {
  const q = (req.query as { lang?: unknown }).lang ?? (req.body as { lang?: unknown })?.lang;
  if (q === 'hu' || q === 'en') return q;
  const accept = (req.headers['accept-language'] ?? '').trim().toLowerCase();
  return accept.startsWith('en') ? 'en' : 'hu';
}

/** A notice key from the query: only this page's own outcome messages. */
function noticeOf(query: { gate?: unknown; msg?: unknown }) {
  const key = typeof query.msg === 'string' ? query.msg : '';
  const gateId = Number(query.gate);
  if (!/^sandboxGates\.(done|error)\.\w+$/.test(key) || !(key in messageCatalogs.hu)) return null;
  return {
    gateId: Number.isInteger(gateId) ? gateId : 0,
    key,
    error: key.startsWith('sandboxGates.error.'),
  };
}

/** A form posted from another site is refused (no one drives a car from a foreign page). */
function postedHere(req: FastifyRequest, publicUrl: string): boolean {
  if (req.headers['sec-fetch-site'] === 'cross-site') return false;
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    const host = new URL(origin).host;
    return host === req.headers.host || host === new URL(publicUrl).host;
  } catch {
    return false;
  }
}

const sendHtml = (reply: FastifyReply, status: number, html: string) =>
  reply
    .status(status)
    .header('Cache-Control', 'no-store')
    .header('Content-Security-Policy', GATES_PAGE_CSP)
    .type('text/html; charset=utf-8')
    .send(html);

/**
 * /sandbox/gates, the sandbox's physical world at the gates: a tester plays cars and faults at
 * every demo gate through its simulated controller (which speaks MQTT to the server like real
 * hardware); nothing here writes gate state to the database. Answers 404 unless the simulated
 * gates run (sandbox mode with SIMULATE_GATES), so never in production. With SANDBOX_AUTO_CAR a
 * simulated car also comes by itself to the gate where a driver's session waits.
 */
export function registerGatesSandbox(app: FastifyInstance, { config, db }: ModuleDeps): void {
  const enabled = config.mode === 'sandbox' && config.gates.simulateGates;
  const log = app.log.child({ module: 'gates-sandbox' });
  const controllers = () => app.gates.sims?.controllers;

  const autoCar =
    enabled && config.sandboxAutoCar
      ? new AutoCar(db, app.gates.service, (id) => controllers()?.get(id), log)
      : null;
  if (enabled) app.decorate('gatesSandbox', { autoCar });
  if (autoCar) {
    // The parking session module (when registered) says when a session waits at a gate.
    app.addHook('onReady', async () => {
      const events = (app as unknown as { parking?: { events?: EventEmitter } }).parking?.events;
      if (events) autoCar.attach(events);
      else log.info({}, 'no parking events to follow: the sandbox auto car stays home');
    });
    app.addHook('preClose', async () => autoCar.stop());
  }

  app.get(GATES_PAGE_PATH, async (req, reply) => {
    const lang = pageLang(req);
    if (!enabled) return sendHtml(reply, 404, notAvailablePage(lang));
    const sims = controllers();
    const views = new Map<number, ControllerView>();
    for (const [id, c] of sims ?? []) views.set(id, c.state);
    const gates = await loadServerGates(db, [...views.keys()]);
    const autoCarAt = new Set(gates.filter((g) => autoCar?.isVisiting(g.id)).map((g) => g.id));
    const lot = lotIdSchema.safeParse((req.query as { lot?: unknown }).lot);
    return sendHtml(
      reply,
      200,
      gatesPage({
        lang,
        gates,
        lotId: lot.success ? lot.data : null,
        controllers: views,
        autoCarAt,
        autoCarOn: autoCar !== null,
        starting: !sims,
        notice: noticeOf(req.query as { gate?: unknown; msg?: unknown }),
      }),
    );
  });

  app.post(`${GATES_PAGE_PATH}/:gateId`, async (req, reply) => {
    const lang = pageLang(req);
    if (!enabled) return sendHtml(reply, 404, notAvailablePage(lang));
    const lot = lotIdSchema.safeParse((req.body as { lot?: unknown } | undefined)?.lot);
    const back = (gateId: number, key: string) =>
      reply
        .header('Cache-Control', 'no-store')
        .redirect(
          `${gatesPageHref(lang, lot.success ? lot.data : null)}&gate=${gateId}&msg=${encodeURIComponent(key)}#gate-${gateId}`,
          303,
        );
    if (!postedHere(req, config.publicUrl)) return back(0, 'sandboxGates.error.foreign');
    const params = gateIdParamSchema.safeParse(req.params);
    const sim = params.success ? controllers()?.get(params.data.gateId) : undefined;
    if (!params.success || !sim) return back(0, 'sandboxGates.error.unknownGate');
    const gateId = params.data.gateId;
    const form = gateActionFormSchema.safeParse(req.body ?? {});
    if (!form.success) {
      const onPlate = form.error.issues.some((i) => i.path[0] === 'plate');
      return back(gateId, onPlate ? 'sandboxGates.error.plate' : 'sandboxGates.error.action');
    }
    if (form.data.action === 'overstay') {
      const parking = (app as unknown as { parking?: { restartOverstays?: () => Promise<number> } })
        .parking;
      const concerned = await leaveTimeRunsOut(db, gateId);
      if (concerned > 0) await parking?.restartOverstays?.();
      log.info({ gateId, concerned }, 'sandbox gate: the leave time ran out');
      return back(
        gateId,
        concerned > 0 ? 'sandboxGates.done.overstay' : 'sandboxGates.error.nobodyLeaving',
      );
    }
    try {
      const done = await performGateAction(
        sim,
        app.gates.service,
        form.data.action,
        form.data.plate,
      );
      log.info({ gateId, action: form.data.action }, 'sandbox gate: tester action');
      return back(gateId, done);
    } catch (err) {
      if (err instanceof GateActionError) return back(gateId, err.key);
      log.warn(
        { gateId, action: form.data.action, err: String(err) },
        'sandbox gate action failed',
      );
      return back(gateId, 'sandboxGates.error.failed');
    }
  });
}
