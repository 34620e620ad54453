/**
 * `npm run bench [-- <name>] [options]`: runs one benchmark. Without a name, bench/map (as
 * before); `ocpp` runs bench/ocpp, `api` bench/api, `realtime`
 * bench/realtime. The options after the name go to that benchmark.
 */
const benches = {
  map: './map/run.ts',
  ocpp: './ocpp/run.ts',
  api: './api/run.ts',
  realtime: './realtime/run.ts',
} as const;
type BenchName = keyof typeof benches;
const first = process.argv[2] ?? '';
const chosen: BenchName = first in benches ? (first as BenchName) : 'map';
if (first === chosen) process.argv.splice(2, 1);
await import(benches[chosen]);

export {};
