import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { type EligibilityFile, type EligibilityReport } from '@giving/shared/contracts/workplace-payroll';
import { Button } from '../../../components/ui/button';
import { ConsoleScreen, RowHeader, mutedText } from '../../../components/ui/console-page';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { FormMessage } from '../../../components/ui/field';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader } from '../../../components/ui/row-actions';
import { Spinner } from '../../../components/ui/spinner';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tag } from '../../../components/ui/tag';
import { errorMessageOf } from '../../../lib/api-client';
import { saveFile } from '../../../lib/save-file';
import { useEligibilityFiles } from '../api/get-eligibility-files';
import { useEligibilityReport } from '../api/get-eligibility-report';
import { useWorkplace } from '../api/get-workplace';
import { useUploadEligibilityFile } from '../api/upload-eligibility-file';
import {
  ELIGIBILITY_ALL_OR_NOTHING,
  ELIGIBILITY_FILE_TYPES,
  ELIGIBILITY_FILE_WORDS,
  ELIGIBILITY_STATUS_TONES,
  ELIGIBILITY_TEMPLATE_NAME,
  MAX_LISTED_ERRORS,
  acceptedWords,
  rejectedWords,
} from '../eligibility-text';
import { MANAGE_MEMBERS, useWorkplaceCan, useWorkplaceId } from '../hooks/use-payroll-access';
import styles from './member-records.module.css';
import { useTextFileUpload } from '../hooks/use-text-file-upload';

/**
 * /admin/workplace/:workplaceId/eligibility-files — Eligibility Files: what HR's file holds (and a template to start
 * from), the upload (Workplace_ManageMembers), what the API made of it (Accepted, or Rejected with each row's
 * problems), and the files uploaded before, newest first; a rejected one opens its problems below the list.
 */
export function EligibilityFiles() {
  const canManage = useWorkplaceCan(MANAGE_MEMBERS);
  return (
    <ConsoleScreen>
      <ScreenHeader
        title="Eligibility Files"
        description="Upload your employee list from HR. Each member it names gets the employee number, employment type, business unit and dates of their row, which payroll giving and matching use."
      />
      <FileFormat canManage={canManage} />
      <History />
    </ConsoleScreen>
  );
}

/** What the file holds, the all-or-nothing rule, the template, and (for members' managers) the upload. */
function FileFormat({ canManage }: { canManage: boolean }) {
  const workplaceId = useWorkplaceId();
  const workplace = useWorkplace(workplaceId);
  const units = workplace.data?.businessUnits ?? [];
  const [templateError, setTemplateError] = useState<string>();

  const downloadTemplate = async () => {
    setTemplateError(undefined);
    try {
      // The CSV writer (and its library) loads when someone downloads, not with the screen.
      const { eligibilityTemplateCsv } = await import('../eligibility-template');
      saveFile(new Blob([eligibilityTemplateCsv(units)], { type: 'text/csv;charset=utf-8' }), ELIGIBILITY_TEMPLATE_NAME);
    } catch (error) {
      setTemplateError(errorMessageOf(error));
    }
  };

  return (
    <Panel
      title={canManage ? 'Upload an eligibility file' : 'The eligibility file'}
      description="A CSV file whose first row names the columns below, in any order; every other row is one employee."
    >
      <dl className={styles.columns} aria-label="Columns">
        <div>
          <dt>Employee Number</dt>
          <dd>Your payroll’s number for the employee. Each number once in the file.</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>The e-mail address the employee uses on Koha. Each address once in the file.</dd>
        </div>
        <div>
          <dt>Employment Type</dt>
          <dd>Permanent, Contractor or Casual.</dd>
        </div>
        <div>
          <dt>Business Unit</dt>
          <dd>
            One of your workplace’s business units{units.length ? ` (${units.map((unit) => unit.name).join(', ')})` : ''}, or blank.
          </dd>
        </div>
        <div>
          <dt>Start Date, End Date</dt>
          <dd>YYYY-MM-DD or DD/MM/YYYY, such as 2026-03-09 or 09/03/2026. Either may be blank.</dd>
        </div>
      </dl>
      <p className={styles.rule}>
        <strong>{ELIGIBILITY_ALL_OR_NOTHING}</strong> Rows for people who are not members of the workplace yet change nothing.
      </p>
      <div className={styles.templateRow}>
        <Button variant="secondary" size="sm" onClick={() => void downloadTemplate()}>
          Download a template
        </Button>
        <span className={mutedText}>The header row and one example employee, to fill in or to copy.</span>
      </div>
      {templateError ? <FormMessage>We couldn’t make the template: {templateError}</FormMessage> : null}
      {canManage ? <Upload /> : <p className={mutedText}>Someone who manages members uploads the files.</p>}
    </Panel>
  );
}

