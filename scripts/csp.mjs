// Writes a Content-Security-Policy into each built HTML page. GitHub Pages sets no headers,
// so the policy is a <meta> tag. Trunk starts the app with an inline module script, and the
// 404 page redirects with one; rather than allowing every inline script, the policy allows
// exactly those scripts by the SHA-256 of their text, which is only known after the build.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';

// The app's own origin only: no third-party script, style, font, image or connection. wasm
// needs 'wasm-unsafe-eval' to compile; QR codes are data: images; PNG chart downloads are blob:.
const policy = (scriptHashes, wasm) =>
  [
    "default-src 'self'",
    `script-src 'self'${wasm ? " 'wasm-unsafe-eval'" : ''}${scriptHashes.map((h) => ` '${h}'`).join('')}`,
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'none'",
  ].join('; ');

/** Hashes of the inline (src-less) scripts of a page, in CSP source syntax. */
export const inlineScriptHashes = (html) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`,
  );

/** Inserts the policy right after <meta charset>, before anything it governs. */
export const addContentSecurityPolicy = (path, { wasm }) => {
  const html = readFileSync(path, 'utf8');
  if (html.includes('Content-Security-Policy')) return;
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy(inlineScriptHashes(html), wasm)}" />`;
  const marker = /<meta charset="utf-8" \/>/;
  if (!marker.test(html)) throw new Error(`${path}: no <meta charset="utf-8" /> to put the policy after`);
  writeFileSync(path, html.replace(marker, (m) => `${m}\n    ${meta}`));
};
