/**
 * Go's slices.SortFunc: the unstable pattern-defeating quicksort (pdqsort) of the Go standard library,
 * reproduced step for step so that elements comparing equal end up in exactly Go's order.
 * breakPatterns' xorshift uses the shifts 13, 7, 17 of current Go (the chain builds with Go 1.24);
 * earlier pdqsort releases used 13, 17, 5. No golden vector reaches breakPatterns, so this is not vector-checked.
 * Everything else, breakPatterns' mechanics included, was checked against Go's own pdqsort (Go 1.19's
 * sort.Slice) on thousands of inputs full of ties: identical order once its 13, 17, 5 shifts are swapped
 * in (test/preserved/audit.test.ts keeps the inputs that do not reach breakPatterns). The shifts matter
 * only where equal elements are distinguishable: in the vectors, a participant listing more than 12
 * nodes with a repeated (weight, node id); never in the chain's sampler, whose sorted nodes are deduplicated.
 */

type Cmp<E> = (a: E, b: E) => number;

const INCREASING = 1;
const DECREASING = 2;
const UNKNOWN = 0;

const bitsLen = (x: number): number => (x === 0 ? 0 : 32 - Math.clz32(x) + (x >= 2 ** 32 ? 32 : 0));

/** Mirrors slices.SortFunc (in place). */
export function goSortFunc<E>(data: E[], cmp: Cmp<E>): E[] {
  const n = data.length;
  pdqsort(data, 0, n, bitsLen(n), cmp);
  return data;
}

function swap<E>(d: E[], i: number, j: number): void {
  const t = d[i]!;
  d[i] = d[j]!;
  d[j] = t;
}

function insertionSort<E>(d: E[], a: number, b: number, cmp: Cmp<E>): void {
  for (let i = a + 1; i < b; i++) for (let j = i; j > a && cmp(d[j]!, d[j - 1]!) < 0; j--) swap(d, j, j - 1);
}

function siftDown<E>(d: E[], lo: number, hi: number, first: number, cmp: Cmp<E>): void {
  let root = lo;
  for (;;) {
    let child = 2 * root + 1;
    if (child >= hi) return;
    if (child + 1 < hi && cmp(d[first + child]!, d[first + child + 1]!) < 0) child++;
    if (!(cmp(d[first + root]!, d[first + child]!) < 0)) return;
    swap(d, first + root, first + child);
    root = child;
  }
}

function heapSort<E>(d: E[], a: number, b: number, cmp: Cmp<E>): void {
  const first = a;
  const hi = b - a;
  for (let i = Math.floor((hi - 1) / 2); i >= 0; i--) siftDown(d, i, hi, first, cmp);
  for (let i = hi - 1; i >= 0; i--) {
    swap(d, first, first + i);
    siftDown(d, 0, i, first, cmp);
  }
}

function pdqsort<E>(d: E[], a: number, b: number, limit: number, cmp: Cmp<E>): void {
  const maxInsertion = 12;
  let wasBalanced = true;
  let wasPartitioned = true;
  for (;;) {
    const length = b - a;
    if (length <= maxInsertion) {
      insertionSort(d, a, b, cmp);
      return;
    }
    if (limit === 0) {
      heapSort(d, a, b, cmp);
      return;
    }
    if (!wasBalanced) {
      breakPatterns(d, a, b);
      limit--;
    }
    let [pivot, hint] = choosePivot(d, a, b, cmp);
    if (hint === DECREASING) {
      reverseRange(d, a, b);
      pivot = b - 1 - (pivot - a);
      hint = INCREASING;
    }
    if (wasBalanced && wasPartitioned && hint === INCREASING) {
      if (partialInsertionSort(d, a, b, cmp)) return;
    }
    if (a > 0 && !(cmp(d[a - 1]!, d[pivot]!) < 0)) {
      a = partitionEqual(d, a, b, pivot, cmp);
      continue;
    }
    const [mid, already] = partition(d, a, b, pivot, cmp);
    wasPartitioned = already;
    const leftLen = mid - a;
    const rightLen = b - mid;
    const balanceThreshold = Math.floor(length / 8);
    if (leftLen < rightLen) {
      wasBalanced = leftLen >= balanceThreshold;
      pdqsort(d, a, mid, limit, cmp);
      a = mid + 1;
    } else {
      wasBalanced = rightLen >= balanceThreshold;
      pdqsort(d, mid + 1, b, limit, cmp);
      b = mid;
    }
  }
}

