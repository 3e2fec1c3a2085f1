/** Hands a downloaded file to the browser to save under `filename` (a same-origin blob link, clicked once). */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Later, so the browser has started reading it.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
