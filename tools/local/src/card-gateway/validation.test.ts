import { runInNewContext } from 'node:vm';
import { TEST_CARDS } from '@giving/shared/contracts/card-gateway';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cardNumberValid,
  cardValidationSource,
  formatCardNumber,
  padMonth,
  twoDigitYear,
  validateCard,
  type CardErrors,
  type CardInput,
} from './validation';

/** 15 March 2026, local time. */
const NOW = new Date(2026, 2, 15, 12, 0, 0);
const VALID: CardInput = { name: 'Aroha Ngata', number: '4242424242424242', expMonth: '12', expYear: '30', cvc: '123' };
const errorsFor = (change: Partial<CardInput>) => validateCard({ ...VALID, ...change }, NOW);

describe('the spec messages', () => {
  it('are the exact texts of spec 1 §5', () => {
    expect(errorsFor({ name: '' }).name).toBe('Invalid Card Name!');
    expect(errorsFor({ number: '1234' }).number).toBe('Invalid Card Number!');
    expect(errorsFor({ cvc: '' }).cvc).toBe('Invalid Number!');
    expect(errorsFor({ expMonth: '13' }).expMonth).toBe('Invalid Month!');
    expect(errorsFor({ expMonth: '02', expYear: '26' }).expMonth).toBe('Invalid Date!');
    expect(errorsFor({ expYear: '' }).expYear).toBe('Invalid Year!');
  });

  it('come from the shared messages the SPA and API use', () => {
    const all = validateCard({ name: '', number: '', expMonth: '', expYear: '', cvc: '' }, NOW);
    expect(all).toEqual({
      name: MESSAGES.invalidCardName,
      number: MESSAGES.invalidCardNumber,
      expMonth: MESSAGES.invalidMonth,
      expYear: MESSAGES.invalidYear,
      cvc: MESSAGES.invalidCvc,
    });
  });

  it('accept a valid card', () => {
    expect(validateCard(VALID, NOW)).toEqual({});
  });
});

describe('card holder name', () => {
  it.each([
    ['', 'Invalid Card Name!'],
    ['   ', 'Invalid Card Name!'],
    ['4242424242424242', 'Invalid Card Name!'],
    ['12345', 'Invalid Card Name!'],
    ['Jane Doe 2', 'Invalid Card Name!'],
    ['x'.repeat(101), 'Invalid Card Name!'],
    ['Jane Doe', undefined],
    ['  Mere Te Whare  ', undefined],
    ["Seán O'Brien-Ōtaki", undefined],
  ])('%j -> %s', (name, message) => {
    expect(errorsFor({ name }).name).toBe(message);
  });
});

describe('card number', () => {
  it('accepts every test card', () => {
    for (const number of Object.values(TEST_CARDS)) expect(cardNumberValid(number)).toBe(true);
  });

  it.each([
    ['4242 4242 4242 4242', undefined],
    ['4242-4242-4242-4242', undefined],
    ['4222222222222', undefined], // 13-digit visa
    ['378282246310005', undefined], // amex
    ['5555555555554444', undefined], // mastercard
    ['2223003122003222', undefined], // mastercard 2-series
    ['6011111111111117', undefined], // another brand: Luhn and 12-19 digits
    ['4242424242424241', 'Invalid Card Number!'], // Luhn fails
    ['424242424242424', 'Invalid Card Number!'], // 15 digits is no visa length
    ['37828224631000', 'Invalid Card Number!'], // 14-digit amex
    ['55555555555544', 'Invalid Card Number!'],
    ['4242abcd42424242', 'Invalid Card Number!'],
    ['00000000000', 'Invalid Card Number!'],
    ['', 'Invalid Card Number!'],
  ])('%j -> %s', (number, message) => {
    expect(errorsFor({ number, cvc: cardBrand(number) === 'amex' ? '1234' : '123' }).number).toBe(message);
  });

  it('knows the brands', () => {
    expect(cardBrand('4242424242424242')).toBe('visa');
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(cardBrand('341111111111111')).toBe('amex');
    expect(cardBrand('5105105105105100')).toBe('mastercard');
    expect(cardBrand('2720999999999996')).toBe('mastercard');
    expect(cardBrand('6011111111111117')).toBe('unknown');
  });

  it('groups digits as printed on the card', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatCardNumber('42 42-42')).toBe('4242 42');
  });
});

