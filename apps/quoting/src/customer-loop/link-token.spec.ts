import { isWellFormedLinkToken, linkToken, linkTokenHash, linkUrl, newLinkNonce } from './link-token';

const SECRET = 'f3a9c1d27be84e6a90c5d1f2a7b3e8c4';

describe('link tokens', () => {
  it('derives a 43-character base64url token (256 bits) from a nonce of 128 random bits', () => {
    const nonce = newLinkNonce();
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    const token = linkToken(SECRET, nonce);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(isWellFormedLinkToken(token)).toBe(true);
  });

  it('gives the same token for the same nonce (a send reuses the live link) and another for a new nonce', () => {
    const nonce = newLinkNonce();
    expect(linkToken(SECRET, nonce)).toBe(linkToken(SECRET, nonce));
    expect(linkToken(SECRET, newLinkNonce())).not.toBe(linkToken(SECRET, nonce));
  });

  it('depends on the key: another LINK_SECRET makes another token of the same nonce', () => {
    const nonce = newLinkNonce();
    expect(linkToken(`${SECRET}x`, nonce)).not.toBe(linkToken(SECRET, nonce));
  });

  it('stores the SHA-256 of the token, never the token', () => {
    const token = linkToken(SECRET, newLinkNonce());
    const hash = linkTokenHash(token);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(token);
    expect(linkTokenHash(token)).toBe(hash);
  });

  it.each([
    ['too short', 'abc'],
    ['one character too many', `${'a'.repeat(43)}b`],
    ['padding', `${'a'.repeat(42)}=`],
    ['a character outside base64url', `${'a'.repeat(42)}+`],
    ['a path', `../${'a'.repeat(40)}`],
    ['not a text', 42],
    ['empty', ''],
  ])('refuses a malformed token (%s)', (_, token) => {
    expect(isWellFormedLinkToken(token)).toBe(false);
  });

  it('writes the link under /q/ of the public address', () => {
    expect(linkUrl('https://app.example.com/', 'T0k')).toBe('https://app.example.com/q/T0k');
  });
});
