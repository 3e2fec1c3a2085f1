import { useEffect, useId, useRef, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { DATA_EXPORT_DAYS, accountDeletionRequestSchema, type DataExport } from '@giving/shared/contracts/personal-data';
import { Button } from '../../../components/ui/button';
import { ConsoleScreen, StackedForm, mutedText } from '../../../components/ui/console-page';
import { DateText } from '../../../components/ui/date-text';
import { FormMessage, TextField } from '../../../components/ui/field';
import { FormActions, Panel, ScreenHeader } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { Spinner } from '../../../components/ui/spinner';
import { Tag, type TagTone } from '../../../components/ui/tag';
import { errorMessageOf } from '../../../lib/api-client';
import { firstErrorIn } from '../../../lib/focus-first-error';
import { ACCOUNT_DELETED_PATH } from '../../../lib/paths';
import { requestLogout } from '../../../lib/session';
import { useDownload } from '../../../lib/use-download';
import { useDeleteMyAccount } from '../api/delete-my-account';
import { downloadDataExport } from '../api/download-data-export';
import { useMyDataExports } from '../api/get-my-data-exports';
import { useRequestDataExport } from '../api/request-data-export';
import { sizeText } from '../size-text';
import styles from './your-data.module.css';
import { useAppForm } from '../../../lib/use-app-form';

/** /admin/user/data — a member's own data (issue 17 item 7): a copy of everything Koha holds about them, or their account deleted. */
export function YourData() {
  return (
    <ConsoleScreen>
      <ScreenHeader title="Your data" description="Get a copy of everything Koha holds about you, or delete your account." />
      <DownloadMyData />
      <DeleteMyAccount />
    </ConsoleScreen>
  );
}

function DownloadMyData() {
  const downloadsHeading = useId();
  const exports = useMyDataExports();
  const request = useRequestDataExport();
  const [started, setStarted] = useState(false);

  const ask = () => {
    setStarted(false);
    request.mutate(undefined, { onSuccess: () => setStarted(true) });
  };

  let list;
  if (!exports.isSuccess) list = <QueryStates query={exports} loading="Loading your downloads" failed="We couldn’t load your downloads" headingLevel={4} />;
  else if (exports.data.length === 0) list = <p className={mutedText}>You haven’t asked for a copy of your data yet.</p>;
  else {
    const newestFirst = [...exports.data].sort((a, b) => Date.parse(b.requestedAt) - Date.parse(a.requestedAt));
    list = (
      <ul className={styles.exports} aria-label="Your downloads">
        {newestFirst.map((item) => (
          <ExportItem key={item.id} item={item} />
        ))}
      </ul>
    );
  }

  return (
    <Panel title="Download my data">
      <div className={styles.text}>
        <p>
          You can have a copy of everything Koha holds about you, from every part of the platform: your account and profile, your donations and receipts,
          monthly giving, workplace giving, memberships, volunteering and fundraising. It comes as JSON and CSV files in one .zip file.
        </p>
        <p>
          Gathering it can take a few minutes. We’ll e-mail you when it’s ready, and you can download it here for {DATA_EXPORT_DAYS} days after that.
        </p>
      </div>
      <div className={styles.actions}>
        <Button onClick={ask} loading={request.isPending}>
          Download my data
        </Button>
      </div>
      {request.isError ? <FormMessage>{errorMessageOf(request.error)}</FormMessage> : null}
      {started && exports.data?.some((item) => item.status === 'Preparing') ? <FormMessage tone="info">We’re gathering your data. We’ll e-mail you when it’s ready.</FormMessage> : null}
      <section className={styles.downloads} aria-labelledby={downloadsHeading}>
        <h4 id={downloadsHeading}>Your downloads</h4>
        {list}
      </section>
    </Panel>
  );
}

const STATUS_TONES: Record<DataExport['status'], TagTone> = { Preparing: 'accent', Ready: 'success', Expired: 'neutral' };

/** One export: its progress while it is gathered, its download while it is offered, or that it has expired. */
function ExportItem({ item }: { item: DataExport }) {
  const { download, downloading, error } = useDownload();
  const asked = <DateText value={item.requestedAt} withTime />;
  return (
    <li className={styles.export}>
      <div className={styles.exportHead}>
        <span>Asked for on {asked}</span>
        <Tag tone={STATUS_TONES[item.status]}>{item.status}</Tag>
      </div>
      {/* One live region for the export's whole life, so its progress and its being ready are both announced. */}
      <p className={styles.progress} role="status">
        {item.status === 'Preparing' ? (
          <>
            <Spinner size="sm" label="" />
            <span>
              Gathering your data… {item.partsDone} of {item.partsTotal} parts
            </span>
          </>
        ) : null}
        {item.status === 'Ready' ? 'Your data is ready to download.' : null}
        {item.status === 'Expired' ? 'This download has expired. Ask for your data again to get a new one.' : null}
      </p>
      {item.status === 'Ready' ? (
        <div className={styles.ready}>
          <Button variant="secondary" size="sm" loading={downloading} onClick={() => void download(() => downloadDataExport({ exportId: item.id, requestedAt: item.requestedAt }))}>
            Download (.zip{item.bytes === undefined ? '' : `, ${sizeText(item.bytes)}`})<span className="visually-hidden"> of your data asked for on {asked}</span>
          </Button>
          <span className={mutedText}>
            Available until <DateText value={item.expiresAt} withTime />
          </span>
          {error ? <FormMessage>{error}</FormMessage> : null}
        </div>
      ) : null}
    </li>
  );
}

type DeletionInput = z.input<typeof accountDeletionRequestSchema>;
type DeletionValues = z.output<typeof accountDeletionRequestSchema>;

function DeleteMyAccount() {
  const deletion = useDeleteMyAccount();
  const zoneRef = useRef<HTMLDivElement>(null);
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useAppForm<DeletionInput, unknown, DeletionValues>({ resolver: zodResolver(accountDeletionRequestSchema), defaultValues: { email: '' } });

  // A refusal that is about no field (the only administrator of a charity) takes focus, as a field's error does.
  useEffect(() => {
    if (failure) firstErrorIn(zoneRef.current)?.focus();
  }, [failure]);

  const onSubmit = handleSubmit(async (values) => {
    setFailure(undefined);
    try {
      await deletion.mutateAsync(values);
    } catch (error) {
      setFailure(applyServerErrors(error, setError, formFields(['email'])));
      return;
    }
    await requestLogout({ landOn: ACCOUNT_DELETED_PATH });
  });

  return (
    <div className={styles.dangerZone} ref={zoneRef}>
      <Panel title="Delete my account">
        <div className={styles.text}>
          <p>If you delete your account:</p>
          <ul>
            <li>your sign-in, your profile and your saved cards are deleted</li>
            <li>your monthly donations and memberships stop, and are deleted</li>
            <li>your volunteering and fundraising profiles are deleted</li>
            <li>the donations you made stay with the charities for their tax records, but no longer show your name.</li>
          </ul>
          <p>
            <strong>This can’t be undone.</strong> If you’d like a copy of your data, download it first.
          </p>
        </div>
        <StackedForm onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Delete my account">
          <TextField
            label="Type your e-mail address to confirm"
            hint="The e-mail address you sign in with."
            type="email"
            autoComplete="email"
            spellCheck={false}
            error={errors.email?.message}
            {...register('email')}
          />
          {failure ? <FormMessage>{failure}</FormMessage> : null}
          <FormActions>
            <Button type="submit" className={styles.danger} loading={isSubmitting}>
              Delete my account
            </Button>
          </FormActions>
        </StackedForm>
      </Panel>
    </div>
  );
}
