import { z } from 'zod';
import { route } from './route.js';
import { captchaCodeSchema } from './captcha.js';
import { emptyEnvelopeSchema, envelope, envelopeWithExtra } from './envelope.js';
import { langSchema, qId } from './common.js';
import {
  acceptedSchema,
  emailSchema,
  loginPasswordSchema,
  newPasswordSchema,
  optionalString,
  passwordsMatch,
  phoneSchema,
  requiredString,
} from './validation.js';

export const userTypeSchema = z.enum(['USER', 'SERVICE_PROVIDER', 'PARKING_ADMIN', 'ADMIN']);
export type UserType = z.infer<typeof userTypeSchema>;

/** SPEC §3 User. `preferedLanguage` is spelt so on the wire. */
export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  /** May include SERVICE_PROVIDER (coupon redemption). */
  types: z.array(userTypeSchema),
  /** A guest known only by e-mail (casual charge or parking). */
  casualUser: z.boolean(),
  casualCharge: z.boolean(),
  preferedLanguage: langSchema,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  /** International format, or null when not given yet. */
  phone: z.string().nullable(),
  hasPassword: z.boolean(),
  usedApple: z.boolean(),
  usedFacebook: z.boolean(),
  usedGoogle: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** SPEC §3 Onboarding details: what the welcome wizard still has to ask. */
export const onboardingDetailsSchema = z.object({
  userHasPhoneNumber: z.boolean(),
  userHasBillingData: z.boolean(),
  userHasCar: z.boolean(),
  userHasCreditCard: z.boolean(),
  carAdditionSkipped: z.boolean(),
  creditCardAdditionSkipped: z.boolean(),
  userSetPhoneNumber: z.boolean(),
  userSetBillingData: z.boolean(),
  userSetCar: z.boolean(),
});
export type OnboardingDetails = z.infer<typeof onboardingDetailsSchema>;

/** '1' when on (SPEC §3). */
export const settingFlagSchema = z.enum(['0', '1']);

/** SPEC §3 Settings flags (frontend switches set by the operator). */
export const settingsSchema = z.object({
  frontendWizardCarsOptional: settingFlagSchema,
  frontendWizardCards: settingFlagSchema,
  frontendWelcomeScreen: settingFlagSchema,
  /**
   * Not among SPEC's flags, added: which social log-ins the operator configured (their web
   * client ids); null means off, and the button is hidden.
   */
  socialLogin: z
    .object({
      google: z.string().nullable(),
      apple: z.string().nullable(),
      facebook: z.string().nullable(),
    })
    .optional(),
});
export type Settings = z.infer<typeof settingsSchema>;

/**
 * Onboarding is incomplete (SPEC §4) when the phone, billing data or a car (unless skipped or
 * optional) is missing, or the card is missing (unless skipped) while the card wizard is on.
 */
export function onboardingIncomplete(d: OnboardingDetails, s: Settings): boolean {
  if (!d.userHasPhoneNumber || !d.userHasBillingData) return true;
  if (!d.userHasCar && !d.carAdditionSkipped && s.frontendWizardCarsOptional !== '1') return true;
  return s.frontendWizardCards === '1' && !d.userHasCreditCard && !d.creditCardAdditionSkipped;
}

/** extraData of loggedin-user and of the logins. */
export const userExtraSchema = z.object({
  settings: settingsSchema,
  onboardingDetails: onboardingDetailsSchema,
});

/**
 * What a login returns. The client keeps user id, e-mail and `token` (Basic credential
 * `id:token` or `email:token`) and, when sent, `accessToken` (Bearer, also for the websocket).
 */
export const sessionSchema = z.object({
  user: userSchema,
  token: z.string(),
  accessToken: z.string().nullable(),
});
export type Session = z.infer<typeof sessionSchema>;

const loginResponse = envelopeWithExtra(sessionSchema.nullable(), userExtraSchema);

export const loginBodySchema = z.object({ email: emailSchema, password: loginPasswordSchema });

/** Registration input (SPEC §3, §5): `code` is the captcha code id, `inputCode` the typed text. */
export const registerBodySchema = z
  .object({
    email: emailSchema,
    phone: phoneSchema,
    password: newPasswordSchema,
    password2: z
      .string({ error: 'invalid.required' })
      .min(1, { error: 'invalid.required', abort: true }),
    accepted: acceptedSchema,
    chargerId: z.union([z.literal(''), qId]).optional(),
    gateId: z.union([z.literal(''), qId]).optional(),
    code: captchaCodeSchema,
    inputCode: requiredString(16),
  })
  .superRefine(passwordsMatch);

