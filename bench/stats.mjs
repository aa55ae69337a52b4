// Small statistics for the benchmark report: medians, percentiles and spreads.

/** The p-th quantile (0..1) of numbers, by the nearest-rank method; null for none. */
export function quantile(xs, p) {
  const sorted = xs.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const rank = Math.ceil(p * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
}

export const median = (xs) => quantile(xs, 0.5);

/** Median, minimum and maximum of a metric over runs. */
export function spread(xs) {
  const finite = xs.filter((x) => Number.isFinite(x));
  if (finite.length === 0) return { median: null, min: null, max: null, n: 0 };
  return { median: median(finite), min: Math.min(...finite), max: Math.max(...finite), n: finite.length };
}

export const round = (x, digits = 1) => (x == null ? null : Number(x.toFixed(digits)));

/** "12.3 (11.0–14.2)" */
export function fmtSpread(s, digits = 1, unit = '') {
  if (!s || s.median == null) return 'n/a';
  return `${s.median.toFixed(digits)}${unit} (${s.min.toFixed(digits)}–${s.max.toFixed(digits)})`;
}

export const kb = (bytes) => (bytes / 1024).toFixed(1);
