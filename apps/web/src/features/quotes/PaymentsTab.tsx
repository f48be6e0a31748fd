import type { PaymentView, QuoteView } from '@quotebook/contracts';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  formatDate,
  formatEuro,
  isDateOnly,
  isMoneyValue,
  MAX_PAYMENT_NOTE_LENGTH,
  parseCents,
  PAYMENT_LABELS,
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  type DepositKind,
  type PaymentMethod,
  todayIn,
} from '@quotebook/domain';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { ConfirmDialog } from '../../shared/confirm-dialog/ConfirmDialog';
import { CountField, DateField, MoneyField, PercentField, twoColumns } from '../../shared/fields/InputFields';
import { SelectField, type SelectOption } from '../../shared/fields/SelectField';
import type { FormErrors } from '../../shared/form/use-entity-form';
import { useEntityForm } from '../../shared/form/use-entity-form';
import { failureToast, successToast } from '../../shared/toast/outcome-toasts';
import { useToast } from '../../shared/toast/use-toast';
import { DEPOSIT_KIND_OPTIONS, DEPOSIT_TEXTS } from './deposit-form';
import { dueText } from './quote-due';
import { type PaymentRequest, useAddPaymentMutation, useDeletePaymentMutation, useListPaymentsQuery } from './payments.api';

export const PAYMENTS_TAB_LABEL = PAYMENT_LABELS.payments;

export const PAYMENT_TEXTS = {
  savedAtOnce: "I pagamenti vengono registrati subito; acconto e giorni del saldo si salvano con Update Quote.",
  record: 'Registra pagamento',
  empty: 'Nessun pagamento registrato',
  added: 'Pagamento registrato',
  removed: 'Pagamento eliminato',
  addFailed: 'Impossibile registrare il pagamento',
  removeFailed: 'Impossibile eliminare il pagamento',
  dateRequired: 'Inserisci la data del pagamento (non oltre oggi)',
  amountRequired: 'Inserisci un importo maggiore di 0',
  remove: 'Elimina pagamento',
  confirmMessage: 'Il pagamento viene tolto da quanto incassato per questo preventivo.',
} as const;

const METHOD_OPTIONS: SelectOption[] = PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }));

interface PaymentValues {
  paidOn: string;
  amount: string;
  method: PaymentMethod;
  note: string;
}

const newPayment = (): PaymentValues => ({ paidOn: todayIn(), amount: '', method: 'bonifico', note: '' });

export function validatePayment(values: PaymentValues, today = todayIn()): FormErrors<PaymentValues> {
  const errors: FormErrors<PaymentValues> = {};
  if (!isDateOnly(values.paidOn) || values.paidOn > today) errors.paidOn = PAYMENT_TEXTS.dateRequired;
  const amount = values.amount.trim();
  if (!isMoneyValue(amount) || !parseCents(amount)) errors.amount = PAYMENT_TEXTS.amountRequired;
  return errors;
}

const paymentRequest = (values: PaymentValues): PaymentRequest => ({
  paidOn: values.paidOn,
  amount: values.amount.trim(),
  method: values.method,
  note: values.note.trim() || null,
});

/** "il pagamento di € 100,00 del 15/01/2026": how the confirmation names a payment. */
export const paymentName = (payment: PaymentView) => `il pagamento di ${formatEuro(payment.amount)} del ${formatDate(payment.paidOn)}`;

type FieldProps = Pick<TextFieldProps, 'name' | 'value' | 'onChange' | 'error' | 'helperText' | 'disabled'>;

interface DepositFieldsProps {
  kind: { name?: string; value: string; onChange: (value: string) => void; error?: string; disabled?: boolean };
  value: FieldProps;
  days: FieldProps;
  depositKind: DepositKind;
}

/** The quote's deposit (none, a percent or an amount, due on acceptance) and the balance's days before the service. */
export function DepositFields({ kind, value, days, depositKind }: DepositFieldsProps) {
  return (
    <Box sx={twoColumns}>
      <SelectField label={PAYMENT_LABELS.deposit} {...kind} options={DEPOSIT_KIND_OPTIONS} />
      {depositKind === 'percent' && <PercentField label="Acconto (%)" {...value} />}
      {depositKind === 'amount' && <MoneyField label="Acconto (€)" {...value} />}
      {depositKind === 'none' && <Box />}
      <CountField label="Giorni prima del servizio per il saldo" {...days} helperText={days.helperText || DEPOSIT_TEXTS.daysHint} />
    </Box>
  );
}

