import { useState } from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { FormMessage } from './field';
import { applyServerErrors, type ServerFieldMap } from './server-errors';

/** A message about a whole form or list: what was done, or what went wrong. */
export interface Notice {
  tone: 'info' | 'error';
  text: string;
}

/** Shows a notice, if there is one. */
export function NoticeMessage({ notice }: { notice: Notice | undefined }) {
  return notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null;
}

/**
 * A form's save and the notice after it. `save` clears the last notice and runs the action; its result is the
 * success notice. When it fails, the API's field errors go under the form's fields (`fields` maps them) and what is
 * left becomes the error notice.
 */
export function useSaveNotice<T extends FieldValues>(setError: UseFormSetError<T>, fields: ServerFieldMap) {
  const [notice, setNotice] = useState<Notice>();
  const save = async (action: () => Promise<string>) => {
    setNotice(undefined);
    try {
      const text = await action();
      setNotice({ tone: 'info', text });
    } catch (error) {
      const text = applyServerErrors(error, setError, fields);
      if (text) setNotice({ tone: 'error', text });
    }
  };
  return { notice, save };
}
