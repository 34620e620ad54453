import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  casualAmountSchema,
  decimalSchema,
  emailSchema,
  energyKWhSchema,
  licencePlateSchema,
  newPasswordSchema,
  optionalParkCodeSchema,
  parkCodeSchema,
  phoneSchema,
  pointsSchema,
  qNullableId,
  requiredString,
  walletTopUpAmountSchema,
  zipCodeSchema,
} from './validation.js';
import {
  forgetPasswordChangeBodySchema,
  loginBodySchema,
  registerBodySchema,
  updateUserBodySchema,
  onboardingIncomplete,
} from './user.js';
import { billingDataInputSchema } from './billing.js';
import {
  startCasualChargingQuerySchema,
  startChargeErrorMessageKey,
  startChargingQuerySchema,
} from './charging.js';
import { onlineWalletDepositBodySchema, walletTopUpMinimum } from './wallet.js';
import { stopParkingBodySchema } from './parkingSession.js';
import { customVehicleBodySchema } from './cars.js';
import { surchargeStartBodySchema } from './surcharge.js';

/** The message keys of the issues, or [] when the value passes. */
const keys = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? [] : [...new Set(r.error.issues.map((i) => i.message))];
};
const fieldKeys = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success
    ? {}
    : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('text fields (SPEC §5)', () => {
  it('trims, requires and caps at 255', () => {
    expect(requiredString().parse('  Budapest ')).toBe('Budapest');
    expect(keys(requiredString(), '   ')).toEqual(['invalid.required']);
    expect(keys(requiredString(), undefined)).toEqual(['invalid.required']);
    expect(keys(requiredString(), 'x'.repeat(256))).toEqual(['invalid.tooLong']);
    expect(keys(requiredString(), 'x'.repeat(255))).toEqual([]);
  });

  it('checks the e-mail pattern', () => {
    expect(emailSchema.parse(' anna.kovacs@example.hu ')).toBe('anna.kovacs@example.hu');
    for (const bad of [
      'anna',
      'anna@',
      '@example.hu',
      'anna@example',
      'anna kovacs@example.hu',
      'a@b..hu',
    ]) {
      expect(keys(emailSchema, bad), bad).toEqual(['invalid.email']);
    }
    expect(keys(emailSchema, '')).toEqual(['invalid.required']);
  });

  it('keeps the phone as trimmed text (libphonenumber checks it on the server)', () => {
    expect(phoneSchema.parse(' +36 30 123 4567 ')).toBe('+36 30 123 4567');
    expect(keys(phoneSchema, '')).toEqual(['invalid.required']);
  });
});

describe('new password (SPEC §5)', () => {
  it('accepts 8+ characters with lower, upper and digit, inner spaces allowed', () => {
    for (const ok of ['Jelszo123', 'aB3aaaaa', 'Árvíz tűrő 1', `Aa1${'x'.repeat(252)}`]) {
      expect(keys(newPasswordSchema, ok), ok).toEqual([]);
    }
  });
  it('rejects short, one-class and space-edged passwords with their keys', () => {
    expect(keys(newPasswordSchema, 'Aa1aaaa')).toEqual(['invalid.password']);
    expect(keys(newPasswordSchema, 'jelszo123')).toEqual(['invalid.password']);
    expect(keys(newPasswordSchema, 'JELSZO123')).toEqual(['invalid.password']);
    expect(keys(newPasswordSchema, 'Jelszoabc')).toEqual(['invalid.password']);
    expect(keys(newPasswordSchema, ' Jelszo123')).toEqual(['invalid.passwordSpace']);
    expect(keys(newPasswordSchema, 'Jelszo123 ')).toEqual(['invalid.passwordSpace']);
    expect(keys(newPasswordSchema, `Aa1${'x'.repeat(253)}`)).toEqual(['invalid.tooLong']);
    expect(keys(newPasswordSchema, '')).toEqual(['invalid.required']);
  });
  it('does not trim a new password', () => {
    expect(newPasswordSchema.safeParse(' Jelszo123 ').success).toBe(false);
  });
});

