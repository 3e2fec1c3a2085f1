import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NumberSpinner, spinnerDelay, stepValue } from './number-spinner';
import { useAppForm } from '../../lib/use-app-form';

/** Controlled, as a page with its own state uses it. */
function Quantity({ start = '1', min = 1, max = 10, step = 1, onChange }: { start?: string; min?: number; max?: number; step?: number; onChange?: (text: string) => void }) {
  const [value, setValue] = useState(start);
  return (
    <NumberSpinner
      label="Quantity"
      value={value}
      min={min}
      max={max}
      step={step}
      onChange={(event) => {
        setValue(event.target.value);
        onChange?.(event.target.value);
      }}
    />
  );
}

const input = () => screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
const plus = () => screen.getByRole('button', { name: 'Increase Quantity' });
const minus = () => screen.getByRole('button', { name: 'Decrease Quantity' });

afterEach(() => {
  vi.useRealTimers();
});

describe('stepValue (spec 2 §5)', () => {
  it('steps by the step and clamps to min and max', () => {
    const bounds = { min: 1, max: 5, step: 1 };
    expect(stepValue('2', 1, bounds)).toBe(3);
    expect(stepValue('5', 1, bounds)).toBe(5);
    expect(stepValue('1', -1, bounds)).toBe(1);
    expect(stepValue('40', -1, bounds)).toBe(5);
    expect(stepValue('-3', 1, bounds)).toBe(1);
    expect(stepValue('0.1', 1, { min: 0, max: 1, step: 0.2 })).toBe(0.3);
  });

  it('starts a blank or wrong field from the bound it moves away from', () => {
    expect(stepValue('', 1, { min: 1, max: 9, step: 1 })).toBe(1);
    expect(stepValue('abc', -1, { min: 1, max: 9, step: 1 })).toBe(9);
  });
});

describe('spinnerDelay (spec 2 §9)', () => {
  it('starts at 200 ms and shrinks by 10 ms per repeat, down to 50 ms', () => {
    expect([0, 1, 2, 14, 15, 16, 40].map(spinnerDelay)).toEqual([200, 190, 180, 60, 50, 50, 50]);
  });
});

describe('NumberSpinner', () => {
  it('is a labelled number field with its min, max and value, and labelled − and + buttons', () => {
    render(<Quantity start="3" />);
    expect(input().type).toBe('number');
    expect(input().min).toBe('1');
    expect(input().max).toBe('10');
    expect(input().value).toBe('3');
    expect(plus().getAttribute('aria-controls')).toBe(input().id);
    expect(minus().getAttribute('aria-controls')).toBe(input().id);
  });

  it('steps with the buttons and stays within min and max', async () => {
    const user = userEvent.setup();
    render(<Quantity start="9" />);
    await user.click(plus());
    expect(input().value).toBe('10');
    await user.click(plus());
    expect(input().value).toBe('10');
    await user.click(minus());
    await user.click(minus());
    expect(input().value).toBe('8');
  });

  it('works registered with react-hook-form: a press is a change the form sees and validates', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    function Form() {
      const { register, watch } = useAppForm({ defaultValues: { quantity: '2' } });
      seen.push(watch('quantity'));
      return <NumberSpinner {...register('quantity')} label="Quantity" min={1} max={5} />;
    }
    render(<Form />);
    await user.click(plus());
    await user.click(plus());
    expect(input().value).toBe('4');
    expect(seen.at(-1)).toBe('4');
  });

  it('takes only the characters of a number (spec §5)', async () => {
    const user = userEvent.setup();
    render(<Quantity start="" />);
    await user.type(input(), '1a2,$');
    expect(input().value).toBe('12');
  });

  it('a screen reader’s click (no pointer press) steps once', () => {
    render(<Quantity start="4" />);
    fireEvent.click(plus(), { detail: 0 });
    expect(input().value).toBe('5');
  });

  it('repeats while a button is held: after 200 ms, then 10 ms sooner each time, and stops on release', () => {
    vi.useFakeTimers();
    const changes: string[] = [];
    render(<Quantity start="1" max={100} onChange={(text) => changes.push(text)} />);

    fireEvent.pointerDown(plus(), { button: 0 });
    expect(input().value).toBe('2');
    act(() => void vi.advanceTimersByTime(199));
    expect(input().value).toBe('2');
    act(() => void vi.advanceTimersByTime(1));
    expect(input().value).toBe('3');
    // The next repeats wait 190, then 180 ms.
    act(() => void vi.advanceTimersByTime(189));
    expect(input().value).toBe('3');
    act(() => void vi.advanceTimersByTime(1));
    expect(input().value).toBe('4');
    act(() => void vi.advanceTimersByTime(180));
    expect(input().value).toBe('5');

    fireEvent.pointerUp(plus());
    act(() => void vi.advanceTimersByTime(2000));
    expect(input().value).toBe('5');
    expect(changes).toEqual(['2', '3', '4', '5']);
  });

  it('never waits less than 50 ms between repeats, and stops at the bound', () => {
    vi.useFakeTimers();
    render(<Quantity start="1" max={25} />);
    fireEvent.pointerDown(plus(), { button: 0 });
    // 1 + the first step, then 15 repeats take 200 + 190 + ... + 60 = 1950 ms; the 17th step comes 50 ms later.
    act(() => void vi.advanceTimersByTime(1950));
    expect(input().value).toBe('17');
    act(() => void vi.advanceTimersByTime(49));
    expect(input().value).toBe('17');
    act(() => void vi.advanceTimersByTime(1));
    expect(input().value).toBe('18');
    act(() => void vi.advanceTimersByTime(50 * 20));
    expect(input().value).toBe('25');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops when the pointer leaves the button', () => {
    vi.useFakeTimers();
    render(<Quantity start="5" />);
    fireEvent.pointerDown(minus(), { button: 0 });
    fireEvent.pointerLeave(minus());
    act(() => void vi.advanceTimersByTime(1000));
    expect(input().value).toBe('4');
  });
});
