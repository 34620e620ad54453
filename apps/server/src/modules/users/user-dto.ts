import type { User } from '@voltpark/contract';
import type { users } from '../../db/schema/accounts.js';

type UserRow = typeof users.$inferSelect;

/** The wire shape of SPEC §3 User (note the `preferedLanguage` spelling). */
export function toUserDto(u: UserRow): User {
  return {
    id: u.id,
    email: u.email,
    types: u.types.filter((t): t is User['types'][number] =>
      ['USER', 'SERVICE_PROVIDER', 'PARKING_ADMIN', 'ADMIN'].includes(t),
    ),
    casualUser: u.casualUser,
    casualCharge: u.casualCharge,
    preferedLanguage: u.preferredLanguage === 'en' ? 'en' : 'hu',
    firstName: u.firstName,
    lastName: u.lastName,
    phone: u.phone,
    hasPassword: u.passwordHash !== null,
    usedApple: u.appleSubject !== null,
    usedFacebook: u.facebookSubject !== null,
    usedGoogle: u.googleSubject !== null,
  };
}
