import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { userSessions } from '../../db/schema/accounts.js';
import { listBillingData } from '../billing/billing-data.js';
import { listCars } from '../cars/cars.js';
import { chargingPersonalData } from '../charging/personal-data.js';
import { paymentsPersonalData } from '../payments/personal-data.js';
import { parkingPersonalData } from '../parking/personal-data.js';
import { loyaltyPersonalData } from '../loyalty/personal-data.js';
import { parkingAccessPersonalData } from '../parking/access-personal-data.js';
import { roamingPersonalData } from '../roaming/emsp/personal-data.js';
import { onboardingDetails } from './onboarding.js';
import { findUserById } from './repository.js';
import { toUserDto } from './user-dto.js';

/**
 * The GDPR access copy: the profile, billing data, cars, logged-in devices, charges, receipts,
 * points and money (payments, wallet, saved cards masked). Secrets (password and token hashes,
 * card handles) are not personal data of the user's and are left out. Later domains (parking)
 * add their sections here.
 */
export async function personalDataExport(db: Db, userId: number) {
  const user = await findUserById(db, userId);
  if (!user) return null;
  const lang = user.preferredLanguage === 'en' ? 'en' : 'hu';
  const sessions = await db
    .select({
      createdAt: userSessions.createdAt,
      lastUsedAt: userSessions.lastUsedAt,
      userAgent: userSessions.userAgent,
      oauthClientId: userSessions.oauthClientId,
    })
    .from(userSessions)
    .where(and(eq(userSessions.userId, userId), isNull(userSessions.revokedAt)));
  return {
    exportedAt: new Date().toISOString(),
    controller: 'Voltpark Kft.',
    profile: {
      ...toUserDto(user),
      registeredAt: user.createdAt.toISOString(),
      activatedAt: user.activatedAt?.toISOString() ?? null,
    },
    onboarding: await onboardingDetails(db, userId),
    billingData: await listBillingData(db, userId, lang),
    cars: await listCars(db, userId),
    loggedInDevices: sessions.map((s) => ({
      createdAt: s.createdAt.toISOString(),
      lastUsedAt: s.lastUsedAt.toISOString(),
      userAgent: s.userAgent,
      clientApp: s.oauthClientId,
    })),
    ...(await chargingPersonalData(db, userId)),
    ...(await roamingPersonalData(db, userId)),
    ...(await paymentsPersonalData(db, userId)),
    ...(await parkingPersonalData(db, userId)),
    loyalty: await loyaltyPersonalData(db, userId),
    ...(await parkingAccessPersonalData(db, userId)),
  };
}
