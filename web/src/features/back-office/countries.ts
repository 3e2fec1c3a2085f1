import { COUNTRIES, COUNTRY_CODES } from '@giving/shared/countries';

export const COUNTRY_OPTIONS = COUNTRY_CODES.map((code) => ({ value: code, label: COUNTRIES[code].name }));
