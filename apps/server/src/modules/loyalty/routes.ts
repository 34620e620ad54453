import type { FastifyInstance } from 'fastify';
import { apiRoutes, type Lang } from '@voltpark/contract';
import { serve } from '../../core/api.js';
import { message, ok } from '../../core/envelope.js';
import type { ModuleDeps } from '../index.js';
import type { AuthUser } from '../auth/sessions.js';
import { latestPoints } from './charge-points.js';
import {
  activateCoupon,
  activeGeneratedCoupon,
  buyCoupon,
  couponHistory,
  generateCoupon,
  myCoupons,
  removeActiveGeneratedCoupon,
  removeCoupon,
} from './coupons.js';
import { couponErrors } from './errors.js';
import { couponCategoryList, couponInventory } from './offers.js';
import { nearChargerFirst } from './nearby.js';
import { pointsBalance, pointsHistory } from './points.js';
import { redeemCoupon } from './redeem.js';
import {
  depositErrors,
  depositPoints,
  startDepositSweeper,
  type DepositDeps,
} from './online-wallet/deposit.js';
import { OnlineWalletUnavailableError } from './online-wallet/client.js';
import { onlineWalletGateway } from './online-wallet/gateway.js';

/** SPEC §6: casual (guest) users have no points or coupons. */
function registered(user: AuthUser): AuthUser {
  if (user.casualUser) throw couponErrors.registeredOnly();
  return user;
}

const monthAgo = () => {
  const d = new Date();
  d.setMonth(d.getMonth() - 1);
  return d;
};

const discountText = (lang: Lang, percent: number | null, points: number | null) =>
  percent !== null
    ? `${percent}%`
    : points !== null
      ? `${points} ${lang === 'hu' ? 'pont' : 'points'}`
      : '';

export function registerLoyaltyRoutes(app: FastifyInstance, { db, config }: ModuleDeps) {
  const deposits: DepositDeps = { db, client: onlineWalletGateway(app, config), log: app.log };
  let stopSweeper: (() => void) | undefined;
  app.addHook('onListen', async () => {
    stopSweeper = startDepositSweeper(deposits);
  });
  app.addHook('onClose', async () => stopSweeper?.());

  serve(app, apiRoutes.activeCoupon, async ({ user, lang }) =>
    ok(user.casualUser ? null : await activeGeneratedCoupon(db, user.id, lang)),
  );
  serve(app, apiRoutes.removeActiveCoupon, async ({ user }) => {
    await removeActiveGeneratedCoupon(db, registered(user).id);
    return ok(null);
  });
  serve(app, apiRoutes.couponHistory, async ({ user, lang }) =>
    ok(user.casualUser ? [] : await couponHistory(db, user.id, lang)),
  );
  serve(app, apiRoutes.couponCategories, async ({ lang }) =>
    ok(await couponCategoryList(db, lang)),
  );
  serve(app, apiRoutes.couponInventory, async ({ lang, query }) => {
    const offers = await couponInventory(db, lang);
    return ok(query.chargerId ? await nearChargerFirst(db, query.chargerId, offers) : offers);
  });
  serve(app, apiRoutes.myCoupons, async ({ user, lang }) =>
    ok(user.casualUser ? [] : await myCoupons(db, user.id, lang)),
  );
  serve(app, apiRoutes.buyCoupon, async ({ user, params, lang }) =>
    ok(await buyCoupon(db, registered(user).id, params.id, lang), {
      messages: [message(lang, 'coupon.bought', 'info')],
    }),
  );
  serve(app, apiRoutes.activateCoupon, async ({ user, params, lang }) =>
    ok(await activateCoupon(db, registered(user).id, params.id, lang)),
  );
  serve(app, apiRoutes.deleteCoupon, async ({ user, params }) => {
    await removeCoupon(db, registered(user).id, params.id);
    return ok(null);
  });
  serve(app, apiRoutes.generateCoupon, async ({ user, query, lang }) =>
    ok(await generateCoupon(db, registered(user).id, query.points, lang)),
  );
  serve(app, apiRoutes.latestPoints, async ({ user, params }) =>
    ok(await latestPoints(db, user.id, params.id)),
  );
  serve(app, apiRoutes.pointsBalance, async ({ user }) =>
    ok({ points: user.casualUser ? 0 : await pointsBalance(db, user.id) }),
  );
  serve(app, apiRoutes.pointsHistory, async ({ user, query }) => {
    if (user.casualUser) return ok([]);
    const from = query.filterFrom ? new Date(`${query.filterFrom}T00:00:00Z`) : monthAgo();
    const rows = await pointsHistory(db, user.id, from);
    return ok(
      rows.map((r) => ({
        id: r.id,
        createdAt: r.createdAt.toISOString(),
        points: r.amount,
        reason: r.reason,
        chargeId: r.chargeId,
        description: r.description,
      })),
    );
  });
  serve(app, apiRoutes.redeemCoupon, async ({ user, body, lang }) => {
    const coupon = await redeemCoupon(db, user, body.couponCode, lang);
    return ok(coupon, {
      messages: [
        message(lang, 'coupon.redeem.success', 'info', undefined, {
          discount: discountText(lang, coupon.offer?.discountPercent ?? null, coupon.points),
        }),
      ],
    });
  });

  serve(app, apiRoutes.onlineWalletUserExists, async ({ user, query }) => {
    registered(user);
    try {
      return ok(await deposits.client().accountExists(query.email.trim().toLowerCase()));
    } catch (err) {
      if (err instanceof OnlineWalletUnavailableError) throw depositErrors.unavailable();
      throw err;
    }
  });
  serve(app, apiRoutes.onlineWalletDeposit, async ({ user, body, lang }) => {
    const result = await depositPoints(deposits, registered(user).id, body);
    return result === 'DONE'
      ? ok(true, { messages: [message(lang, 'onlineWallet.success', 'info')] })
      : ok(false, { messages: [message(lang, 'onlineWallet.pending', 'warn')] });
  });
}
