import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../app.js';
import { loadConfig, type Config } from '../../config.js';
import type { Database, Db } from '../../db/client.js';
import {
  billingData,
  chargeReceipts,
  charges,
  chargingTariffs,
  parkingReceipts,
  parkingSessions,
  parkingSurcharges,
  users,
} from '../../db/schema/index.js';
import { seedLot } from '../gates/test-helpers.js';
import { createTestDatabase } from '../../test/database.js';
import { createActiveUser } from '../../test/users.js';
import { addChargePoint } from '../ocpp/registry.js';
import { agentClientFor } from './provider.js';
import { SZAMLAZZ_SANDBOX_PATH } from '../szamlazz-sandbox/routes.js';

/** The real app listening on a free loopback port (the provider emulator is reached over HTTP). */
export class InvoiceHarness {
  app!: FastifyInstance;
  config: Config;
  base = '';
  chargerId = 0;
  private constructor(
    readonly database: Database,
    env: NodeJS.ProcessEnv,
  ) {
    this.config = loadConfig({
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: '/nonexistent-web-dist',
      SEED_DEMO_DATA: 'never',
      SIMULATE_CHARGERS: '0',
      GATES_MQTT_PORT: '0',
      INVOICE_JOBS: '0',
      ...env,
    });
  }

  static async start(database?: Database, env: NodeJS.ProcessEnv = {}) {
    const h = new InvoiceHarness(database ?? (await createTestDatabase()), env);
    h.app = await buildApp({ config: h.config, database: h.database });
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    h.base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    const [t] = await h.db
      .insert(chargingTariffs)
      .values({
        name: 'T',
        unitChargingGross: 150,
        convenienceFeeGross: 200,
        parkingToHoldGross: 0,
      })
      .returning();
    const { chargerIds } = await addChargePoint(h.db, {
      id: `CP-${randomBytes(3).toString('hex')}`,
      key: 'test-key-0123456789',
      connectors: 1,
      tariffId: t!.id,
    });
    h.chargerId = chargerIds[0]!;
    return h;
  }

  get db(): Db {
    return this.database.db;
  }

  client() {
    return agentClientFor(this.config.invoicing, `${this.base}${SZAMLAZZ_SANDBOX_PATH}`);
  }

  async close() {
    await this.app.close();
    await this.database.close();
  }

  /** A registered driver with one billing data (PERSON, or COMPANY with a tax number). */
  async driver(email: string, type: 'PERSON' | 'COMPANY' = 'PERSON', lang: 'hu' | 'en' = 'hu') {
    const u = await createActiveUser(this.db, email);
    await this.db.update(users).set({ preferredLanguage: lang }).where(eq(users.id, u.id));
    const [b] = await this.db
      .insert(billingData)
      .values({
        userId: u.id,
        type,
        payerName: type === 'COMPANY' ? 'Őrült Ütem Kft.' : 'Kovács Erőd',
        lastName: type === 'PERSON' ? 'Kovács' : null,
        firstName: type === 'PERSON' ? 'Erőd' : null,
        taxNumber: type === 'COMPANY' ? '12345676-2-41' : null,
        emailAddress: email,
        phone: '+36 30 123 4567',
        defaultBillingData: true,
        countryCode: 'HU',
        zipCode: '1117',
        city: 'Budapest',
        street: 'Szűrő',
        addressType: 'utca',
        houseNumber: '5',
      })
      .returning();
    return { ...u, billingDataId: b!.id };
  }

  /** A finished charge with its receipt, paid at `paidAt`. */
  async paidCharge(
    userId: number,
    gross: number,
    paidAt: Date,
    options: { casual?: boolean; billingDataId?: number | null; method?: 'card' | 'wallet' } = {},
  ) {
    const [c] = await this.db
      .insert(charges)
      .values({
        userId,
        chargerId: this.chargerId,
        status: 'FINISHED',
        paymentMethod: options.method ?? 'card',
        casual: options.casual ?? false,
        idTag: `VP${randomBytes(9).toString('hex')}`,
        billingDataId: options.billingDataId ?? null,
        freeCharging: false,
        unitChargingGross: 150,
        convenienceFeeGross: 200,
        parkingEnabled: false,
        minutesAfterParkingStart: 15,
        unitParkingGross: 0,
        startTime: new Date(paidAt.getTime() - 3_600_000),
        endTime: new Date(paidAt.getTime() - 60_000),
        energyWh: 12_345,
        priceOfCharging: gross,
        parkingPrice: 0,
        grossPrice: gross,
      })
      .returning();
    const [r] = await this.db
      .insert(chargeReceipts)
      .values({
        userId,
        chargeId: c!.id,
        energyWh: 12_345,
        grossPrice: gross,
        paidAmount: gross,
        paidAt,
        issuedAt: paidAt,
      })
      .returning();
    return r!;
  }

  /**
   * A parking round paid at `paidAt` with its receipt, as parking's stop (or, with `surchargeDays`,
   * the surcharge's pay) books it; the car left an hour before the payment.
   */
  async paidParking(
    userId: number,
    gross: number,
    paidAt: Date,
    options: {
      casual?: boolean;
      billingDataId?: number | null;
      method?: 'SIMPLEPAY' | 'CARD' | 'WALLET';
      surchargeDays?: number;
    } = {},
  ) {
    const lotId = await seedLot(this.db);
    const round = options.surchargeDays ? 1 : 0;
    const method = options.method ?? 'WALLET';
    const from = new Date(paidAt.getTime() - 3 * 3_600_000);
    const to = new Date(paidAt.getTime() - 60_000);
    const [s] = await this.db
      .insert(parkingSessions)
      .values({
        userId,
        parkingLotId: lotId,
        status: 'FINISHED',
        casual: options.casual ?? false,
        chargeCode: randomBytes(3).toString('hex').slice(0, 5).toUpperCase(),
        parkingFrom: from,
        parkingTo: to,
        billedFrom: from,
        round,
        amount: gross,
        tariffName: 'Teszt díj',
        freeParking: false,
        grossUnitParking: 600,
        freeMinutes: 0,
        grossSurchargeFeePerDay: 5000,
        convenienceFeeGross: 100,
        paymentMethod: method,
        billingDataId: options.billingDataId ?? null,
        endReason: 'left',
      })
      .returning();
    const surcharge = options.surchargeDays
      ? (
          await this.db
            .insert(parkingSurcharges)
            .values({
              userId,
              parkingSessionId: s!.id,
              round,
              status: 'FINISHED',
              days: options.surchargeDays,
              amount: gross,
              parkingWillFinishAt: from,
              paymentMethod: method,
            })
            .returning()
        )[0]!
      : null;
    const [receipt] = await this.db
      .insert(parkingReceipts)
      .values({
        userId,
        parkingSessionId: s!.id,
        round,
        paymentMethod: method,
        billingDataId: options.billingDataId ?? null,
        grossPrice: gross,
        billedFrom: from,
        billedTo: to,
        issuedAt: paidAt,
      })
      .returning();
    return { session: s!, receipt: receipt!, surcharge };
  }
}

/** The text of a PDF, page by page joined (PDF.js, as a reader would extract it). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const page = await doc.getPage(i);
    const content = await page.getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n');
}
