import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder, openDatabase, type Database } from '../db/client.js';

/**
 * A migrated, empty PGlite database dumped once and kept in the temp folder, keyed by the
 * migrations' content: each test file loads it instead of running initdb and every migration.
 */
async function pgliteTemplate(): Promise<Blob> {
  const files = (await fs.readdir(migrationsFolder, { recursive: true }))
    .filter((f) => f.endsWith('.sql') || f.endsWith('.json'))
    .sort();
  const hash = createHash('sha256');
  for (const f of files) hash.update(f).update(await fs.readFile(path.join(migrationsFolder, f)));
  const file = path.join(
    os.tmpdir(),
    `voltpark-pglite-template-${hash.digest('hex').slice(0, 16)}.tar`,
  );
  try {
    return new Blob([await fs.readFile(file)]);
  } catch {
    const client = await PGlite.create();
    await migrate(drizzle(client, { casing: 'snake_case' }), { migrationsFolder });
    const dump = await client.dumpDataDir('none');
    await client.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await fs.rename(partial, file);
    return dump;
  }
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or — when DATABASE_URL is set
 * (CI sets it) — a new PostgreSQL database created beside the one named, dropped on close.
 */
export async function createTestDatabase(): Promise<Database> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) return openDatabase({ memory: true, template: await pgliteTemplate() });

  const name = `voltpark_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: baseUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
