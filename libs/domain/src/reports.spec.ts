import { addMonths, calendarRangeErrors, daysOf, monthsBetween, percentOf, REPORT_MESSAGES, reportPeriod } from './reports';

describe('report periods', () => {
  it.each([
    ['2026-01', 1, '2026-02'],
    ['2026-12', 1, '2027-01'],
    ['2026-01', -1, '2025-12'],
    ['2026-03', -14, '2025-01'],
    ['2026-05', 0, '2026-05'],
  ])('%s plus %i months is %s', (month, count, expected) => {
    expect(addMonths(month, count)).toBe(expected);
  });

  it.each([
    ['2025-01', '2025-12', 11],
    ['2025-12', '2026-01', 1],
    ['2026-03', '2026-01', -2],
  ])('from %s to %s is %i months', (from, to, expected) => {
    expect(monthsBetween(from, to)).toBe(expected);
  });

  it('defaults to the twelve months ending with the current one', () => {
    expect(reportPeriod({}, '2026-03-18')).toEqual({
      from: '2025-04',
      to: '2026-03',
      months: ['2025-04', '2025-05', '2025-06', '2025-07', '2025-08', '2025-09', '2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03'],
      firstDay: '2025-04-01',
      endDay: '2026-04-01',
    });
  });

  it.each([
    [{ to: '2024-02' }, { from: '2023-03', to: '2024-02', firstDay: '2023-03-01', endDay: '2024-03-01' }],
    [{ from: '2025-11', to: '2026-01' }, { from: '2025-11', to: '2026-01', months: ['2025-11', '2025-12', '2026-01'], endDay: '2026-02-01' }],
    [{ from: '2026-02', to: '2026-02' }, { months: ['2026-02'], firstDay: '2026-02-01', endDay: '2026-03-01' }],
    [{ from: '2023-04', to: '2026-03' }, { from: '2023-04' }],
  ])('reads %j', (asked, expected) => {
    expect(reportPeriod(asked, '2026-03-18')).toMatchObject(expected);
  });

  it.each([
    [{ from: '2026-04', to: '2026-03' }, REPORT_MESSAGES.fromAfterTo],
    [{ from: '2026-05' }, REPORT_MESSAGES.fromAfterTo],
    [{ from: '2023-03', to: '2026-03' }, REPORT_MESSAGES.tooLong],
  ])('refuses %j', (asked, message) => {
    expect(reportPeriod(asked, '2026-03-18')).toEqual({ errors: [message] });
  });
});

describe('the calendar range', () => {
  it.each([
    ['2026-03-01', '2026-03-31', []],
    ['2026-03-01', '2026-03-01', []],
    ['2026-02-23', '2026-04-25', []],
    ['2026-02-23', '2026-04-26', [REPORT_MESSAGES.calendarTooLong]],
    ['2026-03-02', '2026-03-01', [REPORT_MESSAGES.calendarToBeforeFrom]],
    // a badly written date is the request rules' to name
    ['2026-02-30', '2026-03-01', []],
  ])('%s to %s', (from, to, errors) => {
    expect(calendarRangeErrors(from, to)).toEqual(errors);
  });

  it('lists the days of a range, both ends included', () => {
    expect(daysOf('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysOf('2026-03-02', '2026-03-01')).toEqual([]);
  });
});

describe(percentOf.name, () => {
  it.each([
    [3, 8, '37.50'],
    [1, 3, '33.33'],
    [2, 3, '66.67'],
    [0, 5, '0.00'],
    [5, 5, '100.00'],
    [1, 0, null],
  ])('%i of %i is %s', (part, whole, expected) => {
    expect(percentOf(part, whole)).toBe(expected);
  });
});
