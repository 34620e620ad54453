import type { Db } from '../../../db/client.js';
import type { CentralSystem } from '../../ocpp/central.js';
import { partnerTokenIdTagInfo } from './tokens-store.js';

/**
 * Partners' drivers' RFID cards at our chargers: asked after the authorizers already set (our
 * own drivers' tags win), so it composes with the charging module's rather than replacing it.
 */
export function registerPartnerTokenAuthorizer(central: CentralSystem, db: Db): void {
  const previous = central.authorizer;
  central.authorizer = async (idTag, chargePointId) =>
    (previous ? await previous(idTag, chargePointId) : null) ?? partnerTokenIdTagInfo(db, idTag);
}
