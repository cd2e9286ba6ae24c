import { readFileSync } from "node:fs";
import { afterEach } from "vitest";
import { FixtureServer, type FixtureServerOptions } from "../../src/testing/fixture-server.js";
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

/** A starter of loopback fixture nodes for one test file; every node it started stops after each test. */
export function fixtureNodes(): (o: FixtureServerOptions) => Promise<FixtureServer> {
  let servers: FixtureServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    servers = [];
  });
  return async (o) => {
    const s = new FixtureServer(o);
    await s.start();
    servers.push(s);
    return s;
  };
}
