// The open data as the site serves it (docs/open-data.md): catalog.json valid against its
// own published schema, offers.csv with its documented header and rows, the Atom feed parsed
// by the browser, and every link of llms.txt answering 200.
import Ajv2020 from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { test, expect } from './fixtures.mjs';

const addFormats = ajvFormats.default ?? ajvFormats;

const OFFERS_HEADER = [
  'provider_id', 'provider_name', 'offer_id', 'instance', 'accelerator_id', 'accelerator_name',
  'accelerator_count', 'term', 'region', 'region_name', 'price', 'price_high', 'currency', 'unit',
  'billing', 'price_per_accelerator_hour', 'as_of', 'source_id', 'source_title', 'source_url',
  'source_kind', 'confidence', 'note',
];

async function get(request, path) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  return response;
}

test('catalog.json validates against its published JSON Schema', async ({ request }) => {
  const schema = await (await get(request, 'data/v1/catalog.schema.json')).json();
  const catalog = await (await get(request, 'data/v1/catalog.json')).json();
  expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  expect(schema.$id).toMatch(/data\/v1\/catalog\.schema\.json$/);
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  const valid = validate(catalog);
  expect(validate.errors ?? [], 'schema errors').toEqual([]);
  expect(valid).toBe(true);
  expect(catalog.offers.length).toBeGreaterThan(300);
  // The schema is not a formality: a price with a text amount and no date fails it.
  const broken = structuredClone(catalog);
  broken.offers[0].prices[0].amount = 'cheap';
  delete broken.offers[0].prices[0].as_of;
  expect(validate(broken)).toBe(false);
});

