import { useCallback, useState } from 'react';
import { errorMessageOf, type DownloadedFile } from './api-client';
import { saveFile } from './save-file';

/**
 * A file the user asked for (a CSV report, a PDF receipt): fetched with the caller's sign-in, handed to the browser
 * to save, with `downloading` for the button's spinner and `error` to show when it failed.
 */
export function useDownload() {
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string>();
  const download = useCallback(async (fetchFile: () => Promise<DownloadedFile>) => {
    setDownloading(true);
    setError(undefined);
    try {
      const file = await fetchFile();
      saveFile(file.blob, file.filename);
    } catch (failure) {
      setError(errorMessageOf(failure));
    } finally {
      setDownloading(false);
    }
  }, []);
  return { download, downloading, error };
}
