import { useRef, useState, type ChangeEvent } from 'react';
import { isApiError, reasonOf } from '../http-errors';
import { failureToast, successToast } from '../toast/outcome-toasts';
import type { ToastMessage } from '../toast/toast.slice';
import { useToast } from '../toast/use-toast';

/** Field errors of a form: one message per field, keyed like its values. */
export type FormErrors<V> = Partial<Record<keyof V, string>>;

/** What `save` may hand back: an RTK Query mutation call (rejects through `unwrap`) or any promise. */
type Saving<S> = PromiseLike<S> | { unwrap(): Promise<S> };

export interface EntityFormOptions<V, S> {
  initial: V | (() => V);
  /** the feature's own rules: a message per broken field, nothing when the values may be sent */
  validate: (values: V) => FormErrors<V>;
  save: (values: V) => Saving<S>;
  /** toast texts: the description of the success toast, the title of the failure toast */
  success: string;
  failure: string;
  /**
   * Server error reasons that belong to a field (`{ USERNAME_TAKEN: 'username' }`): their message is
   * shown under that field instead of in a toast. Every other failure stays a toast.
   */
  reasons?: Readonly<Record<string, keyof V>>;
  /** a screen whose failure toast the product words differently (e.g. titled 'Error') */
  failureToast?: (error: unknown) => ToastMessage;
  /** after a successful save, e.g. closing the dialog */
  onSaved?: (saved: S) => void;
  /** after a failed save has been reported, e.g. to offer reloading what someone else changed */
  onFailed?: (error: unknown) => void;
}

/**
 * The one way a form is saved: validate → save → toast → done, with server errors placed on their
 * field by the error's `reason` (never by its wording).
 *
 * Why a hook over our own rules rather than react-hook-form: the rules already exist as plain
 * `validate(values) → errors` functions shared with the server's rules library, and every field is a
 * controlled MUI input. react-hook-form would add a dependency, a resolver adapter around those same
 * functions and its register/Controller model around every MUI field, for none of its strengths
 * (uncontrolled inputs, large dynamic forms) that these dialogs need.
 *
 * Usage:
 *   const form = useEntityForm({ initial: () => tagFormFrom(tag), validate: validateTagForm,
 *     save: (values) => createTag({ tenantId, body: tagRequestFrom(values) }),
 *     ...savedToasts('tag', tag ? 'update' : 'create'), reasons: { TAG_NAME_TAKEN: 'name' }, onSaved: onClose });
 *   <FormDialog busy={form.busy} onSubmit={form.submit} ...>
 *     <TextField label="Tag Name" required {...form.text('name')} />
 */
export function useEntityForm<V extends object, S = unknown>(options: EntityFormOptions<V, S>) {
  const [values, setValues] = useState<V>(options.initial);
  const [errors, setErrors] = useState<FormErrors<V>>({});
  const [busy, setBusy] = useState(false);
  const saving = useRef(false);
  const toast = useToast();

  const set = <K extends keyof V>(field: K, value: V[K]) => setValues((current) => ({ ...current, [field]: value }));
  /** Several fields at once, worked out from the current values. */
  const update = (change: (current: V) => Partial<V>) => setValues((current) => ({ ...current, ...change(current) }));
  /** Starts again from `next` (e.g. the record as just reloaded), without errors. */
  const reset = (next: V) => {
    setValues(next);
    setErrors({});
  };

  const submit = async () => {
    if (saving.current) return;
    const problems = options.validate(values);
    setErrors(problems);
    if (Object.values(problems).some(Boolean)) return;
    saving.current = true;
    setBusy(true);
    try {
      const pending = options.save(values);
      const saved = await ('unwrap' in pending ? pending.unwrap() : pending);
      toast(successToast(options.success));
      options.onSaved?.(saved);
    } catch (error) {
      const reason = reasonOf(error);
      const field = reason ? options.reasons?.[reason] : undefined;
      if (field && isApiError(error)) setErrors({ [field]: error.serverMessage ?? error.message } as FormErrors<V>);
      else toast(options.failureToast?.(error) ?? failureToast(error, options.failure));
      options.onFailed?.(error);
    } finally {
      saving.current = false;
      setBusy(false);
    }
  };

  type FieldOf<T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V];

  /** Props for a SelectField bound to `field`: its value, where its changes go, its error. */
  const select = (field: FieldOf<string>) => ({
    name: String(field),
    value: values[field] as string,
    onChange: (value: string) => set(field, value as V[typeof field]),
    error: errors[field],
    disabled: busy,
  });

  /** Props for a text input bound to `field` (MUI TextField). */
  const text = (field: FieldOf<string>) => {
    const { onChange, error, ...props } = select(field);
    type InputEvent = ChangeEvent<HTMLInputElement | HTMLTextAreaElement>;
    return { ...props, onChange: (event: InputEvent) => onChange(event.target.value), error: Boolean(error), helperText: error };
  };

  /** Props for a CheckboxField bound to `field`. */
  const checkbox = (field: FieldOf<boolean>) => ({
    name: String(field),
    checked: values[field] as boolean,
    onChange: (checked: boolean) => set(field, checked as V[typeof field]),
    disabled: busy,
  });

  return { values, errors, busy, set, update, reset, submit, text, select, checkbox };
}

export type EntityForm<V extends object> = ReturnType<typeof useEntityForm<V>>;
