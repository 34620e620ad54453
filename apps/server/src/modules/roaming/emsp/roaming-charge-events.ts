import { EventEmitter } from 'node:events';
import type { Db } from '../../../db/client.js';

/** A driver's roaming charge (request, its OCPI session or CDR) changed in this database. */
export interface RoamingChargeChange {
  db: Db;
  userId: number;
}

/**
 * In-process, emitted after the commit of a change on the replica that made it (decision 0056);
 * the driver's app gets it over /ws from `roamingChargePublisher` (other replicas through the
 * realtime bus). `db` tells apps sharing a process (tests) apart. Listeners must not throw.
 */
export const roamingChargeEvents = new EventEmitter<{ changed: [RoamingChargeChange] }>();

export function roamingChargeChanged(db: Db, userId: number): void {
  roamingChargeEvents.emit('changed', { db, userId });
}
