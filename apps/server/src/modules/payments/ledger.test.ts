import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { createTestDatabase } from '../../test/database.js';
import { createActiveUser } from '../../test/users.js';
import {
  creditWallet,
  debitWallet,
  InsufficientFundsError,
  walletBalance,
  walletLedgerSum,
} from './ledger.js';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('wallet ledger', () => {
  it('keeps the balance equal to the ledger sum through credits and debits', async () => {
    const { id } = await createActiveUser(database.db, 'ledger@example.hu');
    await database.db.transaction((tx) =>
      creditWallet(tx, { userId: id, amount: 10_000, kind: 'topup', cause: 'test:1' }),
    );
    await database.db.transaction((tx) =>
      debitWallet(tx, { userId: id, amount: 2_500, kind: 'debit', cause: 'test:2' }),
    );
    expect(await walletBalance(database.db, id)).toBe(7_500);
    expect(await walletLedgerSum(database.db, id)).toBe(7_500);
    await expect(
      database.db.transaction((tx) =>
        debitWallet(tx, { userId: id, amount: 7_501, kind: 'debit', cause: 'test:3' }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError);
    expect(await walletLedgerSum(database.db, id)).toBe(7_500);
  });

  it('100 concurrent debits against a balance that covers only some: never below zero, ledger matches', async () => {
    const { id } = await createActiveUser(database.db, 'race@example.hu');
    await database.db.transaction((tx) =>
      creditWallet(tx, { userId: id, amount: 30_000, kind: 'topup', cause: 'race:topup' }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        database.db.transaction((tx) =>
          debitWallet(tx, { userId: id, amount: 1_000, kind: 'debit', cause: `race:${i}` }),
        ),
      ),
    );
    const succeeded = results.filter((r) => r.status === 'fulfilled').length;
    const refused = results.filter(
      (r) => r.status === 'rejected' && r.reason instanceof InsufficientFundsError,
    ).length;
    expect(succeeded).toBe(30);
    expect(refused).toBe(70);
    expect(await walletBalance(database.db, id)).toBe(0);
    expect(await walletLedgerSum(database.db, id)).toBe(0);
  });
});
