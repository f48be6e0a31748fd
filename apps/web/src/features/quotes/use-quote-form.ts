import { useState } from 'react';
import { useEntityForm, type EntityFormOptions, type FormErrors } from '../../shared/form/use-entity-form';

/** The messages still true of `values`: a message goes as soon as its field is valid, and follows the field's current problem. */
export function stillBroken<V>(shown: FormErrors<V>, current: FormErrors<V>): FormErrors<V> {
  const errors: FormErrors<V> = {};
  for (const field of Object.keys(shown) as (keyof V)[]) {
    if (shown[field] && current[field]) errors[field] = current[field];
  }
  return errors;
}

/**
 * A quote form: the app's form (`useEntityForm`) whose messages, once shown by a save, clear as soon
 * as their field is valid, and which knows whether anything differs from where it started (for the
 * unsaved-changes question).
 */
export function useQuoteForm<V extends object, S = unknown>(options: EntityFormOptions<V, S>) {
  const form = useEntityForm(options);
  const [start, setStart] = useState(() => JSON.stringify(form.values));
  const errors = stillBroken(form.errors, options.validate(form.values));
  type Field = Parameters<typeof form.text>[0];

  return {
    ...form,
    errors,
    dirty: JSON.stringify(form.values) !== start,
    /** starts again from `next` (the quote as just reloaded): it is the new unchanged state */
    reset: (next: V) => {
      setStart(JSON.stringify(next));
      form.reset(next);
    },
    /** `saved` was saved apart from the form (at once): as saved, those fields are no longer changes */
    settle: (saved: Partial<V>) => setStart((current) => JSON.stringify({ ...(JSON.parse(current) as V), ...saved })),
    text: (field: Field) => ({ ...form.text(field), error: Boolean(errors[field]), helperText: errors[field] }),
    select: (field: Field) => ({ ...form.select(field), error: errors[field] }),
  };
}
