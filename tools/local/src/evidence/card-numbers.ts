/**
 * Finds card numbers in text: 13 to 19 digits (optionally in groups split by one space or dash) that pass the Luhn
 * check and start like a card (22-27: Mastercard's 2-series and Mir; 3-6: Amex, Visa, Mastercard, Discover, UnionPay...). Longer digit runs (zero-padded
 * sequence numbers) and runs starting 0, 1, 7, 8 or 9 (epoch milliseconds, phone numbers) are not card numbers, nor
 * are digits inside a word of letters and digits: random hex ids and content hashes have long digit runs by chance.
 * (The browser tests also look for the exact test card numbers they typed anywhere, words included.)
 */
const CANDIDATE = /(?<![0-9A-Za-z])(?:\d[ -]?){12,18}\d(?![0-9A-Za-z])/g;

export function findCardNumbers(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(CANDIDATE)) {
    const digits = match[0].replace(/[ -]/g, '');
    // A match inside a longer run split by a separator is part of something else (e.g. '2026-11-21 ...').
    if (/[ -]/.test(match[0]) && !/^\d{4}([ -]\d{4}){2,3}(\d{1,3})?$|^\d{4}[ -]\d{6}[ -]\d{5}$/.test(match[0])) continue;
    // A digit run starting 20 or 21 is a compact timestamp (20261126105854801), never a card.
    if (!/^(2[2-7]|[3-6])/.test(digits)) continue;
    if (luhnValid(digits)) found.push(digits);
  }
  return found;
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
  return sum % 10 === 0;
}
