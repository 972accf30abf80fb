/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so runs touch the same rows. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** `count` elements drawn from `list` with replacement. */
export function sample<T>(list: T[], count: number, seed = 42): T[] {
  const next = seededRandom(seed);
  return Array.from({ length: count }, () => list[Math.floor(next() * list.length)]!);
}

/** A copy of `list` in a random order (Fisher–Yates). */
export function shuffled<T>(list: T[], seed: number): T[] {
  const next = seededRandom(seed);
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