/**
 * Profile update (SPEC §5). An empty password means no change; a new one needs the repeat and,
 * when the user already has a password, `oldPassword` (checked by the server). The e-mail is
 * taken only from social-login accounts (server rule).
 */
export const updateUserBodySchema = z
  .object({
    email: z.union([z.literal(''), emailSchema]).optional(),
    phone: phoneSchema,
    password: z.union([z.literal(''), newPasswordSchema]).optional(),
    password2: z.string().max(255, 'invalid.tooLong').optional(),
    oldPassword: z.string().max(255, 'invalid.tooLong').optional(),
    lang: langSchema.optional(),
  })
  .superRefine(passwordsMatch);

export const forgetPasswordChangeBodySchema = z
  .object({
    password: newPasswordSchema,
    password2: z
      .string({ error: 'invalid.required' })
      .min(1, { error: 'invalid.required', abort: true }),
    token: requiredString(512),
  })
  .superRefine(passwordsMatch);

/** SPEC §3 Credit card. `cardMask` is empty while SimplePay is still processing the registration. */
export const creditCardSchema = z.object({
  cardId: z.number().int(),
  cardMask: z.string(),
  /** ISO date-time of expiry, null while processing. */
  expiry: z.string().nullable(),
  defaultCard: z.boolean(),
});
export type CreditCard = z.infer<typeof creditCardSchema>;

const tag = 'user';

