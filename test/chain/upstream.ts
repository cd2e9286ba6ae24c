/**
 * Facts about the upstream chain (gonka-ai/gonka at 85835b31) that the chain-client tests check our
 * code against: the wire schema of the x/inference messages and Query service (field numbers, names,
 * types; as a protobufjs JSON descriptor, no source text), the collections store prefixes and the
 * ActiveParticipants key prefix. The tests read the committed fixture, so they run on every machine.
 * The same facts for every chain version the port knows are in fixtures/wire/ (wire-versions.test.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import protobuf from "protobufjs";

export const UPSTREAM_REF = "85835b31";
export const UPSTREAM_FIXTURE = join(import.meta.dirname, "fixtures", `upstream-${UPSTREAM_REF}.json.gz`);

export interface UpstreamFacts {
  source: string;
  ref: string;
  /** protobufjs JSON descriptor of the x/inference message files the port reads (imports replaced by empty stubs). */
  messages: protobuf.INamespace;
  /** protobufjs JSON descriptor of query.proto as parsed (the Query service and its messages). */
  query: protobuf.INamespace;
  /** collections.NewPrefix(n) of types/keys.go. */
  storePrefixes: Record<string, number>;
  activeParticipantsKeyPrefix: string;
}

/** The committed fixture. */
export function upstreamFacts(): UpstreamFacts {
  return JSON.parse(gunzipSync(readFileSync(UPSTREAM_FIXTURE)).toString("utf8")) as UpstreamFacts;
}

/** The messages' protobufjs root. */
export function upstreamRoot(facts: UpstreamFacts = upstreamFacts()): protobuf.Root {
  const root = protobuf.Root.fromJSON(facts.messages);
  root.resolveAll();
  return root;
}
