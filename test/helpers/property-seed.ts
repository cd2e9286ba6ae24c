/**
 * One seed for every fast-check property, so that a test run is a fact about the code and not about
 * the draw: CI passes or fails the same way on every machine. FC_SEED=<int> replays a seed that a
 * failure printed; FC_SEED=random draws a new one per property (npm run test:random does that for
 * the property files, to look further than the fixed seed reaches).
 */
import fc from "fast-check";

const FIXED_SEED = 20261202;

function seedFromEnv(v: string | undefined): number | undefined {
  if (v === undefined || v === "") return FIXED_SEED;
  if (v === "random") return undefined;
  if (!/^-?\d{1,10}$/.test(v) || !Number.isSafeInteger(Number(v)) || Math.abs(Number(v)) > 2 ** 31) {
    throw new Error(`FC_SEED: expected an integer seed or "random", got ${JSON.stringify(v)}`);
  }
  return Number(v);
}

const seed = seedFromEnv(process.env.FC_SEED);
fc.configureGlobal({ ...fc.readConfigureGlobal(), seed });
