// Chinese throughout, English throughout (issue 27): every app view and a sample of the static
// pages, in both languages, read as a visitor sees them. In Chinese no Latin word may show
// that is not a name (a provider, an accelerator, an instance, an id), a unit or a technical
// term Chinese writing keeps in Latin letters (GPU, PCIe, FP16…), code or an address; in
// English no Chinese may show except where the page is bilingual on purpose (the language
// switch). The counts are printed per view; the test asserts they are all 0.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test, expect, openAtlas } from './fixtures.mjs';

const dist = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../dist');

/** The catalog the app shipped with: its names are brands, not words to translate. */
function catalogNames() {
  const file = fs.readdirSync(dist).find((f) => /^catalog-[0-9a-f]{16}\.json$/.test(f));
  const catalog = JSON.parse(fs.readFileSync(path.join(dist, file), 'utf8'));
  const names = new Set();
  for (const p of catalog.providers) {
    names.add(p.name);
    // "Beam (beam.cloud)": the name alone and what its brackets say are names too.
    names.add(p.name.replace(/\s*\(.*\)\s*/g, ' ').trim());
    for (const inner of p.name.match(/\(([^)]*)\)/g) ?? []) {
      names.add(inner.slice(1, -1));
      // "(OCI Compute)": the brand's abbreviation alone is a name too ("OCI 全部地区").
      for (const word of inner.slice(1, -1).split(/\s+/)) if (/^[A-Z0-9]{2,}$/.test(word)) names.add(word);
    }
    // Where room is short the name is cut at its first aside ("Crusoe Cloud" → "Crusoe").
    names.add(p.name.split(/[\s(]/)[0]);
    names.add(p.id);
    for (const r of p.regions) names.add(r.id);
    for (const s of p.sources) names.add(s.id);
  }
  for (const a of catalog.accelerators) {
    names.add(a.id);
    names.add(a.model);
    names.add(`${a.vendor} ${a.model}`);
    if (a.architecture) names.add(a.architecture);
    if (a.memory_type) names.add(a.memory_type);
    // The variant's name part (the qualifier in brackets is a phrase, translated).
    const bare = a.variant.replace(/\(.*?\)/g, '').trim();
    if (bare) names.add(bare);
  }
  for (const o of catalog.offers) {
    names.add(o.id);
    names.add(o.instance);
  }
  // The hosted-API catalog's models, makers and providers (data/v1/api-prices.json): brands
  // too, named on the model pages. A name's bracketed aside is a name as well.
  const api = JSON.parse(fs.readFileSync(path.join(dist, 'data/v1/api-prices.json'), 'utf8'));
  const withAsides = (name) => {
    names.add(name);
    names.add(name.replace(/\s*\(.*\)\s*/g, ' ').trim());
    for (const inner of name.match(/\(([^)]*)\)/g) ?? []) names.add(inner.slice(1, -1));
  };
  for (const m of api.models) {
    names.add(m.id);
    withAsides(m.name);
    withAsides(m.maker);
    withAsides(m.family);
  }
  for (const p of api.providers) {
    names.add(p.id);
    withAsides(p.name);
  }
  for (const p of api.prices) names.add(p.provider_model);
  // Longest first, so "NVIDIA H100 SXM5 80GB" goes before "H100".
  return [...names].filter((n) => n && n.length > 1).sort((a, b) => b.length - a.length);
}

/**
 * Latin words Chinese technical writing keeps as they are: units, chip and bus names, file
 * formats, the vendors, the acronyms of the field.
 */
