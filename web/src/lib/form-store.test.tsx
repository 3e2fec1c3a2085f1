import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { createFormStore, schemaResolver, useFormStore, type Resolver } from './form-store';

/** A donation amount (text to cents), a name, a checkbox and a radio group, as a form types them. */
const schema = z.object({
  amount: z.pipe(
    z.string(),
    z.pipe(
      z.transform((text: string) => Math.round(Number(text) * 100)),
      z.number().check(z.gte(100, 'Too small!')),
    ),
  ),
  name: z.string().check(z.minLength(1, 'Required!'), z.maxLength(5, 'Too long!')),
  agreed: z.boolean(),
  size: z.enum(['s', 'l']),
});
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;
const START: Input = { amount: '10', name: '', agreed: false, size: 's' };

function Form({
  resolver = schemaResolver(schema),
  onValid = () => undefined,
  onValues = () => undefined,
  onReady = () => undefined,
  nameBlur,
  readOnlyName = false,
}: {
  resolver?: Resolver<Input, Output>;
  onValid?: (values: Output) => unknown;
  onValues?: (values: Input) => void;
  onReady?: (form: ReturnType<typeof useFormStore<Input, Output>>) => void;
  nameBlur?: () => void;
  readOnlyName?: boolean;
}) {
  const form = useFormStore<Input, Output>({ defaultValues: START, resolver });
  const { register, errors, isSubmitting, isSubmitted, subscribe } = form;
  useEffect(() => subscribe(onValues), [subscribe, onValues]);
  onReady(form);
  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
      <label>
        Amount
        <input {...register('amount')} />
      </label>
      {errors.amount ? <p>amount: {errors.amount.message}</p> : null}
      <label>
        Name
        <input readOnly={readOnlyName} {...register('name', { onBlur: nameBlur })} />
      </label>
      {errors.name ? <p>name: {errors.name.message}</p> : null}
      <label>
        Agreed
        <input {...register('agreed', { type: 'checkbox' })} />
      </label>
      <label>
        Small
        <input {...register('size', { type: 'radio', value: 's' })} />
      </label>
      <label>
        Large
        <input {...register('size', { type: 'radio', value: 'l' })} />
      </label>
      <output aria-label="State">{JSON.stringify({ values: form.values, touched: form.touched, isSubmitting, isSubmitted })}</output>
      <button type="submit">Send</button>
    </form>
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const shown = () => JSON.parse(screen.getByRole('status', { name: 'State' }).textContent ?? '{}') as {
  values: Input;
  touched: Record<string, boolean>;
  isSubmitting: boolean;
  isSubmitted: boolean;
};
const errorText = (name: string) => screen.queryByText(new RegExp(`^${name}: `))?.textContent?.slice(name.length + 2);

describe('useFormStore', () => {
  it('starts at the default values and takes what is typed, ticked and picked', async () => {
    const user = userEvent.setup();
    render(<Form />);
    expect(field('Amount').value).toBe('10');
    expect(field('Small').checked).toBe(true);

    await user.type(field('Name'), 'Ana');
    await user.click(field('Agreed'));
    await user.click(field('Large'));

    expect(shown().values).toEqual({ amount: '10', name: 'Ana', agreed: true, size: 'l' });
    expect(field('Name').value).toBe('Ana');
    expect(field('Agreed').checked).toBe(true);
    expect(field('Large').checked).toBe(true);
    expect(field('Small').checked).toBe(false);
  });

  it('tells subscribers every change of a value at once, with the values', async () => {
    const user = userEvent.setup();
    const seen: Input[] = [];
    let form!: ReturnType<typeof useFormStore<Input, Output>>;
    render(<Form onValues={(values) => seen.push(values)} onReady={(f) => (form = f)} />);

    await user.type(field('Name'), 'Al');
    expect(seen.map((values) => values.name)).toEqual(['A', 'Al']);
    act(() => form.setValue('amount', '25'));
    expect(seen.at(-1)).toEqual({ ...START, name: 'Al', amount: '25' });
    act(() => form.setValue('amount', '25'));
    expect(seen).toHaveLength(3); // the same value again is no change
  });

  it('validates a field first when it loses focus, then on every change (mode onTouched)', async () => {
    const user = userEvent.setup();
    render(<Form />);

    await user.type(field('Name'), 'Aroha Ngata');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(errorText('name')).toBeUndefined(); // not touched yet
    await user.tab();
    await waitFor(() => expect(errorText('name')).toBe('Too long!'));
    expect(shown().touched).toEqual({ name: true });

    await user.clear(field('Name'));
    await waitFor(() => expect(errorText('name')).toBe('Required!'));
    await user.type(field('Name'), 'Ana');
    await waitFor(() => expect(errorText('name')).toBeUndefined());
    // Only the field itself: the amount is wrong but untouched.
    await user.clear(field('Amount'));
    await user.type(field('Amount'), '0.5');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(errorText('amount')).toBeUndefined();
  });

  it('after a submit, validates on every change and not on blur', async () => {
    const user = userEvent.setup();
    const resolver = vi.fn(schemaResolver(schema));
    render(<Form resolver={resolver} />);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(errorText('name')).toBe('Required!'));
    expect(shown().isSubmitted).toBe(true);

    await user.clear(field('Amount'));
    await waitFor(() => expect(errorText('amount')).toBe('Too small!'));
    await user.type(field('Amount'), '5');
    await waitFor(() => expect(errorText('amount')).toBeUndefined());
    const calls = resolver.mock.calls.length;
    await user.click(field('Name'));
    await user.tab();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(resolver.mock.calls.length).toBe(calls);
    expect(errorText('name')).toBe('Required!');
  });

  it('drops a field’s result when its value changed while it was validated', async () => {
    const user = userEvent.setup();
    // Each validation answers only when the test lets it.
    const pending: Array<() => void> = [];
    const slow: Resolver<Input, Output> = async (values) => {
      await new Promise<void>((resolve) => pending.push(resolve));
      return schemaResolver(schema)(values);
    };
    render(<Form resolver={slow} />);

    await user.type(field('Name'), 'Aroha Ngata');
    await user.tab(); // validates 'Aroha Ngata': too long
    await user.click(field('Name'));
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Ana'); // each change validates again (touched)
    await act(async () => pending.shift()?.()); // the blur's answer comes now: 'Aroha Ngata' is no longer the value
    expect(errorText('name')).toBeUndefined();
    await act(async () => pending.splice(0).forEach((answer) => answer()));
    await waitFor(() => expect(pending).toHaveLength(0));
    expect(errorText('name')).toBeUndefined();
  });

  it('submits the parsed values, with isSubmitting while the submit runs', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onValid = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Form onValid={onValid} />);
    await user.type(field('Name'), 'Ana');
    await user.click(field('Large'));

    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(onValid).toHaveBeenCalledWith({ amount: 1000, name: 'Ana', agreed: false, size: 'l' }));
    expect(shown()).toMatchObject({ isSubmitting: true, isSubmitted: false });
    await act(async () => finish());
    await waitFor(() => expect(shown()).toMatchObject({ isSubmitting: false, isSubmitted: true }));
  });

  it('on a wrong submit shows every error and focuses the first wrong field, in the page’s order', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    render(<Form onValid={onValid} />);
    await user.clear(field('Amount'));
    await user.type(field('Amount'), '0.5');

    await user.click(screen.getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(errorText('name')).toBe('Required!'));
    expect(errorText('amount')).toBe('Too small!');
    expect(document.activeElement).toBe(field('Amount'));
    expect(onValid).not.toHaveBeenCalled();
    expect(shown()).toMatchObject({ isSubmitting: false, isSubmitted: true });
  });

  it('keeps errors set while the submit ran (the server’s), and throws what the submit threw', async () => {
    let form!: ReturnType<typeof useFormStore<Input, Output>>;
    render(<Form onReady={(f) => (form = f)} />);
    act(() => form.setValue('name', 'Ana'));

    await act(async () => {
      await form.handleSubmit(() => form.setError('name', { type: 'server', message: 'Taken!' }))();
    });
    expect(errorText('name')).toBe('Taken!');
    expect(form.getFieldState('name')).toEqual({ invalid: true, error: { type: 'server', message: 'Taken!' } });

    let thrown: unknown;
    await act(async () => {
      await form
        .handleSubmit(() => {
          throw new Error('offline');
        })()
        .catch((error: unknown) => (thrown = error));
    });
    expect((thrown as Error).message).toBe('offline');
    expect(shown().isSubmitting).toBe(false);
  });

  it('sets a value, validating it only when asked', async () => {
    let form!: ReturnType<typeof useFormStore<Input, Output>>;
    render(<Form onReady={(f) => (form = f)} />);

    act(() => form.setValue('name', 'Aroha Ngata'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(errorText('name')).toBeUndefined();
    expect(field('Name').value).toBe('Aroha Ngata');

    act(() => form.setValue('name', 'Aroha Ngata', { shouldValidate: true }));
    await waitFor(() => expect(errorText('name')).toBe('Too long!'));
    expect(errorText('amount')).toBeUndefined();
    expect(form.getValues('name')).toBe('Aroha Ngata');
    expect(form.getValues()).toEqual({ ...START, name: 'Aroha Ngata' });
  });

  it('triggers one field or the whole form; the whole form replaces every error, the server’s too', async () => {
    let form!: ReturnType<typeof useFormStore<Input, Output>>;
    render(<Form onReady={(f) => (form = f)} />);
    act(() => form.setError('amount', { type: 'server', message: 'Refused!' }));

    let valid: boolean | undefined;
    await act(async () => {
      valid = await form.trigger('name');
    });
    expect(valid).toBe(false);
    expect(errorText('name')).toBe('Required!');
    expect(errorText('amount')).toBe('Refused!');

    act(() => form.setValue('name', 'Ana'));
    await act(async () => {
      valid = await form.trigger();
    });
    expect(valid).toBe(true);
    expect(errorText('name')).toBeUndefined();
    expect(errorText('amount')).toBeUndefined();

    act(() => form.setError('name', { type: 'server', message: 'Taken!' }));
    expect(errorText('name')).toBe('Taken!');
    act(() => form.clearErrors());
    expect(errorText('name')).toBeUndefined();
  });

  it('focuses a field on the next tick', async () => {
    let form!: ReturnType<typeof useFormStore<Input, Output>>;
    render(<Form onReady={(f) => (form = f)} />);
    act(() => form.setFocus('name'));
    expect(document.activeElement).not.toBe(field('Name'));
    await waitFor(() => expect(document.activeElement).toBe(field('Name')));
  });

  it('calls the field’s own onBlur before validating, and not for a read-only field', async () => {
    const user = userEvent.setup();
    const onBlur = vi.fn();
    const { unmount } = render(<Form nameBlur={onBlur} />);
    await user.click(field('Name'));
    await user.tab();
    expect(onBlur).toHaveBeenCalledTimes(1);
    unmount();

    render(<Form nameBlur={onBlur} readOnlyName />);
    await user.click(field('Name'));
    await user.tab();
    expect(onBlur).toHaveBeenCalledTimes(1);
  });
});

