/**
 * A bounded memo of a pure function of a string: the same input always gives the same output, so a
 * remembered answer is exactly what recomputing would give. Used for hashes and signature checks the
 * same few browsers repeat on every request. At most `max` entries: the least recently used go first,
 * so a client sending endless new values costs memory of `max` entries, never more.
 */
export function boundedMemo<V>(max: number, fn: (input: string) => V, keep: (value: V) => boolean = () => true): ((input: string) => V) & { size(): number } {
  const entries = new Map<string, V>();
  const memo = (input: string): V => {
    const hit = entries.get(input);
    if (hit !== undefined) {
      // Move to the young end: Map iteration order is insertion order.
      entries.delete(input);
      entries.set(input, hit);
      return hit;
    }
    const value = fn(input);
    if (!keep(value)) return value;
    entries.set(input, value);
    if (entries.size > max) entries.delete(entries.keys().next().value as string);
    return value;
  };
  return Object.assign(memo, { size: () => entries.size });
}
