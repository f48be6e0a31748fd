import { randomInt } from 'node:crypto';

export const PRODUCT_CODE_LENGTH = 6;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** 6 characters of A–Z and 0–9 from the cryptographic generator: 36^6 ≈ 2.2 billion codes. */
export function generateProductCode(pick: (size: number) => number = randomInt): string {
  let code = '';
  for (let index = 0; index < PRODUCT_CODE_LENGTH; index += 1) code += ALPHABET[pick(ALPHABET.length)];
  return code;
}