const KEPT = new Set(
  `GB GiB TB TiB MB PB GB/s TB/s Gbps Mbps W kW h ms s TFLOPS TOPS PFLOPS FLOPS FLOP
  USD CNY EUR US$ RMB vCPU vCPUs CPU GPU GPUs TPU TPUs NPU API CLI CSV JSON URL HTTP HTTPS SQL
  PCIe SXM SXM2 SXM4 SXM5 NVL OAM NVLink NVSwitch InfiniBand IB RoCE EFA ICI RDMA Ethernet
  HBM HBM2 HBM2e HBM3 HBM3e GDDR5 GDDR6 GDDR6X GDDR7 FP64 FP32 FP16 BF16 FP8 FP4 INT8 INT4 TF32
  NVIDIA AMD Intel Google AWS Amazon Microsoft Azure Tesla Quadro RTX GeForce Ada Lovelace Hopper
  Blackwell Ampere Volta Turing Grace Trainium Inferentia Gaudi Instinct MI
  MFU LoRA QLoRA SFT LLM AI ML Transformer Llama Qwen DeepSeek Mistral token tokens Tokens
  Kubernetes K8s k8s Docker PyTorch TensorFlow Jupyter JupyterLab Notebook SSH SkyPilot
  SLA EC2 ECS BCC CVM GN VM VMs vGPU MIG SFF Spot QR ID OK TCO
  GitHub RSS XML Atom CC BY Markdown LaTeX PNG SVG GDPR JAX Chinchilla Ironwood GPU Atlas
  PFLOP PFLOP/s GTX Ti Super Linux Windows CUDA NVMe Conda EKS AMI EBS DLAMI ACK OSS DSW PAI-DSW EAS ECI
  aliyun tccli aws GPUDirect
  min max p50 p90 x`.split(/\s+/).filter(Boolean),
);

/** The visible text of the page, block by block, without code, addresses and hidden parts. */
async function visibleTexts(page) {
  return page.evaluate(() => {
    // Code, the language switch, and cited document titles (a source is cited by its own
    // title, in its own language, as any bibliography does).
    const skip = 'script, style, noscript, code, pre, kbd, samp, template, cite, #language, .lang-switch';
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue.trim();
      if (!text) continue;
      const el = node.parentElement;
      if (!el || el.closest(skip)) continue;
      if (!el.checkVisibility({ checkOpacity: false, checkVisibilityCSS: true })) continue;
      // Closed <details>: only the summary shows.
      const details = el.closest('details:not([open])');
      if (details && !el.closest('summary')) continue;
      out.push(text);
    }
    return out;
  });
}

const escapeRe = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The text without catalog names (whole words only), addresses and domain names. */
function stripNames(text, names) {
  let t = text
    .replace(/https?:\/\/\S+/g, ' ')
    .replace(/\b[\w-]+(\.[\w-]+)*\.(com|net|org|ai|io|cn|cloud|dev|app|co|sh)\b\S*/g, ' ');
  for (const n of names) {
    if (t.includes(n)) t = t.replace(new RegExp(`(?<![A-Za-z0-9])${escapeRe(n)}(?![A-Za-z0-9])`, 'g'), ' ');
  }
  return t;
}