describe('user forms', () => {
  const register = {
    email: 'anna@example.hu',
    phone: '+36301234567',
    password: 'Jelszo123',
    password2: 'Jelszo123',
    accepted: 'true',
    code: '3f1c-77aa',
    inputCode: 'x7k2p',
  };
  it('registers with a matching repeat and accepted terms; ids may be empty', () => {
    const r = registerBodySchema.parse({ ...register, chargerId: '', gateId: '15' });
    expect(r.accepted).toBe(true);
    expect(r.gateId).toBe(15);
  });
  it('puts a mismatch under password2 and wants the terms accepted', () => {
    expect(fieldKeys(registerBodySchema, { ...register, password2: 'Jelszo124' })).toEqual({
      password2: 'invalid.passwordMismatch',
    });
    expect(fieldKeys(registerBodySchema, { ...register, accepted: 'false' })).toEqual({
      accepted: 'invalid.acceptTerms',
    });
    expect(fieldKeys(registerBodySchema, { ...register, accepted: undefined })).toEqual({
      accepted: 'invalid.acceptTerms',
    });
    expect(fieldKeys(registerBodySchema, { ...register, inputCode: '' })).toEqual({
      inputCode: 'invalid.required',
    });
  });
  it('trims the login fields but does not judge old passwords', () => {
    expect(loginBodySchema.parse({ email: ' anna@example.hu ', password: ' régi ' })).toEqual({
      email: 'anna@example.hu',
      password: 'régi',
    });
  });
  it('updates the profile without a password change, and checks a new one', () => {
    expect(
      updateUserBodySchema.safeParse({ phone: '+36301234567', password: '', password2: '' })
        .success,
    ).toBe(true);
    expect(fieldKeys(updateUserBodySchema, { phone: '', lang: 'en' })).toEqual({
      phone: 'invalid.required',
    });
    expect(
      fieldKeys(updateUserBodySchema, { phone: '1', password: 'Jelszo123', password2: 'x' }),
    ).toEqual({
      password2: 'invalid.passwordMismatch',
    });
    expect(fieldKeys(updateUserBodySchema, { phone: '1', password: 'short' })).toMatchObject({
      password: 'invalid.password',
    });
  });
  it('changes a forgotten password with the token', () => {
    expect(
      forgetPasswordChangeBodySchema.safeParse({
        password: 'Jelszo123',
        password2: 'Jelszo123',
        token: 't',
      }).success,
    ).toBe(true);
    expect(
      fieldKeys(forgetPasswordChangeBodySchema, { password: 'Jelszo123', password2: 'Jelszo123' }),
    ).toEqual({
      token: 'invalid.required',
    });
  });
  it('decides when onboarding is incomplete (SPEC §4)', () => {
    const done = {
      userHasPhoneNumber: true,
      userHasBillingData: true,
      userHasCar: true,
      userHasCreditCard: false,
      carAdditionSkipped: false,
      creditCardAdditionSkipped: false,
      userSetPhoneNumber: true,
      userSetBillingData: true,
      userSetCar: true,
    };
    const off = {
      frontendWizardCarsOptional: '0',
      frontendWizardCards: '0',
      frontendWelcomeScreen: '0',
    } as const;
    expect(onboardingIncomplete(done, off)).toBe(false);
    expect(onboardingIncomplete({ ...done, userHasPhoneNumber: false }, off)).toBe(true);
    expect(onboardingIncomplete({ ...done, userHasCar: false }, off)).toBe(true);
    expect(
      onboardingIncomplete({ ...done, userHasCar: false, carAdditionSkipped: true }, off),
    ).toBe(false);
    expect(onboardingIncomplete(done, { ...off, frontendWizardCards: '1' })).toBe(true);
    expect(
      onboardingIncomplete(
        { ...done, creditCardAdditionSkipped: true },
        { ...off, frontendWizardCards: '1' },
      ),
    ).toBe(false);
  });
});

