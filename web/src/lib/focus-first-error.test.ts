import { afterEach, describe, expect, it } from 'vitest';
import { focusFirstInvalid } from './focus-first-error';

afterEach(() => {
  document.body.innerHTML = '';
});

/** A form of named controls, in this order. */
function aForm(names: string[]): HTMLFormElement {
  const form = document.createElement('form');
  for (const name of names) {
    const input = document.createElement('input');
    input.name = name;
    form.append(input);
  }
  document.body.append(form);
  return form;
}

describe('focusFirstInvalid', () => {
  it('focuses the first control in document order whose field is in error, nested and listed fields too', () => {
    const form = aForm(['voucherValue', 'people.0.email', 'people.1.email', 'donor.firstName']);
    const focused = focusFirstInvalid(form, { donor: { firstName: { message: 'Required Field!' } }, people: [undefined, { email: { message: 'Invalid Email!' } }] });
    expect(document.activeElement).toBe(form.elements.namedItem('people.1.email'));
    expect(focused).toBe(document.activeElement);
    focusFirstInvalid(form, { donor: { firstName: { message: 'Required Field!' } } });
    expect(document.activeElement).toBe(form.elements.namedItem('donor.firstName'));
  });

  it('leaves focus where it is, and says so, when no control shows an error (a list’s own error has no control)', () => {
    const form = aForm(['voucherValue']);
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    expect(focusFirstInvalid(form, { people: { root: { message: 'Add at least one person.' } } })).toBeUndefined();
    expect(document.activeElement).toBe(button);
    focusFirstInvalid(null, { voucherValue: { message: 'Invalid Amount!' } });
    expect(document.activeElement).toBe(button);
  });

  it('passes over a control in error that cannot take focus (disabled) for the next one that can', () => {
    const form = aForm(['receipt.data', 'amount']);
    (form.elements.namedItem('receipt.data') as HTMLInputElement).disabled = true;
    const focused = focusFirstInvalid(form, { receipt: { data: { message: 'Upload the receipt.' } }, amount: { message: 'Invalid Amount!' } });
    expect(document.activeElement).toBe(form.elements.namedItem('amount'));
    expect(focused).toBe(document.activeElement);
    expect(focusFirstInvalid(form, { receipt: { data: { message: 'Upload the receipt.' } } })).toBeUndefined();
  });
});
