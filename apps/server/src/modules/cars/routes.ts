import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@voltpark/contract';
import { asc } from 'drizzle-orm';
import { serve } from '../../core/api.js';
import { ok } from '../../core/envelope.js';
import { chargePorts } from '../../db/schema/vehicles.js';
import type { ModuleDeps } from '../index.js';
import { createGateway } from '../payments/gateway.js';
import type { PaymentDeps } from '../payments/payments.js';
import {
  addCatalogueCar,
  addCustomCar,
  approvedVehicles,
  deleteCar,
  keepCustomVehicle,
  listCars,
  setDefaultCar,
  switchToCatalogueVehicle,
  updateCustomCar,
  updatePlate,
} from './cars.js';
import { searchCatalogue } from './vehicles.js';

export function registerCarRoutes(app: FastifyInstance, { db, config }: ModuleDeps) {
  // Removing a car may switch automatic card payment off at SimplePay (its camera parking).
  const pay: PaymentDeps = { db, config, gateway: createGateway(app, config) };
  serve(app, apiRoutes.cars, async ({ user }) => ok(await listCars(db, user.id)));
  serve(app, apiRoutes.carCreate, async ({ user, body }) =>
    ok(await addCatalogueCar(db, user.id, body.vehicleId, body.licencePlate)),
  );
  serve(app, apiRoutes.carUpdate, async ({ user, body }) =>
    ok(await updatePlate(db, user.id, body.id, body.licensePlate)),
  );
  serve(app, apiRoutes.carDelete, async ({ user, params }) => {
    await deleteCar(pay, user.id, params.id);
    return ok(null);
  });
  serve(app, apiRoutes.carDefault, async ({ user, params }) =>
    ok(await setDefaultCar(db, user.id, params.id)),
  );

  serve(app, apiRoutes.vehicles, async ({ query }) => ok(await searchCatalogue(db, query.search)));
  serve(app, apiRoutes.vehicleCreate, async ({ user, body }) =>
    ok(await addCustomCar(db, user.id, body)),
  );
  serve(app, apiRoutes.vehicleUpdate, async ({ user, body }) =>
    ok(await updateCustomCar(db, user.id, body.id, body)),
  );
  serve(app, apiRoutes.chargerPorts, async () =>
    ok(
      await db
        .select({ id: chargePorts.id, name: chargePorts.name })
        .from(chargePorts)
        .orderBy(asc(chargePorts.id)),
    ),
  );
  serve(app, apiRoutes.approvedVehicles, async ({ user }) =>
    ok(await approvedVehicles(db, user.id)),
  );
  serve(app, apiRoutes.keepCustomVehicle, async ({ user, query }) => {
    await keepCustomVehicle(db, user.id, query['vehicle-id']);
    return ok(null);
  });
  serve(app, apiRoutes.switchToVehicleFromList, async ({ user, query }) =>
    ok(await switchToCatalogueVehicle(db, user.id, query['vehicle-id'])),
  );
}
