/**
 * Side-by-side bars of preserved weight per model: for each model one bar for A and one for B
 * (achieved weight), a tick at each proposal's target, each model on its own scale (model weights
 * differ by orders of magnitude), the numbers written beside the bars. Each model's full name is a
 * line of its own above its bars: a long name is never cut, and never runs into a bar.
 */
import type { ModelComparison } from "../compare/model.js";
import { groupDigits } from "../format/numbers.js";
import { esc, px } from "./escape.js";
import { COLOR_A, COLOR_B, GRID, INK, MUTED } from "./palette.js";

const WIDTH = 860;
/** Where the bars start (the name line above them spans the whole width). */
const LABEL_W = 24;
const BAR_W = 620;
const BAR_H = 16;
const NAME_H = 20;
const ROW_H = NAME_H + 64;
const TOP = 28;

function bar(side: "a" | "b", modelId: string, x: number, y: number, w: number, value: bigint, target: bigint): string {
  const color = side === "a" ? COLOR_A : COLOR_B;
  const label = `${side.toUpperCase()}: ${groupDigits(value)} of target ${groupDigits(target)}`;
  return `<rect class="bar bar-${side}" data-model="${esc(modelId)}" data-value="${value}" x="${px(x)}" y="${px(y)}" width="${px(Math.max(w, 1))}" height="${BAR_H}" fill="${color}" rx="2"><title>${esc(label)}</title></rect>`;
}

export function preservedWeightChart(models: ModelComparison[]): string {
  const height = TOP + models.length * ROW_H + 10;
  const parts: string[] = [];
  parts.push(`<text x="${LABEL_W}" y="16" fill="${MUTED}" font-size="12">achieved preserved weight (bar) and target (tick), each model on its own scale</text>`);
  models.forEach((m, i) => {
    const y0 = TOP + i * ROW_H;
    const max = [m.a.achievedWeight, m.b.achievedWeight, m.a.targetWeight, m.b.targetWeight].reduce((x, y) => (y > x ? y : x), 1n);
    const scale = (v: bigint): number => (Number(v) / Number(max)) * BAR_W;
    parts.push(`<text class="model-name" x="0" y="${px(y0 + 14)}" fill="${INK}" font-size="13">${esc(m.modelId)}</text>`);
    parts.push(`<line x1="${LABEL_W}" x2="${LABEL_W + BAR_W}" y1="${px(y0 + NAME_H + 2 * BAR_H + 10)}" y2="${px(y0 + NAME_H + 2 * BAR_H + 10)}" stroke="${GRID}"/>`);
    (["a", "b"] as const).forEach((side, k) => {
      const s = m[side];
      const y = y0 + NAME_H + 4 + k * (BAR_H + 4);
      parts.push(bar(side, m.modelId, LABEL_W, y, scale(s.achievedWeight), s.achievedWeight, s.targetWeight));
      const tx = LABEL_W + scale(s.targetWeight);
      parts.push(`<line class="target target-${side}" x1="${px(tx)}" x2="${px(tx)}" y1="${px(y - 2)}" y2="${px(y + BAR_H + 2)}" stroke="${INK}" stroke-width="2"/>`);
      parts.push(`<text x="${px(LABEL_W + BAR_W + 8)}" y="${px(y + 12)}" fill="${INK}" font-size="12">${side.toUpperCase()} ${esc(groupDigits(s.achievedWeight))} / ${esc(groupDigits(s.targetWeight))}</text>`);
    });
  });
  return `<svg id="chart-preserved-weight" class="chart" viewBox="0 0 ${WIDTH} ${height}" width="${WIDTH}" height="${height}" role="img" aria-label="Preserved weight per model under A and B" xmlns="http://www.w3.org/2000/svg" font-family="system-ui, sans-serif">${parts.join("")}</svg>`;
}
