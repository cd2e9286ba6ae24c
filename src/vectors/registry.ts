/** Every vector suite the project implements, by suite name (the vector file name up to its first dot). */
import { suites as go } from "../go/vectors.js";
import { suites as misstest } from "../misstest/vectors.js";
import { suites as preserved } from "../preserved/vectors.js";
import { suites as votes } from "../votes/vectors.js";
import { suites as gateway } from "../gateway/vectors.js";
import { suites as misstestSpec } from "../misstest/export-suites.js";
import { suites as preservedSpec } from "../preserved/export-suites.js";
import { suites as votesSpec } from "../votes/export-suites.js";
import { suites as gatewaySpec } from "../gateway/export-suites.js";
import { suites as settlementSpec } from "../settlement/export-suites.js";
import { suites as coefficients } from "../coefficients/vectors.js";
import { suites as trust } from "../trust/vectors.js";
import { suites as status } from "../status/vectors.js";
import { suites as gov } from "../gov/vectors.js";
import type { SuiteTable } from "./types.js";

export const SUITES: SuiteTable = { ...go, ...misstest, ...preserved, ...votes, ...gateway, ...misstestSpec, ...preservedSpec, ...votesSpec, ...gatewaySpec, ...settlementSpec, ...coefficients, ...trust, ...status, ...gov }; // spec_*: the project's own suites (vectors export)
