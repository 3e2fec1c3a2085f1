import { useState } from 'react';
import { ACTUALS_TOO_BIG_MESSAGE, MAX_ACTUALS_LENGTH } from '@giving/shared/contracts/workplace-payroll';
import { errorMessageOf, fieldMessagesOf } from '../../../lib/api-client';

/** The part of a react-query mutation this needs: it sends `{fileName, content}`. */
interface TextUpload {
  mutate(file: { fileName: string; content: string }, options: { onSettled: () => void }): void;
  reset(): void;
  isError: boolean;
  error: unknown;
}

/**
 * A text file chosen in a FileDropZone, read in the browser and sent as `{fileName, content}` (payroll's actuals, HR's
 * eligibility file): over 5 MB is refused with the API's own words before any call; a file that cannot be read says
 * how to fix it; the API's field error (content, then file name) or its message is what the zone shows.
 */
export function useTextFileUpload(upload: TextUpload, fileWords: string) {
  const [refused, setRefused] = useState<string>();
  const [reading, setReading] = useState<string>();

  const onFiles = async (accepted: File[]) => {
    setRefused(undefined);
    upload.reset();
    const file = accepted[0];
    if (!file) return;
    if (file.size > MAX_ACTUALS_LENGTH) return setRefused(ACTUALS_TOO_BIG_MESSAGE);
    setReading(file.name);
    let content: string;
    try {
      content = await file.text();
    } catch {
      setReading(undefined);
      return setRefused(`We couldn’t read ${file.name}. Save it again as ${fileWords} and choose it again.`);
    }
    if (content.length > MAX_ACTUALS_LENGTH) {
      setReading(undefined);
      return setRefused(ACTUALS_TOO_BIG_MESSAGE);
    }
    upload.mutate({ fileName: file.name, content }, { onSettled: () => setReading(undefined) });
  };

  let error: string | undefined = refused;
  if (!error && upload.isError) {
    const fields = fieldMessagesOf(upload.error);
    error = fields.content ?? fields.fileName ?? errorMessageOf(upload.error);
  }
  return { onFiles, reading, error };
}
