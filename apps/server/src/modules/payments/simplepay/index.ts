export * from './client.js';
export * from './callbacks.js';
export * from './errors.js';
export * from './php-json.js';
export * from './signature.js';
export * from './time.js';
export * from './types.js';