describe('createFormStore', () => {
  it('uses the latest resolver', async () => {
    const store = createFormStore<Input, Output>({ defaultValues: START, resolver: schemaResolver(schema) });
    expect(await store.trigger()).toBe(false);
    store.setResolver((values) => ({ values: values as unknown as Output, errors: {} }));
    expect(await store.trigger()).toBe(true);
  });
});

describe('schemaResolver', () => {
  it('answers the parsed output, or the first issue of each field', () => {
    const resolve = schemaResolver(schema);
    expect(resolve({ amount: '12.5', name: 'Ana', agreed: true, size: 'l' })).toEqual({
      values: { amount: 1250, name: 'Ana', agreed: true, size: 'l' },
      errors: {},
    });
    expect(resolve({ amount: '0', name: '', agreed: false, size: 's' })).toEqual({
      values: {},
      errors: { amount: { type: 'too_small', message: 'Too small!' }, name: { type: 'too_small', message: 'Required!' } },
    });
  });

  it('names nested fields by their path, and takes a union’s message from its closest branch', () => {
    const contact = z.object({
      donor: z.object({ email: z.string().check(z.minLength(3, 'Short!')) }),
      reach: z.union([z.object({ phone: z.string('Phone!'), code: z.string('Code!') }), z.object({ email: z.string('Email!'), post: z.string('Post!') })]),
    });
    const resolve = schemaResolver<Record<string, unknown>, unknown>(contact);
    const { errors } = resolve({ donor: { email: 'a' }, reach: { email: 'a@b.c' } }) as { errors: Record<string, { message: string }> };
    expect(errors['donor.email']?.message).toBe('Short!');
    expect(errors.reach?.message).toBe('Post!');
    expect(errors['reach.post']?.message).toBe('Post!');
    expect(errors['reach.phone']?.message).toBe('Phone!');
  });
});
