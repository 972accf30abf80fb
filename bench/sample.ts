/** Deterministic pseudo-random sample (mulberry32), so runs hit the same ids. */
export function sample<T>(list: T[], count: number, seed = 42): T[] {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  return Array.from({ length: count }, () => list[Math.floor(next() * list.length)]!);
}
