/**
 * The restitution as a CSV file (docs/restitution.md lists the columns): one row per affected address of
 * each counterfactual, coins as exact ngonka integers, the difference also in GNK (every ngonka digit,
 * no thousands separator), the cause, the parameters of each side, and what the row rests on.
 */
import { Decimal } from "../go/decimal.js";
import { csvText } from "../format/csv.js";
import { gnkDigits } from "../format/coins.js";
import type { RowAssumption } from "./restitution-assumptions.js";
import type { Counterfactual, Restitution, RestitutionRow } from "./restitution.js";

/** The columns, in order: what each holds is in docs/restitution.md. */
export const RESTITUTION_CSV_COLUMNS = [
  "epoch",
  "counterfactual",
  "address",
  "restituted",
  "reason",
  "exclusion_height",
  "paid_status",
  "paid_reward_weight",
  "paid_reward_ngonka",
  "paid_work_ngonka",
  "paid_ngonka",
  "would_status",
  "would_reward_weight",
  "would_reward_ngonka",
  "would_work_ngonka",
  "would_ngonka",
  "difference_ngonka",
  "difference_gnk",
  "rules",
  "fixed_epoch_reward_ngonka",
  "total_weight",
  "paid_power_cap",
  "would_power_cap",
  "paid_p0",
  "would_p0",
  "still_zero_by",
  "not_computable",
] as const;

/** The counterfactual's name in the file: the one address restituted alone, or "together". */
export function counterfactualName(r: Restitution, cf: Counterfactual): string {
  return r.mode === "together" ? "together" : cf.restituted[0]!;
}

function row(r: Restitution, cf: Counterfactual, x: RestitutionRow, marks: readonly RowAssumption[]): string[] {
  const cap = (c: bigint | null): string => (c === null ? "" : c.toString());
  const ex = x.restituted ? x.exclusion : null;
  return [
    r.epoch.toString(),
    counterfactualName(r, cf),
    x.address,
    x.restituted ? "yes" : "no",
    ex?.reason ?? "",
    ex === null ? "" : ex.exclusionBlockHeight.toString(),
    x.paid.status,
    x.paid.rewardWeight.toString(),
    x.paid.rewardCoins.toString(),
    x.paid.workCoins.toString(),
    (x.paid.rewardCoins + x.paid.workCoins).toString(),
    x.would.status,
    x.would.rewardWeight.toString(),
    x.would.rewardCoins.toString(),
    x.would.workCoins.toString(),
    (x.would.rewardCoins + x.would.workCoins).toString(),
    x.difference.toString(),
    gnkDigits(x.difference, { group: false }),
    r.version,
    cf.would.fixedEpochReward.toString(),
    cf.would.totalFullWeight.toString(),
    cap(cf.paid.powerCap),
    cap(cf.would.powerCap),
    Decimal.fromChain(cf.paid.p0).toString(),
    Decimal.fromChain(cf.would.p0).toString(),
    x.stillZeroBy.join(" "),
    marks.map((m) => `${m.lack}: in this row it could change ${m.changes}`).join("; "),
  ];
}

/** The CSV text: the header and every row of every counterfactual; `marks(cf, i)` is what row i of cf rests on. */
export function restitutionCsv(r: Restitution, marks: (cf: Counterfactual, i: number) => readonly RowAssumption[]): string {
  return csvText(
    RESTITUTION_CSV_COLUMNS,
    r.counterfactuals.flatMap((cf) => cf.rows.map((x, i) => row(r, cf, x, marks(cf, i)))),
  );
}
