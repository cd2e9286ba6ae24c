/** Go golden-vector suites implemented by this rule family (suite name → adapter). */
import type { SuiteTable } from "../vectors/types.js";

export const suites: SuiteTable = {};
