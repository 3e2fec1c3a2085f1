const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(locale: string, withTime: boolean) {
  const key = `${locale}|${withTime}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, withTime ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'medium' });
    formats.set(key, format);
  }
  return format;
}

/** An ISO date as a readable, machine-readable <time> ('21 Nov 2025'); blank or invalid shows a dash. */
export function DateText({ value, withTime = false, locale = 'en-NZ' }: { value: string | undefined; withTime?: boolean; locale?: string }) {
  const date = value ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) return <>—</>;
  return <time dateTime={value}>{formatter(locale, withTime).format(date)}</time>;
}
