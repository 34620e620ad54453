export { ChargerView } from './ChargerView';
export { startState, type StartState } from './startState';
