// Writes the validated catalog next to the app as catalog-<hash>.json
// (src/engine/bin/export_catalog.rs) and names it in the page — a <meta> the app reads and a
// preload, so the file downloads in parallel with the wasm. A price refresh then changes this
// one file, not the app. Called by the post-build hook (service-worker.mjs) before it lists the
// files to precache: Trunk starts a stage's hooks together, so two hooks could not be ordered.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes the catalog file into `dir` and names it in `dir`/index.html; returns its name. */
export function writeCatalogFile(dir) {
  // The host build of the engine embeds the same catalog its build script validated.
  const name = execFileSync(
    'cargo',
    ['run', '--quiet', '-p', 'gpu-atlas-engine', '--bin', 'export_catalog', '--', dir],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  ).trim();
  if (!/^catalog-[0-9a-f]{16}\.json$/.test(name)) {
    console.error(`export_catalog printed ${JSON.stringify(name)}, not a catalog file name`);
    process.exit(1);
  }
  const page = join(dir, 'index.html');
  const html = readFileSync(page, 'utf8');
  const tags =
    `<meta name="gpu-atlas-catalog" content="${name}" />\n` +
    `    <link rel="preload" href="${name}" as="fetch" type="application/json" crossorigin="anonymous" />\n  </head>`;
  if (!html.includes('</head>')) {
    console.error('index.html has no </head> to name the catalog in');
    process.exit(1);
  }
  writeFileSync(page, html.replace('</head>', tags));
  console.log(`catalog-file.mjs: ${name}`);
  return name;
}
