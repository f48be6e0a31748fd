import { generateProductCode } from './product-code';

describe(generateProductCode.name, () => {
  it('makes 6 characters of A-Z and 0-9', () => {
    for (let run = 0; run < 200; run += 1) expect(generateProductCode()).toMatch(/^[A-Z0-9]{6}$/);
  });

  it('reaches both ends of the alphabet', () => {
    expect(generateProductCode(() => 0)).toBe('AAAAAA');
    expect(generateProductCode((size) => size - 1)).toBe('999999');
  });

  it('rarely repeats itself', () => {
    const codes = new Set(Array.from({ length: 5000 }, () => generateProductCode()));
    expect(codes.size).toBeGreaterThan(4990);
  });
});
