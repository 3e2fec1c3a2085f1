import { useEffect, useId, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { EligibilityFile } from '@giving/shared/contracts/workplace-payroll';
import { Button } from '../../../components/ui/button';
import { ConsoleScreen, RowHeader } from '../../../components/ui/console-page';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { Table } from '../../../components/ui/table';
import { Tag } from '../../../components/ui/tag';
import { useEligibilityFiles } from '../api/get-eligibility-files';
import { useEligibilityReport } from '../api/get-eligibility-report';
import styles from './back-office.module.css';

/**
 * /admin/backoffice/eligibility-files — every workplace's eligibility files (HR's employee lists), newest first: who
 * uploaded what, whether it was accepted, and how many rows named members. ?workplace=&file= (a rejected file's link)
 * shows that file's errors, row by row. Files are uploaded in each workplace's own console, not here.
 */
export function BackOfficeEligibilityFiles() {
  const files = useEligibilityFiles();
  const [search, setSearch] = useSearchParams();
  const workplaceId = search.get('workplace');
  const fileId = search.get('file');
  const chosen = workplaceId && fileId ? { workplaceId, fileId } : undefined;
  const linkIds = useId();
  const linkId = (file: Pick<EligibilityFile, 'workplaceId' | 'id'>) => `${linkIds}-${file.workplaceId}-${file.id}`;
  // Closing the errors puts focus back on the file's link.
  const closedFrom = useRef<string>(undefined);
  useEffect(() => {
    if (chosen || !closedFrom.current) return;
    document.getElementById(closedFrom.current)?.focus();
    closedFrom.current = undefined;
  });
  const close = () => {
    if (chosen) closedFrom.current = linkId({ workplaceId: chosen.workplaceId, id: chosen.fileId });
    setSearch({});
  };

  const items = [...(files.data?.items ?? [])].sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt));
  let list;
  if (!files.isSuccess) list = <QueryStates query={files} loading="Loading eligibility files" failed="We couldn’t load the eligibility files" />;
  else if (items.length === 0) {
    list = <EmptyState title="No eligibility files yet" description="When HR uploads an eligibility file in a workplace’s console, it shows here." />;
  } else {
    list = (
      <Table caption="Eligibility files">
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Workplace</th>
            <th scope="col">Uploaded</th>
            <th scope="col">Status</th>
            <th scope="col" className={styles.number}>
              Rows
            </th>
            <th scope="col" className={styles.number}>
              Errors
            </th>
            <th scope="col" className={`${styles.number} ${styles.wrapHeader}`}>
              Members matched
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((file) => {
            const current = chosen?.workplaceId === file.workplaceId && chosen.fileId === file.id;
            return (
              <tr key={`${file.workplaceId}/${file.id}`} aria-current={current ? 'true' : undefined}>
                <RowHeader>
                  {file.status === 'Rejected' ? (
                    <Link id={linkId(file)} className={styles.fileName} to={`?${new URLSearchParams({ workplace: file.workplaceId, file: file.id }).toString()}`}>
                      {file.fileName}
                      <span className="visually-hidden">: show its errors</span>
                    </Link>
                  ) : (
                    <span className={styles.fileName}>{file.fileName}</span>
                  )}
                </RowHeader>
                <td>{file.workplaceName}</td>
                <td>
                  <span className={styles.nowrap}>
                    <DateText value={file.uploadedAt} withTime />
                  </span>
                  <span className={styles.uploadedBy}> by {file.uploadedBy}</span>
                </td>
                <td>
                  <Tag tone={file.status === 'Accepted' ? 'success' : 'danger'}>{file.status}</Tag>
                </td>
                <td className={styles.number}>{file.rowCount.toLocaleString('en-NZ')}</td>
                <td className={styles.number}>{file.errorCount.toLocaleString('en-NZ')}</td>
                <td className={styles.number}>{file.memberCount.toLocaleString('en-NZ')}</td>
              </tr>
            );
          })}
        </tbody>
      </Table>
    );
  }

  return (
    <ConsoleScreen>
      <ScreenHeader
        title="Eligibility Files"
        description="Employee lists HR uploaded in each workplace’s console, newest first. A rejected file changed nothing: open it to see each row’s errors."
      />
      {chosen ? <FileErrors key={`${chosen.workplaceId}/${chosen.fileId}`} file={chosen} onClose={close} /> : null}
      {list}
    </ConsoleScreen>
  );
}

/** A file's errors, row by row (what HR has to fix before uploading it again); takes focus as it opens. */
function FileErrors({ file, onClose }: { file: { workplaceId: string; fileId: string }; onClose: () => void }) {
  const report = useEligibilityReport(file);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);

  let content;
  if (!report.isSuccess) content = <QueryStates query={report} loading="Loading the file’s errors" failed="We couldn’t load the file’s errors" />;
  else if (report.data.errors.length === 0) content = <EmptyState title="No errors" description="Every row of this file was valid." />;
  else {
    content = (
      <Table caption={`Errors in ${report.data.fileName}`}>
        <thead>
          <tr>
            <th scope="col" className={styles.number}>
              Row
            </th>
            <th scope="col">Column</th>
            <th scope="col">Message</th>
          </tr>
        </thead>
        <tbody>
          {report.data.errors.map((error, index) => (
            <tr key={`${error.row}-${error.field}-${index}`}>
              <td className={styles.number}>{error.row}</td>
              <td>{error.field}</td>
              <td>{error.message}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }

  const title = report.data ? `Errors in ${report.data.fileName}` : 'Errors in the file';
  const description = report.data
    ? `${report.data.workplaceName}: ${report.data.errorCount.toLocaleString('en-NZ')} ${report.data.errorCount === 1 ? 'error' : 'errors'} in ${report.data.rowCount.toLocaleString('en-NZ')} rows. Nothing was changed; HR fixes the file and uploads it again.`
    : undefined;
  return (
    <div ref={box} tabIndex={-1} className={styles.focusBox}>
      <Panel
        title={title}
        description={description}
        actions={
          <Button variant="secondary" size="sm" onClick={onClose}>
            Close<span className="visually-hidden"> the errors</span>
          </Button>
        }
      >
        {content}
      </Panel>
    </div>
  );
}
