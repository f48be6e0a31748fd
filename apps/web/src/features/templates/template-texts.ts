import { TEMPLATE_TYPES, type TemplateType } from '@quotebook/domain';
import { messageOr } from '../../shared/http-errors';
import type { ToastMessage } from '../../shared/toast/toast.slice';

export const TEMPLATES_PAGE_TITLE = 'Template Descrizioni';

/** Each template type as its tab and the dialog name it. */
export const TEMPLATE_TYPE_LABELS: Readonly<Record<TemplateType, string>> = {
  premessa: 'Premessa',
  presentazione: 'Presentazione',
  complementi: 'Complementi',
  condizioni: 'Condizioni',
  conclusioni: 'Conclusioni',
  firma: 'Firma',
};

export const TEMPLATE_TYPE_OPTIONS = TEMPLATE_TYPES.map((type) => ({ value: type, label: TEMPLATE_TYPE_LABELS[type] }));

/**
 * The toasts of one action on this page: the product's Italian success text, and the failures titled
 * 'Errore' with the server's reason (e.g. the layouts that print a template) or the action's fallback.
 */
export function italianOutcome(success: string, failure: string) {
  return {
    success,
    failure,
    failureToast: (error: unknown): ToastMessage => ({ title: 'Errore', description: messageOr(error, failure), variant: 'destructive' }),
  };
}

export const TEMPLATE_OUTCOMES = {
  create: italianOutcome('Template creato con successo', 'Errore nella creazione del template'),
  update: italianOutcome('Template aggiornato con successo', "Errore nell'aggiornamento del template"),
  delete: italianOutcome('Template eliminato con successo', "Errore nell'eliminazione del template"),
} as const;

export const LAYOUT_OUTCOMES = {
  create: italianOutcome('Layout creato con successo', 'Errore nella creazione del layout'),
  update: italianOutcome('Layout aggiornato con successo', "Errore nell'aggiornamento del layout"),
  delete: italianOutcome('Layout eliminato con successo', "Errore nell'eliminazione del layout"),
  setDefault: italianOutcome('Layout impostato come default', "Errore nell'impostazione del layout come default"),
} as const;

export const DELETE_TEMPLATE_CONFIRMATION = 'Are you sure you want to delete this template? This action cannot be undone.';
export const DELETE_LAYOUT_CONFIRMATION = 'Are you sure you want to delete this layout? This action cannot be undone.';
