import type { CustomerDuplicateView, CustomerView, PriceListView } from '@quotebook/contracts';
import { CUSTOMER_TITLES, DEFAULT_CUSTOMER_TITLE, DEFAULT_LANGUAGE, E_INVOICE_MESSAGES, isEmail, isFiscalCode, MESSAGES } from '@quotebook/domain';
import type { SelectOption } from '../../shared/fields/SelectField';
import { languageLabel } from '../../shared/formatters';
import type { CustomerRequest } from './customers.api';

export { CUSTOMER_TITLES, DEFAULT_CUSTOMER_TITLE };

export const CUSTOMER_MESSAGES = {
  titleRequired: MESSAGES.titleRequired,
  nameRequired: MESSAGES.customerNameRequired,
  emailRequired: MESSAGES.emailRequired,
  emailInvalid: MESSAGES.emailInvalid,
  fiscalCodeInvalid: E_INVOICE_MESSAGES.fiscalCode,
} as const;

/** The question asked before saving a customer that repeats another one's e-mail or VAT number. */
export const DUPLICATE_CUSTOMER_TITLE = 'Cliente già presente?';

/**
 * "Esiste già un cliente con la stessa email: Rossi Srl (rossi@mail.it, Verona). Salvarlo comunque?"
 * naming each look-alike with what tells it apart, and what it shares.
 */
export function duplicateCustomerMessage(matches: readonly CustomerDuplicateView[]): string {
  const shared = (match: CustomerDuplicateView) =>
    match.matches.map((field) => (field === 'email' ? 'la stessa email' : 'la stessa partita IVA')).join(' e ');
  const described = matches.map((match) => `${match.name} (${[match.email, match.city].filter(Boolean).join(', ')}) con ${shared(match)}`);
  const lead = matches.length === 1 ? 'Esiste già un cliente' : `Esistono già ${matches.length} clienti`;
  return `${lead}: ${described.join('; ')}. Salvarlo comunque?`;
}

/** Whether a save must first ask about look-alikes: a new customer, or a changed e-mail or VAT number. */
export function duplicateQueryFor(values: CustomerFormValues, customer?: CustomerView): { email?: string; vatNumber?: string; excludeId?: string } | null {
  const email = values.email.trim();
  const vatNumber = values.vatNumber.trim();
  const emailChanged = email !== '' && email.toLowerCase() !== (customer?.email ?? '').toLowerCase();
  const vatChanged = vatNumber !== '' && vatNumber.replace(/\s/g, '').toUpperCase() !== (customer?.vatNumber ?? '').replace(/\s/g, '').toUpperCase();
  if (!emailChanged && !vatChanged) return null;
  return {
    ...(emailChanged ? { email } : {}),
    ...(vatChanged ? { vatNumber } : {}),
    ...(customer ? { excludeId: customer.id } : {}),
  };
}

export const DELETE_CUSTOMER_CONFIRMATION = 'Are you sure you want to delete this customer? This action cannot be undone.';

const OPTIONAL_FIELDS = ['phone', 'contact', 'address', 'country', 'city', 'postalCode', 'vatNumber', 'sdi', 'pec', 'fiscalCode'] as const;
type OptionalField = (typeof OPTIONAL_FIELDS)[number];

export interface CustomerFormValues extends Record<OptionalField, string> {
  title: string;
  name: string;
  email: string;
  /** '' is "no price list" */
  priceListId: string;
  /** the language the customer's documents, e-mails and quote page are written in */
  language: string;
  tagIds: string[];
}

export type CustomerFormErrors = Partial<Record<keyof CustomerFormValues, string>>;

export function customerFormFrom(customer?: CustomerView): CustomerFormValues {
  const optional = Object.fromEntries(OPTIONAL_FIELDS.map((field) => [field, customer?.[field] ?? ''])) as Record<
    OptionalField,
    string
  >;
  return {
    ...optional,
    title: customer?.title ?? DEFAULT_CUSTOMER_TITLE,
    name: customer?.name ?? '',
    email: customer?.email ?? '',
    priceListId: customer?.priceListId ?? '',
    language: customer?.language ?? DEFAULT_LANGUAGE,
    tagIds: customer ? [...customer.tagIds] : [],
  };
}

/** Title, name and a valid email required; a PEC, when given, is an email address too. */
export function validateCustomerForm(values: CustomerFormValues): CustomerFormErrors {
  const errors: CustomerFormErrors = {};
  if (!(CUSTOMER_TITLES as readonly string[]).includes(values.title)) errors.title = CUSTOMER_MESSAGES.titleRequired;
  if (!values.name.trim()) errors.name = CUSTOMER_MESSAGES.nameRequired;
  if (!values.email.trim()) errors.email = CUSTOMER_MESSAGES.emailRequired;
  else if (!isEmail(values.email)) errors.email = CUSTOMER_MESSAGES.emailInvalid;
  if (values.pec.trim() && !isEmail(values.pec)) errors.pec = CUSTOMER_MESSAGES.emailInvalid;
  if (values.fiscalCode.trim() && !isFiscalCode(values.fiscalCode)) errors.fiscalCode = CUSTOMER_MESSAGES.fiscalCodeInvalid;
  return errors;
}

/** Trimmed; emptied optional fields and "no price list" are sent as null. */
export function customerRequestFrom(values: CustomerFormValues): CustomerRequest {
  const optional = Object.fromEntries(OPTIONAL_FIELDS.map((field) => [field, values[field].trim() || null])) as Record<
    OptionalField,
    string | null
  >;
  return {
    ...optional,
    title: values.title,
    name: values.name.trim(),
    email: values.email.trim(),
    priceListId: values.priceListId || null,
    language: values.language,
  };
}

/**
 * The agency's languages, Italian first; a language the customer has that the agency no longer offers
 * stays visible, so opening the dialog never changes it silently.
 */
export function customerLanguageOptions(languages: readonly string[], current: string | undefined): SelectOption[] {
  const codes = [DEFAULT_LANGUAGE, ...languages.filter((code) => code !== DEFAULT_LANGUAGE)];
  if (current && !codes.includes(current)) codes.push(current);
  return codes.map((code) => ({ value: code, label: languageLabel(code) }));
}

/**
 * Only active price lists are offered, "none" first. A list the customer already has stays
 * visible (marked inactive) so opening the dialog never silently unlinks it.
 */
export function priceListOptions(priceLists: readonly PriceListView[], currentId: string | null): SelectOption[] {
  const offered = priceLists
    .filter((list) => list.isActive || list.id === currentId)
    .map((list) => ({ value: list.id, label: list.isActive ? list.name : `${list.name} (inactive)` }));
  return [{ value: '', label: 'No price list' }, ...offered];
}

export interface CustomerFilters {
  search: string;
  /** a tag id, or 'all' */
  tagId: string;
}

export function filterCustomers(customers: readonly CustomerView[], { search, tagId }: CustomerFilters): CustomerView[] {
  const needle = search.trim().toLowerCase();
  return customers.filter((customer) => {
    if (tagId !== 'all' && !customer.tagIds.includes(tagId)) return false;
    if (!needle) return true;
    return [customer.name, customer.email, customer.contact, customer.city, customer.phone, customer.vatNumber].some(
      (text) => text?.toLowerCase().includes(needle),
    );
  });
}