describe('CVC', () => {
  it.each([
    ['4242424242424242', '123', undefined],
    ['4242424242424242', '1234', 'Invalid Number!'],
    ['4242424242424242', '12', 'Invalid Number!'],
    ['4242424242424242', '12a', 'Invalid Number!'],
    ['4242424242424242', '', 'Invalid Number!'],
    ['378282246310005', '1234', undefined],
    ['378282246310005', '123', 'Invalid Number!'],
  ])('card %s, CVC %j -> %s', (number, cvc, message) => {
    expect(errorsFor({ number, cvc }).cvc).toBe(message);
  });
});

describe('expiry', () => {
  it.each([
    ['', '30', { expMonth: 'Invalid Month!' }],
    ['00', '30', { expMonth: 'Invalid Month!' }],
    ['13', '30', { expMonth: 'Invalid Month!' }],
    ['ab', '30', { expMonth: 'Invalid Month!' }],
    ['1', '30', {}], // padded to 01
    ['03', '26', {}], // the current month is still good
    ['02', '26', { expMonth: 'Invalid Date!' }],
    ['12', '25', { expMonth: 'Invalid Date!' }],
    ['04', '', { expYear: 'Invalid Year!' }],
    ['04', '2', { expYear: 'Invalid Year!' }],
    ['04', '2030', { expYear: 'Invalid Year!' }],
    ['04', 'ab', { expYear: 'Invalid Year!' }],
    ['', '', { expMonth: 'Invalid Month!', expYear: 'Invalid Year!' }],
  ])('month %j, year %j -> %j', (expMonth, expYear, expected) => {
    const errors = errorsFor({ expMonth, expYear });
    expect({ expMonth: errors.expMonth, expYear: errors.expYear }).toEqual({ expMonth: undefined, expYear: undefined, ...expected });
  });

  it('makes a four-digit year its last two digits, and leaves anything else as typed', () => {
    expect(twoDigitYear('2030')).toBe('30');
    expect(twoDigitYear(' 2031 ')).toBe('31');
    expect(twoDigitYear('30')).toBe('30');
    expect(twoDigitYear('203')).toBe('203');
  });

  it('pads a single-digit month', () => {
    expect(padMonth('3')).toBe('03');
    expect(padMonth(' 9 ')).toBe('09');
    expect(padMonth('0')).toBe('0');
    expect(padMonth('11')).toBe('11');
  });
});

describe('the browser copy', () => {
  it('is the same code: the serialised functions give the same answers in a fresh context', () => {
    const browser = runInNewContext(`${cardValidationSource()}\n({ validateCard, padMonth, formatCardNumber })`) as {
      validateCard: (input: CardInput, now: Date) => CardErrors;
      padMonth: (month: string) => string;
      formatCardNumber: (number: string) => string;
    };
    const cases: Partial<CardInput>[] = [
      {},
      { name: '', number: '', expMonth: '', expYear: '', cvc: '' },
      { name: '123' },
      { number: '378282246310005', cvc: '123' },
      { number: '378282246310005', cvc: '1234' },
      { number: '4242424242424241' },
      { expMonth: '1', expYear: '26' },
      { expMonth: '02', expYear: '26' },
      { expMonth: '13' },
      { expYear: '2030' },
    ];
    for (const change of cases) {
      const input = { ...VALID, ...change };
      // Across contexts the objects have different prototypes; compare their JSON.
      expect(JSON.stringify(browser.validateCard(input, NOW))).toBe(JSON.stringify(validateCard(input, NOW)));
    }
    expect(browser.padMonth('7')).toBe('07');
    expect(browser.formatCardNumber('378282246310005')).toBe('3782 822463 10005');
  });
});