describe('parking code (SPEC §5)', () => {
  it('takes 5 characters of 0-9/A-Z and upper-cases them', () => {
    expect(parkCodeSchema.parse('ab12z')).toBe('AB12Z');
    expect(parkCodeSchema.parse(' 9X9X9 ')).toBe('9X9X9');
  });
  it('rejects other lengths and characters', () => {
    for (const bad of ['AB12', 'AB12ZZ', 'AB-12', 'ÁB12Z', 'AB 12'])
      expect(keys(parkCodeSchema, bad), bad).toEqual(['invalid.parkCode']);
    expect(keys(parkCodeSchema, '')).toEqual(['invalid.required']);
  });
  it('is optional where SPEC says so', () => {
    expect(optionalParkCodeSchema.parse('')).toBeUndefined();
    expect(optionalParkCodeSchema.parse(undefined)).toBeUndefined();
    expect(optionalParkCodeSchema.parse('abcde')).toBe('ABCDE');
    expect(optionalParkCodeSchema.safeParse('abc').success).toBe(false);
  });
});

describe('numbers and limits (SPEC §5, §9)', () => {
  it('bounds energy to 1..500 kWh inclusive', () => {
    expect(energyKWhSchema.parse('1')).toBe(1);
    expect(energyKWhSchema.parse('500')).toBe(500);
    expect(energyKWhSchema.parse('22.5')).toBe(22.5);
    expect(keys(energyKWhSchema, '0.99')).toEqual(['invalid.energyTooLow']);
    expect(keys(energyKWhSchema, '501')).toEqual(['invalid.energyTooHigh']);
    expect(keys(energyKWhSchema, 'abc')).toEqual(['invalid.number']);
  });
  it('bounds a wallet top-up to 100..50000 whole Ft, and a debt raises the minimum', () => {
    expect(walletTopUpAmountSchema.parse('100')).toBe(100);
    expect(walletTopUpAmountSchema.parse('50000')).toBe(50000);
    expect(keys(walletTopUpAmountSchema, '99')).toEqual(['invalid.walletTopUpMin']);
    expect(keys(walletTopUpAmountSchema, '50001')).toEqual(['invalid.walletTopUpMax']);
    expect(keys(walletTopUpAmountSchema, '100.5')).toEqual(['invalid.number']);
    expect(walletTopUpMinimum(2500)).toBe(100);
    expect(walletTopUpMinimum(-40)).toBe(100);
    expect(walletTopUpMinimum(-3200)).toBe(3200);
  });
  it('offers guests 5000, 10000 or 15000 Ft only', () => {
    for (const ok of ['5000', '10000', '15000'])
      expect(casualAmountSchema.parse(ok)).toBe(Number(ok));
    for (const bad of ['4999', '7500', '20000'])
      expect(keys(casualAmountSchema, bad), bad).toEqual(['invalid.casualAmount']);
  });
  it('wants positive whole points', () => {
    expect(pointsSchema.parse('500')).toBe(500);
    for (const bad of ['0', '-5', '1.5', 'x'])
      expect(keys(pointsSchema, bad), bad).toEqual(['invalid.points']);
  });
  it('deposits points in steps of 500 up to 100000', () => {
    const base = { email: 'anna@example.hu' };
    expect(
      onlineWalletDepositBodySchema.parse({ ...base, amount: '1500', termsAccepted: 'on' }),
    ).toMatchObject({
      amount: 1500,
      termsAccepted: true,
    });
    for (const bad of ['0', '250', '750', '100500']) {
      expect(keys(onlineWalletDepositBodySchema, { ...base, amount: bad }), bad).toEqual([
        'invalid.depositAmount',
      ]);
    }
  });
  it('checks zip codes and licence plates', () => {
    expect(zipCodeSchema.parse(' 1051 ')).toBe('1051');
    expect(keys(zipCodeSchema, '10-51')).toEqual(['invalid.zip']);
    expect(keys(zipCodeSchema, '1'.repeat(13))).toEqual(['invalid.tooLong']);
    expect(licencePlateSchema.parse(' abc-123 ')).toBe('ABC-123');
    expect(keys(licencePlateSchema, 'x'.repeat(21))).toEqual(['invalid.tooLong']);
  });
  it('reads decimals with a comma or a period, at most 2 decimals', () => {
    expect(decimalSchema.parse('11,5')).toBe(11.5);
    expect(decimalSchema.parse('7.25')).toBe(7.25);
    expect(decimalSchema.parse(50)).toBe(50);
    expect(decimalSchema.safeParse('7.255').success).toBe(false);
    expect(decimalSchema.safeParse('-1').success).toBe(false);
  });
  it("reads an id written as 'null' or left empty as null", () => {
    expect(qNullableId.parse('null')).toBeNull();
    expect(qNullableId.parse('')).toBeNull();
    expect(qNullableId.parse('42')).toBe(42);
    expect(qNullableId.safeParse('-1').success).toBe(false);
  });
});

