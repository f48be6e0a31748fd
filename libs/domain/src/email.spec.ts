import { isEmail } from './email';
import { EMAIL_CASES } from './testing';

describe(isEmail.name, () => {
  it.each(EMAIL_CASES)('%j → %s', (address, accepted) => {
    expect(isEmail(address)).toBe(accepted);
  });

  it.each([null, undefined, 42, ['a@b.it']])('refuses %p, which is not text', (value) => {
    expect(isEmail(value)).toBe(false);
  });
});
