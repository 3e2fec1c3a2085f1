import { useEffect, useState, type ChangeEvent, type FocusEvent } from 'react';
import type * as z from 'zod/mini';

/**
 * A small form store for a form checked by one schema (the checkout), with react-hook-form's rules and timing
 * (mode 'onTouched'): a field is validated when it loses focus and, once touched, on every change; after a submit,
 * every field is validated on each change (not on blur). Validation is asynchronous, and a field's result is dropped
 * when its value changed meanwhile. Submit validates everything and focuses the first wrong field (in the order the
 * fields were registered). Inputs are controlled: `register` gives their value, handlers and ref.
 */
export interface FieldError {
  type: string;
  message: string;
}

type Values = Record<string, unknown>;
export type FieldName<T> = keyof T & string;
export type FieldErrors<T> = Partial<Record<FieldName<T>, FieldError>>;

/** What a resolver makes of the values: the parsed output, or the errors by field (the first one of each). */
export type Validation<TInput, TOutput> = { values: TOutput; errors: FieldErrors<TInput> };
export type Resolver<TInput, TOutput> = (values: TInput) => Validation<TInput, TOutput> | Promise<Validation<TInput, TOutput>>;

export interface FormState<TInput> {
  values: TInput;
  errors: FieldErrors<TInput>;
  touched: Partial<Record<FieldName<TInput>, true>>;
  isSubmitting: boolean;
  isSubmitted: boolean;
}

export interface SetValueOptions {
  /** Validate the field now (as react-hook-form's `shouldValidate`). */
  shouldValidate?: boolean;
}

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

export interface RegisterOptions {
  /** A checkbox (a boolean value) or one radio of a group (checked when the value is `value`). */
  type?: 'checkbox' | 'radio';
  value?: string;
  /** Called after the value is taken and before it is validated. */
  onChange?: (event: ChangeEvent<FieldElement>) => void;
  /** Called on blur (unless the field is read-only), before the field is validated. */
  onBlur?: (event: FocusEvent<FieldElement>) => void;
}

export interface RegisteredField {
  name: string;
  type?: 'checkbox' | 'radio';
  value?: string;
  checked?: boolean;
  onChange: (event: ChangeEvent<FieldElement>) => void;
  onBlur: (event: FocusEvent<FieldElement>) => void;
  ref: (element: FieldElement | null) => (() => void) | undefined;
}

export interface FormStore<TInput extends Values, TOutput> {
  getState: () => FormState<TInput>;
  /** Calls `listener` on every change of the form's state (values, errors, touched, submitting). */
  subscribeState: (listener: () => void) => () => void;
  /** Calls `listener` after every change of a value (typed, picked or set); returns the unsubscribe. */
  subscribe: (listener: (values: TInput) => void) => () => void;
  register: (name: FieldName<TInput>, options?: RegisterOptions) => RegisteredField;
  getValues: { (): TInput; <K extends FieldName<TInput>>(name: K): TInput[K] };
  setValue: <K extends FieldName<TInput>>(name: K, value: TInput[K], options?: SetValueOptions) => void;
  setError: (name: FieldName<TInput>, error: FieldError) => void;
  clearErrors: () => void;
  getFieldState: (name: FieldName<TInput>) => { invalid: boolean; error: FieldError | undefined };
  /** Focuses the field (on the next tick, as react-hook-form does). */
  setFocus: (name: FieldName<TInput>) => void;
  /** Validates one field (updating only its error) or, without a name, the whole form (replacing every error). */
  trigger: (name?: FieldName<TInput>) => Promise<boolean>;
  /** A submit handler: validates everything, then calls `onValid` with the parsed values or focuses the first error. */
  handleSubmit: (onValid: (values: TOutput) => unknown) => (event?: { preventDefault?: () => void }) => Promise<void>;
  /** The resolver used from now on (it may read state outside the values). */
  setResolver: (resolver: Resolver<TInput, TOutput>) => void;
}