describe('custom car (SPEC §5)', () => {
  it('rounds whole-number values down and keeps AC/DC power decimal', () => {
    const car = customVehicleBodySchema.parse({
      licensePlate: 'aa-bb-123',
      producer: 'Tesla',
      model: 'Model 3',
      yearOfProduction: '2021.9',
      batteryCapacityKWh: 57.5,
      rangeKm: '491.7',
      maxChargingPowerACKw: '11,5',
      maxChargingPowerDCKw: 170.25,
      chargePorts: [1, 3],
    });
    expect(car).toMatchObject({
      licensePlate: 'AA-BB-123',
      yearOfProduction: 2021,
      batteryCapacityKWh: 57,
      rangeKm: 491,
      maxChargingPowerACKw: 11.5,
      maxChargingPowerDCKw: 170.25,
    });
  });
  it('requires plate, producer, model and year', () => {
    expect(
      fieldKeys(customVehicleBodySchema, { licensePlate: '', producer: '', model: ' ' }),
    ).toEqual({
      licensePlate: 'invalid.required',
      producer: 'invalid.required',
      model: 'invalid.required',
      yearOfProduction: 'invalid.number',
    });
  });
});

describe('billing data (SPEC §5)', () => {
  const address = {
    countryCode: 'hu',
    zipCode: '1051',
    city: 'Budapest',
    street: 'Október 6.',
    addressType: 'utca',
    houseNumber: '12',
    floor: '',
  };
  const contact = { emailAddress: 'anna@example.hu', phone: '+36301234567' };

  it('accepts a person with both names, and a company with name and tax number', () => {
    const p = billingDataInputSchema.parse({
      type: 'PERSON',
      lastName: 'Kovács',
      firstName: 'Anna',
      ...contact,
      address,
    });
    expect(p).toMatchObject({
      type: 'PERSON',
      defaultBillingData: false,
      address: { countryCode: 'HU', floor: undefined },
    });
    const c = billingDataInputSchema.parse({
      type: 'COMPANY',
      payerName: 'Volt Kft.',
      taxNumber: '12345678-2-42',
      ...contact,
      address,
      defaultBillingData: true,
    });
    expect(c.type).toBe('COMPANY');
  });
  it('asks a person for names and a company for name and tax number', () => {
    expect(
      fieldKeys(billingDataInputSchema, {
        type: 'PERSON',
        payerName: 'Volt Kft.',
        ...contact,
        address,
      }),
    ).toEqual({
      lastName: 'invalid.required',
      firstName: 'invalid.required',
    });
    expect(
      fieldKeys(billingDataInputSchema, {
        type: 'COMPANY',
        lastName: 'Kovács',
        firstName: 'Anna',
        ...contact,
        address,
      }),
    ).toEqual({
      payerName: 'invalid.required',
      taxNumber: 'invalid.required',
    });
  });
  it('needs a type', () => {
    expect(keys(billingDataInputSchema, { ...contact, address })).toEqual(['invalid.billingType']);
    expect(keys(billingDataInputSchema, { type: 'OTHER', ...contact, address })).toEqual([
      'invalid.billingType',
    ]);
  });
  it('checks the address and contact fields', () => {
    const bad = {
      type: 'PERSON',
      lastName: 'Kovács',
      firstName: 'Anna',
      emailAddress: 'anna',
      phone: ' ',
      address: {
        ...address,
        countryCode: 'Hungary',
        zipCode: 'H-1051',
        city: '',
        addressType: '',
        houseNumber: 'x'.repeat(256),
      },
    };
    expect(fieldKeys(billingDataInputSchema, bad)).toEqual({
      emailAddress: 'invalid.email',
      phone: 'invalid.required',
      'address.countryCode': 'invalid.country',
      'address.zipCode': 'invalid.zip',
      'address.city': 'invalid.required',
      'address.addressType': 'invalid.required',
      'address.houseNumber': 'invalid.tooLong',
    });
  });
});

