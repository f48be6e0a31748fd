import { buildResetEmail } from './reset-mailer';

describe('buildResetEmail', () => {
  const link = 'http://localhost:3000/reset-password?token=abc_DEF-123';

  it('writes an Italian e-mail carrying the link', () => {
    const sut = buildResetEmail('Mario Rossi', link);
    expect(sut.subject).toBe('Reimposta la tua password Quotebook');
    expect(sut.text).toContain('Ciao Mario Rossi,');
    expect(sut.text).toContain(link);
    expect(sut.html).toContain(`href="${link}"`);
  });

  it('escapes the name in the HTML part', () => {
    expect(buildResetEmail('<b>Eve</b>', link).html).toContain('Ciao &lt;b&gt;Eve&lt;/b&gt;,');
  });
});