export function createFormStore<TInput extends Values, TOutput>({
  defaultValues,
  resolver: initialResolver,
}: {
  defaultValues: TInput;
  resolver: Resolver<TInput, TOutput>;
}): FormStore<TInput, TOutput> {
  let resolver = initialResolver;
  let state: FormState<TInput> = { values: { ...defaultValues }, errors: {}, touched: {}, isSubmitting: false, isSubmitted: false };
  const stateListeners = new Set<() => void>();
  const valueListeners = new Set<(values: TInput) => void>();
  // Fields in the order they were first registered (the page's order): the first wrong one takes focus on submit.
  const order = new Set<FieldName<TInput>>();
  const elements = new Map<FieldName<TInput>, Set<FieldElement>>();
  const refs = new Map<FieldName<TInput>, RegisteredField['ref']>();

  const update = (next: Partial<FormState<TInput>>) => {
    state = { ...state, ...next };
    stateListeners.forEach((listener) => listener());
  };
  const writeValue = (name: FieldName<TInput>, value: unknown) => {
    update({ values: { ...state.values, [name]: value } });
    valueListeners.forEach((listener) => listener(state.values));
  };
  const setFieldError = (name: FieldName<TInput>, error: FieldError | undefined) => {
    const errors = { ...state.errors };
    if (error) errors[name] = error;
    else delete errors[name];
    update({ errors });
  };
  const validate = async () => resolver(state.values);

  const elementOf = (name: FieldName<TInput>) => [...(elements.get(name) ?? [])].find((element) => element.isConnected && !element.disabled);
  const focusFirstError = () => {
    for (const name of order) {
      if (!state.errors[name]) continue;
      const element = elementOf(name);
      if (element) {
        element.focus();
        return;
      }
    }
  };

  const trigger = async (name?: FieldName<TInput>) => {
    const { errors } = await validate();
    if (name) {
      setFieldError(name, errors[name]);
      return !errors[name];
    }
    update({ errors });
    return Object.keys(errors).length === 0;
  };

  const setValue = <K extends FieldName<TInput>>(name: K, value: TInput[K], options: SetValueOptions = {}) => {
    if (!Object.is(state.values[name], value)) writeValue(name, value);
    if (options.shouldValidate) void trigger(name);
  };

  /** A change or blur from the page: take the value, then validate the field when the rules say so. */
  const onFieldEvent = async (name: FieldName<TInput>, value: unknown, isBlur: boolean, callback: () => void) => {
    const wasTouched = state.touched[name] === true;
    // Before a submit: once touched (or on this blur). After it: on every change, not on blur.
    const skipValidation = state.isSubmitted ? isBlur : !(wasTouched || isBlur);
    if (!isBlur) writeValue(name, value);
    callback();
    if (isBlur && !wasTouched) update({ touched: { ...state.touched, [name]: true } });
    if (skipValidation) return;
    const { errors } = await validate();
    // Typed again while this ran: the newer change brings its own result.
    if (!Object.is(state.values[name], value)) return;
    setFieldError(name, errors[name]);
  };

  const register = (name: FieldName<TInput>, options: RegisterOptions = {}): RegisteredField => {
    order.add(name);
    const current = state.values[name];
    const valueOf = (element: FieldElement) =>
      options.type === 'checkbox' ? (element as HTMLInputElement).checked : options.type === 'radio' ? options.value : element.value;
    let ref = refs.get(name);
    if (!ref) {
      ref = (element) => {
        if (!element) return undefined;
        const set = elements.get(name) ?? new Set<FieldElement>();
        elements.set(name, set.add(element));
        return () => void set.delete(element);
      };
      refs.set(name, ref);
    }
    return {
      name,
      ...(options.type ? { type: options.type } : {}),
      ...(options.type === 'checkbox'
        ? { checked: current === true }
        : options.type === 'radio'
          ? { value: options.value, checked: current === options.value }
          : { value: current === undefined || current === null ? '' : String(current) }),
      onChange: (event) => void onFieldEvent(name, valueOf(event.target), false, () => options.onChange?.(event)),
      onBlur: (event) =>
        void onFieldEvent(name, state.values[name], true, () => {
          if (!(event.target as HTMLInputElement).readOnly) options.onBlur?.(event);
        }),
      ref,
    };
  };

  const handleSubmit = (onValid: (values: TOutput) => unknown) => async (event?: { preventDefault?: () => void }) => {
    event?.preventDefault?.();
    update({ isSubmitting: true });
    let result: Validation<TInput, TOutput>;
    try {
      result = await validate();
    } catch (error) {
      update({ isSubmitting: false });
      throw error;
    }
    update({ errors: result.errors });
    let failure: { error: unknown } | undefined;
    if (Object.keys(result.errors).length === 0) {
      try {
        await onValid(result.values);
      } catch (error) {
        failure = { error };
      }
    } else {
      focusFirstError();
      setTimeout(focusFirstError);
    }
    // Errors set while `onValid` ran (e.g. the server's) stay.
    update({ isSubmitted: true, isSubmitting: false });
    if (failure) throw failure.error;
  };

  return {
    getState: () => state,
    subscribeState: (listener) => {
      stateListeners.add(listener);
      return () => void stateListeners.delete(listener);
    },
    subscribe: (listener) => {
      valueListeners.add(listener);
      return () => void valueListeners.delete(listener);
    },
    register,
    getValues: ((name?: FieldName<TInput>) => (name === undefined ? { ...state.values } : state.values[name])) as FormStore<TInput, TOutput>['getValues'],
    setValue,
    setError: (name, error) => setFieldError(name, { type: error.type, message: error.message }),
    clearErrors: () => update({ errors: {} }),
    getFieldState: (name) => ({ invalid: state.errors[name] !== undefined, error: state.errors[name] }),
    setFocus: (name) => {
      const element = elementOf(name);
      if (element) setTimeout(() => element.focus());
    },
    trigger,
    handleSubmit,
    setResolver: (next) => {
      resolver = next;
    },
  };
}

