import type { FastifyInstance } from 'fastify';
import { ocpiStatus } from '@voltpark/contract/ocpi/envelope';
import { requirePartner } from '../auth.js';
import type { OcpiModuleContext } from '../context.js';
import { ocpiOk } from '../envelope.js';
import { OcpiError } from '../errors.js';
import { locationObject, locationPage, type LocationView } from '../model/locations.js';
import type { OcpiModuleEntry } from '../registry.js';
import { pagedList } from './paged-list.js';

const route = { config: { ocpiModule: 'locations' } };

interface ObjectParams {
  location_id: string;
  evse_uid?: string;
  connector_id?: string;
}

/**
 * The Locations module, CPO side, Sender interface (mod_locations.asciidoc): eMSP partners pull
 * our charging locations, all of them paged or one Location, EVSE or Connector by its ids.
 * Removed EVSEs are served with status REMOVED, as the module asks of a Sender.
 */
export const locationsModule: OcpiModuleEntry = {
  identifier: 'locations',
  role: 'SENDER',
  path: 'locations',
  register(scope: FastifyInstance, ctx: OcpiModuleContext) {
    const view: LocationView = {
      party: ctx.config.ocpiParty,
      operator: {
        name: ctx.config.roaming.businessName,
        ...(ctx.config.roaming.businessWebsite
          ? { website: ctx.config.roaming.businessWebsite }
          : {}),
      },
      omitRemoved: false,
    };

    scope.get('/locations', route, async (request, reply) => {
      await requirePartner(request, 'EMSP');
      const items = await pagedList(request, reply, ctx.config, 'locations', (p) =>
        locationPage(ctx.db, view, p),
      );
      return ocpiOk(items);
    });

    const one = async (params: ObjectParams) => {
      const found = await locationObject(ctx.db, view, {
        locationId: params.location_id,
        ...(params.evse_uid !== undefined ? { evseUid: params.evse_uid } : {}),
        ...(params.connector_id !== undefined ? { connectorId: params.connector_id } : {}),
      });
      if (!found) {
        const what = [params.location_id, params.evse_uid, params.connector_id]
          .filter((s) => s !== undefined)
          .map((s) => s.slice(0, 36))
          .join('/');
        throw new OcpiError(404, ocpiStatus.UNKNOWN_LOCATION, `Unknown location: ${what}`);
      }
      return ocpiOk(found);
    };
    for (const path of [
      '/locations/:location_id',
      '/locations/:location_id/:evse_uid',
      '/locations/:location_id/:evse_uid/:connector_id',
    ]) {
      scope.get(path, route, async (request) => {
        await requirePartner(request, 'EMSP');
        return one(request.params as ObjectParams);
      });
    }
    // Ids longer than the router takes (CiString(36) allows far fewer) name no object either.
    scope.get('/locations/*', route, async (request) => {
      await requirePartner(request, 'EMSP');
      throw new OcpiError(404, ocpiStatus.UNKNOWN_LOCATION, 'Unknown location');
    });
  },
};
