// Builds the web app only when its sources changed, into a fresh folder that is swapped in at
// once: apps/web/dist is a symbolic link to apps/web/.builds/<build>, replaced by a rename. A
// server already running (another instance, or this one restarting) keeps serving a complete
// build the whole time. `npm start` and `npm run build` run this; `--force` builds anyway.
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The file in a build that names the sources it was built from. */
export const STAMP_FILE = '.build-stamp';

/** What the build reads, relative to the repository: the web app, the shared packages, the lock. */
export const SOURCE_ROOTS = ['apps/web', 'packages', 'package-lock.json', 'tsconfig.base.json'];
const SKIPPED = new Set(['node_modules', 'dist', '.builds', '.vite', 'test-results', 'coverage']);

/** SHA-256 over every source file's path and content, in a fixed order. */
export function sourceHash(repoRoot, roots = SOURCE_ROOTS) {
  const hash = createHash('sha256');
  const add = (rel) => {
    const abs = path.join(repoRoot, rel);
    const stat = fs.statSync(abs, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(abs).sort()) {
        if (!SKIPPED.has(name) && !name.startsWith('.dist-')) add(path.join(rel, name));
      }
    } else if (stat.isFile()) {
      hash.update(`${rel.split(path.sep).join('/')}\0`);
      hash.update(fs.readFileSync(abs));
      hash.update('\0');
    }
  };
  for (const root of roots) add(root);
  return hash.digest('hex');
}

const readStamp = (dir) => {
  try {
    return fs.readFileSync(path.join(dir, STAMP_FILE), 'utf8').trim();
  } catch {
    return null;
  }
};

/**
 * Makes `<webDir>/dist` a build of the sources with `hash`. Returns whether it built. `build`
 * writes a complete build into the empty folder it is given.
 */
export async function ensureBuild({ webDir, hash, build, force = false, log = () => {} }) {
  const link = path.join(webDir, 'dist');
  if (!force && readStamp(link) === hash && fs.existsSync(path.join(link, 'index.html'))) {
    log('The web app is up to date (its sources have not changed): not rebuilt.');
    return false;
  }
  const builds = path.join(webDir, '.builds');
  fs.mkdirSync(builds, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}`;
  const target = path.join(builds, name);
  const tmp = path.join(builds, `.tmp-${name}`);
  await build(tmp);
  if (!fs.existsSync(path.join(tmp, 'index.html'))) {
    throw new Error(`The web build wrote no index.html into ${tmp}`);
  }
  fs.writeFileSync(path.join(tmp, STAMP_FILE), `${hash}\n`);
  fs.renameSync(tmp, target);

  const before = fs.lstatSync(link, { throwIfNoEntry: false });
  const previous = before?.isSymbolicLink() ? path.basename(fs.readlinkSync(link)) : null;
  if (before && !before.isSymbolicLink()) {
    // A plain folder from an older layout: moved aside once (the only moment without a build).
    fs.renameSync(link, path.join(builds, `${name}-replaced`));
  }
  const tmpLink = path.join(webDir, `.dist-${process.pid}`);
  fs.rmSync(tmpLink, { force: true });
  if (process.platform === 'win32') fs.symlinkSync(target, tmpLink, 'junction');
  else fs.symlinkSync(path.join('.builds', name), tmpLink);
  fs.renameSync(tmpLink, link);
  removeOldBuilds(builds, new Set([name, previous]));
  log(`The web app is built: ${path.relative(process.cwd(), target)}`);
  return true;
}

/**
 * Keeps the current and the previous build, and anything from the last hour (another start may
 * be building or about to link it); drops the rest.
 */
function removeOldBuilds(builds, keep) {
  const hourAgo = Date.now() - 3_600_000;
  for (const entry of fs.readdirSync(builds)) {
    if (keep.has(entry)) continue;
    const abs = path.join(builds, entry);
    if (fs.statSync(abs).mtimeMs > hourAgo) continue;
    fs.rmSync(abs, { recursive: true, force: true });
  }
}

/** `vite build` of apps/web into `outDir`. */
function viteBuild(webDir) {
  return (outDir) =>
    new Promise((resolve, reject) => {
      const pkg = createRequire(path.join(webDir, 'package.json')).resolve('vite/package.json');
      const vite = path.join(path.dirname(pkg), JSON.parse(fs.readFileSync(pkg, 'utf8')).bin.vite);
      const child = spawn(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir'], {
        cwd: webDir,
        stdio: 'inherit',
      });
      child.on('error', reject);
      child.on('exit', (code) =>
        code === 0 ? resolve() : reject(new Error(`vite build failed (exit code ${code})`)),
      );
    });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const webDir = fileURLToPath(new URL('..', import.meta.url));
  const repoRoot = path.resolve(webDir, '../..');
  ensureBuild({
    webDir,
    hash: sourceHash(repoRoot),
    build: viteBuild(webDir),
    force: process.argv.includes('--force'),
    log: (line) => console.log(line),
  }).catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
