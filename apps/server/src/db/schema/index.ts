// Every table of the database. Each domain keeps its tables in its own file here.
export * from './meta.js';
