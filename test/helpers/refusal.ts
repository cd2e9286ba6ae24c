import { InputError } from "../../src/errors.js";

/** The refusal's one line (InputError's message); fails when `f` is accepted or throws anything else. */
export function refusal(f: () => unknown): string {
  try {
    f();
  } catch (e) {
    if (e instanceof InputError) return e.message;
    throw e;
  }
  throw new Error("accepted");
}

/** The refusal's one line of an async `f` (InputError's message); fails when `f` resolves or rejects with anything else. */
export async function refusalAsync(f: () => Promise<unknown>): Promise<string> {
  try {
    await f();
  } catch (e) {
    if (e instanceof InputError) return e.message;
    throw e;
  }
  throw new Error("accepted");
}
