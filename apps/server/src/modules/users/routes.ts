import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@voltpark/contract';
import { eq } from 'drizzle-orm';
import { serve } from '../../core/api.js';
import { ok, message } from '../../core/envelope.js';
import { ApiError } from '../../core/errors.js';
import { users } from '../../db/schema/accounts.js';
import { revokeSession } from '../auth/sessions.js';
import type { ModuleDeps } from '../index.js';
import { login } from './login.js';
import { frontendSettings, onboardingDetails } from './onboarding.js';
import { changePasswordWithToken, requestPasswordReset } from './password-reset.js';
import { deleteAccount, setLanguage, updateProfile } from './profile.js';
import { activate, register } from './registration.js';
import { findUserById } from './repository.js';
import { toUserDto } from './user-dto.js';
import { resolveSocialUser, socialLogin, socialVerifiers, verifyOrFail } from './social-login.js';
import { consumeActionToken, issueActionToken } from './action-tokens.js';
import { createSession } from '../auth/sessions.js';
import { personalDataExport } from './personal-data.js';
import { createGateway } from '../payments/gateway.js';
import { cancelRecurring } from '../payments/recurring.js';

export function registerUserRoutes(app: FastifyInstance, { db, config }: ModuleDeps) {
  const gateway = createGateway(app, config);
  const extraFor = async (userId: number) => ({
    settings: frontendSettings(config),
    onboardingDetails: await onboardingDetails(db, userId),
  });

  serve(app, apiRoutes.userSettings, async () => ok(frontendSettings(config)));

  serve(app, apiRoutes.loggedinUser, async ({ user }) => {
    const row = await findUserById(db, user.id);
    if (!row) throw new ApiError(401, 'error.unauthorized', { responseCode: 'UNAUTHORIZED' });
    return ok(toUserDto(row), { extraData: await extraFor(user.id) });
  });

  serve(app, apiRoutes.login, async ({ body, req }) => {
    const session = await login(db, body, { ip: req.ip, userAgent: req.headers['user-agent'] });
    return ok(session, { extraData: await extraFor(session.user.id) });
  });

  const verifiers = socialVerifiers(config);
  const socialSession = async (
    identity: Awaited<ReturnType<typeof verifyOrFail>>,
    ctx: { lang: 'hu' | 'en'; userAgent?: string },
  ) => {
    const session = await socialLogin(db, identity, ctx);
    return ok(session, { extraData: await extraFor(session.user.id) });
  };

  serve(app, apiRoutes.googleLogin, async ({ body, lang, req }) =>
    socialSession(await verifyOrFail(verifiers.google, body.idToken), {
      lang,
      userAgent: req.headers['user-agent'],
    }),
  );

  serve(app, apiRoutes.facebookLogin, async ({ body, lang, req }) =>
    socialSession(await verifyOrFail(verifiers.facebook, body.accessToken), {
      lang,
      userAgent: req.headers['user-agent'],
    }),
  );

  /** Native Sign in with Apple: the signed identity token proves `user`; names come only the first time. */
  serve(app, apiRoutes.appleLogin, async ({ body, lang, req }) => {
    if (!body.identityToken) {
      throw new ApiError(400, 'login.appleLoginFailed', { responseCode: 'SOCIAL_LOGIN_FAILED' });
    }
    const identity = await verifyOrFail(verifiers.apple, body.identityToken);
    if (identity.subject !== body.user) {
      throw new ApiError(401, 'login.appleLoginFailed', { responseCode: 'SOCIAL_LOGIN_FAILED' });
    }
    return socialSession(
      {
        ...identity,
        firstName: identity.firstName ?? (body.given_name || null),
        lastName: identity.lastName ?? (body.family_name || null),
      },
      { lang, userAgent: req.headers['user-agent'] },
    );
  });

  /**
   * Sign in with Apple on the web posts back here (response_mode form_post). Its ID token is
   * verified; the browser then gets a one-time ticket (2 minutes) in the /login address, which
   * the app exchanges for the session — no token ever travels in a URL.
   */
  serve(app, apiRoutes.appleReturn, async ({ body, lang, reply }) => {
    try {
      const identity = await verifyOrFail(verifiers.apple, body.id_token ?? '');
      const names = appleUserNames(body.user);
      const user = await resolveSocialUser(
        db,
        {
          ...identity,
          firstName: identity.firstName ?? names.firstName,
          lastName: identity.lastName ?? names.lastName,
        },
        lang,
      );
      const ticket = await issueActionToken(db, user.id, 'login_ticket', 2 * 60_000);
      // The state goes back as it came: the app exchanges the ticket only for the sign-in it started.
      const back = new URLSearchParams({ ticket, state: body.state ?? '' });
      return reply.redirect(`/login?${back.toString()}`, 303);
    } catch {
      return reply.redirect('/login?social=failed', 303);
    }
  });

  serve(app, apiRoutes.loginTicket, async ({ body, req }) => {
    const userId = await consumeActionToken(db, body.ticket, 'login_ticket');
    const user = userId ? await findUserById(db, userId) : null;
    if (!user) throw new ApiError(401, 'social.failed', { responseCode: 'BAD_TICKET' });
    const tokens = await createSession(db, user.id, { userAgent: req.headers['user-agent'] });
    return ok({ user: toUserDto(user), ...tokens }, { extraData: await extraFor(user.id) });
  });

  serve(app, apiRoutes.logout, async ({ user }) => {
    await revokeSession(db, user.sessionId);
    return ok(null);
  });

  serve(app, apiRoutes.register, async ({ body, lang, req }) => {
    await register(db, config, body, { ip: req.ip, lang });
    return ok(null, { messages: [message(lang, 'register.success', 'info')], useAlert: true });
  });

  serve(app, apiRoutes.activate, async ({ query, reply }) =>
    reply.redirect(await activate(db, query.token), 302),
  );

  serve(app, apiRoutes.forgetPassword, async ({ body, lang }) => {
    await requestPasswordReset(db, config, body.email, lang);
    return ok(null, { messages: [message(lang, 'forgetPassword.sent', 'info')], useAlert: true });
  });

  serve(app, apiRoutes.forgetPasswordChange, async ({ body, lang }) => {
    await changePasswordWithToken(db, body.token, body.password);
    return ok(null, {
      messages: [message(lang, 'forgetPassword.changed', 'info')],
      useAlert: true,
    });
  });

  serve(app, apiRoutes.userUpdate, async ({ body, user, lang }) => {
    const updated = await updateProfile(db, user.id, {
      email: body.email || undefined,
      phone: body.phone,
      password: body.password || undefined,
      oldPassword: body.oldPassword || undefined,
      lang: body.lang,
      sessionId: user.sessionId,
    });
    return ok(updated, { messages: [message(lang, 'profile.saved', 'info')] });
  });

  serve(app, apiRoutes.userLang, async ({ body, user }) => {
    await setLanguage(db, user.id, body.lang);
    return ok(null);
  });

  serve(app, apiRoutes.userDelete, async ({ user, lang, req }) => {
    await deleteAccount(db, user.id);
    // Automatic card payment ends with the account (decision 0051); a failure is logged only.
    await cancelRecurring({ db, config, gateway }, user.id).catch((err: unknown) =>
      req.log.warn({ err, userId: user.id }, 'recurring tokens not cancelled'),
    );
    return ok(null, { messages: [message(lang, 'profile.deleted', 'info')] });
  });

  serve(app, apiRoutes.personalDataExport, async ({ user, reply }) => {
    const data = await personalDataExport(db, user.id);
    if (!data) throw new ApiError(401, 'error.unauthorized', { responseCode: 'UNAUTHORIZED' });
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `attachment; filename="voltpark-personal-data-${day}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  serve(app, apiRoutes.skipCarAddition, async ({ user }) => {
    await db.update(users).set({ carAdditionSkipped: true }).where(eq(users.id, user.id));
    return ok(await onboardingDetails(db, user.id));
  });

  serve(app, apiRoutes.skipCardAddition, async ({ user }) => {
    await db.update(users).set({ cardAdditionSkipped: true }).where(eq(users.id, user.id));
    return ok(await onboardingDetails(db, user.id));
  });
}

/** Apple sends the name only the first time, as JSON in the `user` field. */
function appleUserNames(user: string | undefined): {
  firstName: string | null;
  lastName: string | null;
} {
  try {
    const parsed = JSON.parse(user ?? '{}') as {
      name?: { firstName?: unknown; lastName?: unknown };
    };
    const pick = (v: unknown) =>
      typeof v === 'string' && v.trim() ? v.trim().slice(0, 255) : null;
    return { firstName: pick(parsed.name?.firstName), lastName: pick(parsed.name?.lastName) };
  } catch {
    return { firstName: null, lastName: null };
  }
}
