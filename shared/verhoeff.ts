/**
 * The Verhoeff check digit (dihedral group D5), which the Aadhaar number
 * carries in its last digit: it catches every single-digit error and every
 * swap of two adjacent digits. Pure; used by the contracts, so the console
 * refuses a mistyped number before it is sent.
 */

/** Multiplication in D5. */
const D: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];

/** The permutation applied to a digit by its position (mod 8). */
const P: readonly (readonly number[])[] = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** The inverse in D5. */
const INV: readonly number[] = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];

function checksum(digits: string, offset: number): number {
  let c = 0;
  for (let i = 0; i < digits.length; i++) {
    const digit = digits.charCodeAt(digits.length - 1 - i) - 48;
    c = D[c]![P[(i + offset) % 8]![digit]!]!;
  }
  return c;
}

/** True when a string of digits ends in its correct Verhoeff check digit. False for anything but digits. */
export function isVerhoeffValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  return checksum(digits, 0) === 0;
}

/** The check digit to append to a string of digits. */
export function verhoeffCheckDigit(digits: string): number {
  if (!/^[0-9]+$/.test(digits)) throw new Error('digits only');
  return INV[checksum(digits, 1)]!;
}