/** The schedule as the quote was saved: deposit on acceptance, balance by its date, what was paid and what is due. */
function Schedule({ quote }: { quote: QuoteView }) {
  const rows: [string, string][] = [
    ...(quote.depositKind === 'none' ? [] : [[`${PAYMENT_LABELS.deposit} (${PAYMENT_LABELS.onAcceptance})`, formatEuro(quote.depositAmount)] as [string, string]]),
    [`${PAYMENT_LABELS.balance}${quote.balanceDueDate ? ` entro il ${formatDate(quote.balanceDueDate)}` : ''}`, formatEuro(quote.balanceAmount)],
    [PAYMENT_LABELS.paid, formatEuro(quote.paidTotal)],
    [PAYMENT_LABELS.due, dueText(quote.dueTotal)],
  ];
  return (
    <Box component="dl" aria-label="Piano dei pagamenti" sx={{ display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'start', columnGap: 3, rowGap: 0.5, my: 2 }}>
      {rows.map(([label, amount]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }} aria-label={label}>
            {amount}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

interface PaymentsTabProps {
  tenantId: string;
  /** the quote as last read: its schedule follows every payment */
  quote: QuoteView;
  /** the quote's deposit terms, saved with the quote */
  depositFields: ReactNode;
}

/** The deposit terms, the schedule, and the payments received: each payment is recorded or removed at once. */
export function PaymentsTab({ tenantId, quote, depositFields }: PaymentsTabProps) {
  const quoteId = quote.id;
  const payments = useListPaymentsQuery({ tenantId, quoteId });
  const [addPayment] = useAddPaymentMutation();
  const [deletePayment] = useDeletePaymentMutation();
  const [pending, setPending] = useState<{ payment: PaymentView; open: boolean } | null>(null);
  const [removing, setRemoving] = useState(false);
  const toast = useToast();
  const form = useEntityForm({
    initial: newPayment(),
    validate: (values: PaymentValues) => validatePayment(values),
    save: (values) => addPayment({ tenantId, quoteId, body: paymentRequest(values) }),
    success: PAYMENT_TEXTS.added,
    failure: PAYMENT_TEXTS.addFailed,
    onSaved: () => form.reset(newPayment()),
  });
  // the row sits inside the editor's form: Enter records the payment instead of saving the quote
  const addOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void form.submit();
  };
  const remove = async () => {
    if (!pending?.open) return;
    setRemoving(true);
    try {
      await deletePayment({ tenantId, quoteId, paymentId: pending.payment.id }).unwrap();
      toast(successToast(PAYMENT_TEXTS.removed));
    } catch (error) {
      toast(failureToast(error, PAYMENT_TEXTS.removeFailed));
    } finally {
      setRemoving(false);
      setPending({ ...pending, open: false });
    }
  };

  return (
    <Box>
      {depositFields}
      <Schedule quote={quote} />
      <Alert severity="info" sx={{ mb: 2 }}>
        {PAYMENT_TEXTS.savedAtOnce}
      </Alert>
      <Box
        role="group"
        aria-label={PAYMENT_TEXTS.record}
        sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, alignItems: 'start' }}
        onKeyDown={addOnEnter}
      >
        <DateField label="Data" {...form.text('paidOn')} />
        <MoneyField label="Importo" {...form.text('amount')} />
        <SelectField label="Metodo" {...form.select('method')} options={METHOD_OPTIONS} />
        <TextField label="Nota (facoltativa)" {...form.text('note')} slotProps={{ htmlInput: { maxLength: MAX_PAYMENT_NOTE_LENGTH } }} sx={{ gridColumn: { sm: '1 / 3' } }} />
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => void form.submit()} disabled={form.busy} sx={{ mt: 1, height: 56 }}>
          {PAYMENT_TEXTS.record}
        </Button>
      </Box>
      {payments.data && payments.data.length > 0 ? (
        <Box component="ul" aria-label="Pagamenti ricevuti" sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
          {payments.data.map((payment) => (
            <Box component="li" key={payment.id} aria-label={paymentName(payment)} sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Box sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {`${formatDate(payment.paidOn)} · ${PAYMENT_METHOD_LABELS[payment.method]} · ${formatEuro(payment.amount)}`}
                </Typography>
                {payment.note && (
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {payment.note}
                  </Typography>
                )}
              </Box>
              <Tooltip title={PAYMENT_TEXTS.remove}>
                <IconButton aria-label={PAYMENT_TEXTS.remove} color="error" onClick={() => setPending({ payment, open: true })}>
                  <DeleteOutlinedIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
          ))}
        </Box>
      ) : (
        <Typography variant="body2" sx={{ color: 'text.secondary', py: 3, textAlign: 'center' }}>
          {payments.isLoading ? '…' : PAYMENT_TEXTS.empty}
        </Typography>
      )}
      <ConfirmDialog
        open={Boolean(pending?.open)}
        title={pending ? `Eliminare ${paymentName(pending.payment)}?` : ''}
        message={PAYMENT_TEXTS.confirmMessage}
        confirmLabel="Elimina"
        busyLabel="Eliminazione..."
        cancelLabel="Annulla"
        busy={removing}
        onConfirm={() => void remove()}
        onCancel={() => setPending(pending && { ...pending, open: false })}
      />
    </Box>
  );
}
