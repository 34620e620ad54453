import type { CentralSystem } from '../../ocpp/central.js';
import { partnerTokenIdTagInfo, type RealtimeAuthorizeDeps } from './realtime-authorize.js';

/**
 * Partners' drivers' RFID cards at our chargers: asked after the authorizers already set (our
 * own drivers' tags win), so it composes with the charging module's rather than replacing it.
 * Tokens whitelisted ALLOWED_OFFLINE or NEVER are authorized at the eMSP in real time.
 */
export function registerPartnerTokenAuthorizer(
  central: CentralSystem,
  deps: RealtimeAuthorizeDeps,
): void {
  const previous = central.authorizer;
  central.authorizer = async (idTag, chargePointId) =>
    (previous ? await previous(idTag, chargePointId) : null) ??
    partnerTokenIdTagInfo(deps, idTag, chargePointId);
}
