import { readFileSync } from "node:fs";
import { main } from "../../src/cli/main.js";
import { parseJson, type Json } from "../../src/go/json.js";

export const example = parseJson(readFileSync("examples/mainnet-like.snapshot.json", "utf8")) as { [k: string]: Json };
export const examplePreserved = example.preserved!;

export async function run(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(argv, { out: (t) => (out += t.endsWith("\n") ? t : `${t}\n`), err: (t) => (err += t.endsWith("\n") ? t : `${t}\n`) });
  return { code, out, err };
}
