// Prints the gzip size of the JS the map route (/) loads before it can show clusters: the entry
// script and its static imports (what index.html modulepreloads), plus the clustering worker.
// Run after `npm run build -w @voltpark/web`: node apps/web/scripts/initial-size.mjs
import { readFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const html = readFileSync(dist + 'index.html', 'utf8');
const seen = new Set();
const queue = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
while (queue.length) {
  const f = queue.shift();
  if (seen.has(f)) continue;
  seen.add(f);
  const code = readFileSync(dist + f, 'utf8');
  // static imports only (import"./x.js" / from"./x.js"), not import("./x.js")
  for (const m of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g))
    queue.push('assets/' + m[1]);
}
const worker = readdirSync(dist + 'assets')
  .filter((f) => /^cluster\.worker-.*\.js$/.test(f))
  .map((f) => 'assets/' + f);
let total = 0;
for (const f of [...seen, ...worker]) {
  const gz = gzipSync(readFileSync(dist + f), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${f}`);
}
console.log(
  `${(total / 1024).toFixed(1).padStart(7)} KB  total gzip (map route initial JS incl. worker)`,
);
