/**
 * Coins for people: GNK beside the chain's ngonka (1 GNK = 10^9 ngonka, types.BaseCoin is ngonka).
 * Exact: the fraction is the last nine digits of the bigint, never a float; JSON keeps ngonka.
 */
import { groupDigits } from "./numbers.js";

/** ngonka in one GNK. */
export const NGONKA_PER_GNK = 1_000_000_000n;

/**
 * ngonka → GNK digits, exactly, the one form of every amount in GNK (prose, tables, every command):
 * every ngonka digit, nine fraction places, so that one amount reads the same everywhere and a column
 * aligns: 287242648359423n → "287,242.648359423"; 190086354894340n → "190,086.354894340"; 1896n →
 * "0.000001896"; 5n * NGONKA_PER_GNK → "5.000000000". A negative keeps its sign (`minus`, default "-").
 */
export function gnkDigits(ngonka: bigint, options: { minus?: string } = {}): string {
  const neg = ngonka < 0n;
  const v = neg ? -ngonka : ngonka;
  const whole = groupDigits(v / NGONKA_PER_GNK);
  const frac = (v % NGONKA_PER_GNK).toString().padStart(9, "0");
  return `${neg ? (options.minus ?? "-") : ""}${whole}.${frac}`;
}

/** A table cell in GNK: every ngonka digit (9 places, so a column aligns), 0 as "0", a negative with `minus`. */
export function gnkCell(ngonka: bigint, minus = "−"): string {
  return ngonka === 0n ? "0" : gnkDigits(ngonka, { minus });
}

/** GNK rounded half away from zero to `places` (0–9) decimals, for chart labels: 6324845418454n, 3 → "6,324.845". */
export function gnkRounded(ngonka: bigint, places: number, minus = "-"): string {
  const unit = 10n ** BigInt(9 - places);
  const neg = ngonka < 0n;
  const v = ((neg ? -ngonka : ngonka) + unit / 2n) / unit;
  const scale = 10n ** BigInt(places);
  const frac = places === 0 ? "" : `.${(v % scale).toString().padStart(places, "0")}`;
  return `${neg && v !== 0n ? minus : ""}${groupDigits(v / scale)}${frac}`;
}

/** "287,242.648359423 GNK (287,242,648,359,423 ngonka)": both units, for a line of prose ("0 GNK" for none). */
export function coinsText(ngonka: bigint, minus = "-"): string {
  if (ngonka === 0n) return "0 GNK";
  const neg = ngonka < 0n;
  const ng = groupDigits(neg ? -ngonka : ngonka);
  return `${gnkDigits(ngonka, { minus })} GNK (${neg ? minus : ""}${ng} ngonka)`;
}

/** A signed delta in both units: "+1.5 GNK (+1,500,000,000 ngonka)", "−…", "0 GNK". */
export function signedCoinsText(ngonka: bigint): string {
  if (ngonka === 0n) return "0 GNK";
  return ngonka > 0n ? `+${coinsText(ngonka)}` : coinsText(ngonka, "−");
}
