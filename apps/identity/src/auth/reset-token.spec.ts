import { createHash } from 'node:crypto';
import { hashResetToken, issueResetToken, resetLink } from './reset-token';

describe('issueResetToken', () => {
  const now = new Date('2026-03-10T10:00:00.000Z');

  it('makes a URL-safe token of 32 random bytes', () => {
    const sut = issueResetToken(now);
    expect(sut.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(sut.token, 'base64url')).toHaveLength(32);
  });

  it('keeps only the SHA-256 of the token', () => {
    const sut = issueResetToken(now);
    expect(sut.tokenHash).toBe(createHash('sha256').update(sut.token).digest('hex'));
    expect(sut.tokenHash).not.toContain(sut.token);
  });

  it('expires one hour after issue', () => {
    expect(issueResetToken(now).expiresAt.toISOString()).toBe('2026-03-10T11:00:00.000Z');
  });

  it('never issues the same token twice', () => {
    const tokens = new Set(Array.from({ length: 50 }, () => issueResetToken(now).token));
    expect(tokens.size).toBe(50);
  });
});

describe('hashResetToken', () => {
  it('is the hex SHA-256', () => {
    expect(hashResetToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('resetLink', () => {
  it.each([
    ['http://localhost:3000', 'http://localhost:3000/reset-password?token=a-b_c'],
    ['https://app.example.com/', 'https://app.example.com/reset-password?token=a-b_c'],
    ['https://example.com/quotebook', 'https://example.com/quotebook/reset-password?token=a-b_c'],
  ])('from %s', (publicUrl, expected) => {
    expect(resetLink(publicUrl, 'a-b_c')).toBe(expected);
  });

  it("names an agency user's agency, so the reset page leads back to its sign-in", () => {
    expect(resetLink('https://app.example.com', 'a-b_c', 'sole-viaggi')).toBe(
      'https://app.example.com/reset-password?token=a-b_c&agency=sole-viaggi',
    );
  });

  it('names no agency for the superadmin', () => {
    expect(resetLink('https://app.example.com', 'a-b_c', null)).toBe('https://app.example.com/reset-password?token=a-b_c');
  });
});
