/**
 * The distribution of preserved node sizes under A and B: node counts per power-of-two weight bin
 * ([2^k, 2^(k+1))), over every model, two bars per bin. Bins come from bit lengths (exact integers).
 */
import type { ModelComparison } from "../compare/model.js";
import { groupDigits } from "../format/numbers.js";
import { esc, px } from "./escape.js";
import { COLOR_A, COLOR_B, GRID, INK, MUTED } from "./palette.js";

export interface SizeBin {
  /** Lower bound (inclusive) and upper bound (exclusive) of the bin's weights. */
  from: bigint;
  to: bigint;
  a: number;
  b: number;
}

/** k with 2^k ≤ w < 2^(k+1) (w ≥ 1); 0 goes to bin −1. */
function binOf(w: bigint): number {
  return w <= 0n ? -1 : w.toString(2).length - 1;
}

/** Node counts per power-of-two bin, from the smallest to the largest occupied bin. */
export function sizeBins(models: ModelComparison[]): SizeBin[] {
  const count = (side: "a" | "b"): Map<number, number> => {
    const m = new Map<number, number>();
    for (const x of models) for (const w of x[side].nodeWeights) m.set(binOf(w), (m.get(binOf(w)) ?? 0) + 1);
    return m;
  };
  const ca = count("a");
  const cb = count("b");
  const keys = [...ca.keys(), ...cb.keys()];
  if (keys.length === 0) return [];
  const lo = Math.min(...keys);
  const hi = Math.max(...keys);
  const out: SizeBin[] = [];
  for (let k = lo; k <= hi; k++) {
    out.push({ from: k < 0 ? 0n : 1n << BigInt(k), to: k < 0 ? 1n : 1n << BigInt(k + 1), a: ca.get(k) ?? 0, b: cb.get(k) ?? 0 });
  }
  return out;
}

const WIDTH = 860;
const HEIGHT = 300;
const LEFT = 50;
const RIGHT = 20;
const TOP = 30;
const BOTTOM = 60;

/** A round grid step (1, 2, 5 × 10^k) giving at most about 5 lines up to `max`. */
function niceStep(max: number): number {
  let mag = 1;
  while (mag * 10 <= max / 5) mag *= 10;
  for (const m of [1, 2, 5, 10]) if (m * mag * 5 >= max) return m * mag;
  return 10 * mag;
}

function compact(x: bigint): string {
  if (x >= 1_000_000n && x % 1_000_000n === 0n) return `${x / 1_000_000n}M`;
  if (x >= 1000n && x % 1000n === 0n) return `${x / 1000n}k`;
  if (x >= 1024n) return `${groupDigits(x)}`;
  return x.toString();
}

export function nodeSizeChart(models: ModelComparison[]): string {
  const bins = sizeBins(models);
  const plotW = WIDTH - LEFT - RIGHT;
  const plotH = HEIGHT - TOP - BOTTOM;
  const parts: string[] = [];
  if (bins.length === 0) {
    parts.push(`<text x="${LEFT}" y="${TOP + 20}" fill="${MUTED}" font-size="13">No preserved nodes under either proposal.</text>`);
  } else {
    const top = Math.max(1, ...bins.map((b) => Math.max(b.a, b.b)));
    const step = niceStep(top);
    const max = Math.ceil(top / step) * step;
    const slot = plotW / bins.length;
    const bw = Math.min(28, (slot - 8) / 2);
    // y grid: 4 lines
    for (let v = 0; v <= max; v += step) {
      const y = TOP + plotH - (v / max) * plotH;
      parts.push(`<line x1="${LEFT}" x2="${LEFT + plotW}" y1="${px(y)}" y2="${px(y)}" stroke="${GRID}"/>`);
      parts.push(`<text x="${LEFT - 6}" y="${px(y + 4)}" text-anchor="end" fill="${MUTED}" font-size="11">${v}</text>`);
    }
    bins.forEach((b, i) => {
      const cx = LEFT + slot * i + slot / 2;
      (["a", "b"] as const).forEach((side, k) => {
        const n = b[side];
        const h = (n / max) * plotH;
        const x = cx - bw + k * bw;
        const label = `${side.toUpperCase()}: ${n} node${n === 1 ? "" : "s"} of weight ${groupDigits(b.from)}–${groupDigits(b.to - 1n)}`;
        if (n > 0) parts.push(`<text x="${px(x + (bw - 1) / 2)}" y="${px(TOP + plotH - h - 3)}" text-anchor="middle" fill="${MUTED}" font-size="10">${n}</text>`);
        parts.push(`<rect class="bar bar-${side}" data-bin="${b.from}" data-count="${n}" x="${px(x)}" y="${px(TOP + plotH - h)}" width="${px(bw - 1)}" height="${px(h)}" fill="${side === "a" ? COLOR_A : COLOR_B}"><title>${esc(label)}</title></rect>`);
      });
      parts.push(`<text x="${px(cx)}" y="${TOP + plotH + 16}" text-anchor="middle" fill="${INK}" font-size="11">${esc(compact(b.from))}</text>`);
    });
    parts.push(`<text x="${LEFT + plotW / 2}" y="${HEIGHT - 14}" text-anchor="middle" fill="${MUTED}" font-size="12">node weight (bin lower bound; each bin doubles)</text>`);
    parts.push(`<text x="14" y="${TOP + plotH / 2}" text-anchor="middle" fill="${MUTED}" font-size="12" transform="rotate(-90 14 ${TOP + plotH / 2})">preserved nodes</text>`);
  }
  return `<svg id="chart-node-sizes" class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="Distribution of preserved node sizes under A and B" xmlns="http://www.w3.org/2000/svg" font-family="system-ui, sans-serif">${parts.join("")}</svg>`;
}
