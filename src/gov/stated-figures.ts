/**
 * What a proposal's title and summary say in numbers (a total in GNK or ngonka, a count of addresses,
 * the epochs it is about), so that they can be set beside what its messages actually do. Display
 * support only: nothing here decides an outcome.
 */
import { gnkDigits } from "../format/coins.js";
import { Decimal } from "../go/decimal.js";

/** 1 GNK = 10^9 ngonka. */
export const NGONKA_PER_GNK = 1_000_000_000n;

/** ngonka as GNK, exact, digits grouped: 946509925001558n → "946,509.925001558". */
export function gnkText(ngonka: bigint): string {
  return gnkDigits(ngonka); // the one GNK form (src/format/coins.ts)
}

export interface StatedAmount {
  /** The words as written ("946,509.93 GNK"). */
  text: string;
  /** In ngonka; for GNK with decimals, the stated value × 10^9 (exact). */
  ngonka: bigint;
  /** Decimal places written (GNK) or 0; a computed total agrees when it rounds to the stated value. */
  places: number;
  unit: "GNK" | "ngonka";
}

export interface StatedCount {
  text: string;
  count: bigint;
  /** The noun as written ("addresses"). */
  noun: string;
}

const AMOUNT = /(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?\s*(GNK|ngonka)\b/gi;
const COUNT = /(\d{1,3}(?:,\d{3})+|\d+)\s+(addresses|recipients|participants|operators|wallets|accounts|hosts|outputs)\b/gi;
const EPOCHS = /\bepochs?\s+(\d{1,9})(?:\s*(?:-|–|—|\.\.|to|through)\s*(\d{1,9}))?/i;

/** Every amount written with a unit in `text`. */
export function statedAmounts(text: string): StatedAmount[] {
  const out: StatedAmount[] = [];
  for (const m of text.matchAll(AMOUNT)) {
    const whole = m[1]!.replace(/,/g, "");
    const frac = m[2] ?? "";
    const unit = m[3]!.toUpperCase() === "GNK" ? "GNK" : "ngonka";
    if (unit === "ngonka" && frac !== "") continue; // ngonka is the smallest unit: a fraction of it is no amount
    if (frac.length > 9) continue;
    // (ngonka has no fraction here: its places are 0)
    const ngonka = unit === "GNK" ? BigInt(whole) * NGONKA_PER_GNK + BigInt(frac.padEnd(9, "0")) : BigInt(whole);
    out.push({ text: m[0], ngonka, places: frac.length, unit });
  }
  return out;
}

/** Every "N addresses"-like count in `text`. */
export function statedCounts(text: string): StatedCount[] {
  return [...text.matchAll(COUNT)].map((m) => ({ text: m[0], count: BigInt(m[1]!.replace(/,/g, "")), noun: m[2]!.toLowerCase() }));
}

/** The epochs a text names ("epochs 265-276", "epoch 250"), at most 10,000 of them; null when none. */
export function statedEpochs(text: string): { from: bigint; to: bigint; text: string } | null {
  const m = EPOCHS.exec(text);
  if (m === null) return null;
  const from = BigInt(m[1]!);
  const to = m[2] === undefined ? from : BigInt(m[2]);
  if (to < from || to - from >= 10_000n) return null;
  return { from, to, text: m[0] };
}

/**
 * Whether a computed amount agrees with a stated one: equal in ngonka, or (GNK written with `places`
 * decimals) equal once rounded half up to those places.
 */
export function agreesWithStated(computed: bigint, stated: StatedAmount): boolean {
  // (9 places, the ngonka, round to themselves)
  if (stated.unit === "ngonka") return computed === stated.ngonka;
  const rounded = Decimal.new(computed, -9).round(stated.places);
  return rounded.equal(Decimal.new(stated.ngonka, -9));
}