/**
 * The upload: a CSV read in the browser (at most 5 MB, refused here with the API's words before any call), sent as
 * {fileName, content}; the API's field error shows under the zone, its report under that.
 */
function Upload() {
  const workplaceId = useWorkplaceId();
  const upload = useUploadEligibilityFile(workplaceId);
  const { onFiles, reading, error } = useTextFileUpload(upload, ELIGIBILITY_FILE_WORDS);

  return (
    <div className={styles.upload}>
      <FileDropZone
        label="Employee list"
        hint="A CSV file (.csv) up to 5 MB, in the layout above."
        accept={ELIGIBILITY_FILE_TYPES}
        acceptDescription={ELIGIBILITY_FILE_WORDS}
        disabled={reading !== undefined}
        error={error}
        status={reading ? <Spinner size="sm" label={`Checking every row of ${reading}`} /> : undefined}
        onFiles={(accepted) => void onFiles(accepted)}
      />
      {upload.isSuccess ? <Outcome report={upload.data} fresh /> : null}
    </div>
  );
}

/** What the API made of a file: Accepted (who it changed), or Rejected with the table of its problems. */
function Outcome({ report, fresh = false }: { report: EligibilityReport; fresh?: boolean }) {
  if (report.status === 'Accepted') {
    return (
      <p className={styles.accepted} role={fresh ? 'status' : undefined}>
        <span className={styles.fileName}>{report.fileName}</span> {acceptedWords(report, fresh ? 'now' : 'then')}
      </p>
    );
  }
  return (
    <div className={styles.rejected}>
      <p className={styles.rejectedNote} role={fresh ? 'alert' : undefined}>
        <span className={styles.fileName}>{report.fileName}</span> <strong>Rejected: nothing changed.</strong> {rejectedWords(report)} {ELIGIBILITY_ALL_OR_NOTHING}
      </p>
      <ErrorTable report={report} />
    </div>
  );
}

