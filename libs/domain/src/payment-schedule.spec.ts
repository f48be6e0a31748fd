import { DEFAULT_BALANCE_DUE_DAYS, depositCents, depositProblem, type DepositKind, paymentSchedule, type ScheduleInput } from './payment-schedule';

const input = (overrides: Partial<ScheduleInput>): ScheduleInput => ({
  totalCents: 100_000,
  depositKind: 'none',
  depositValue: null,
  balanceDueDays: null,
  serviceDate: '2026-09-30',
  defaultBalanceDueDays: DEFAULT_BALANCE_DUE_DAYS,
  paidCents: 0,
  ...overrides,
});

describe(depositCents.name, () => {
  it.each<[string, number, DepositKind, string | null, number]>([
    ['no deposit', 100_000, 'none', null, 0],
    ['30 % of € 1.000,00', 100_000, 'percent', '30', 30_000],
    ['100 % is the whole total', 100_000, 'percent', '100.00', 100_000],
    ['a percent with decimals', 100_000, 'percent', '12.5', 12_500],
    ['33,33 % of € 100,01 rounds half up to the cent', 10_001, 'percent', '33.33', 3_333],
    ['15 % of € 0,10 is 1,5 cents: 2 cents', 10, 'percent', '15', 2],
    ['an amount', 100_000, 'amount', '250.50', 25_050],
    ['an amount above a total that dropped is the total', 20_000, 'amount', '250.00', 20_000],
    ['nothing on a zero total', 0, 'percent', '30', 0],
    ['a kind without a value is none', 100_000, 'percent', null, 0],
  ])('%s', (_, total, kind, value, expected) => {
    expect(depositCents(total, kind, value)).toBe(expected);
  });
});

describe(paymentSchedule.name, () => {
  it.each<[string, Partial<ScheduleInput>, { depositCents: number; balanceCents: number; balanceDueDate: string | null; dueCents: number }]>([
    ['no deposit: the balance is the total, 30 days before by default', {}, { depositCents: 0, balanceCents: 100_000, balanceDueDate: '2026-08-31', dueCents: 100_000 }],
    ['percent deposit', { depositKind: 'percent', depositValue: '30' }, { depositCents: 30_000, balanceCents: 70_000, balanceDueDate: '2026-08-31', dueCents: 100_000 }],
    ['amount deposit', { depositKind: 'amount', depositValue: '150.25' }, { depositCents: 15_025, balanceCents: 84_975, balanceDueDate: '2026-08-31', dueCents: 100_000 }],
    ["the quote's days win over the agency's", { balanceDueDays: 10, defaultBalanceDueDays: 45 }, { depositCents: 0, balanceCents: 100_000, balanceDueDate: '2026-09-20', dueCents: 100_000 }],
    ["the agency's days without the quote's", { defaultBalanceDueDays: 45 }, { depositCents: 0, balanceCents: 100_000, balanceDueDate: '2026-08-16', dueCents: 100_000 }],
    ['0 days: due on the service date', { balanceDueDays: 0 }, { depositCents: 0, balanceCents: 100_000, balanceDueDate: '2026-09-30', dueCents: 100_000 }],
    ['across a year', { serviceDate: '2027-01-10', balanceDueDays: 15 }, { depositCents: 0, balanceCents: 100_000, balanceDueDate: '2026-12-26', dueCents: 100_000 }],
    ['a leap day', { serviceDate: '2028-03-01', balanceDueDays: 1 }, { depositCents: 0, balanceCents: 100_000, balanceDueDate: '2028-02-29', dueCents: 100_000 }],
    ['no service date: no balance date', { serviceDate: null }, { depositCents: 0, balanceCents: 100_000, balanceDueDate: null, dueCents: 100_000 }],
    ['payments lower what is due', { paidCents: 30_000 }, { depositCents: 0, balanceCents: 100_000, balanceDueDate: '2026-08-31', dueCents: 70_000 }],
    ['paying more than the total leaves a surplus', { paidCents: 100_050 }, { depositCents: 0, balanceCents: 100_000, balanceDueDate: '2026-08-31', dueCents: -50 }],
  ])('%s', (_, overrides, expected) => {
    expect(paymentSchedule(input(overrides))).toMatchObject(expected);
  });

  it('deposit and balance always add up to the total', () => {
    for (const total of [1, 7, 99, 10_001, 123_457]) {
      for (const percent of ['0.01', '33.33', '50', '66.67', '99.99']) {
        const schedule = paymentSchedule(input({ totalCents: total, depositKind: 'percent', depositValue: percent }));
        expect(schedule.depositCents + schedule.balanceCents).toBe(total);
      }
    }
  });
});

describe(depositProblem.name, () => {
  it.each<[string, DepositKind, string | null, number, string | null]>([
    ['no deposit', 'none', null, 100_000, null],
    ['a value without a kind', 'none', '10', 100_000, 'depositValue must be empty when depositKind is none'],
    ['a percent', 'percent', '30', 100_000, null],
    ['100 %', 'percent', '100', 100_000, null],
    ['over 100 %', 'percent', '100.01', 100_000, 'depositValue must be a percentage from 0 to 100'],
    ['0 %', 'percent', '0', 100_000, 'depositValue must be more than 0 when depositKind is percent'],
    ['a percent without a value', 'percent', null, 100_000, 'depositValue must be more than 0 when depositKind is percent'],
    ['an amount up to the total', 'amount', '1000.00', 100_000, null],
    ['an amount above the total', 'amount', '1000.01', 100_000, 'depositValue cannot be more than the quote total'],
    ['a zero amount', 'amount', '0', 100_000, 'depositValue must be more than 0 when depositKind is amount'],
  ])('%s', (_, kind, value, total, expected) => {
    expect(depositProblem(kind, value, total)).toBe(expected);
  });
});
