// `gpu-atlas mcp` driven by a real Model Context Protocol client: the protocol's official
// TypeScript SDK starts the native binary over stdio, lists its tools, calls each, and gets
// answers that carry dates and sources. A malformed call gets an error, never a crash, and
// the session keeps answering afterwards.
import { test, expect } from '@playwright/test';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const binary =
  process.env.GPU_ATLAS_BIN ?? fileURLToPath(new URL('../../target/debug/gpu-atlas', import.meta.url));

test.describe.configure({ mode: 'serial' });

let client;

test.beforeAll(async () => {
  expect(existsSync(binary), `${binary} (cargo build --bin gpu-atlas)`).toBe(true);
  client = new Client({ name: 'gpu-atlas-e2e', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: binary, args: ['mcp'], stderr: 'pipe' }));
});

test.afterAll(async () => {
  await client?.close();
});

/** Every price object in an answer, wherever it sits. */
function claims(value, found = []) {
  if (Array.isArray(value)) value.forEach((v) => claims(v, found));
  else if (value && typeof value === 'object') {
    if ('as_of' in value && 'source' in value) found.push(value);
    Object.values(value).forEach((v) => claims(v, found));
  }
  return found;
}

/** A tool's answer: its structured content, checked to be sourced and dated. */
async function call(name, args) {
  const result = await client.callTool({ name, arguments: args });
  expect(result.isError ?? false, `${name}: ${JSON.stringify(result.content)}`).toBe(false);
  const answer = result.structuredContent;
  // The text content says the same as the structured content.
  expect(JSON.parse(result.content[0].text)).toEqual(answer);
  return answer;
}

function sourced(answer) {
  const found = claims(answer);
  expect(found.length).toBeGreaterThan(0);
  for (const c of found) {
    expect(c.as_of).toMatch(/^~?\d{4}(-\d{2}(-\d{2})?)?$/);
    expect(c.source.url ?? c.source.id).toBeTruthy();
  }
  return found;
}

test('the server introduces itself and lists its tools with their inputs', async () => {
  expect(client.getServerVersion().name).toBe('gpu-atlas');
  expect(client.getInstructions()).toMatch(/as_of/);
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name).sort();
  expect(names).toEqual(
    ['cheapest', 'gpu_prices', 'job_cost', 'market', 'price_history', 'search_offers', 'share_link'].sort(),
  );
  for (const tool of tools) {
    expect(tool.description.length, tool.name).toBeGreaterThan(30);
    expect(tool.inputSchema.type, tool.name).toBe('object');
  }
  const cheapest = tools.find((t) => t.name === 'cheapest');
  expect(cheapest.inputSchema.required).toEqual(['gpu']);
});

test('each tool answers with dated, sourced prices', async () => {
  const cheapest = await call('cheapest', { gpu: 'h100-sxm5-80gb', region: 'eu', currency: 'eur' });
  const offers = sourced(cheapest);
  expect(cheapest.unit).toEqual({ currency: 'EUR', basis: 'accelerator', per: 'hour' });
  expect(offers.every((o) => o.area === 'eu' && o.accelerator === 'h100-sxm5-80gb')).toBe(true);
  const prices = cheapest.offers.map((o) => o.price);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  const search = await call('search_offers', { search: 'a100', provider: ['aws', 'gcp'], limit: 5 });
  expect(search.offers.length).toBeGreaterThan(0);
  expect(search.offers.every((o) => ['aws', 'gcp'].includes(o.provider))).toBe(true);
  sourced(search);

  const market = await call('market', { gpu: 'h100-sxm5-80gb' });
  expect(market.variants).toHaveLength(1);
  expect(market.variants[0].on_demand.median).toBeGreaterThan(0);
  sourced(market);

  const gpu = await call('gpu_prices', { gpu: 'h100-sxm5-80gb' });
  expect(gpu.cheapest_on_demand[0]).toEqual(market.variants[0].on_demand.cheapest);
  sourced(gpu);

  const job = await call('job_cost', { kind: 'train', params: '7b', tokens: '1t', offer: 'aws/p5.48xlarge' });
  expect(job.figures.cost).toBeGreaterThan(100_000);
  expect(job.assumptions.length).toBeGreaterThan(3);
  sourced(job);

  const history = await call('price_history', { offer: 'aws/p5.48xlarge', at: '2025-10-15', region: 'us-east-1', term: 'spot' });
  expect(history.prices[0].then.as_of).toMatch(/^~?2025/);
  sourced(history);

  const link = await call('share_link', { search: 'h100', region: ['eu'], currency: 'eur', base: 'https://example.org/gpu-atlas/' });
  expect(link.link).toMatch(/^https:\/\/example\.org\/gpu-atlas\/\?v=1&q=h100&area=eu&cur=eur/);
});

test('a malformed call gets an error, never a crash, and the server keeps answering', async () => {
  // An unknown tool: a protocol error.
  await expect(client.callTool({ name: 'no_such_tool', arguments: {} })).rejects.toThrow(/not found/i);
  // Arguments of the wrong shape, and a value the command refuses: errors naming the problem.
  const wrongType = await client.callTool({ name: 'cheapest', arguments: { gpu: 5 } });
  expect(wrongType.isError).toBe(true);
  expect(JSON.stringify(wrongType.content)).toMatch(/gpu|string/);
  const unknown = await client.callTool({ name: 'cheapest', arguments: { gpu: 'h100' } });
  expect(unknown.isError).toBe(true);
  expect(unknown.content[0].text).toMatch(/did you mean .*h100-sxm5-80gb/);
  const badDay = await client.callTool({ name: 'price_history', arguments: { offer: 'aws/p5.48xlarge', at: 'soon' } });
  expect(badDay.isError).toBe(true);
  expect(badDay.content[0].text).toMatch(/--at/);
  // Still serving.
  const again = await call('market', { gpu: 'b200' });
  expect(again.variants[0].accelerator.id).toBe('b200');
});
