import { useCallback, useRef, type BaseSyntheticEvent, type RefObject } from 'react';
import { useForm, type FieldPath, type FieldValues, type UseFormHandleSubmit, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import { focusFirstInvalid } from './focus-first-error';

export type UseAppFormReturn<TFieldValues extends FieldValues, TContext, TTransformedValues> = UseFormReturn<TFieldValues, TContext, TTransformedValues> & {
  /** For the <form>: where focus goes when handleSubmit runs without a submit event (a button's onClick, a dialog's action). */
  formRef: RefObject<HTMLFormElement | null>;
};

/**
 * react-hook-form's useForm for every form in the app. A submit the form's rules refuse calls `onInvalid` (when given),
 * then focuses the submitted form's first control in error, in document order, once per press: react-hook-form's own
 * focusing (`shouldFocusError`, here always off) runs twice, the second a timer later, and moved someone already
 * typing in the first wrong field on to the next one mid-word. An `onInvalid` that moves focus itself keeps it there.
 */
export function useAppForm<TFieldValues extends FieldValues = FieldValues, TContext = unknown, TTransformedValues = TFieldValues>(
  props?: UseFormProps<TFieldValues, TContext, TTransformedValues>,
): UseAppFormReturn<TFieldValues, TContext, TTransformedValues> {
  const form = useForm<TFieldValues, TContext, TTransformedValues>({ ...props, shouldFocusError: false });
  const formRef = useRef<HTMLFormElement>(null);
  const { handleSubmit: submitWithRules, setFocus } = form;

  const handleSubmit = useCallback<UseFormHandleSubmit<TFieldValues, TTransformedValues>>(
    (onValid, onInvalid) => (event) => {
      // Read now: React clears a synthetic event's currentTarget once its handlers return, before the rules have run.
      const submitted = formOf(event) ?? formRef.current;
      return submitWithRules(onValid, async (errors, submitEvent) => {
        const focused = document.activeElement;
        const handled = onInvalid?.(errors, submitEvent);
        if (handled instanceof Promise) await handled;
        if (document.activeElement !== focused) return;
        if (focusFirstInvalid(submitted, errors)) return;
        // A field with no control of its own (a drop zone's file, say) is registered with a ref that focuses what
        // stands for it: react-hook-form reaches that one.
        for (const path of errorPaths(errors)) {
          if (document.activeElement !== focused) break;
          setFocus(path as FieldPath<TFieldValues>);
        }
      })(event);
    },
    [submitWithRules, setFocus],
  );

  return { ...form, handleSubmit, formRef };
}

/** The form a submit event came from: the form itself, or the form of the button or control that was pressed. */
function formOf(event: BaseSyntheticEvent | undefined): HTMLFormElement | null {
  for (const target of [event?.currentTarget, event?.target]) {
    if (target instanceof HTMLFormElement) return target;
  }
  const pressed: unknown = event?.currentTarget;
  if (pressed instanceof HTMLButtonElement || pressed instanceof HTMLInputElement) return pressed.form;
  return null;
}

/** The paths of the errors react-hook-form found (`receipt.data`, `people.0.email`), in its order. */
function errorPaths(errors: object, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, error]: [string, unknown]) => {
    if (!error || typeof error !== 'object') return [];
    const path = prefix + key;
    return 'type' in error && typeof error.type === 'string' ? [path] : errorPaths(error, `${path}.`);
  });
}
