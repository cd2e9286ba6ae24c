/**
 * The miss-test boundary curves: allowed misses against total requests for each settlement p0 of A
 * and B, the on-chain rule as a solid line and the exact binomial test dashed. The area under a curve
 * passes; above it the reward is zeroed.
 */
import type { MissCurve } from "../compare/model.js";
import { esc, px } from "./escape.js";
import { colorOf, GRID, INK, MUTED } from "./palette.js";

const WIDTH = 860;
const HEIGHT = 380;
const LEFT = 56;
const RIGHT = 200;
const TOP = 20;
const BOTTOM = 46;

/** A round axis step giving about `ticks` ticks up to `max`. */
function niceStep(max: number, ticks: number): number {
  const raw = Math.max(1, max / ticks);
  const mag = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * mag >= raw) return m * mag;
  return 10 * mag;
}

export function missCurveChart(curves: MissCurve[]): string {
  const plotW = WIDTH - LEFT - RIGHT;
  const plotH = HEIGHT - TOP - BOTTOM;
  const xs = curves.flatMap((c) => c.points.map((p) => Number(p.total)));
  const ys = curves.flatMap((c) => c.points.map((p) => Number(p.allowed)));
  const xMax = Math.max(1, ...xs);
  const yMax = Math.max(1, ...ys);
  const xStep = niceStep(xMax, 8);
  const yStep = niceStep(yMax, 6);
  const yTop = Math.ceil(yMax / yStep) * yStep;
  const X = (v: number): number => LEFT + (v / xMax) * plotW;
  const Y = (v: number): number => TOP + plotH - (Math.max(v, 0) / yTop) * plotH;
  const parts: string[] = [];
  for (let v = 0; v <= yTop; v += yStep) {
    parts.push(`<line x1="${LEFT}" x2="${LEFT + plotW}" y1="${px(Y(v))}" y2="${px(Y(v))}" stroke="${GRID}"/>`);
    parts.push(`<text x="${LEFT - 6}" y="${px(Y(v) + 4)}" text-anchor="end" fill="${MUTED}" font-size="11">${v}</text>`);
  }
  for (let v = 0; v <= xMax; v += xStep) {
    parts.push(`<line x1="${px(X(v))}" x2="${px(X(v))}" y1="${TOP}" y2="${TOP + plotH}" stroke="${GRID}"/>`);
    parts.push(`<text x="${px(X(v))}" y="${TOP + plotH + 16}" text-anchor="middle" fill="${MUTED}" font-size="11">${v}</text>`);
  }
  if (xMax >= 990) {
    parts.push(`<line x1="${px(X(990))}" x2="${px(X(990))}" y1="${TOP}" y2="${TOP + plotH}" stroke="${MUTED}" stroke-dasharray="2 3"/>`);
    parts.push(`<text x="${px(X(990) + 4)}" y="${TOP + 12}" fill="${MUTED}" font-size="11">tables end at 990</text>`);
  }
  curves.forEach((c, i) => {
    const d = c.points.map((p, k) => `${k === 0 ? "M" : "L"}${px(X(Number(p.total)))} ${px(Y(Number(p.allowed)))}`).join(" ");
    const color = colorOf(c.label);
    const dash = c.rule === "exact" ? ` stroke-dasharray="6 4"` : "";
    parts.push(`<path class="curve curve-${c.rule}" data-label="${esc(c.label)}" data-p0="${esc(c.p0)}" d="${d}" fill="none" stroke="${color}" stroke-width="2"${dash}><title>${esc(`${c.label}: ${c.rule} rule, p0 = ${c.p0}`)}</title></path>`);
    const ly = TOP + 10 + i * 22;
    const lx = LEFT + plotW + 16;
    parts.push(`<line x1="${lx}" x2="${lx + 26}" y1="${ly}" y2="${ly}" stroke="${color}" stroke-width="2"${dash}/>`);
    parts.push(`<text class="legend" x="${lx + 32}" y="${ly + 4}" fill="${INK}" font-size="12">${esc(`${c.label}: ${c.rule}, p0 ${c.p0}`)}</text>`);
  });
  parts.push(`<text x="${LEFT + plotW / 2}" y="${HEIGHT - 8}" text-anchor="middle" fill="${MUTED}" font-size="12">total requests in the epoch (served + missed)</text>`);
  parts.push(`<text x="14" y="${TOP + plotH / 2}" text-anchor="middle" fill="${MUTED}" font-size="12" transform="rotate(-90 14 ${TOP + plotH / 2})">allowed misses (every count up to it passes)</text>`);
  return `<svg id="chart-miss-curves" class="chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" width="${WIDTH}" height="${HEIGHT}" role="img" aria-label="Miss-test boundary curves" xmlns="http://www.w3.org/2000/svg" font-family="system-ui, sans-serif">${parts.join("")}</svg>`;
}
