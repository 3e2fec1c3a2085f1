import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FileDropZone, acceptedText, acceptsFile, sortFiles } from './file-drop-zone';

const TEXT_FILES = ['.csv', '.tsv', '.txt', 'text/csv', 'text/plain', 'text/tab-separated-values'];
const file = (name: string, type = '') => new File(['x'], name, { type });

describe('acceptsFile (spec 1 §5: by extension, media type or wildcard)', () => {
  it('takes a file by its extension, whatever type the browser gives it, ignoring case', () => {
    expect(acceptsFile(file('deductions.csv', 'application/vnd.ms-excel'), ['.csv'])).toBe(true);
    expect(acceptsFile(file('DEDUCTIONS.CSV'), ['.csv'])).toBe(true);
    expect(acceptsFile(file('deductions.csv.xlsx'), ['.csv'])).toBe(false);
    expect(acceptsFile(file('csv'), ['.csv'])).toBe(false);
  });

  it('takes a file by its media type, ignoring case and parameters', () => {
    expect(acceptsFile(file('export', 'text/csv'), ['text/csv'])).toBe(true);
    expect(acceptsFile(file('export', 'Text/CSV; charset=utf-8'), ['text/csv'])).toBe(true);
    expect(acceptsFile(file('export', 'text/plain'), ['text/csv'])).toBe(false);
    expect(acceptsFile(file('export.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'), TEXT_FILES)).toBe(false);
  });

  it('takes a file by a wildcard: a type’s every subtype, or anything', () => {
    expect(acceptsFile(file('a', 'text/tab-separated-values'), ['text/*'])).toBe(true);
    expect(acceptsFile(file('a', 'textual/plain'), ['text/*'])).toBe(false);
    expect(acceptsFile(file('a.pdf', 'application/pdf'), ['text/*'])).toBe(false);
    expect(acceptsFile(file('a.pdf', 'application/pdf'), ['*'])).toBe(true);
    expect(acceptsFile(file('a.pdf', 'application/pdf'), ['*/*'])).toBe(true);
    expect(acceptsFile(file('no-type'), ['text/*'])).toBe(false);
  });

  it('takes every file when nothing is listed', () => {
    expect(acceptsFile(file('a.exe', 'application/octet-stream'), [])).toBe(true);
  });
});

describe('sortFiles', () => {
  const [csv, pdf, txt] = [file('a.csv'), file('b.pdf', 'application/pdf'), file('c.txt', 'text/plain')];

  it('flags the files not accepted and, without multiple, keeps only the first accepted', () => {
    expect(sortFiles([pdf, csv, txt], TEXT_FILES, false)).toEqual({ accepted: [csv], rejected: [pdf], dropped: [txt] });
  });

  it('keeps every accepted file with multiple', () => {
    expect(sortFiles([csv, pdf, txt], TEXT_FILES, true)).toEqual({ accepted: [csv, txt], rejected: [pdf], dropped: [] });
  });

  it('says in words what is accepted when the caller does not', () => {
    expect(acceptedText(['.csv', '.txt', 'text/csv'])).toBe('a .csv or .txt file, or a file of type text/csv');
    expect(acceptedText(['image/*', 'text/plain'])).toBe('a file of type image/* or text/plain');
    expect(acceptedText([])).toBe('any file');
  });
});

describe('FileDropZone', () => {
  const zone = (props: Partial<Parameters<typeof FileDropZone>[0]> = {}) => {
    const onFiles = vi.fn();
    render(<FileDropZone label="Upload what payroll deducted" accept={TEXT_FILES} acceptDescription="a CSV, TSV or text file (.csv, .tsv or .txt)" onFiles={onFiles} {...props} />);
    return { onFiles, group: screen.getByRole('group', { name: 'Upload what payroll deducted' }) };
  };
  const drop = (target: HTMLElement, files: File[]) => fireEvent.drop(target, { dataTransfer: { files, types: ['Files'] } });

  it('opens the file picker from its button, by keyboard too, and passes on the chosen file', async () => {
    const user = userEvent.setup();
    const { onFiles } = zone();
    const input = screen.getByLabelText<HTMLInputElement>('Upload what payroll deducted', { selector: 'input' });
    expect(input.accept).toBe('.csv,.tsv,.txt,text/csv,text/plain,text/tab-separated-values');
    expect(input.multiple).toBe(false);
    const opened = vi.spyOn(input, 'click').mockImplementation(() => undefined);
    const button = screen.getByRole('button', { name: 'Choose file' });
    button.focus();
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalledTimes(1);

    const csv = file('deductions.csv', 'text/csv');
    // (user-event's upload does not reach file inputs in happy-dom; a change event is what the browser sends.)
    fireEvent.change(input, { target: { files: [csv] } });
    expect(onFiles).toHaveBeenCalledWith([csv], []);
  });

  it('flags a dropped file it does not accept, naming it and what is accepted, and passes on nothing', () => {
    const { onFiles, group } = zone();
    const xlsx = file('deductions.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    drop(group, [xlsx]);
    expect(screen.getByRole('alert').textContent).toBe('deductions.xlsx can’t be used here. Choose a CSV, TSV or text file (.csv, .tsv or .txt).');
    expect(onFiles).toHaveBeenCalledWith([], [xlsx]);
    expect(screen.getByRole('button', { name: 'Choose file' }).getAttribute('aria-describedby')).toBeTruthy();
  });

  it('keeps only the first accepted file of a drop, flags the rest it does not accept, and says which were left out', () => {
    const { onFiles, group } = zone();
    const [pdf, first, second] = [file('scan.pdf', 'application/pdf'), file('unit-a.tsv'), file('unit-b.csv', 'text/csv')];
    drop(group, [pdf, first, second]);
    expect(onFiles).toHaveBeenCalledWith([first], [pdf]);
    expect(screen.getByRole('alert').textContent).toBe('scan.pdf can’t be used here. Choose a CSV, TSV or text file (.csv, .tsv or .txt).');
    expect(screen.getByRole('status').textContent).toBe('One file at a time: unit-b.csv was left out.');

    // The next choice starts afresh.
    drop(group, [second]);
    expect(onFiles).toHaveBeenLastCalledWith([second], []);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('takes every accepted file with multiple, and by wildcard', () => {
    const { onFiles, group } = zone({ accept: ['text/*'], acceptDescription: undefined, multiple: true });
    expect(screen.getByRole('button', { name: 'Choose files' })).toBeTruthy();
    const [a, b, png] = [file('a.csv', 'text/csv'), file('b.txt', 'text/plain'), file('c.png', 'image/png')];
    drop(group, [a, png, b]);
    expect(onFiles).toHaveBeenCalledWith([a, b], [png]);
    expect(screen.getByRole('alert').textContent).toBe('c.png can’t be used here. Choose a file of type text/*.');
  });

  it('shows the caller’s error under the zone, and takes nothing while disabled', () => {
    const { onFiles, group } = zone({ error: 'The file has no deductions in it.', disabled: true });
    expect(screen.getByRole('alert').textContent).toBe('The file has no deductions in it.');
    expect((screen.getByRole('button', { name: 'Choose file' }) as HTMLButtonElement).disabled).toBe(true);
    drop(group, [file('a.csv')]);
    expect(onFiles).not.toHaveBeenCalled();
  });
});
