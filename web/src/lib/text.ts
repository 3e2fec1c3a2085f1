/** Shortens text to at most `max` characters, ending with an ellipsis when cut (preview cards: titles 50, descriptions 80). */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text.trim());
  if (chars.length <= max) return chars.join('');
  return `${chars.slice(0, max - 1).join('').trimEnd()}…`;
}

export const PREVIEW_TITLE_LENGTH = 50;
export const PREVIEW_DESCRIPTION_LENGTH = 80;
