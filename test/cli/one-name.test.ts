// Small things a new user tripped on: the demo names the incident host once, the tally scenario's columns say what they are.
import { describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../helpers/cli.js";

const ROOT = join(import.meta.dirname, "..", "..");

describe("wording", () => {
  it("the demo's epoch-433 replay and its settlement name the incident host by one address", () => {
    const scenario = readFileSync(join(ROOT, "examples", "scenarios", "epoch-433.json"), "utf8");
    const epoch = readFileSync(join(ROOT, "examples", "epoch-433.epoch.json"), "utf8");
    const demo = readFileSync(join(ROOT, "src", "cli", "commands", "demo.ts"), "utf8");
    const host = "gonka1v8n6p0tgz4mw7j2q5h3c9s0lx6dk8r2fc2uv8x";
    expect(scenario).toContain(`"address": "${host}"`);
    expect(epoch).toContain(host);
    expect(demo).toContain(`"--address", "${host}"`);
    expect(scenario + epoch + demo).not.toMatch(/incidenthost/);
  });

  it("the tally scenario's columns name rules, not commits, and say which one is hypothetical", async () => {
    const r = await runCli(["tally", "--scenario", "context-length", "--slots", "16"]);
    expect(r.out).toMatch(/^ {2}k {2}today's rule {10}proposal #2078 {8}if the others re-executed it$/m);
    expect(r.out).not.toContain("today (85835b31)");
    expect(r.out).toContain("The last column is no rule of any version");
  });
});