/**
 * The form store of a component, made on its first render (later `defaultValues` are ignored) and re-rendering it
 * on every change. The resolver is the one of the latest render.
 */
export function useFormStore<TInput extends Values, TOutput>(options: { defaultValues: TInput; resolver: Resolver<TInput, TOutput> }) {
  const [store] = useState(() => createFormStore(options));
  store.setResolver(options.resolver);
  // Plain state, as react-hook-form keeps it: a change from an event renders at once, a validation result that
  // arrives later renders with normal priority (not synchronously, as an external store would).
  const [state, setState] = useState(store.getState);
  useEffect(() => {
    setState(store.getState());
    return store.subscribeState(() => setState(store.getState()));
  }, [store]);
  return { ...store, ...state };
}

/**
 * Validates with a zod schema (react-hook-form's zodResolver): the parsed output, or per field the first issue's
 * message (a union's from its closest branch). Nested paths are joined with dots.
 */
export function schemaResolver<TInput extends Values, TOutput>(schema: z.ZodMiniType<TOutput, TInput>): Resolver<TInput, TOutput> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    return { values: {} as TOutput, errors: issueErrors(result.error.issues) as FieldErrors<TInput> };
  };
}

function issueErrors(issues: readonly z.core.$ZodIssue[]): Record<string, FieldError> {
  const errors: Record<string, FieldError> = Object.create(null);
  const queue = [...issues];
  for (let issue = queue.shift(); issue; issue = queue.shift()) {
    const path = issue.path.join('.');
    if (issue.code === 'invalid_union') {
      const branches = issue.errors;
      const closest = branches.reduce<readonly z.core.$ZodIssue[] | undefined>((best, branch) => (!best || branch.length < best.length ? branch : best), undefined);
      const first = closest?.[0];
      errors[path] ??= { type: first?.code ?? issue.code, message: first?.message ?? issue.message };
      for (const branch of branches) for (const inner of branch) queue.push({ ...inner, path: [...issue.path, ...inner.path] });
    } else {
      errors[path] ??= { type: issue.code, message: issue.message };
    }
  }
  return errors;
}
