export {
  SimChargePoint,
  type SimOptions,
  type SimConnector,
  type OcppStatus,
} from './charge-point.js';
export { runFleet, type FleetMember, type Fleet } from './fleet.js';
