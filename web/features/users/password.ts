/** Spec sections 5 and 9: a random 12-character password of letters, digits and symbols, made on the client. */
export const GENERATED_PASSWORD_LENGTH = 12;

const LOWER = 'abcdefghijkmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SYMBOLS = '!@#$%^&*-_=+?';
const ALL = LOWER + UPPER + DIGITS + SYMBOLS;

type RandomFill = (array: Uint32Array) => Uint32Array;
const cryptoFill: RandomFill = (array) => crypto.getRandomValues(array);

/** A uniform index below n (rejection sampling, so no modulo bias). */
function randomBelow(n: number, fill: RandomFill): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buf = new Uint32Array(1);
  for (;;) {
    fill(buf);
    if (buf[0] < limit) return buf[0] % n;
  }
}

/**
 * One of each class (so the server's rule of lowercase, uppercase and digit always holds), the rest
 * from all of them, then shuffled. Look-alike characters (l, I, O, 0, 1) are left out.
 */
export function generatePassword(length = GENERATED_PASSWORD_LENGTH, fill: RandomFill = cryptoFill): string {
  const pick = (set: string) => set[randomBelow(set.length, fill)];
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS), pick(SYMBOLS)];
  while (chars.length < length) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomBelow(i + 1, fill);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}
