/** A first-in first-out queue of integers (request ids) with O(1) push and shift. */
export class Fifo {
  private items: number[] = [];
  private head = 0;

  get size(): number {
    return this.items.length - this.head;
  }

  push(x: number): void {
    this.items.push(x);
  }

  /** Remove and return the oldest item (-1 when empty). */
  shift(): number {
    if (this.head >= this.items.length) return -1;
    const x = this.items[this.head++]!;
    if (this.head === this.items.length) this.clear();
    return x;
  }

  /** Remove every item, returning them oldest first. */
  drain(): number[] {
    const out = this.items.slice(this.head);
    this.clear();
    return out;
  }

  private clear(): void {
    this.items = [];
    this.head = 0;
  }
}