/** Latin words a Chinese reader should not meet. */
function latinLeaks(texts, names) {
  const leaks = [];
  for (const text of texts) {
    const rest = stripNames(text, names);
    for (const word of rest.match(/(?<![A-Za-z0-9-])[A-Za-z][A-Za-z0-9'’_/-]*/g) ?? []) {
      const bare = word.replace(/[/'’_-]+$/, '');
      if (KEPT.has(bare) || KEPT.has(bare.replace(/s$/, ''))) continue;
      // Ids and model numbers: letters with digits (H100, p5.48xlarge, gn7i-c8g1); country
      // and currency codes (CN, US).
      if (/\d/.test(bare) || /^[A-Z]{2}$/.test(bare)) continue;
      // Identifiers (camelCase, snake_case) are code; a lone letter is a symbol (P and G
      // instance families, "× n"), not a word.
      if (/[a-z][A-Z]|_/.test(bare) || (bare.length === 1 && bare !== 'a')) continue;
      leaks.push({ word: bare, in: text.slice(0, 120) });
    }
  }
  return leaks;
}

/** Chinese an English reader should not meet. */
function cjkLeaks(texts) {
  const leaks = [];
  for (const text of texts) {
    for (const run of text.match(/[\u3000-\u303f\u3400-\u9fff\uff00-\uffef]+/g) ?? []) {
      leaks.push({ word: run, in: text.slice(0, 120) });
    }
  }
  return leaks;
}

const APP_VIEWS = [
  ['explorer table', ''],
  ['offer detail (China)', '&detail=alibaba%2Fecs.gn7i-c32g1.8xlarge'],
  ['offer detail (AWS)', '&detail=aws%2Fp5.48xlarge'],
  ['compare', '&sel=aws%2Fp5.48xlarge,lambda%2Fgpu_1x_h100_sxm5&cmp=1'],
  ['market', '&mode=market'],
  ['by-region heat table', '&mode=market&heat=h100-sxm5-80gb'],
  ['rank', '&mode=rank'],
  ['calculator with a job', '&job=train'],
  ['charts', '&mode=charts'],
];

const PAGES = [
  ['accelerator page', 'gpu/h100-sxm5-80gb/'],
  ['accelerator page (unstated variant)', 'gpu/a100-80gb/'],
  ['provider page (China)', 'provider/alibaba/'],
  ['provider page (AWS)', 'provider/aws/'],
  ['index of accelerators', 'gpu/'],
  ['index of providers', 'provider/'],
  ['model page (dense)', 'model/llama-3.1-70b/'],
  ['model page (mixture of experts)', 'model/deepseek-v3/'],
  ['index of models', 'model/'],
];

const counts = {};

function report(lang, view, leaks, folded) {
  counts[`${lang} ${view}`] = leaks.length;
  // Catalog texts not translated yet: folded under a Chinese line, counted apart.
  if (folded) console.log(`[language-walk] ${lang} ${view}: ${folded} untranslated catalog texts folded away`);
  const words = {};
  for (const l of leaks) words[l.word] = (words[l.word] ?? 0) + 1;
  const top = Object.entries(words)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40)
    .map(([w, n]) => `${w}×${n}`)
    .join(' ');
  console.log(`[language-walk] ${lang} ${view}: ${leaks.length}${leaks.length ? ` — ${top}` : ''}`);
  for (const l of leaks.slice(0, 8)) console.log(`    «${l.word}» in «${l.in}»`);
}

for (const lang of ['zh', 'en']) {
  test.describe(`${lang}: no words of the other language`, () => {
    const names = catalogNames();
    const leaksOf = (texts) => (lang === 'zh' ? latinLeaks(texts, names) : cjkLeaks(texts));

    for (const [view, query] of APP_VIEWS) {
      test(`app: ${view}`, async ({ page }) => {
        if (query.includes('mode=')) await page.goto(`?lang=${lang}${query}`);
        else await openAtlas(page, `?lang=${lang}${query}`);
        if (query.includes('detail=')) await expect(page.locator('#detail-prices')).toBeVisible();
        if (query.includes('cmp=1')) await expect(page.locator('.compare-table, #compare').first()).toBeVisible();
        if (query.includes('heat=')) await expect(page.locator('#heat-table')).toBeVisible();
        else if (query.includes('mode=market')) await expect(page.locator('#market-table tbody tr[data-variant]').first()).toBeVisible();
        if (query.includes('mode=rank')) await expect(page.locator('#ranked li.ranked-offer').first()).toBeVisible();
        if (query.includes('mode=charts')) await expect(page.locator('#price-scatter canvas')).toBeVisible();
        await page.waitForTimeout(300);
        const leaks = leaksOf(await visibleTexts(page));
        report(lang, `app ${view}`, leaks, await page.locator('details.untranslated').count());
        expect(leaks.map((l) => l.word)).toEqual([]);
      });
    }

    for (const [view, address] of PAGES) {
      test(`page: ${view}`, async ({ page }) => {
        await page.gotoStatic(lang === 'zh' ? `zh/${address}` : address);
        const leaks = leaksOf(await visibleTexts(page));
        report(lang, `page ${view}`, leaks, await page.locator('details.untranslated').count());
        expect(leaks.map((l) => l.word)).toEqual([]);
      });
    }
  });
}
