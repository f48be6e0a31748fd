import { addDays, daysBetween, isDateOnly, isWithin, todayIn } from './dates';

describe(todayIn.name, () => {
  it.each([
    // 23:30 UTC is already the next day in Rome (UTC+1 in winter, UTC+2 in summer)
    ['2026-01-15T23:30:00Z', 'Europe/Rome', '2026-01-16'],
    ['2026-01-15T22:59:00Z', 'Europe/Rome', '2026-01-15'],
    ['2026-07-15T21:59:00Z', 'Europe/Rome', '2026-07-15'],
    ['2026-07-15T22:00:00Z', 'Europe/Rome', '2026-07-16'],
    ['2026-12-31T23:00:00Z', 'Europe/Rome', '2027-01-01'],
    ['2026-01-15T23:30:00Z', 'UTC', '2026-01-15'],
    ['2026-01-16T03:00:00Z', 'America/New_York', '2026-01-15'],
  ])('%s in %s is %s', (instant, timeZone, expected) => {
    expect(todayIn(timeZone, new Date(instant))).toBe(expected);
  });

  it('defaults to the business time zone', () => {
    expect(todayIn(undefined, new Date('2026-03-01T23:30:00Z'))).toBe('2026-03-02');
  });
});

describe('calendar dates', () => {
  it.each([
    ['2025-02-28', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-02-30', false],
    ['2025-13-01', false],
    ['2025-1-01', false],
    [20250101, false],
  ])('%p is a date: %s', (value, expected) => {
    expect(isDateOnly(value)).toBe(expected);
  });

  it('counts and adds whole days', () => {
    expect(daysBetween('2026-03-10', '2026-04-09')).toBe(30);
    expect(daysBetween('2026-03-10', '2026-03-09')).toBe(-1);
    expect(addDays('2026-12-15', 30)).toBe('2027-01-14');
    expect(isWithin('2026-06-30', { startDate: '2026-06-01', endDate: '2026-06-30' })).toBe(true);
  });
});
