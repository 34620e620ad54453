// Every table of the database. Each domain keeps its tables in its own file here.
export * from './meta.js';
export * from './locations.js';
export * from './chargers.js';
export * from './pois.js';
export * from './parking.js';
export * from './traits.js';
export * from './content.js';
export * from './vehicles.js';
export * from './accounts.js';
export * from './billing.js';
export * from './cars.js';
export * from './payments.js';
export * from './simplepay-sandbox.js';
export * from './ocpp.js';
export * from './charging.js';
