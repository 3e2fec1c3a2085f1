import { MESSAGES } from '@giving/shared/contracts/messages';

/**
 * Card field validation (spec 1 §5), shared by the hosted-fields page and the gateway's POST /v1/tokens.
 * The page gets these very functions: cardValidationSource() serialises them into its inline script. So each
 * function here may use only its arguments, CARD_MESSAGES and the other functions in CARD_VALIDATION_FUNCTIONS:
 * no imports, no closures, no other module state.
 */
export const CARD_MESSAGES = {
  name: MESSAGES.invalidCardName,
  number: MESSAGES.invalidCardNumber,
  cvc: MESSAGES.invalidCvc,
  month: MESSAGES.invalidMonth,
  date: MESSAGES.invalidDate,
  year: MESSAGES.invalidYear,
};

export type CardField = 'name' | 'number' | 'expMonth' | 'expYear' | 'cvc';
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'unknown';
export type CardInput = Record<CardField, string>;
export type CardErrors = Partial<Record<CardField, string>>;

/** The longest name the field takes. */
export const MAX_NAME_LENGTH = 100;

/** Card numbers may be typed with spaces or dashes between groups. */
export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export function cardBrand(number: string): CardBrand {
  const digits = cardDigits(number);
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(digits)) return 'mastercard';
  return 'unknown';
}

export function cardLengths(brand: CardBrand): number[] {
  if (brand === 'amex') return [15];
  if (brand === 'visa') return [13, 16, 19];
  if (brand === 'mastercard') return [16];
  return [12, 13, 14, 15, 16, 17, 18, 19];
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export function cardNumberValid(number: string): boolean {
  const digits = cardDigits(number);
  return /^\d+$/.test(digits) && cardLengths(cardBrand(digits)).indexOf(digits.length) !== -1 && luhnValid(digits);
}

/** Groups the digits as printed on the card: 4-6-5 for amex, fours otherwise. */
export function formatCardNumber(number: string): string {
  const digits = cardDigits(number);
  if (!/^\d+$/.test(digits)) return number.trim();
  if (cardBrand(digits) === 'amex') return [digits.slice(0, 4), digits.slice(4, 10), digits.slice(10)].filter(Boolean).join(' ');
  return (digits.match(/\d{1,4}/g) || []).join(' ');
}

/** Spec §5: the year has exactly 2 characters; a four-digit year ('2030') becomes its last two ('30'). */
export function twoDigitYear(year: string): string {
  const trimmed = year.trim();
  return /^\d{4}$/.test(trimmed) ? trimmed.slice(2) : trimmed;
}

/** A single-digit month becomes two digits ('3' -> '03'), as the field does on blur. */
export function padMonth(month: string): string {
  const trimmed = month.trim();
  return /^[1-9]$/.test(trimmed) ? '0' + trimmed : trimmed;
}

export function validateName(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '' || /\d/.test(trimmed) || trimmed.length > MAX_NAME_LENGTH) return CARD_MESSAGES.name;
  return undefined;
}

export function validateNumber(number: string): string | undefined {
  return cardNumberValid(number) ? undefined : CARD_MESSAGES.number;
}

/** 4 digits for amex, 3 for every other card. */
export function validateCvc(cvc: string, number: string): string | undefined {
  const expected = cardBrand(number) === 'amex' ? 4 : 3;
  return new RegExp('^\\d{' + expected + '}$').test(cvc.trim()) ? undefined : CARD_MESSAGES.cvc;
}

/** The month is checked with the year: a card is good to the end of its expiry month. */
export function validateExpiry(month: string, year: string, now: Date): { expMonth?: string; expYear?: string } {
  const errors: { expMonth?: string; expYear?: string } = {};
  const mm = padMonth(month);
  const yy = year.trim();
  if (!/^\d{2}$/.test(yy)) errors.expYear = CARD_MESSAGES.year;
  if (!/^(0[1-9]|1[0-2])$/.test(mm)) {
    errors.expMonth = CARD_MESSAGES.month;
  } else if (!errors.expYear) {
    const expiry = (2000 + Number(yy)) * 12 + Number(mm);
    const current = now.getFullYear() * 12 + now.getMonth() + 1;
    if (expiry < current) errors.expMonth = CARD_MESSAGES.date;
  }
  return errors;
}

export function validateCard(input: CardInput, now: Date): CardErrors {
  const errors: CardErrors = {};
  const name = validateName(input.name);
  if (name) errors.name = name;
  const number = validateNumber(input.number);
  if (number) errors.number = number;
  const expiry = validateExpiry(input.expMonth, input.expYear, now);
  if (expiry.expMonth) errors.expMonth = expiry.expMonth;
  if (expiry.expYear) errors.expYear = expiry.expYear;
  const cvc = validateCvc(input.cvc, input.number);
  if (cvc) errors.cvc = cvc;
  return errors;
}

export const CARD_VALIDATION_FUNCTIONS = [
  cardDigits,
  cardBrand,
  cardLengths,
  luhnValid,
  cardNumberValid,
  formatCardNumber,
  twoDigitYear,
  padMonth,
  validateName,
  validateNumber,
  validateCvc,
  validateExpiry,
  validateCard,
];

/** The functions above as browser script, for the hosted-fields page. */
export function cardValidationSource(): string {
  return [
    // Some TypeScript transpilers wrap nested functions in __name(fn, 'name') to keep their names.
    'var __name = function (target) { return target; };',
    `var CARD_MESSAGES = ${JSON.stringify(CARD_MESSAGES)};`,
    `var MAX_NAME_LENGTH = ${MAX_NAME_LENGTH};`,
    ...CARD_VALIDATION_FUNCTIONS.map((fn) => fn.toString()),
  ].join('\n');
}
