import { v7 } from 'uuid';

/** Time-ordered UUIDv7 keys keep index inserts at the end of the B-tree. */
export function newId(): string {
  return v7();
}