test('offers.csv has the documented header and a dated, sourced row per price', async ({ request }) => {
  const text = await (await get(request, 'data/v1/offers.csv')).text();
  const [header, ...rest] = text.trimEnd().split('\n');
  expect(header.split(',')).toEqual(OFFERS_HEADER);
  // Quoted notes may hold newlines, so rows are counted against catalog.json, not lines.
  const catalog = await (await get(request, 'data/v1/catalog.json')).json();
  const prices = catalog.offers.reduce((n, o) => n + o.prices.length, 0);
  expect(prices).toBeGreaterThan(0);
  expect(rest.length).toBeGreaterThanOrEqual(prices);
  expect(rest[0]).toMatch(/,https?:\/\//);
});

const API_PRICES_HEADER = [
  'model_id', 'model_name', 'maker', 'architecture', 'params_b', 'active_params_b', 'open_weights',
  'provider_id', 'provider_name', 'provider_model', 'input_per_million', 'output_per_million',
  'cached_input_per_million', 'batch_input_per_million', 'batch_output_per_million', 'currency',
  'quantization', 'context_tokens', 'as_of', 'source_id', 'source_title', 'source_url',
  'source_kind', 'confidence', 'model_source_url', 'note',
];

test('api-prices.json validates against its published JSON Schema', async ({ request }) => {
  const schema = await (await get(request, 'data/v1/api-prices.schema.json')).json();
  const api = await (await get(request, 'data/v1/api-prices.json')).json();
  expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  expect(schema.$id).toMatch(/data\/v1\/api-prices\.schema\.json$/);
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  const valid = validate(api);
  expect(validate.errors ?? [], 'schema errors').toEqual([]);
  expect(valid).toBe(true);
  expect(api.prices.length).toBeGreaterThan(150);
  // Unknown is absent, never 0: a zero price or a price written as text fails the schema.
  const broken = structuredClone(api);
  broken.prices[0].cached_input = 0;
  broken.prices[1].input = '0.2';
  expect(validate(broken)).toBe(false);
});

test('api-prices.csv has the documented header and a row per price of api-prices.json', async ({ request }) => {
  const text = await (await get(request, 'data/v1/api-prices.csv')).text();
  const [header, ...rest] = text.trimEnd().split('\n');
  expect(header.split(',')).toEqual(API_PRICES_HEADER);
  const api = await (await get(request, 'data/v1/api-prices.json')).json();
  // Titles hold commas inside quotes; no cell holds a newline, so a line is a row.
  expect(rest.length).toBe(api.prices.length);
  expect(rest[0]).toMatch(/,https:\/\//);
});

test('the Atom feed of price changes parses as XML in the browser', async ({ page }) => {
  await page.goto('');
  const feed = await page.evaluate(async () => {
    const text = await (await fetch('data/changes.atom')).text();
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const ns = 'http://www.w3.org/2005/Atom';
    return {
      error: doc.getElementsByTagName('parsererror').length,
      root: doc.documentElement.localName,
      namespace: doc.documentElement.namespaceURI,
      updated: doc.documentElement.getElementsByTagNameNS(ns, 'updated')[0]?.textContent,
      entries: [...doc.getElementsByTagNameNS(ns, 'entry')].map((e) => ({
        id: e.getElementsByTagNameNS(ns, 'id')[0]?.textContent,
        updated: e.getElementsByTagNameNS(ns, 'updated')[0]?.textContent,
      })),
    };
  });
  expect(feed.error).toBe(0);
  expect(feed).toMatchObject({ root: 'feed', namespace: 'http://www.w3.org/2005/Atom' });
  expect(feed.updated).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
  expect(feed.entries.length).toBeGreaterThan(0);
  for (const entry of feed.entries) {
    expect(entry.id).toMatch(/^tag:gpu-atlas,2026:changes/);
    expect(entry.updated).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00Z$/);
  }
  expect(feed.entries.map((e) => e.id)).toContain('tag:gpu-atlas,2026:changes/baseline');
});

test('market.json and every data/v1/gpu/<id>.json that llms.txt lists validate against answers.schema.json', async ({ request }) => {
  const schema = await (await get(request, 'data/v1/answers.schema.json')).json();
  expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
  const ajv = new Ajv2020({ allErrors: true, strict: true });
  addFormats(ajv);
  ajv.addSchema(schema);
  const validateAs = (def) => ajv.getSchema(`${schema.$id}#/$defs/${def}`);
  const market = await (await get(request, 'data/v1/market.json')).json();
  const checkMarket = validateAs('market');
  expect(checkMarket(market), JSON.stringify(checkMarket.errors?.slice(0, 3))).toBe(true);
  expect(market.unit).toEqual({ currency: 'USD', basis: 'accelerator', per: 'hour' });

  const llms = await (await get(request, 'llms.txt')).text();
  const slices = [...new Set([...llms.matchAll(/\]\(([^)\s]*data\/v1\/gpu\/[^)\s]+\.json)\)/g)].map((m) => m[1]))];
  expect(slices.length).toBeGreaterThan(50);
  const checkGpu = validateAs('gpu');
  for (const link of slices) {
    const path = link.slice(link.indexOf('data/v1/gpu/'));
    const slice = await (await get(request, path)).json();
    expect(checkGpu(slice), `${path}: ${JSON.stringify(checkGpu.errors?.slice(0, 3))}`).toBe(true);
    expect(path).toBe(`data/v1/gpu/${slice.accelerator.id}.json`);
  }
  // The market's H100 SXM line and its file name the same cheapest offer.
  const h100 = await (await get(request, 'data/v1/gpu/h100-sxm5-80gb.json')).json();
  const line = market.variants.find((v) => v.accelerator.id === 'h100-sxm5-80gb');
  expect(h100.cheapest_on_demand[0]).toEqual(line.on_demand.cheapest);
  // Not a formality: a price as text and a missing date fail it.
  const broken = structuredClone(h100);
  broken.cheapest_on_demand[0].price = '2.99';
  delete broken.everywhere.on_demand.cheapest.as_of;
  expect(checkGpu(broken)).toBe(false);
});

test('every link of llms.txt resolves', async ({ request, baseURL }) => {
  const text = await (await get(request, 'llms.txt')).text();
  expect(text.startsWith('# GPU Atlas\n')).toBe(true);
  const llmsUrl = new URL('llms.txt', baseURL);
  const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
  expect(links).toEqual(expect.arrayContaining(['data/v1/catalog.json'].map((p) => expect.stringContaining(p))));
  expect(links.length).toBeGreaterThan(10);
  for (const link of links) {
    // A build that knows the public address writes absolute links: ask this server for the
    // same path.
    const local = new URL(new URL(link, llmsUrl).pathname, baseURL).href;
    const response = await request.get(local);
    expect(response.status(), `${link} -> ${local}`).toBe(200);
  }
});
