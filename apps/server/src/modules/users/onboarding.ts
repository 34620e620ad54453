import type { OnboardingDetails, Settings } from '@voltpark/contract';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/accounts.js';
import { billingData } from '../../db/schema/billing.js';
import { userCars } from '../../db/schema/cars.js';
import { cards } from '../../db/schema/payments.js';

/** The operator's switches (SPEC §3 Settings flags). */
export function frontendSettings(config: Config): Settings {
  return {
    frontendWizardCarsOptional: config.wizardCarsOptional ? '1' : '0',
    frontendWizardCards: config.wizardCards ? '1' : '0',
    frontendWelcomeScreen: config.welcomeScreen ? '1' : '0',
    socialLogin: {
      google: config.social.google?.clientIds[0] ?? null,
      apple: config.social.apple?.clientIds[0] ?? null,
      facebook: config.social.facebook?.appId ?? null,
    },
  };
}

export async function onboardingDetails(db: Db, userId: number): Promise<OnboardingDetails> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  const [billing] = await db
    .select({ n: count() })
    .from(billingData)
    .where(and(eq(billingData.userId, userId), isNull(billingData.deletedAt)));
  const [cars] = await db
    .select({ n: count() })
    .from(userCars)
    .where(and(eq(userCars.userId, userId), isNull(userCars.deletedAt)));
  // A card counts once SimplePay confirmed it (not while processing, failed or deleted).
  const [card] = await db
    .select({ n: count() })
    .from(cards)
    .where(and(eq(cards.userId, userId), eq(cards.status, 'active')));
  const hasPhone = Boolean(user?.phone);
  const hasBilling = (billing?.n ?? 0) > 0;
  const hasCar = (cars?.n ?? 0) > 0;
  return {
    userHasPhoneNumber: hasPhone,
    userHasBillingData: hasBilling,
    userHasCar: hasCar,
    userHasCreditCard: (card?.n ?? 0) > 0,
    carAdditionSkipped: user?.carAdditionSkipped ?? false,
    creditCardAdditionSkipped: user?.cardAdditionSkipped ?? false,
    userSetPhoneNumber: hasPhone,
    userSetBillingData: hasBilling,
    userSetCar: hasCar,
  };
}
