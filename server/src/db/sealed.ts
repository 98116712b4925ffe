import type { Db } from '../context.ts';
import { AppError } from '../http/problem.ts';
import { openText, sealText } from '../secrets.ts';

/**
 * Sealed columns: values (government ids) stored encrypted under the data
 * dir's field key, which lives in `secrets.json` and never in the database.
 * The key belongs to a data dir as the database does, so it is attached to
 * the database's connection where the two meet (`createApp`, `initialiseDatabase`),
 * the way `cache.ts` attaches table versions: any code holding a handle of the
 * database can seal and open, and none needs a key passed through every call.
 * A database without a key refuses to seal or open (a loud error, never a
 * value stored in clear).
 */

const keys = new WeakMap<object, Buffer>();

/** Attaches a data dir's field key to its database (root and transactions alike). */
export function attachFieldKey(db: Db, key: Buffer): void {
  if (key.length !== 32) throw new Error('the field key must be 32 bytes');
  keys.set(db.getExecutor().adapter, key);
}

function keyOf(db: Db): Buffer {
  const key = keys.get(db.getExecutor().adapter);
  if (!key) throw new Error('No field key is attached to this database: government ids cannot be sealed or opened.');
  return key;
}

/** A value and what lists show of it: its sealed form and its last four characters. */
export interface Sealed {
  enc: string | null;
  last4: string | null;
}

/** Seals a value (null stays null). */
export function seal(db: Db, value: string | null): Sealed {
  if (value === null) return { enc: null, last4: null };
  return { enc: sealText(keyOf(db), value), last4: value.slice(-4) };
}

/**
 * Opens a sealed value (null stays null). A value the key cannot open (a data
 * dir restored without its secrets file) answers 500 saying so, rather than
 * showing anything wrong.
 */
export function unseal(db: Db, enc: string | null, what = 'A sealed value'): string | null {
  if (enc === null) return null;
  try {
    return openText(keyOf(db), enc);
  } catch {
    throw new AppError(
      500,
      'sealed-value-unreadable',
      'Encrypted value cannot be read',
      `${what} cannot be decrypted with this data dir's key (secrets.json). Restore the secrets.json that belongs with this database.`,
    );
  }
}

/** `********1234`, from the last four characters a list keeps in clear and the value's length. */
export function maskedFromLast4(last4: string | null, length = 12): string | null {
  if (last4 === null) return null;
  return '*'.repeat(Math.max(0, length - last4.length)) + last4;
}
