/**
 * A dead node's retries, said one way (issue 30, item 8): the progress line counts the retries over all
 * queries and the most attempts one query makes; the error that ends the run says how many attempts
 * its query made and, when other queries retried too, the same total in the same words.
 */
import { describe, expect, it } from "vitest";
import { ChainClient } from "../../src/chain/index.js";
import { progressReporter, retried } from "../../src/cli/commands/snapshot.js";

/** A refused connection as fetch reports it. */
const refused = (): Error => Object.assign(new Error("fetch failed"), { cause: { code: "ECONNREFUSED" } });

describe("retries on a dead node", () => {
  it("the failing query's error and the progress line agree: attempts per query, retries over all queries", async () => {
    const client = ChainClient.connect("http://127.0.0.1:1", { attempts: 4, backoffMs: 1 });
    try {
      // 18 queries in flight at once, as a snapshot asks them; every one is refused
      const errors = await Promise.all(Array.from({ length: 18 }, (_, i) => client.withRetry(`query ${i}`, () => Promise.reject(refused())).then(() => null, (e: Error) => e)));
      const total = client.progress.retries;
      expect(total).toBe(18 * 3);
      const last = errors.at(-1)!;
      expect(last.message).toMatch(/^cannot reach node at http:\/\/127\.0\.0\.1:1 after 4 attempts \(ECONNREFUSED; \d+ retries over all queries, each query tried at most 4 times\)/);
      // the progress line says the same in the same words
      expect(retried(client.progress)).toBe(`, ${total} retries over all queries (each query tried at most 4 times)`);
      const lines: string[] = [];
      progressReporter({ out: () => undefined, err: (t) => lines.push(t) }, false).done(client.progress);
      expect(lines).toEqual([`queries 0/0, 0 B, ${total} retries over all queries (each query tried at most 4 times) (done)`]);
    } finally {
      client.disconnect();
    }
  });

  it("a query that alone retried says only its attempts", async () => {
    const client = ChainClient.connect("http://127.0.0.1:1", { attempts: 3, backoffMs: 1 });
    try {
      const e = await client.withRetry("status", () => Promise.reject(refused())).then(() => null, (x: Error) => x);
      expect(e!.message).toBe("cannot reach node at http://127.0.0.1:1 after 3 attempts (ECONNREFUSED); is the RPC URL right and the node up?");
    } finally {
      client.disconnect();
    }
  });
});
