import { z } from 'zod';
import { route } from './route.js';
import { envelope } from './envelope.js';

/** External client ids are text (not database numbers). */
export const oauthClientIdSchema = z
  .string({ error: 'invalid.required' })
  .trim()
  .min(1, { error: 'invalid.required', abort: true })
  .max(128, 'invalid.tooLong')
  .regex(/^[A-Za-z0-9._-]+$/, 'invalid.value');

/** SPEC §3 OAuth client. */
export const oauthClientSchema = z.object({
  name: z.string(),
  /** false: the consent page authorizes at once. */
  showAuthorizePage: z.boolean(),
});
export type OAuthClient = z.infer<typeof oauthClientSchema>;

/** RFC 7636 code verifier: 43-128 characters of [A-Za-z0-9-._~]. */
export const PKCE_VERIFIER_PATTERN = /^[A-Za-z0-9\-._~]{43,128}$/;
/** S256 challenge: base64url of a SHA-256 digest, 43 characters. */
export const PKCE_CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const oauthAuthorizeBodySchema = z.object({
  clientId: oauthClientIdSchema,
  state: z.string().max(1024, 'invalid.tooLong').optional(),
  /**
   * Not among SPEC's fields, added for the PKCE token endpoint: the /authorize screen passes
   * code_challenge from its query. Required by the server for public clients.
   */
  codeChallenge: z.string().regex(PKCE_CHALLENGE_PATTERN, 'invalid.value').optional(),
  codeChallengeMethod: z.literal('S256').optional(),
  /** One of the client's registered addresses; absent: its first registered address. */
  redirectUri: z.string().max(2048, 'invalid.tooLong').optional(),
});

/** RFC 6749 §4.1.3 / §6 token request (form-encoded, RFC field names). */
export const oauthTokenBodySchema = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('authorization_code'),
    code: z.string().min(1).max(512),
    redirect_uri: z.string().max(2048).optional(),
    client_id: oauthClientIdSchema,
    code_verifier: z.string().regex(PKCE_VERIFIER_PATTERN, 'invalid.value'),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string().min(1).max(512),
    client_id: oauthClientIdSchema,
  }),
]);

/** RFC 6749 §5.1 token answer: a bare JSON object, not the envelope. */
export const oauthTokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string().optional(),
  scope: z.string().optional(),
});
/** RFC 6749 §5.2 error answer (HTTP 400/401). */
export const oauthTokenErrorSchema = z.object({
  error: z.enum([
    'invalid_request',
    'invalid_client',
    'invalid_grant',
    'unauthorized_client',
    'unsupported_grant_type',
  ]),
  error_description: z.string().optional(),
});

export const oauthRoutes = {
  oauthClient: route({
    method: 'GET',
    path: '/api/v1/oauth/client/:id',
    summary: "An external client's name and whether to show the consent page",
    tag: 'oauth',
    auth: 'none',
    owner: 'accounts',
    params: z.object({ id: oauthClientIdSchema }),
    response: envelope(oauthClientSchema.nullable()),
  }),
  oauthAuthorize: route({
    method: 'POST',
    path: '/api/v1/oauth/authorize',
    summary:
      "Authorize a client for the logged-in user; data is the client's redirect address (with code and state)",
    tag: 'oauth',
    auth: 'user',
    owner: 'accounts',
    bodyType: 'form',
    body: oauthAuthorizeBodySchema,
    response: envelope(z.string().nullable()),
  }),
  oauthToken: route({
    method: 'POST',
    path: '/api/v1/oauth/token',
    summary:
      'PKCE token endpoint: exchange an authorization code (or refresh token) for an access token',
    tag: 'oauth',
    auth: 'none',
    owner: 'accounts',
    bodyType: 'form',
    body: oauthTokenBodySchema,
    response: oauthTokenResponseSchema,
  }),
};
