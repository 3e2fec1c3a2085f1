import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Button } from './button';
import styles from './file-drop-zone.module.css';

/** What a file is judged by: its name (for an extension) and its media type (for a type or a wildcard). */
export type NamedFile = Pick<File, 'name' | 'type'>;

const mediaType = (type: string) => type.split(';')[0]!.trim().toLowerCase();

/**
 * Whether `accept` (an input's accept list: extensions '.csv', media types 'text/csv', wildcards 'text/*' or '*')
 * takes the file (spec 1 §5). Case is ignored; an empty list takes every file. A file whose type the browser does
 * not know ('') is taken only by its extension or by '*'.
 */
export function acceptsFile(file: NamedFile, accept: readonly string[]): boolean {
  const tokens = accept.map((token) => token.trim().toLowerCase()).filter(Boolean);
  if (tokens.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = mediaType(file.type);
  return tokens.some((token) => {
    if (token === '*' || token === '*/*') return true;
    if (token.startsWith('.')) return name.endsWith(token);
    if (token.endsWith('/*')) return type.startsWith(token.slice(0, -1));
    return type === token;
  });
}

/**
 * Spec 1 §5: the files `accept` takes and the ones it does not (to flag), in the order given; when `multiple` is not
 * allowed, only the first accepted file is kept (`dropped` holds the other accepted ones).
 */
export function sortFiles<F extends NamedFile>(files: readonly F[], accept: readonly string[], multiple: boolean): { accepted: F[]; rejected: F[]; dropped: F[] } {
  const taken = files.filter((file) => acceptsFile(file, accept));
  const rejected = files.filter((file) => !acceptsFile(file, accept));
  return multiple ? { accepted: taken, rejected, dropped: [] } : { accepted: taken.slice(0, 1), rejected, dropped: taken.slice(1) };
}

/** 'a, b or c' */
const orList = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`);

/** What `accept` takes, in words, when the caller gives none: 'a .csv or .txt file, or a file of type text/csv'. */
export function acceptedText(accept: readonly string[]): string {
  const extensions = accept.filter((token) => token.trim().startsWith('.'));
  const types = accept.filter((token) => !token.trim().startsWith('.'));
  if (types.some((token) => token === '*' || token === '*/*') || accept.length === 0) return 'any file';
  return [extensions.length ? `a ${orList(extensions)} file` : '', types.length ? `a file of type ${orList(types)}` : ''].filter(Boolean).join(', or ');
}

/** Why a file was not taken, naming it and what is (spec 1 §5: rejected files are flagged). */
export const rejectedMessage = (file: NamedFile, accepted: string) => `${file.name} can’t be used here. Choose ${accepted}.`;

export interface FileDropZoneProps {
  /** What the files are for, e.g. 'Upload what payroll deducted': names the zone and its file field. */
  label: string;
  /** Said under the label (what to upload). */
  hint?: ReactNode;
  /** Extensions ('.csv'), media types ('text/csv') and wildcards ('text/*'); empty takes every file. */
  accept: readonly string[];
  /** What `accept` takes, in words, for the rejection message ('a CSV, TSV or text file'); made from `accept` if left out. */
  acceptDescription?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** The button's words ('Choose file' or 'Choose files'). */
  buttonLabel?: string;
  /** Something about the files the caller found wrong (e.g. the API's field error), shown under the zone. */
  error?: ReactNode;
  /** Below the button: what is happening with the chosen file (e.g. 'Reading …'). */
  status?: ReactNode;
  /** Every choice or drop: the files taken (at most one unless `multiple`) and the ones flagged. */
  onFiles: (accepted: File[], rejected: File[]) => void;
}

/**
 * A place to drop files, with a 'Choose file' button for the keyboard and for phones (spec 1 §5): files are taken by
 * extension, media type or wildcard; the others are flagged by name with what is accepted; without `multiple`, only
 * the first accepted file is kept. The file picker offers the same list (`accept`), but a drop can bring anything.
 */
export function FileDropZone({
  label,
  hint,
  accept,
  acceptDescription,
  multiple = false,
  disabled = false,
  buttonLabel = multiple ? 'Choose files' : 'Choose file',
  error,
  status,
  onFiles,
}: FileDropZoneProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const [flagged, setFlagged] = useState<{ rejected: File[]; dropped: File[] }>({ rejected: [], dropped: [] });
  const described = [hint ? `${id}-hint` : undefined, flagged.rejected.length ? `${id}-rejected` : undefined, error ? `${id}-error` : undefined].filter(Boolean).join(' ') || undefined;

  const take = (files: readonly File[]) => {
    if (files.length === 0) return;
    const { accepted, rejected, dropped } = sortFiles(files, accept, multiple);
    setFlagged({ rejected, dropped });
    onFiles(accepted, rejected);
  };

  // Every drag over the zone is ours (else the browser opens the dropped file in place of the page).
  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setOver(true);
  };
  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(Array.from(event.dataTransfer.files));
  };

  const description = acceptDescription ?? acceptedText(accept);
  return (
    <div className={styles.field}>
      <div
        className={[styles.zone, over ? styles.over : undefined, error || flagged.rejected.length ? styles.invalid : undefined, disabled ? styles.disabled : undefined].filter(Boolean).join(' ')}
        role="group"
        aria-labelledby={`${id}-label`}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
      >
        <span id={`${id}-label`} className={styles.label}>
          {label}
        </span>
        {hint ? (
          <span id={`${id}-hint`} className={styles.hint}>
            {hint}
          </span>
        ) : null}
        <div className={styles.choose}>
          <span className={styles.dropText} aria-hidden="true">
            Drop {multiple ? 'files' : 'the file'} here, or
          </span>
          <Button variant="secondary" size="sm" disabled={disabled} aria-describedby={described} onClick={() => input.current?.click()}>
            {buttonLabel}
          </Button>
        </div>
        {/* The picker the button opens; the button is what the keyboard and screen readers use. */}
        <input
          ref={input}
          type="file"
          hidden
          tabIndex={-1}
          aria-label={label}
          accept={accept.join(',')}
          multiple={multiple}
          disabled={disabled}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            // The same file can be chosen again (after it is fixed).
            event.target.value = '';
            take(files);
          }}
        />
        {status ? <div className={styles.status}>{status}</div> : null}
      </div>
      {flagged.rejected.length ? (
        <ul id={`${id}-rejected`} className={styles.errors} role="alert">
          {flagged.rejected.map((file, index) => (
            <li key={`${file.name}-${index}`}>{rejectedMessage(file, description)}</li>
          ))}
        </ul>
      ) : null}
      {flagged.dropped.length ? (
        <p className={styles.hint} role="status">
          One file at a time: {flagged.dropped.map((file) => file.name).join(', ')} {flagged.dropped.length === 1 ? 'was' : 'were'} left out.
        </p>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
