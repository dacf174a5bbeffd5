/**
 * The North American VIN check digit (49 CFR 565): each character's value
 * (letters transliterated, I, O and Q never used) times its position's
 * weight, summed, modulo 11; a remainder of 10 is written "X". The check
 * digit stands in position 9.
 */

/** A VIN is exactly this long (49 CFR 565.15). */
export const VIN_LENGTH = 17;
/** The position (0-based) of the check digit. */
const CHECK_INDEX = 8;
/** Each position's weight; the check digit's own is 0. */
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2] as const;
/** Letters' values: no I, O or Q, and S is 2, not 1. */
const LETTER_VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
}; // prettier-ignore

const valueOf = (c: string): number | undefined => (/^[0-9]$/.test(c) ? Number(c) : LETTER_VALUES[c]);

/** The check digit a 17-character VIN should carry ("0"–"9" or "X"), or undefined when it has a character no VIN uses. */
export function vinCheckDigit(vin: string): string | undefined {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const value = valueOf(vin.charAt(i));
    if (value === undefined) return undefined;
    sum += value * WEIGHTS[i]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? "X" : String(remainder);
}

/** What is wrong with a VIN, in words; undefined for a good one. */
export function vinProblem(vin: string): string | undefined {
  if (vin.length !== VIN_LENGTH) return `A VIN has ${VIN_LENGTH} characters; this one has ${vin.length}`;
  const bad = [...vin].find((c) => valueOf(c) === undefined);
  if (bad !== undefined) return `A VIN has only digits and the letters A–Z without I, O and Q; "${bad}" is not one of them`;
  const expected = vinCheckDigit(vin)!;
  if (vin.charAt(CHECK_INDEX) !== expected)
    return `This VIN's check digit (9th character) is "${vin.charAt(CHECK_INDEX)}" but its other characters give "${expected}": a character is mistyped`;
  return undefined;
}