/** A rejected file's problems, by row (rows count the header as row 1, as a spreadsheet numbers them). */
function ErrorTable({ report }: { report: EligibilityReport }) {
  const errors = [...report.errors].sort((a, b) => a.row - b.row);
  const listed = errors.slice(0, MAX_LISTED_ERRORS);
  return (
    <>
      <Table caption={`Problems in ${report.fileName}`}>
        <thead>
          <tr>
            <th scope="col" className={styles.number}>
              Row
            </th>
            <th scope="col">Column</th>
            <th scope="col">Problem</th>
          </tr>
        </thead>
        <tbody>
          {listed.map((error, index) => (
            <tr key={`${error.row}-${error.field}-${index}`}>
              <td className={styles.number}>{error.row}</td>
              <td>{error.field}</td>
              <td className={styles.problem}>{error.message}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      <p className={mutedText}>
        Rows are numbered as a spreadsheet numbers them: the header is row 1.
        {errors.length > listed.length ? ` The first ${listed.length.toLocaleString('en-NZ')} of ${errors.length.toLocaleString('en-NZ')} problems are listed; the next upload lists any left.` : ''}
      </p>
    </>
  );
}

const newestFirst = (a: EligibilityFile, b: EligibilityFile) => b.uploadedAt.localeCompare(a.uploadedAt);

/** The files uploaded before, newest first; one opens below the list (a rejected one with its problems). */
function History() {
  const workplaceId = useWorkplaceId();
  const files = useEligibilityFiles(workplaceId);
  const [openId, setOpenId] = useState<string>();
  const ids = useId();
  const buttonId = (fileId: string) => `${ids}-${fileId}`;
  const title = useRef<HTMLHeadingElement>(null);
  const closedFrom = useRef<string>(undefined);

  useEffect(() => {
    if (openId) title.current?.focus();
    else if (closedFrom.current) {
      document.getElementById(buttonId(closedFrom.current))?.focus();
      closedFrom.current = undefined;
    }
    // When a file is opened or closed.
  }, [openId]);

  const rows = [...(files.data?.items ?? [])].sort(newestFirst);
  const open = rows.find((file) => file.id === openId);

  let list;
  if (!files.isSuccess) list = <QueryStates query={files} loading="Loading your eligibility files" failed="We couldn’t load your eligibility files" headingLevel={4} />;
  else if (rows.length === 0) list = <EmptyState headingLevel={4} title="No eligibility files yet" description="Files uploaded here are listed with what became of them." />;
  else {
    list = (
      <Table caption="Eligibility files">
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Uploaded</th>
            <th scope="col">Status</th>
            <th scope="col" className={styles.number}>
              Rows
            </th>
            <th scope="col" className={styles.number}>
              Errors
            </th>
            <th scope="col" className={styles.number}>
              Members
            </th>
            <ActionsHeader />
          </tr>
        </thead>
        <tbody>
          {rows.map((file) => (
            <tr key={file.id} className={file.id === openId ? styles.marked : undefined} aria-current={file.id === openId ? 'true' : undefined}>
              <RowHeader>
                <span className={styles.fileCell}>{file.fileName}</span>
              </RowHeader>
              <td>
                <span className={styles.nowrap}>
                  <DateText value={file.uploadedAt} withTime />
                </span>
                <span className={styles.under}>by {file.uploadedBy}</span>
              </td>
              <td>
                <Tag tone={ELIGIBILITY_STATUS_TONES[file.status]}>{file.status}</Tag>
              </td>
              <td className={styles.number}>{file.rowCount.toLocaleString('en-NZ')}</td>
              <td className={styles.number}>{file.errorCount.toLocaleString('en-NZ')}</td>
              <td className={styles.number}>{file.memberCount.toLocaleString('en-NZ')}</td>
              <ActionsCell>
                <Button id={buttonId(file.id)} variant="secondary" size="sm" aria-expanded={file.id === openId} onClick={() => setOpenId(file.id === openId ? undefined : file.id)}>
                  {file.status === 'Rejected' ? 'Problems' : 'Details'}
                  <span className="visually-hidden">
                    {' '}
                    {file.status === 'Rejected' ? 'in' : 'of'} {file.fileName}
                  </span>
                </Button>
              </ActionsCell>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }

  return (
    <Panel title="Uploaded files" description="Newest first. Open a rejected file to see the rows to fix.">
      {list}
      {open ? (
        <OpenFile
          file={open}
          titleRef={title}
          onClose={() => {
            closedFrom.current = open.id;
            setOpenId(undefined);
          }}
        />
      ) : null}
    </Panel>
  );
}

/** A file opened from the list: an accepted one's outcome, or a rejected one's problems (read from the API: the list has only their count). */
function OpenFile({ file, titleRef, onClose }: { file: EligibilityFile; titleRef: Ref<HTMLHeadingElement>; onClose: () => void }) {
  const workplaceId = useWorkplaceId();
  const report = useEligibilityReport(workplaceId, file.status === 'Rejected' ? file.id : undefined);
  const headingId = useId();
  return (
    <section className={styles.openFile} aria-labelledby={headingId}>
      <div className={styles.openHeader}>
        <h4 id={headingId} ref={titleRef} tabIndex={-1} className={styles.openTitle}>
          {file.fileName}, uploaded <DateText value={file.uploadedAt} withTime />
        </h4>
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close<span className="visually-hidden"> {file.fileName}</span>
        </Button>
      </div>
      {file.status === 'Accepted' ? (
        <Outcome report={{ ...file, errors: [] }} />
      ) : report.isSuccess ? (
        <Outcome report={report.data} />
      ) : (
        <QueryStates query={report} loading={`Loading the problems in ${file.fileName}`} failed="We couldn’t load this file’s problems" headingLevel={5} />
      )}
    </section>
  );
}