export const userRoutes = {
  loggedinUser: route({
    method: 'GET',
    path: '/api/v1/user/loggedin-user',
    summary: 'The logged-in user, with settings and onboarding details in extraData',
    tag,
    auth: 'user',
    owner: 'accounts',
    chargeLink: true,
    response: envelopeWithExtra(userSchema, userExtraSchema),
  }),
  userSettings: route({
    method: 'GET',
    path: '/api/v1/user/settings',
    summary: 'The frontend settings flags (wizard and welcome-screen switches)',
    tag,
    auth: 'none',
    owner: 'accounts',
    response: envelope(settingsSchema),
  }),
  userDelete: route({
    method: 'DELETE',
    path: '/api/v1/user/delete',
    summary: 'Delete the account (billing data are kept as the law requires)',
    tag,
    auth: 'user',
    owner: 'accounts',
    response: emptyEnvelopeSchema,
  }),
  userLang: route({
    method: 'PUT',
    path: '/api/v1/user/lang',
    summary: "Set the user's preferred language",
    tag,
    auth: 'user',
    owner: 'accounts',
    bodyType: 'form',
    body: z.object({ lang: langSchema }),
    response: emptyEnvelopeSchema,
  }),
  userUpdate: route({
    method: 'PUT',
    path: '/api/v1/user/update',
    summary: 'Update the profile: phone, language, password (and e-mail for social accounts)',
    tag,
    auth: 'user',
    owner: 'accounts',
    bodyType: 'form',
    body: updateUserBodySchema,
    response: envelope(userSchema.nullable()),
  }),
  login: route({
    method: 'POST',
    path: '/api/v1/user/login',
    summary: 'Log in with e-mail and password',
    tag,
    auth: 'none',
    owner: 'accounts',
    bodyType: 'form',
    body: loginBodySchema,
    response: loginResponse,
  }),
  googleLogin: route({
    method: 'POST',
    path: '/api/v1/user/googleLogin',
    summary: 'Log in (or register) with a Google id token',
    tag,
    auth: 'none',
    owner: 'accounts',
    bodyType: 'form',
    body: z.object({ idToken: requiredString(8192) }),
    response: loginResponse,
  }),
  facebookLogin: route({
    method: 'POST',
    path: '/api/v1/user/facebookLogin',
    summary: 'Log in (or register) with a Facebook access token; name and e-mail are hints',
    tag,
    auth: 'none',
    owner: 'accounts',
    bodyType: 'form',
    body: z.object({
      accessToken: requiredString(8192),
      userId: optionalString(),
      signedRequest: optionalString(8192),
      name: optionalString(),
      email: optionalString(),
    }),
    response: loginResponse,
  }),
  appleLogin: route({
    method: 'POST',
    path: '/api/v1/user/appleLogin',
    summary: 'Log in (or register) with Sign in with Apple from the native app',
    tag,
    auth: 'none',
    owner: 'accounts',
    bodyType: 'form',
    body: z.object({
      user: requiredString(),
      name: optionalString(),
      given_name: optionalString(),
      family_name: optionalString(),
      email: optionalString(),
      /**
       * Not among SPEC's fields, added: the server must verify Apple's signed identity token
       * (or exchange the authorization code) before trusting `user`.
       */
      identityToken: optionalString(8192),
      authorizationCode: optionalString(2048),
    }),
    response: loginResponse,
  }),
  appleReturn: route({
    method: 'POST',
    path: '/api/v1/user/apple-return',
    summary: "Apple's web sign-in form_post return; redirects the browser back into the app",
    tag,
    auth: 'none',
    owner: 'accounts',
    bodyType: 'form',
    body: z.object({
      code: requiredString(2048),
      user: optionalString(4096),
      id_token: optionalString(8192),
      state: optionalString(),
    }),
    response: z.null(),
    raw: 'redirect',
  }),
  logout: route({
    method: 'GET',
    path: '/api/v1/user/logout',
    summary: 'End the session (invalidates the token)',
    tag,
    auth: 'user',
    owner: 'accounts',
    chargeLink: true,
    response: emptyEnvelopeSchema,
  }),
  register: route({
    method: 'POST',
    path: '/api/v1/user/register',
    summary: 'Register; sends the confirmation mail (only `result` is read)',
    tag,
    auth: 'none',
    owner: 'accounts',
    bodyType: 'form',
    body: registerBodySchema,
    response: emptyEnvelopeSchema,
  }),
  personalDataExport: route({
    method: 'GET',
    path: '/api/v1/user/personal-data-export',
    summary:
      'Everything we hold about the user, as a JSON download (GDPR access and portability; not among SPEC calls)',
    tag,
    auth: 'user',
    owner: 'accounts',
    response: z.null(),
    raw: 'file',
  }),
  loginTicket: route({
    method: 'POST',
    path: '/api/v1/user/login-ticket',
    summary:
      'Exchange the one-time ticket of a web social sign-in (Apple return) for the session (not among SPEC calls)',
    tag,
    auth: 'none',
    owner: 'accounts',
    bodyType: 'form',
    body: z.object({ ticket: requiredString(128) }),
    response: loginResponse,
  }),
  activate: route({
    method: 'GET',
    path: '/api/v1/user/activate',
    summary:
      'The link of the confirmation mail (not among SPEC calls): activates the account and redirects to /registration-result',
    tag,
    auth: 'none',
    owner: 'accounts',
    query: z.object({ token: requiredString(512) }),
    response: z.null(),
    raw: 'redirect',
  }),
  forgetPassword: route({
    method: 'POST',
    path: '/api/v1/user/forget-password',
    summary: 'Send a password-reset link (result true also for unknown e-mails)',
    tag,
    auth: 'none',
    owner: 'accounts',
    bodyType: 'form',
    body: z.object({ email: emailSchema }),
    response: emptyEnvelopeSchema,
  }),
  forgetPasswordChange: route({
    method: 'POST',
    path: '/api/v1/user/forget-password-change',
    summary: 'Set a new password with the token of the reset mail',
    tag,
    auth: 'none',
    owner: 'accounts',
    bodyType: 'form',
    body: forgetPasswordChangeBodySchema,
    response: emptyEnvelopeSchema,
  }),
  creditCards: route({
    method: 'GET',
    path: '/api/v1/user/credit-cards',
    summary: "The user's registered cards (polled every 5 s; no mask = processing)",
    tag,
    auth: 'user',
    owner: 'payments',
    response: envelope(z.array(creditCardSchema)),
  }),
  defaultCard: route({
    method: 'GET',
    path: '/api/v1/user/default-card/:id',
    summary: 'Make a card the default; returns the updated list',
    tag,
    auth: 'user',
    owner: 'payments',
    params: z.object({ id: qId }),
    response: envelope(z.array(creditCardSchema)),
  }),
  deleteCard: route({
    method: 'DELETE',
    path: '/api/v1/user/delete-card/:id',
    summary: 'Delete a card (SimplePay cardcancel); returns the updated list',
    tag,
    auth: 'user',
    owner: 'payments',
    params: z.object({ id: qId }),
    response: envelope(z.array(creditCardSchema)),
  }),
  skipCarAddition: route({
    method: 'GET',
    path: '/api/v1/user/skip-car-addition',
    summary: 'Skip the car step of the welcome wizard',
    tag,
    auth: 'user',
    owner: 'accounts',
    response: envelope(onboardingDetailsSchema),
  }),
  skipCardAddition: route({
    method: 'GET',
    path: '/api/v1/user/skip-card-addition',
    summary: 'Skip the bank-card step of the welcome wizard',
    tag,
    auth: 'user',
    owner: 'accounts',
    response: envelope(onboardingDetailsSchema),
  }),
};
