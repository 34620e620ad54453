import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ensureBuild, sourceHash, STAMP_FILE } from '../scripts/build-once.mjs';

let root: string;
let webDir: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'voltpark-build-once-'));
  webDir = path.join(root, 'apps/web');
  fs.mkdirSync(path.join(webDir, 'src'), { recursive: true });
  fs.writeFileSync(path.join(webDir, 'src/main.tsx'), 'render(1)');
  fs.writeFileSync(path.join(root, 'package-lock.json'), '{}');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

/** A stand-in for vite: writes a page that names its build, and counts the builds. */
let builds = 0;
const fakeBuild = async (outDir: string) => {
  builds += 1;
  fs.mkdirSync(outDir, { recursive: true });
  fs.writeFileSync(path.join(outDir, 'index.html'), `build ${builds}`);
  fs.writeFileSync(path.join(outDir, 'sw.js'), `sw ${builds}`);
};
const page = () => fs.readFileSync(path.join(webDir, 'dist/index.html'), 'utf8');

describe('the web build at start', () => {
  it('builds once, and again only when the sources or the lock file change', async () => {
    builds = 0;
    const first = sourceHash(root);
    expect(await ensureBuild({ webDir, hash: first, build: fakeBuild })).toBe(true);
    expect(page()).toBe('build 1');
    expect(fs.readFileSync(path.join(webDir, 'dist', STAMP_FILE), 'utf8').trim()).toBe(first);

    expect(sourceHash(root)).toBe(first);
    expect(await ensureBuild({ webDir, hash: sourceHash(root), build: fakeBuild })).toBe(false);
    expect(builds).toBe(1);

    fs.writeFileSync(path.join(webDir, 'src/main.tsx'), 'render(2)');
    const second = sourceHash(root);
    expect(second).not.toBe(first);
    expect(await ensureBuild({ webDir, hash: second, build: fakeBuild })).toBe(true);
    expect(page()).toBe('build 2');

    fs.writeFileSync(path.join(root, 'package-lock.json'), '{"v":2}');
    expect(sourceHash(root)).not.toBe(second);
    // The build output itself is not a source.
    const third = sourceHash(root);
    fs.writeFileSync(path.join(webDir, 'dist/extra.txt'), 'x');
    expect(sourceHash(root)).toBe(third);
  });

  it('keeps the running build complete while the next one is made, then swaps it in at once', async () => {
    builds = 0;
    await ensureBuild({ webDir, hash: 'a', build: fakeBuild });
    let seenDuringBuild = '';
    await ensureBuild({
      webDir,
      hash: 'b',
      build: async (outDir) => {
        await fakeBuild(outDir);
        // What a server reading dist/ sees while the new build is being written.
        seenDuringBuild = `${page()} / ${fs.readFileSync(path.join(webDir, 'dist/sw.js'), 'utf8')}`;
      },
    });
    expect(seenDuringBuild).toBe('build 1 / sw 1');
    expect(page()).toBe('build 2');
    expect(fs.lstatSync(path.join(webDir, 'dist')).isSymbolicLink()).toBe(true);
  });

  it('replaces a plain dist folder of the older layout, and leaves dist as it was when a build fails', async () => {
    fs.mkdirSync(path.join(webDir, 'dist'));
    fs.writeFileSync(path.join(webDir, 'dist/index.html'), 'old layout');
    builds = 0;
    await ensureBuild({ webDir, hash: 'a', build: fakeBuild });
    expect(page()).toBe('build 1');
    await expect(
      ensureBuild({
        webDir,
        hash: 'b',
        build: async () => {
          throw new Error('vite build failed');
        },
      }),
    ).rejects.toThrow('vite build failed');
    expect(page()).toBe('build 1');
  });
});
