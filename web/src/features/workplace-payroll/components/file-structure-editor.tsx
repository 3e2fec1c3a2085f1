import { useEffect, useId, useRef, useState } from 'react';
import { useFieldArray, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import {
  FILE_COLUMNS,
  FILE_COLUMN_LABELS,
  FILE_MODES,
  FILE_PRESETS,
  FILE_PRESET_LABELS,
  fileStructureInputSchema,
  type FileColumn,
  type FileStructure,
  type FileStructureInput,
  type FilePreset,
} from '@giving/shared/contracts/workplace-payroll';
import { Button } from '../../../components/ui/button';
import { EditableFieldset, StackedForm, mutedText } from '../../../components/ui/console-page';
import { CheckboxField, FormMessage, TextField } from '../../../components/ui/field';
import { NoticeMessage, useSaveNotice } from '../../../components/ui/form-notice';
import { FormActions, FormGrid, Panel } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { formFields } from '../../../components/ui/server-errors';
import { errorMessageOf } from '../../../lib/api-client';
import { useCreateFileStructure } from '../api/create-file-structure';
import { useFileStructurePresets } from '../api/get-file-structure-presets';
import { usePreviewFileStructure } from '../api/preview-file-structure';
import { useUpdateFileStructure } from '../api/update-file-structure';
import {
  AMOUNT_FORMAT_OPTIONS,
  DATE_FORMAT_OPTIONS,
  DELIMITER_OPTIONS,
  FILE_MODE_HINTS,
  FILE_MODE_LABELS,
  LINE_ENDING_OPTIONS,
  QUOTING_OPTIONS,
  optionsOf,
} from '../payroll-text';
import styles from './workplace-payroll.module.css';
import { useAppForm } from '../../../lib/use-app-form';

type StructureFormInput = z.input<typeof fileStructureInputSchema>;

export const MAX_COLUMNS = 40;
const PRESET_OPTIONS = optionsOf(FILE_PRESETS, FILE_PRESET_LABELS);
const COLUMN_OPTIONS = optionsOf(FILE_COLUMNS, FILE_COLUMN_LABELS);
const SERVER_FIELDS = formFields(['name', 'preset', 'includeHeader', 'delimiter', 'quoting', 'dateFormat', 'amountFormat', 'lineEnding', 'mode', 'deductionCode'], {
  arrays: ['columns'],
});

/** A stored structure as the form's values (what the API takes back). */
function valuesOf(structure: FileStructure | undefined): DefaultValues<StructureFormInput> {
  if (!structure) {
    // A new structure starts from a payroll system's preset: until one is chosen, the common defaults and no columns.
    return { name: '', columns: [], includeHeader: true, delimiter: ',', quoting: 'AS_NEEDED', dateFormat: 'YYYY-MM-DD', amountFormat: 'DOLLARS', lineEnding: 'CRLF', mode: 'ALL_LINES', deductionCode: '' };
  }
  const { id: _id, workplaceId: _w, version: _v, createdAt: _c, updatedAt: _u, ...input } = structure;
  return input;
}

/** Only a fixed-text column carries a value. */
const withoutStrayValues = (input: FileStructureInput): FileStructureInput => ({
  ...input,
  columns: input.columns.map((column) => (column.field === 'fixedText' ? { ...column, value: column.value ?? '' } : { field: column.field, header: column.header })),
});

type MoveTarget = 'up' | 'down' | 'remove' | 'add';

/**
 * Creates a payroll file structure or saves a new version of one: start from a payroll system's preset, then the
 * columns in payroll's order and the file's formats; the preview shows the file as payroll would receive it. Members
 * who may only view see it read-only, and may still preview it.
 */
export function FileStructureEditor({
  workplaceId,
  structure,
  canManage,
  onClose,
}: {
  workplaceId: string;
  structure?: FileStructure;
  canManage: boolean;
  onClose: () => void;
}) {
  // After the first save, later saves are new versions of what was saved.
  const [current, setCurrent] = useState(structure);
  const presets = useFileStructurePresets(workplaceId);
  const create = useCreateFileStructure(workplaceId);
  const update = useUpdateFileStructure(workplaceId);
  const preview = usePreviewFileStructure(workplaceId);
  const {
    register,
    control,
    handleSubmit,
    formRef,
    reset,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors, isSubmitting },
  } = useAppForm<StructureFormInput, unknown, FileStructureInput>({
    resolver: zodResolver(fileStructureInputSchema),
    mode: 'onTouched',
    defaultValues: valuesOf(structure),
  });
  const columns = useFieldArray({ control, name: 'columns', keyName: 'key' });
  const { notice, save } = useSaveNotice(setError, SERVER_FIELDS);
  const watched = watch('columns');
  const idBase = useId();
  let title = 'New file structure';
  if (current) title = canManage ? `Edit ${current.name}` : current.name;

  // Focus stays with the column a button moved (or goes to its neighbour when it was removed).
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const [focusNext, setFocusNext] = useState<{ key: string; target: MoveTarget }>();
  useEffect(() => {
    if (!focusNext) return;
    setFocusNext(undefined);
    const wanted = buttons.current.get(`${focusNext.key}:${focusNext.target}`);
    const other = buttons.current.get(`${focusNext.key}:${focusNext.target === 'up' ? 'down' : 'up'}`);
    const target = [wanted, other].find((button) => button && !button.disabled) ?? addButton.current;
    target?.focus();
  }, [focusNext]);
  const buttonRef = (key: string, target: MoveTarget) => (element: HTMLButtonElement | null) => {
    if (element) buttons.current.set(`${key}:${target}`, element);
    else buttons.current.delete(`${key}:${target}`);
  };

  const move = (index: number, to: number, target: 'up' | 'down') => {
    const key = columns.fields[index]?.key;
    columns.move(index, to);
    if (key) setFocusNext({ key, target });
  };
  const remove = (index: number) => {
    const neighbour = columns.fields[index + 1] ?? columns.fields[index - 1];
    columns.remove(index);
    setFocusNext(neighbour ? { key: neighbour.key, target: 'remove' } : { key: '', target: 'add' });
  };

  // A payroll system chosen before the presets arrived is filled in when they do.
  const [waitingFor, setWaitingFor] = useState<FilePreset>();
  const applyPreset = (preset: FilePreset) => {
    const chosen = presets.data?.items.find((item) => item.preset === preset);
    if (!chosen) {
      setWaitingFor(presets.isPending ? preset : undefined);
      return;
    }
    setWaitingFor(undefined);
    const { name, columns: presetColumns, ...settings } = chosen.structure;
    for (const [field, value] of Object.entries(settings)) setValue(field as keyof typeof settings, value as never, { shouldDirty: true });
    if (!getValues('name').trim()) setValue('name', name, { shouldDirty: true });
    columns.replace(presetColumns);
  };
  useEffect(() => {
    if (waitingFor && presets.data) applyPreset(waitingFor);
    // applyPreset reads the presets just arrived; it is made anew each render.
  }, [waitingFor, presets.data]);

  const onSubmit = handleSubmit((values) =>
    save(async () => {
      const input = withoutStrayValues(values);
      const saved = current ? await update.mutateAsync({ fileStructureId: current.id, input }) : await create.mutateAsync(input);
      setCurrent(saved);
      reset(valuesOf(saved));
      return `Version ${saved.version} saved.`;
    }),
  );
  // Preview is a plain button: the form's first wrong field is found through formRef.
  const showPreview = handleSubmit((values) => preview.mutate(withoutStrayValues(values)));

  const columnsError = errors.columns?.message ?? errors.columns?.root?.message;
  const columnLabel = (index: number) => {
    const field = watched[index]?.field as FileColumn | undefined;
    return field && field in FILE_COLUMN_LABELS ? FILE_COLUMN_LABELS[field] : `column ${index + 1}`;
  };

  return (
    <>
      <StackedForm ref={formRef} onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title}>
        <EditableFieldset disabled={!canManage}>
          <Panel
            title={title}
            description={current ? `Version ${current.version}.${canManage ? ' Saving makes a new version; files already made keep theirs.' : ''}` : undefined}
          >
            <FormGrid>
              <SelectField
                label="Payroll system"
                hint={
                  presets.isError
                    ? `We couldn’t load the presets: ${errorMessageOf(presets.error)}`
                    : waitingFor
                      ? 'Loading its preset…'
                      : 'Choosing one fills in its preset; change anything after.'
                }
                placeholder="Choose a payroll system"
                options={PRESET_OPTIONS}
                error={errors.preset?.message}
                {...register('preset', { onChange: (event: { target: { value: string } }) => applyPreset(event.target.value as FilePreset) })}
              />
              <TextField label="Name" error={errors.name?.message} {...register('name')} />
            </FormGrid>

            <fieldset className={styles.group}>
              <legend>Columns</legend>
              <p className={mutedText}>In the order payroll expects them.</p>
              {columns.fields.length === 0 ? <p className={mutedText}>No columns yet. Choose a payroll system above, or add columns yourself.</p> : null}
              <ol className={styles.columns}>
                {columns.fields.map((column, index) => {
                  const label = columnLabel(index);
                  return (
                    <li key={column.key} className={styles.column}>
                      <fieldset className={styles.columnFields}>
                        <legend>Column {index + 1}</legend>
                        <SelectField label="Field" options={COLUMN_OPTIONS} error={errors.columns?.[index]?.field?.message} {...register(`columns.${index}.field`)} />
                        <TextField label="Header" error={errors.columns?.[index]?.header?.message} {...register(`columns.${index}.header`)} />
                        {watched[index]?.field === 'fixedText' ? (
                          <TextField label="Value" hint="Every line carries it." error={errors.columns?.[index]?.value?.message} {...register(`columns.${index}.value`)} />
                        ) : null}
                      </fieldset>
                      {canManage ? (
                        <div className={styles.tools}>
                          <Button
                            ref={buttonRef(column.key, 'up')}
                            variant="ghost"
                            size="sm"
                            aria-label={`Move ${label} up`}
                            disabled={index === 0}
                            onClick={() => move(index, index - 1, 'up')}
                          >
                            ↑ Up
                          </Button>
                          <Button
                            ref={buttonRef(column.key, 'down')}
                            variant="ghost"
                            size="sm"
                            aria-label={`Move ${label} down`}
                            disabled={index === columns.fields.length - 1}
                            onClick={() => move(index, index + 1, 'down')}
                          >
                            ↓ Down
                          </Button>
                          <Button ref={buttonRef(column.key, 'remove')} variant="ghost" size="sm" aria-label={`Remove ${label}`} onClick={() => remove(index)}>
                            Remove
                          </Button>
                        </div>
                      ) : null}
                    </li>
                  );
                })}
              </ol>
              {columnsError ? <FormMessage>{columnsError}</FormMessage> : null}
              {canManage ? (
                <div>
                  <Button
                    ref={addButton}
                    variant="secondary"
                    size="sm"
                    disabled={columns.fields.length >= MAX_COLUMNS}
                    onClick={() => columns.append({ field: 'employeeNumber', header: '' }, { shouldFocus: true })}
                  >
                    Add column
                  </Button>
                </div>
              ) : null}
            </fieldset>

            <fieldset className={styles.group}>
              <legend>File format</legend>
              <CheckboxField label="Include a header row" {...register('includeHeader')} />
              <FormGrid>
                <SelectField label="Delimiter" options={DELIMITER_OPTIONS} error={errors.delimiter?.message} {...register('delimiter')} />
                <SelectField
                  label="Quoting"
                  hint="As needed quotes a value only when it holds the delimiter, a quote or a line break."
                  options={QUOTING_OPTIONS}
                  error={errors.quoting?.message}
                  {...register('quoting')}
                />
                <SelectField label="Date format" options={DATE_FORMAT_OPTIONS} error={errors.dateFormat?.message} {...register('dateFormat')} />
                <SelectField label="Amount format" options={AMOUNT_FORMAT_OPTIONS} error={errors.amountFormat?.message} {...register('amountFormat')} />
                <SelectField label="Line endings" options={LINE_ENDING_OPTIONS} error={errors.lineEnding?.message} {...register('lineEnding')} />
                <TextField
                  label="Deduction code"
                  hint="The code payroll knows the giving deduction by (KeyPay’s Deduction Name, PayGlobal’s AllowanceCode)."
                  error={errors.deductionCode?.message}
                  {...register('deductionCode')}
                />
              </FormGrid>
            </fieldset>

            <fieldset className={styles.group}>
              <legend>Lines in each file</legend>
              <div className={styles.radios}>
                {FILE_MODES.map((value) => (
                  <div key={value} className={styles.radio}>
                    <label>
                      <input type="radio" value={value} aria-describedby={`${idBase}-mode-${value}`} {...register('mode')} /> {FILE_MODE_LABELS[value]}
                    </label>
                    <span id={`${idBase}-mode-${value}`} className={mutedText}>
                      {FILE_MODE_HINTS[value]}
                    </span>
                  </div>
                ))}
              </div>
              {errors.mode?.message ? <FormMessage>{errors.mode.message}</FormMessage> : null}
            </fieldset>
          </Panel>
        </EditableFieldset>
        <NoticeMessage notice={notice} />
        <FormActions>
          <Button variant="secondary" onClick={onClose}>
            {canManage ? 'Cancel' : 'Close'}
          </Button>
          <Button variant="secondary" loading={preview.isPending} onClick={() => void showPreview()}>
            Preview
          </Button>
          {canManage ? (
            <Button type="submit" loading={isSubmitting}>
              {current ? 'Save new version' : 'Save file structure'}
            </Button>
          ) : null}
        </FormActions>
      </StackedForm>
      <PreviewPanel preview={preview} />
    </>
  );
}

function PreviewPanel({ preview }: { preview: ReturnType<typeof usePreviewFileStructure> }) {
  return (
    <Panel title="Preview" description="The file as payroll would receive it, written over sample lines.">
      <div aria-live="polite">
        {preview.isError ? <FormMessage>We couldn’t preview the file: {errorMessageOf(preview.error)}</FormMessage> : null}
        {preview.data ? (
          <div className={styles.preview}>
            <p>
              <span className={styles.fileName}>{preview.data.fileName}</span> · {preview.data.lineCount} {preview.data.lineCount === 1 ? 'line' : 'lines'}
            </p>
            <pre className={styles.content} tabIndex={0} role="region" aria-label={`Preview of ${preview.data.fileName}`}>
              {preview.data.content}
            </pre>
          </div>
        ) : !preview.isError ? (
          <p className={mutedText}>Choose Preview to see the file with these settings.</p>
        ) : null}
      </div>
    </Panel>
  );
}
