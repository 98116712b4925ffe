/**
 * A reader for a text column holding one of a contract's enum values. The values were checked by
 * the contracts on the way in, so rows are not parsed with zod again on the way out (a parse per
 * field per row was a visible share of a directory page); a set lookup still refuses a value the
 * contract does not know, as the parse did.
 */
export function enumColumn<T extends string>(options: readonly T[], column: string): (value: string) => T {
  const allowed: ReadonlySet<string> = new Set(options);
  return (value) => {
    if (!allowed.has(value)) throw new Error(`${column} holds a value its contract does not know: ${value}`);
    return value as T;
  };
}
