import { MESSAGES } from '@giving/shared/contracts/messages';
import { DEFAULT_RUN_DAYS, pageUpdateSchema, type PageUpdate } from '@giving/shared/contracts/fundraising';
import { centsToDollarString, parseDollars } from '@giving/shared/money';

/**
 * What an event's or a page's form holds for its content (title, story, target, end date, picture): the create
 * flow's details step and the owner's edit form share it. The target is typed in dollars; the API takes cents.
 */
export interface ContentValues {
  title: string;
  story: string;
  target: string;
  endDate: string;
  imageUrl: string;
}

export type ContentField = keyof ContentValues;
export const CONTENT_FIELDS: readonly ContentField[] = ['title', 'story', 'target', 'endDate', 'imageUrl'];

/** The API's names for the form's fields (and back): only the target differs. */
const API_FIELD: Record<string, ContentField> = { title: 'title', story: 'story', targetAmount: 'target', endDate: 'endDate', imageUrl: 'imageUrl' };
export const contentFieldOf = (apiField: string): ContentField | undefined => API_FIELD[apiField];

/** Year-month-day `days` from today, on this device's calendar. */
export function dayFromToday(days: number, today = new Date()): string {
  const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days);
  return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`;
}

export const emptyContent = (): ContentValues => ({ title: '', story: '', target: '', endDate: dayFromToday(DEFAULT_RUN_DAYS), imageUrl: '' });

export const contentOf = (item: { title: string; story: string; targetAmount: number; endDate: string; imageUrl: string }): ContentValues => ({
  title: item.title,
  story: item.story,
  // Targets are usually whole dollars: the edit form shows 500, not 500.00 (cents stay when there are any: 12.50).
  target: centsToDollarString(item.targetAmount).replace(/\.00$/, ''),
  endDate: item.endDate.slice(0, 10),
  imageUrl: item.imageUrl,
});

/** The content as the API takes it, checked by the API's own schema; else the message for each field in error. */
export function parseContent(values: ContentValues): { ok: true; content: PageUpdate } | { ok: false; errors: Partial<Record<ContentField, string>> } {
  const errors: Partial<Record<ContentField, string>> = {};
  const cents = values.target.trim() === '' ? undefined : parseDollars(values.target.replace(/[$,]/g, ''));
  if (cents === undefined) errors.target = values.target.trim() === '' ? MESSAGES.requiredField : MESSAGES.invalidAmount;
  const imageUrl = values.imageUrl.trim();
  const parsed = pageUpdateSchema.safeParse({
    title: values.title,
    story: values.story,
    targetAmount: cents ?? 0,
    endDate: values.endDate,
    ...(imageUrl ? { imageUrl } : {}),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = contentFieldOf(String(issue.path[0] ?? ''));
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, content: parsed.data };
}