describe('charge start (SPEC §7, §8)', () => {
  it('reads the dashed query names and null ids', () => {
    expect(
      startChargingQuerySchema.parse({
        'charger-id': '7',
        'billing-data-id': '3',
        'car-id': 'null',
        'charging-minutes': '45',
        parkCode: 'ab12z',
        platform: 'android',
      }),
    ).toMatchObject({
      'charger-id': 7,
      'billing-data-id': 3,
      'car-id': null,
      'charging-minutes': 45,
      parkCode: 'AB12Z',
    });
  });
  it('takes one mode at most', () => {
    expect(
      fieldKeys(startChargingQuerySchema, {
        'charger-id': '7',
        'charging-minutes': '45',
        'charging-amount': '3000',
      }),
    ).toEqual({
      'charging-minutes': 'invalid.chargeMode',
    });
    expect(
      fieldKeys(startChargingQuerySchema, { 'charger-id': '7', 'charging-energy': '600' }),
    ).toEqual({
      'charging-energy': 'invalid.energyTooHigh',
    });
  });
  it('wants a guest e-mail and a casual amount', () => {
    expect(
      startCasualChargingQuerySchema.parse({
        'charger-id': '7',
        amount: '10000',
        email: 'g@example.hu',
      }),
    ).toMatchObject({
      amount: 10000,
    });
    expect(
      fieldKeys(startCasualChargingQuerySchema, { 'charger-id': '7', amount: '3000', email: 'g' }),
    ).toEqual({
      amount: 'invalid.casualAmount',
      email: 'invalid.email',
    });
  });
  it('maps start error codes to alerts', () => {
    expect(startChargeErrorMessageKey('NEGATIVE_WALLET')).toBe('charge.error.NEGATIVE_WALLET');
    expect(startChargeErrorMessageKey('SOMETHING_ELSE')).toBe('charge.error.startFailed');
    expect(startChargeErrorMessageKey(undefined)).toBe('charge.error.startFailed');
  });
});

describe('parking payment', () => {
  it('needs a card id and the card’s secret code for CARD', () => {
    expect(fieldKeys(stopParkingBodySchema, { paymentMethod: 'CARD', billingDataId: '4' })).toEqual(
      { 'card-id': 'invalid.required', cardSecret: 'invalid.required' },
    );
    expect(
      stopParkingBodySchema.safeParse({
        paymentMethod: 'CARD',
        'card-id': '9',
        cardSecret: '1234',
        java: 'false',
        tz: '-60',
      }).success,
    ).toBe(true);
    expect(
      stopParkingBodySchema.safeParse({ paymentMethod: 'SIMPLEPAY', email: 'g@example.hu' })
        .success,
    ).toBe(true);
  });
  it('starts a surcharge with both the parking code and the e-mail', () => {
    expect(surchargeStartBodySchema.parse({ code: 'k9k9k', email: 'g@example.hu' }).code).toBe(
      'K9K9K',
    );
    expect(fieldKeys(surchargeStartBodySchema, { code: '', email: '' })).toEqual({
      code: 'invalid.required',
      email: 'invalid.required',
    });
  });
});
