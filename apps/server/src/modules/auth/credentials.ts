/**
 * What the client sent to prove who it is (SPEC §7 headers): Basic with the user id or e-mail and
 * the stored token, or a Bearer access token.
 */
export type Credentials =
  { kind: 'basic'; login: string; token: string } | { kind: 'bearer'; token: string };

export function readCredentials(authorization: string | undefined): Credentials | null {
  if (!authorization) return null;
  const space = authorization.indexOf(' ');
  if (space < 0) return null;
  const scheme = authorization.slice(0, space).toLowerCase();
  const value = authorization.slice(space + 1).trim();
  if (!value || value.length > 4096) return null;
  if (scheme === 'bearer') return { kind: 'bearer', token: value };
  if (scheme !== 'basic') return null;
  let decoded: string;
  try {
    decoded = Buffer.from(value, 'base64').toString('utf8');
  } catch {
    return null;
  }
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  const login = decoded.slice(0, colon).trim();
  const token = decoded.slice(colon + 1);
  return login && token ? { kind: 'basic', login, token } : null;
}
