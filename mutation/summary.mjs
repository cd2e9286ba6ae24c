// Mutation score per family from Stryker's JSON reports (reports/mutation/*.mutation.json, the newest
// report of each file wins), leaving out
// the survivors judged equivalent in mutation/equivalent/FAMILY.json (one file per family, so branches
// judging different families never touch one file). `npm run mutate` prints it after a run;
// `node mutation/summary.mjs` prints it again. Survivors not yet judged are listed one per line.
import { readdirSync, readFileSync, statSync } from "node:fs";
// Stryker's own parser (its instrumenter's dependency): where a file's function bodies are
import { parse } from "@babel/parser";
import { FAMILIES, familyOf, matches } from "./families.mjs";

const DIR = "reports/mutation";
// each report is named after its family set ("settlement+rest.mutation.json", "settlement.files-HASH" for a run
// narrowed by MUTATE_FILES): a file's results come from the newest report of a set that holds the file's
// family (another set may hold stale copies)
const reports = readdirSync(DIR).filter((f) => f.endsWith(".mutation.json")).sort((a, b) => statSync(`${DIR}/${a}`).mtimeMs - statSync(`${DIR}/${b}`).mtimeMs);
const byFamily = {};
for (const f of reports) {
  let files = JSON.parse(readFileSync(`${DIR}/${f}`, "utf8")).files;
  // a run narrowed by MUTATE_FILES: only the files it mutated (its report re-maps the others' old results)
  const narrowed = f.match(/^(.*\.files-[0-9a-f]+)\.mutation\.json$/);
  if (narrowed) {
    const only = new Set(JSON.parse(readFileSync(`${DIR}/${narrowed[1]}.files.json`, "utf8")));
    files = Object.fromEntries(Object.entries(files).filter(([k]) => only.has(k)));
  }
  for (const fam of f.replace(/\.mutation\.json$/, "").replace(/\.files-[0-9a-f]+$/, "").split("+")) byFamily[fam] = { ...(byFamily[fam] ?? {}), ...files };
}
const JUDGED = "mutation/equivalent";
const judged = readdirSync(JUDGED).filter((f) => f.endsWith(".json")).sort().flatMap((f) => {
  const entries = JSON.parse(readFileSync(`${JUDGED}/${f}`, "utf8"));
  const misplaced = entries.find((j) => familyOf(j.file) !== f.replace(/\.json$/, ""));
  if (misplaced) throw new Error(`${JUDGED}/${f}: ${misplaced.file} belongs to family ${familyOf(misplaced.file) ?? "none"}`);
  return entries;
});

/** A survivor's stable identity: file, line, mutator, replacement (ids change from run to run); a judgment may also name the column. */
const key = (file, m) => `${file}:${m.location.start.line}:${m.mutatorName}:${m.replacement ?? ""}`;
const reasons = new Map(judged.filter((j) => j.column === undefined).map((j) => [`${j.file}:${j.line}:${j.mutator}:${j.replacement}`, j.reason]));
const columnReasons = new Map(judged.filter((j) => j.column !== undefined).map((j) => [`${j.file}:${j.line}:${j.column}:${j.mutator}:${j.replacement}`, j.reason]));
const judgedReason = (file, m) => columnReasons.get(`${file}:${m.location.start.line}:${m.location.start.column}:${m.mutatorName}:${m.replacement ?? ""}`) ?? reasons.get(key(file, m));
const used = new Set();

/** Whether each mutant of `entry` lies inside a function body (else it is code run at module load). */
function inFunctionBody(entry) {
  const bodies = [];
  try {
    const walk = (n) => {
      if (Array.isArray(n)) return n.forEach(walk);
      if (n === null || typeof n !== "object" || typeof n.type !== "string") return;
      if (/Function|Method$/.test(n.type) && n.body) bodies.push([n.body.start, n.body.end]);
      for (const [k, v] of Object.entries(n)) if (k !== "loc" && v !== null && typeof v === "object") walk(v);
    };
    walk(parse(entry.source, { sourceType: "module", plugins: ["typescript"], errorRecovery: true }).program);
  } catch {
    return () => true; // unparsed: count every result as it is
  }
  const starts = [0];
  for (let i = 0; i < entry.source.length; i++) if (entry.source[i] === "\n") starts.push(i + 1);
  return (m) => {
    const at = starts[m.location.start.line - 1] + m.location.start.column - 1;
    return bodies.some(([a, b]) => a <= at && at < b);
  };
}

const rows = [];
const open = [];
for (const [family, f] of Object.entries(FAMILIES)) {
  const c = { killed: 0, survived: 0, equivalent: 0, timeout: 0, noCoverage: 0, static: 0, other: 0 };
  let any = false;
  for (const [file, entry] of Object.entries(byFamily[family] ?? {})) {
    if (!matches(file, f.mutate)) continue;
    any = true;
    const inBody = inFunctionBody(entry);
    for (const m of entry.mutants) {
      // ignoreStatic: a mutant whose code runs only outside any test (module load, or a test file's top level
      // or beforeAll: Stryker's "static") is not run ("Ignored"). One that tests also reach is run against
      // them, with the mutant switched on once they start: inside a function body (most often a function
      // some test file also calls at its top level) that is a real run, and its result counts as any other's;
      // module-load code (a table, a constant) is already evaluated by then, so its survival says nothing
      // and stays "static" (check it by hand) unless it was killed.
      if (m.status === "Ignored" || (m.static === true && m.status !== "Killed" && m.status !== "Timeout" && !inBody(m))) c.static++;
      else if (m.status === "Killed") c.killed++;
      else if (m.status === "Timeout") c.timeout++;
      else if (m.status === "Survived" || m.status === "NoCoverage") {
        const k = key(file, m);
        if (judgedReason(file, m) !== undefined) {
          c.equivalent++;
          used.add(k);
        } else {
          if (m.status === "Survived") c.survived++;
          else c.noCoverage++;
          open.push(`${family} ${k.replace(/:([^:]*)$/, ' "$1"')} (${m.status}${m.static === true ? ", its code also run outside tests" : ""})`);
        }
      } else c.other++;
    }
  }
  if (!any) continue;
  const real = c.killed + c.timeout + c.survived + c.noCoverage;
  rows.push(`| ${family} | ${c.killed + c.timeout} | ${c.survived + c.noCoverage} | ${c.equivalent} | ${c.static} | ${real === 0 ? "-" : `${((100 * (c.killed + c.timeout)) / real).toFixed(1)} %`} |`);
}
console.log("| family | killed (incl. timeout) | survived | judged equivalent | static (not run) | score (non-equivalent) |");
console.log("|---|---|---|---|---|---|");
for (const r of rows) console.log(r);
if (open.length > 0) console.log(`\n${open.length} survivor(s) not judged:\n${open.join("\n")}`);
const stale = [...reasons.keys()].filter((k) => !used.has(k) && Object.entries(FAMILIES).some(([fam, f]) => matches(k.split(":")[0], f.mutate) && byFamily[fam]?.[k.split(":")[0]] !== undefined));
if (stale.length > 0) console.log(`\n${stale.length} judged survivor(s) no longer found (killed now, or the code moved):\n${stale.join("\n")}`);
