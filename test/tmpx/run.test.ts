import { it } from "vitest";
import { runCli } from "../helpers/cli.js";
it("run", async () => {
  const r = await runCli((process.env.ARGS ?? "").split(" "));
  console.log(r.code, r.out, "\nERR:", r.err);
});
