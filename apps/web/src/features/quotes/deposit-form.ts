import type { QuoteView } from '@quotebook/contracts';
import { DEPOSIT_KIND_LABELS, DEPOSIT_KINDS, type DepositKind, isMoneyValue, MAX_BALANCE_DUE_DAYS, parseCents } from '@quotebook/domain';
import type { FormErrors } from '../../shared/form/use-entity-form';
import type { UpdateQuoteRequest } from './quotes.api';

/** The quote's deposit and balance terms as the editor holds them; '' days is the agency's default. */
export interface DepositValues {
  depositKind: DepositKind;
  depositValue: string;
  balanceDueDays: string;
}

export const DEPOSIT_KIND_OPTIONS = DEPOSIT_KINDS.map((kind) => ({ value: kind, label: DEPOSIT_KIND_LABELS[kind] }));

export const DEPOSIT_TEXTS = {
  percentRange: 'Inserisci una percentuale maggiore di 0 e al massimo 100',
  amountPositive: "Inserisci un importo maggiore di 0 (al massimo il totale del preventivo)",
  daysRange: `Inserisci un numero intero di giorni da 0 a ${MAX_BALANCE_DUE_DAYS}`,
  daysHint: "Vuoto: i giorni predefiniti dell'agenzia (Impostazioni)",
} as const;

export function depositValuesOf(quote: Pick<QuoteView, 'depositKind' | 'depositValue' | 'balanceDueDays'>): DepositValues {
  return {
    depositKind: quote.depositKind,
    depositValue: quote.depositValue ?? '',
    balanceDueDays: quote.balanceDueDays === null ? '' : String(quote.balanceDueDays),
  };
}

export function depositErrors(values: DepositValues): FormErrors<DepositValues> {
  const errors: FormErrors<DepositValues> = {};
  const value = values.depositValue.trim();
  const cents = isMoneyValue(value) ? parseCents(value) : null;
  if (values.depositKind === 'percent' && (cents === null || cents <= 0 || cents > 10_000)) errors.depositValue = DEPOSIT_TEXTS.percentRange;
  if (values.depositKind === 'amount' && (cents === null || cents <= 0)) errors.depositValue = DEPOSIT_TEXTS.amountPositive;
  const days = values.balanceDueDays.trim();
  if (days !== '' && (!/^\d+$/.test(days) || Number(days) > MAX_BALANCE_DUE_DAYS)) errors.balanceDueDays = DEPOSIT_TEXTS.daysRange;
  return errors;
}

/** The terms that differ from the quote as read; nothing when they are as they were. */
export function depositRequest(values: DepositValues, quote: Pick<QuoteView, 'depositKind' | 'depositValue' | 'balanceDueDays'>): Partial<UpdateQuoteRequest> {
  const depositValue = values.depositKind === 'none' ? null : values.depositValue.trim();
  const balanceDueDays = values.balanceDueDays.trim() === '' ? null : Number(values.balanceDueDays);
  const valueChanged = depositValue === null ? quote.depositValue !== null : quote.depositValue === null || parseCents(depositValue) !== parseCents(quote.depositValue);
  return {
    ...(values.depositKind !== quote.depositKind || valueChanged ? { depositKind: values.depositKind, depositValue } : {}),
    ...(balanceDueDays !== quote.balanceDueDays ? { balanceDueDays } : {}),
  };
}
