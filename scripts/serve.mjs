// Serves a built dist/ folder under a sub-path, as GitHub Pages serves /<repo>/.
// Used by scripts/serve.sh and by the end-to-end tests. No dependencies: Node's http only.
//   node scripts/serve.mjs <dist> [--base /gpu-atlas/] [--port 8080] [--host 127.0.0.1] [--gzip]
// --gzip compresses text and wasm for clients that accept it, as GitHub Pages does (the
// benchmark uses it so transfer and load times match the deployed site). Like GitHub Pages it
// sends an ETag and answers a matching If-None-Match with 304. --log FILE appends one JSON
// line per response (path, status, body bytes sent), for the benchmark's byte counts.
import { createHash } from 'node:crypto';
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const root = resolve(args.find((a, i) => !a.startsWith('--') && !(args[i - 1] || '').startsWith('--')) || 'dist');
let base = option('--base', '/gpu-atlas/');
if (!base.endsWith('/')) base += '/';
const port = Number(option('--port', '8080'));
const host = option('--host', '127.0.0.1');
const gzip = args.includes('--gzip');
const log = option('--log', null);
const logged = (path, status, bytes) => {
  if (log) appendFileSync(log, JSON.stringify({ path, status, bytes }) + '\n');
};
const gzipped = new Map();
const compressible = new Set(['.html', '.js', '.mjs', '.wasm', '.css', '.svg', '.json', '.webmanifest', '.csv', '.atom', '.txt', '.xml']);

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.csv': 'text/csv; charset=utf-8',
  '.atom': 'application/atom+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
};

// Node refuses a request whose request line and headers exceed 16 KiB with HTTP 431, before
// any handler runs; a share link longer than that never reached the app to be reported.
// Links the app writes hold at most 2,000 characters of query (share::MAX_QUERY_CHARS), and
// the app reads up to 64 KiB of query (share's MAX_QUERY) and says when a link is too long,
// so the server accepts what the app can read, plus room for ordinary headers.
const MAX_HEADER_BYTES = 80 * 1024;

const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, async (req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  if (path === base.slice(0, -1)) {
    res.writeHead(301, { Location: base }).end();
    return;
  }
  if (!path.startsWith(base)) {
    res.writeHead(404).end('not under ' + base);
    return;
  }
  let file = normalize(join(root, path.slice(base.length)));
  if (file !== root && !file.startsWith(root + sep)) {
    res.writeHead(403).end();
    return;
  }
  try {
    if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
    let body = await readFile(file);
    const headers = {
      'Content-Type': types[extname(file)] || 'application/octet-stream',
      'Cache-Control': 'no-cache',
    };
    if (gzip && compressible.has(extname(file))) {
      headers.Vary = 'Accept-Encoding';
      if (/\bgzip\b/.test(req.headers['accept-encoding'] || '')) {
        // Compressed once per version of a file.
        const key = `${file}:${(await stat(file)).mtimeMs}`;
        if (!gzipped.has(key)) gzipped.set(key, gzipSync(body));
        body = gzipped.get(key);
        headers['Content-Encoding'] = 'gzip';
      }
    }
    headers.ETag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    if (req.headers['if-none-match'] === headers.ETag) {
      res.writeHead(304, headers).end();
      logged(path, 304, 0);
      return;
    }
    res.writeHead(200, headers);
    res.end(body);
    logged(path, 200, body.length);
  } catch {
    // As GitHub Pages does: an unknown path gets the site's 404.html, with status 404.
    try {
      const page = await readFile(join(root, '404.html'));
      res.writeHead(404, { 'Content-Type': types['.html'] }).end(page);
      logged(path, 404, page.length);
    } catch {
      res.writeHead(404).end('not found');
    }
  }
});

server.listen(port, host, () => {
  console.log(`GPU Atlas is served at http://${host}:${port}${base} (Ctrl-C stops it)`);
});
