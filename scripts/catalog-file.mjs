// Writes the static site into the staging folder (src/site/bin/site.rs): the validated catalog
// as catalog-<hash>.json, named in the page by a <meta> the app reads and a preload so it
// downloads in parallel with the wasm (a price refresh then changes this one file, not the
// app); the pre-rendered first screen inside index.html; the accelerator and provider pages,
// the sitemap and the open data. Called by the post-build hook (service-worker.mjs) before it
// lists the files to precache: Trunk starts a stage's hooks together, so two hooks could not
// be ordered.
import { execFileSync } from 'node:child_process';

/** Writes the site into `dir`; returns the catalog file's name. */
export function writeCatalogFile(dir) {
  // The host build of the engine embeds the same catalog its build script validated.
  const name = execFileSync(
    'cargo',
    ['run', '--quiet', '-p', 'gpu-atlas-site', '--bin', 'site', '--', dir],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  ).trim();
  if (!/^catalog-[0-9a-f]{16}\.json$/.test(name)) {
    console.error(`site printed ${JSON.stringify(name)}, not a catalog file name`);
    process.exit(1);
  }
  console.log(`catalog-file.mjs: ${name}`);
  return name;
}
