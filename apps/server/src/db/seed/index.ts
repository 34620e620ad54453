export { seedDemoData, seedDemoDataIfEmpty, DEMO_SEED } from './demo.js';
export { seedReferenceData } from './reference.js';
export { generateLocations, type GenerateResult } from './generate.js';
