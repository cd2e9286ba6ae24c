/**
 * Generate src/chain/gen/proto.ts (typed decoders and encoders) from proto/gonka/*.proto.
 *
 * protobufjs's own CLI (pbjs/pbts) is not a dependency, so this script loads the .proto files with the
 * protobufjs runtime (`Root.loadSync`, keepCase) and emits TypeScript itself: one interface, one
 * `decodeX(reader, length)` and one `encodeX(message, writer)` per message, plus a `X` codec object
 * (`X.decode(bytes)`, `X.encode(message)`). 64-bit integers are bigint, Decimal stays {value, exponent},
 * and decode errors name the message and the field path (see src/chain/wire.ts).
 *
 * Run:  npx tsc scripts/gen-proto.ts --outDir tmp/gen --module nodenext --moduleResolution nodenext \
 *         --target es2022 --types node --skipLibCheck && node tmp/gen/gen-proto.js
 * The output is deterministic; test/chain/proto-gen.test.ts checks that the committed file equals it.
 */
import protobuf from "protobufjs";
import { readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";

const LONG = new Set(["int64", "uint64", "sint64", "fixed64", "sfixed64"]);
const INT32 = new Set(["int32", "uint32", "sint32", "fixed32", "sfixed32"]);
const WIRE: Record<string, number> = {
  int32: 0, uint32: 0, sint32: 0, int64: 0, uint64: 0, sint64: 0, bool: 0, enum: 0,
  fixed64: 1, sfixed64: 1, double: 1, fixed32: 5, sfixed32: 5, float: 5, string: 2, bytes: 2, message: 2,
};

function camel(s: string): string {
  return s.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

interface FieldInfo {
  name: string; // proto name
  ts: string; // TS property
  id: number;
  kind: "scalar" | "enum" | "message";
  type: string; // scalar type name or message/enum name
  repeated: boolean;
  /** the other members of its oneof (decoding one clears them: the last member on the wire wins, as in Go) */
  oneofSiblings: string[];
}

function fieldsOf(t: protobuf.Type): FieldInfo[] {
  return t.fieldsArray
    .slice()
    .sort((a, b) => a.id - b.id)
    .map((f) => {
      f.resolve();
      const kind = f.resolvedType instanceof protobuf.Type ? "message" : f.resolvedType instanceof protobuf.Enum ? "enum" : "scalar";
      const oneofSiblings = (f.partOf?.fieldsArray ?? []).filter((o) => o !== f).map((o) => camel(o.name));
      return { name: f.name, ts: camel(f.name), id: f.id, kind, type: kind === "scalar" ? f.type : f.resolvedType!.name, repeated: f.repeated, oneofSiblings };
    });
}

function tsType(f: FieldInfo): string {
  let base: string;
  if (f.kind === "message") base = f.type;
  else if (f.kind === "enum") base = "number";
  else if (LONG.has(f.type)) base = "bigint";
  else if (INT32.has(f.type) || f.type === "double" || f.type === "float") base = "number";
  else if (f.type === "bool") base = "boolean";
  else if (f.type === "string") base = "string";
  else if (f.type === "bytes") base = "Uint8Array";
  else throw new Error(`unsupported type ${f.type}`);
  if (f.repeated) return `${base}[]`;
  return f.kind === "message" ? `${base} | undefined` : base;
}

function defaultOf(f: FieldInfo): string {
  if (f.repeated) return "[]";
  if (f.kind === "message") return "undefined";
  if (f.kind === "enum") return "0";
  if (LONG.has(f.type)) return "0n";
  if (f.type === "bool") return "false";
  if (f.type === "string") return '""';
  if (f.type === "bytes") return "new Uint8Array(0)";
  return "0";
}

function readExpr(f: FieldInfo): string {
  if (f.kind === "message") return `decode${f.type}(r, readLength(r))`;
  if (f.kind === "enum") return "r.int32()";
  switch (f.type) {
    case "int64": return "readInt64(r)";
    case "uint64": return "readUint64(r)";
    case "int32": return "r.int32()";
    case "uint32": return "r.uint32()";
    case "sint32": return "r.sint32()";
    case "bool": return "r.bool()";
    case "string": return "r.string()";
    case "bytes": return "r.bytes()";
    default: throw new Error(`unsupported type ${f.type}`);
  }
}

function wireOf(f: FieldInfo): number {
  return f.kind === "message" ? 2 : f.kind === "enum" ? 0 : WIRE[f.type]!;
}

function writeStmt(f: FieldInfo, v: string, ind: string): string[] {
  const tag = (wt: number) => (f.id << 3) | wt;
  if (f.kind === "message") return [`${ind}encode${f.type}(${v}, w.uint32(${tag(2)}).fork()).ldelim();`];
  if (f.kind === "enum") return [`${ind}w.uint32(${tag(0)}).int32(${v});`];
  if (LONG.has(f.type)) return [`${ind}w.uint32(${tag(0)}); writeVarint64(w, ${v});`];
  return [`${ind}w.uint32(${tag(WIRE[f.type]!)}).${f.type}(${v});`];
}

function isPackable(f: FieldInfo): boolean {
  return f.repeated && f.kind !== "message" && f.type !== "string" && f.type !== "bytes";
}

function emitType(t: protobuf.Type): string {
  const fs = fieldsOf(t);
  const n = t.name;
  const out: string[] = [];
  out.push(`export interface ${n} {`);
  for (const f of fs) out.push(`  /** ${f.name} = ${f.id} (${f.repeated ? "repeated " : ""}${f.type}) */`, `  ${f.ts}: ${tsType(f)};`);
  out.push("}", "");
  out.push(`export function decode${n}(r: Reader, length: number): ${n} {`);
  out.push(`  const end = r.pos + length;`);
  out.push(`  const m: ${n} = { ${fs.map((f) => `${f.ts}: ${defaultOf(f)}`).join(", ")} };`);
  out.push(`  while (r.pos < end) {`);
  out.push(`    const tag = r.uint32();`);
  out.push(`    const wt = tag & 7;`);
  out.push(`    switch (tag >>> 3) {`);
  for (const f of fs) {
    const label = f.repeated ? `\`${f.name}[\${m.${f.ts}.length}]\`` : JSON.stringify(f.name);
    out.push(`      case ${f.id}:`);
    out.push(`        try {`);
    if (isPackable(f)) {
      out.push(`          if (wt === 2) {`);
      out.push(`            const n = readLength(r);`);
      out.push(`            const e = r.pos + n;`);
      out.push(`            while (r.pos < e) m.${f.ts}.push(${readExpr(f)});`);
      out.push(`          } else {`);
      out.push(`            expectWire(wt, ${wireOf(f)});`);
      out.push(`            m.${f.ts}.push(${readExpr(f)});`);
      out.push(`          }`);
    } else {
      out.push(`          expectWire(wt, ${wireOf(f)});`);
      out.push(f.repeated ? `          m.${f.ts}.push(${readExpr(f)});` : `          m.${f.ts} = ${readExpr(f)};`);
      for (const o of f.oneofSiblings) out.push(`          m.${o} = undefined;`);
    }
    out.push(`        } catch (e) {`);
    out.push(`          throw fieldError(e, ${JSON.stringify(n)}, ${label});`);
    out.push(`        }`);
    out.push(`        break;`);
  }
  out.push(`      default:`);
  out.push(`        try {`);
  out.push(`          r.skipType(wt);`);
  out.push(`        } catch (e) {`);
  out.push(`          throw fieldError(e, ${JSON.stringify(n)}, \`(unknown field \${tag >>> 3})\`);`);
  out.push(`        }`);
  out.push(`    }`);
  out.push(`  }`);
  out.push(`  if (r.pos !== end) throw new DecodeError(${JSON.stringify(n)}, [], "message runs past its length");`);
  out.push(`  return m;`);
  out.push(`}`, "");
  out.push(`export function encode${n}(m: Partial<${n}>, w: Writer = Writer.create()): Writer {`);
  for (const f of fs) {
    const v = `m.${f.ts}`;
    if (f.repeated) {
      if (isPackable(f)) {
        out.push(`  if (${v} !== undefined && ${v}.length > 0) {`);
        out.push(`    w.uint32(${(f.id << 3) | 2}).fork();`);
        const inner = LONG.has(f.type) ? `writeVarint64(w, x)` : f.kind === "enum" ? `w.int32(x)` : `w.${f.type}(x)`;
        out.push(`    for (const x of ${v}) ${inner};`);
        out.push(`    w.ldelim();`);
        out.push(`  }`);
      } else {
        out.push(`  if (${v} !== undefined) for (const x of ${v}) {`);
        out.push(...writeStmt(f, "x", "    "));
        out.push(`  }`);
      }
      continue;
    }
    let cond: string;
    if (f.kind === "message") cond = `${v} !== undefined`;
    else if (LONG.has(f.type)) cond = `${v} !== undefined && ${v} !== 0n`;
    else if (f.type === "bool") cond = `${v} === true`;
    else if (f.type === "string") cond = `${v} !== undefined && ${v} !== ""`;
    else if (f.type === "bytes") cond = `${v} !== undefined && ${v}.length > 0`;
    else cond = `${v} !== undefined && ${v} !== 0`;
    out.push(`  if (${cond}) {`);
    out.push(...writeStmt(f, `${v}`, "    "));
    out.push(`  }`);
  }
  out.push(`  return w;`);
  out.push(`}`, "");
  out.push(`export const ${n} = {`);
  out.push(`  name: ${JSON.stringify(n)},`);
  out.push(`  decode(bytes: Uint8Array): ${n} {`);
  out.push(`    try {`);
  out.push(`      return decode${n}(Reader.create(bytes), bytes.length);`);
  out.push(`    } catch (e) {`);
  out.push(`      if (e instanceof DecodeError) throw e;`);
  out.push(`      throw new DecodeError(${JSON.stringify(n)}, [], e instanceof Error ? e.message : String(e));`);
  out.push(`    }`);
  out.push(`  },`);
  out.push(`  encode(m: Partial<${n}>): Uint8Array {`);
  out.push(`    return encode${n}(m).finish();`);
  out.push(`  },`);
  out.push(`};`, "");
  return out.join("\n");
}

function emitEnum(e: protobuf.Enum): string {
  const out = [`export const ${e.name} = {`];
  for (const [k, v] of Object.entries(e.values).sort((a, b) => a[1] - b[1])) out.push(`  ${k}: ${v},`);
  out.push("} as const;", "");
  return out.join("\n");
}

export function loadProtoRoot(protoDir: string): protobuf.Root {
  const root = new protobuf.Root();
  root.resolvePath = (_origin, target) => (target.startsWith("/") ? target : join(protoDir, target));
  const files = readdirSync(join(protoDir, "gonka")).filter((f) => f.endsWith(".proto")).sort();
  root.loadSync(files.map((f) => `gonka/${f}`), { keepCase: true });
  root.resolveAll();
  return root;
}

export function generate(protoDir: string): string {
  const root = loadProtoRoot(protoDir);
  const ns = root.lookup("gonkaspec") as protobuf.Namespace;
  const parts: string[] = [
    "// GENERATED by scripts/gen-proto.ts from proto/gonka/*.proto. Do not edit; re-run the script.",
    "/* eslint-disable */",
    'import { DecodeError, Reader, Writer, expectWire, fieldError, readInt64, readLength, readUint64, writeVarint64 } from "../wire.js";',
    "",
  ];
  for (const nested of ns.nestedArray) {
    if (nested instanceof protobuf.Enum) parts.push(emitEnum(nested));
  }
  for (const nested of ns.nestedArray) {
    if (nested instanceof protobuf.Type) parts.push(emitType(nested));
  }
  return parts.join("\n");
}

const isMain = process.argv[1] !== undefined && /gen-proto\.(js|ts)$/.test(process.argv[1]);
if (isMain) {
  const repo = resolve(process.cwd());
  const text = generate(join(repo, "proto"));
  writeFileSync(join(repo, "src/chain/gen/proto.ts"), text);
  process.stdout.write(`wrote src/chain/gen/proto.ts (${text.length} bytes)\n`);
}
