import { isQuoteExpired, viewConsequences, viewDay, visitorHash } from './view-counting';

describe('view counting', () => {
  const visitor = { ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' };

  it('knows a visitor again by the hash of its IP and browser, keeping neither', () => {
    const hash = visitorHash(visitor);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain('203.0.113.7');
    expect(visitorHash({ ...visitor })).toBe(hash);
  });

  it('tells visitors apart by IP or browser', () => {
    expect(visitorHash({ ...visitor, ip: '203.0.113.8' })).not.toBe(visitorHash(visitor));
    expect(visitorHash({ ...visitor, userAgent: 'curl/8.0' })).not.toBe(visitorHash(visitor));
    // a field's end cannot be moved into the next one to pass as another visitor
    expect(visitorHash({ ip: 'a', userAgent: 'bc' })).not.toBe(visitorHash({ ip: 'ab', userAgent: 'c' }));
  });

  it('takes a visitor without IP or browser as one (empty) visitor rather than failing', () => {
    expect(visitorHash(undefined)).toBe(visitorHash({ ip: '', userAgent: '' }));
  });

  it('counts a view under the business time zone’s day: the same visitor twice that day is one key, the next day another', () => {
    const evening = new Date('2030-07-15T21:30:00Z'); // 23:30 in Rome
    const lateNight = new Date('2030-07-15T22:30:00Z'); // 00:30 of the 16th in Rome
    expect(viewDay('Europe/Rome', evening)).toBe('2030-07-15');
    expect(viewDay('Europe/Rome', new Date('2030-07-15T06:00:00Z'))).toBe(viewDay('Europe/Rome', evening));
    expect(viewDay('Europe/Rome', lateNight)).toBe('2030-07-16');
  });

  it('tells the agent of a revision’s first view only', () => {
    expect(viewConsequences({ counted: true, firstOfRevision: true })).toEqual({ notifyAgent: true });
    expect(viewConsequences({ counted: true, firstOfRevision: false })).toEqual({ notifyAgent: false });
    expect(viewConsequences({ counted: false, firstOfRevision: false })).toEqual({ notifyAgent: false });
  });

  it('lets a link expire after the quote’s expiry date, the date itself still valid', () => {
    const now = new Date('2030-07-15T10:00:00Z');
    expect(isQuoteExpired('2030-07-14', 'Europe/Rome', now)).toBe(true);
    expect(isQuoteExpired('2030-07-15', 'Europe/Rome', now)).toBe(false);
    expect(isQuoteExpired('2030-08-01', 'Europe/Rome', now)).toBe(false);
  });
});
