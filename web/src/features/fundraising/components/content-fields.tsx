import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { MAX_STORY_LENGTH, MAX_TITLE_LENGTH } from '@giving/shared/contracts/fundraising';
import { TextField, TextareaField } from '../../../components/ui/field';
import type { ContentValues } from '../content-values';

/** The content fields of an event or a page (create and edit): title, story, target, end date, picture address. */
export function ContentFields<T extends ContentValues>({ register, errors, currencySymbol = '$' }: { register: UseFormRegister<T>; errors: FieldErrors<T>; currencySymbol?: string }) {
  // The form's own values include ContentValues; react-hook-form's path types cannot see that through the generic.
  const field = register as unknown as UseFormRegister<ContentValues>;
  const error = errors as FieldErrors<ContentValues>;
  return (
    <>
      <TextField label="Title" maxLength={MAX_TITLE_LENGTH} autoComplete="off" error={error.title?.message} {...field('title')} />
      <TextareaField label="Your story" hint="Why you are fundraising, and what the money will do." rows={7} maxLength={MAX_STORY_LENGTH} error={error.story?.message} {...field('story')} />
      <TextField
        label={`Target (${currencySymbol})`}
        hint="In dollars. 0 for no target."
        inputMode="decimal"
        autoComplete="off"
        numeric
        error={error.target?.message}
        {...field('target')}
      />
      <TextField label="End date" hint="The last day it takes donations." type="date" error={error.endDate?.message} {...field('endDate')} />
      <TextField label="Picture address (optional)" hint="An https:// address of an image." type="url" autoComplete="off" error={error.imageUrl?.message} {...field('imageUrl')} />
    </>
  );
}
