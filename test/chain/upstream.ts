/**
 * Facts about the upstream chain (gonka-ai/gonka at 85835b31) that the chain-client tests check our
 * code against: the wire schema of the x/inference messages and Query service (field numbers, names,
 * types; as a protobufjs JSON descriptor, no source text), the collections store prefixes and the
 * ActiveParticipants key prefix. The tests read the committed fixture, so they run on every machine;
 * where a git mirror of the Go repository exists, one test re-derives the fixture from it and
 * requires the two to be equal (UPDATE_UPSTREAM_FIXTURE=1 rewrites the fixture from the mirror).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gunzipSync } from "node:zlib";
import protobuf from "protobufjs";

export const UPSTREAM_REF = "85835b31";
export const UPSTREAM_FIXTURE = join(import.meta.dirname, "fixtures", `upstream-${UPSTREAM_REF}.json.gz`);
/** Where a mirror may live (only the cross-check and the fixture's regeneration read it). */
export const UPSTREAM_MIRROR = process.env.GONKA_GO_MIRROR ?? "/work/.mirror/redstartechno+gonka/repo";

const UPSTREAM_FILES = ["params", "epoch_group_data", "model", "participant", "epoch", "confirmation_poc_event", "preserved_nodes_snapshot", "epoch_performance_summary", "grace_epoch_params", "activeparticipants", "excluded_participant", "random_seed", "poc_delegation", "tokenomics_data"];
const PREFIXES = ["EpochGroupDataPrefix", "EpochsPrefix", "EffectiveEpochIndexPrefix", "PunishmentGraceEpochsPrefix", "PreservedNodesSnapshotPrefix"];

export interface UpstreamFacts {
  source: string;
  ref: string;
  /** protobufjs JSON descriptor of the messages in UPSTREAM_FILES (imports replaced by empty stubs). */
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

/** The same facts derived from a git mirror of the Go repository, or undefined without one. */
export function upstreamFactsFromMirror(mirror = UPSTREAM_MIRROR): UpstreamFacts | undefined {
  if (!existsSync(mirror)) return undefined;
  const show = (p: string): string => execFileSync("git", ["-C", mirror, "show", `${UPSTREAM_REF}:${p}`], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  let dir: string;
  try {
    dir = mkdtempSync(join(tmpdir(), "gonka-upstream-"));
    for (const f of UPSTREAM_FILES) {
      const p = join(dir, "inference/inference", `${f}.proto`);
      mkdirSync(dirname(p), { recursive: true });
      writeFileSync(p, show(`inference-chain/proto/inference/inference/${f}.proto`));
    }
  } catch {
    return undefined;
  }
  for (const stub of ["amino/amino.proto", "gogoproto/gogo.proto", "cosmos_proto/cosmos.proto", "cosmos/msg/v1/msg.proto"]) {
    mkdirSync(dirname(join(dir, stub)), { recursive: true });
    writeFileSync(join(dir, stub), `syntax = "proto3";\npackage stub_${stub.replace(/\W/g, "_")};\n`);
  }
  const root = new protobuf.Root();
  root.resolvePath = (_o, t) => join(dir, t);
  root.loadSync(UPSTREAM_FILES.map((f) => `inference/inference/${f}.proto`), { keepCase: true });
  root.resolveAll();
  const query = protobuf.parse(show("inference-chain/proto/inference/inference/query.proto"), { keepCase: true }).root;
  const keysGo = show("inference-chain/x/inference/types/keys.go");
  const apGo = show("inference-chain/x/inference/types/key_activeparticipants.go");
  const storePrefixes: Record<string, number> = {};
  for (const name of PREFIXES) storePrefixes[name] = Number(new RegExp(`\\b${name}\\s*=\\s*collections\\.NewPrefix\\((\\d+)\\)`).exec(keysGo)![1]);
  return {
    source: `gonka-ai/gonka (fork redstartechno/gonka) at ${UPSTREAM_REF}: inference-chain/proto/inference/inference/*.proto, x/inference/types/keys.go, key_activeparticipants.go`,
    ref: UPSTREAM_REF,
    messages: JSON.parse(JSON.stringify(root.toJSON({ keepComments: false }))) as protobuf.INamespace,
    query: JSON.parse(JSON.stringify(query.toJSON({ keepComments: false }))) as protobuf.INamespace,
    storePrefixes,
    activeParticipantsKeyPrefix: /ActiveParticipantsKeyPrefix\s*=\s*"([^"]*)"/.exec(apGo)![1]!,
  };
}