function partition<E>(d: E[], a: number, b: number, pivot: number, cmp: Cmp<E>): [number, boolean] {
  swap(d, a, pivot);
  let i = a + 1;
  let j = b - 1;
  while (i <= j && cmp(d[i]!, d[a]!) < 0) i++;
  while (i <= j && !(cmp(d[j]!, d[a]!) < 0)) j--;
  if (i > j) {
    swap(d, j, a);
    return [j, true];
  }
  swap(d, i, j);
  i++;
  j--;
  for (;;) {
    while (i <= j && cmp(d[i]!, d[a]!) < 0) i++;
    while (i <= j && !(cmp(d[j]!, d[a]!) < 0)) j--;
    if (i > j) break;
    swap(d, i, j);
    i++;
    j--;
  }
  swap(d, j, a);
  return [j, false];
}

function partitionEqual<E>(d: E[], a: number, b: number, pivot: number, cmp: Cmp<E>): number {
  swap(d, a, pivot);
  let i = a + 1;
  let j = b - 1;
  for (;;) {
    while (i <= j && !(cmp(d[a]!, d[i]!) < 0)) i++;
    while (i <= j && cmp(d[a]!, d[j]!) < 0) j--;
    if (i > j) break;
    swap(d, i, j);
    i++;
    j--;
  }
  return i;
}

function partialInsertionSort<E>(d: E[], a: number, b: number, cmp: Cmp<E>): boolean {
  const maxSteps = 5;
  const shortestShifting = 50;
  let i = a + 1;
  for (let step = 0; step < maxSteps; step++) {
    while (i < b && !(cmp(d[i]!, d[i - 1]!) < 0)) i++;
    if (i === b) return true;
    if (b - a < shortestShifting) return false;
    swap(d, i, i - 1);
    if (i - a >= 2) {
      for (let j = i - 1; j >= 1; j--) {
        if (!(cmp(d[j]!, d[j - 1]!) < 0)) break;
        swap(d, j, j - 1);
      }
    }
    if (b - i >= 2) {
      for (let j = i + 1; j < b; j++) {
        if (!(cmp(d[j]!, d[j - 1]!) < 0)) break;
        swap(d, j, j - 1);
      }
    }
  }
  return false;
}

const MASK64 = (1n << 64n) - 1n;

function breakPatterns<E>(d: E[], a: number, b: number): void {
  const length = b - a;
  if (length < 8) return;
  let r = BigInt(length);
  const modulus = BigInt(2 ** bitsLen(length));
  const base = a + Math.floor(length / 4) * 2 - 1;
  for (let idx = base; idx <= base + 2; idx++) {
    r ^= (r << 13n) & MASK64;
    r ^= r >> 7n;
    r ^= (r << 17n) & MASK64;
    let other = Number(r & (modulus - 1n));
    if (other >= length) other -= length;
    swap(d, idx, a + other);
  }
}

function choosePivot<E>(d: E[], a: number, b: number, cmp: Cmp<E>): [number, number] {
  const shortestNinther = 50;
  const maxSwaps = 4 * 3;
  const l = b - a;
  const swaps = { n: 0 };
  let i = a + Math.floor(l / 4) * 1;
  let j = a + Math.floor(l / 4) * 2;
  let k = a + Math.floor(l / 4) * 3;
  if (l >= 8) {
    if (l >= shortestNinther) {
      i = median(d, i - 1, i, i + 1, swaps, cmp);
      j = median(d, j - 1, j, j + 1, swaps, cmp);
      k = median(d, k - 1, k, k + 1, swaps, cmp);
    }
    j = median(d, i, j, k, swaps, cmp);
  }
  if (swaps.n === 0) return [j, INCREASING];
  if (swaps.n === maxSwaps) return [j, DECREASING];
  return [j, UNKNOWN];
}

function median<E>(d: E[], a: number, b: number, c: number, swaps: { n: number }, cmp: Cmp<E>): number {
  const order2 = (x: number, y: number): [number, number] => {
    if (cmp(d[y]!, d[x]!) < 0) {
      swaps.n++;
      return [y, x];
    }
    return [x, y];
  };
  [a, b] = order2(a, b);
  [b, c] = order2(b, c);
  [a, b] = order2(a, b);
  void c;
  return b;
}

function reverseRange<E>(d: E[], a: number, b: number): void {
  for (let i = a, j = b - 1; i < j; i++, j--) swap(d, i, j);
}
