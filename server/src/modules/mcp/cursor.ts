/**
 * Opaque list cursors (MCP pagination): base64url JSON of where the next page
 * starts, tagged so a cursor of one list is refused by another. Pure.
 */

export class BadCursor extends Error {
  constructor() {
    super('The cursor is not valid for this list. Call the tool again without a cursor to start from the first page.');
  }
}

export function encodeCursor(list: string, position: Record<string, number>): string {
  return Buffer.from(JSON.stringify({ l: list, ...position }), 'utf8').toString('base64url');
}

/** The position a cursor holds (each value a non-negative integer), or the start when there is none. */
export function decodeCursor<K extends string>(list: string, cursor: string | undefined, keys: readonly K[]): Record<K, number> | undefined {
  if (cursor === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new BadCursor();
  }
  if (typeof parsed !== 'object' || parsed === null || (parsed as { l?: unknown }).l !== list) throw new BadCursor();
  const out = {} as Record<K, number>;
  for (const k of keys) {
    const v = (parsed as Record<string, unknown>)[k];
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw new BadCursor();
    out[k] = v;
  }
  return out;
}
