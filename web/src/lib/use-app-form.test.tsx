import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from '../components/ui/field';
import { typeWhenFocused } from '../testing/typing';
import { useAppForm } from './use-app-form';

interface Values {
  name: string;
  email: string;
}

/** Two required fields, saved by the form's own submit or (pressedBy 'button') by a plain button's onClick. */
function Contact({ onSave, onInvalid, pressedBy = 'submit' }: { onSave: (values: Values) => void; onInvalid?: () => void; pressedBy?: 'submit' | 'button' }) {
  const {
    register,
    handleSubmit,
    formRef,
    formState: { errors },
  } = useAppForm<Values>({ defaultValues: { name: '', email: '' } });
  const save = handleSubmit(onSave, onInvalid);
  return (
    <form ref={formRef} onSubmit={(event) => void save(event)} noValidate aria-label="Contact">
      <TextField label="Name" error={errors.name?.message} {...register('name', { required: 'Please enter a name.' })} />
      <TextField label="Email" error={errors.email?.message} {...register('email', { required: 'Please enter an email.' })} />
      {pressedBy === 'submit' ? <button type="submit">Save</button> : <button type="button" onClick={() => void save()}>Save</button>}
    </form>
  );
}

/** A file that has no input of its own: its field is registered with a ref that focuses the Choose file button. */
function Receipt() {
  const { register, handleSubmit } = useAppForm<{ note: string; receipt: string }>({ defaultValues: { note: '', receipt: '' } });
  const chooseFile = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    register('receipt', { required: 'Upload the receipt.' }).ref({ focus: () => chooseFile.current?.focus() });
  }, [register]);
  const save = handleSubmit(vi.fn());
  return (
    <form onSubmit={(event) => void save(event)} noValidate aria-label="Receipt">
      <TextField label="Note" {...register('note')} />
      <button type="button" ref={chooseFile}>
        Choose file
      </button>
      <button type="submit">Save</button>
    </form>
  );
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const save = () => screen.getByRole('button', { name: 'Save' });

describe('useAppForm', () => {
  it('focuses the first wrong field once per press: someone typing in it at once keeps it and their text', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Contact onSave={onSave} />);
    // They start typing the moment Name takes focus: their name makes it right, Email stays wrong.
    typeWhenFocused(field('Name'), 'Aroha');

    await user.click(save());

    await waitFor(() => expect(screen.getByText('Please enter an email.')).toBeTruthy());
    await waitFor(() => expect(screen.queryByText('Please enter a name.')).toBeNull());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(field('Name'));
    expect(field('Name').value).toBe('Aroha');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('still runs the form’s own onInvalid, then focuses the first wrong field', async () => {
    const user = userEvent.setup();
    const onInvalid = vi.fn();
    render(<Contact onSave={vi.fn()} onInvalid={onInvalid} />);
    await user.type(field('Email'), 'aroha@example.co.nz');

    await user.click(save());

    await waitFor(() => expect(onInvalid).toHaveBeenCalledTimes(1));
    expect(onInvalid.mock.calls[0]?.[0]).toHaveProperty(['name', 'message'], 'Please enter a name.');
    await waitFor(() => expect(document.activeElement).toBe(field('Name')));
  });

  it('an onInvalid that moves focus itself keeps it there', async () => {
    const user = userEvent.setup();
    // Both fields are wrong; this form's onInvalid sends people to Email instead.
    render(<Contact onSave={vi.fn()} onInvalid={() => field('Email').focus()} />);

    await user.click(save());

    await waitFor(() => expect(screen.getByText('Please enter a name.')).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(document.activeElement).toBe(field('Email'));
  });

  it('a button that submits without an event focuses the first wrong field through formRef', async () => {
    const user = userEvent.setup();
    render(<Contact onSave={vi.fn()} pressedBy="button" />);
    await user.type(field('Name'), 'Aroha');

    await user.click(save());

    await waitFor(() => expect(screen.getByText('Please enter an email.')).toBeTruthy());
    expect(document.activeElement).toBe(field('Email'));
  });

  it('a field with no control of its own gets focus through the ref it was registered with', async () => {
    const user = userEvent.setup();
    render(<Receipt />);

    await user.click(save());

    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Choose file' })));
  });

  it('saves right values without moving focus', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    render(<Contact onSave={onSave} />);
    await user.type(field('Name'), 'Aroha');
    await user.type(field('Email'), 'aroha@example.co.nz');

    await user.click(save());

    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toEqual({ name: 'Aroha', email: 'aroha@example.co.nz' });
    expect(document.activeElement).toBe(save());
  });
});
