import type { ClipboardEvent, KeyboardEvent } from 'react';

/** Spec §5: number fields accept digits, '.', 'e', 'E', '+' and '-' only. */
const ALLOWED = /^[0-9.eE+-]*$/;

export const isNumberText = (text: string): boolean => ALLOWED.test(text);

/** Blocks typed or pasted characters a number field does not accept; shortcuts and navigation keys pass. */
export const numberInputFilter = {
  onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
    if (!isNumberText(event.key)) event.preventDefault();
  },
  onPaste(event: ClipboardEvent<HTMLInputElement>) {
    if (!isNumberText(event.clipboardData.getData('text').trim())) event.preventDefault();
  },
};
