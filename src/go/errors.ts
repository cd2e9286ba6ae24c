/**
 * Go's two failure channels, kept apart because the golden vectors distinguish them:
 * a returned `error` (`{ "error": ... }` in a vector) and a runtime panic (`{ "panic": ... }`).
 * The port throws these where Go returns an error or panics; messages are ours, not Go's.
 */
export class GoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GoError";
  }
}

export class GoPanic extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GoPanic";
  }
}
