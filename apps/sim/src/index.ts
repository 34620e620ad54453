export {
  SimChargePoint,
  type SimOptions,
  type SimConnector,
  type SimState,
  type SimStateStore,
  type OcppStatus,
} from './charge-point.js';
export { runFleet, type FleetMember, type Fleet } from './fleet.js';
export { fileStateStore } from './state-file.js';
export { SimGateController, type SimGateOptions, type SimAckMode } from './gate-controller.js';
export { runGateFleet, type GateFleet, type GateFleetMember } from './gate-fleet.js';
