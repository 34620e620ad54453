/** A person as a social provider vouches for them, after the provider's token was verified. */
export interface SocialIdentity {
  provider: 'google' | 'apple' | 'facebook';
  /** The provider's stable user id. */
  subject: string;
  email: string | null;
  /** Only a verified e-mail may link the social account to an existing user. */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

export class SocialLoginError extends Error {
  constructor(
    readonly provider: SocialIdentity['provider'],
    reason: string,
    options?: { cause?: unknown },
  ) {
    super(`${provider} login rejected: ${reason}`, options);
    this.name = 'SocialLoginError';
  }
}
