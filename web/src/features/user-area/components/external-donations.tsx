import { useEffect, useRef, useState } from 'react';
import { type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@giving/shared/contracts/messages';
import { RECEIPT_CONTENT_TYPES, RECEIPT_MAX_BYTES, externalDonationInputSchema, type ExternalDonation, type ExternalDonationInput } from '@giving/shared/contracts/workplace-payroll';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@giving/shared/countries';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import { formatMoney, parseDollars, type Money } from '@giving/shared/money';
import { Button } from '../../../components/ui/button';
import { ConsoleScreen, StackedForm, mutedText, nameText } from '../../../components/ui/console-page';
import { CalendarDayText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage, TextField, TextareaField } from '../../../components/ui/field';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { base64Of } from '../../../components/ui/image-upload';
import { FormActions, FormGrid, Panel, ScreenHeader } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { SelectField } from '../../../components/ui/select-field';
import { applyServerErrors } from '../../../components/ui/server-errors';
import { Spinner } from '../../../components/ui/spinner';
import { Tag } from '../../../components/ui/tag';
import { useAdminMenu } from '../../../lib/account';
import { useDownload } from '../../../lib/use-download';
import { NetworkError } from '../../../lib/api-client';
import { randomId } from '../../../lib/random-id';
import { downloadMyExternalDonationReceipt } from '../api/download-external-donation-receipt';
import { useMyExternalDonations } from '../api/get-my-external-donations';
import { useRecordExternalDonation } from '../api/record-external-donation';
import { sizeText } from '../size-text';
import styles from './user-area.module.css';
import { useAppForm } from '../../../lib/use-app-form';

export const EXTERNAL_DONATIONS_TITLE = 'Your external donations';

/** What a receipt may be: PDF, JPEG or PNG, by extension or media type. */
const RECEIPT_FILE_TYPES = ['.pdf', '.jpg', '.jpeg', '.png', ...RECEIPT_CONTENT_TYPES] as const;
const RECEIPT_FILE_WORDS = 'a PDF, JPEG or PNG file (.pdf, .jpg, .jpeg or .png)';
export const RECEIPT_TOO_BIG_MESSAGE = 'The receipt is larger than 2 MB.';
export const FUTURE_DATE_MESSAGE = 'The donation date is in the future.';

type ReceiptType = (typeof RECEIPT_CONTENT_TYPES)[number];

/** The receipt's media type: the browser's, else its extension's (a browser may not know a file's type). */
function receiptTypeOf(file: Pick<File, 'name' | 'type'>): ReceiptType | '' {
  const type = file.type.split(';')[0]!.trim().toLowerCase();
  if ((RECEIPT_CONTENT_TYPES as readonly string[]).includes(type)) return type as ReceiptType;
  const name = file.name.toLowerCase();
  if (name.endsWith('.pdf')) return 'application/pdf';
  if (name.endsWith('.png')) return 'image/png';
  if (name.endsWith('.jpg') || name.endsWith('.jpeg')) return 'image/jpeg';
  return '';
}

/**
 * The latest day it is in the platform's countries (New Zealand's): a date after it is in the future wherever the
 * workplace is. The API checks again in the workplace's own time zone.
 */
const latestToday = () => localDay(new Date(), COUNTRY_TIME_ZONES.nz);

/** The country a donation's money belongs to (its dates read there). */
const countryOf = (amount: Money): CountryCode => COUNTRY_CODES.find((code) => COUNTRIES[code].currency === amount.currency) ?? 'nz';
const amountText = (amount: Money) => formatMoney(amount, COUNTRIES[countryOf(amount)].locale);

/** The form's own values: the amount as typed (dollars), the note possibly blank, the receipt once read. */
export interface ExternalDonationFormValues {
  workplaceId: string;
  charityName: string;
  amount: string;
  donatedOn: string;
  note: string;
  receipt: { fileName: string; contentType: string; data: string };
}

const NO_RECEIPT = { fileName: '', contentType: '', data: '' };

/** What the API takes, from what the form holds (checked by the contract's schema after this): the amount in cents. */
export function inputOf(values: ExternalDonationFormValues): Record<string, unknown> {
  const note = values.note.trim();
  return {
    workplaceId: values.workplaceId,
    charityName: values.charityName,
    amount: parseDollars(values.amount) ?? Number.NaN,
    donatedOn: values.donatedOn,
    receipt: values.receipt,
    ...(note ? { note } : {}),
  };
}

const checkInput = zodResolver(externalDonationInputSchema);

/**
 * The contract's schema checks the form (externalDonationInputSchema through @hookform/resolvers), after the amount
 * becomes cents ('Invalid Amount!' for anything that is not dollars and cents); an unchosen workplace or date is
 * 'Required Field!', and a date after today is refused here too.
 */
export const externalDonationResolver: Resolver<ExternalDonationFormValues, unknown, ExternalDonationInput> = async (values, context, options) => {
  const result = await checkInput(inputOf(values) as ExternalDonationInput, context, options as unknown as Parameters<typeof checkInput>[2]);
  const errors: Record<string, unknown> = { ...(result.errors as Record<string, unknown>) };
  if (!values.workplaceId) errors.workplaceId = { type: 'required', message: MESSAGES.requiredField };
  if (!values.donatedOn.trim()) errors.donatedOn = { type: 'required', message: MESSAGES.requiredField };
  else if (!errors.donatedOn && values.donatedOn > latestToday()) errors.donatedOn = { type: 'future', message: FUTURE_DATE_MESSAGE };
  if (Object.keys(errors).length === 0) return result as Awaited<ReturnType<Resolver<ExternalDonationFormValues, unknown, ExternalDonationInput>>>;
  return { values: {}, errors: errors as FieldErrors<ExternalDonationFormValues> };
};

const FORM_FIELDS = ['workplaceId', 'charityName', 'amount', 'donatedOn', 'note'];

/** Where the API's field errors show: each on its field; anything about the receipt under the drop zone. */
export function externalDonationField(path: string): string | undefined {
  if (FORM_FIELDS.includes(path)) return path;
  if (path === 'receipt' || path.startsWith('receipt.')) return 'receipt.data';
  return undefined;
}

/**
 * /admin/user/donations/external — a member records a donation they made elsewhere (with its receipt) for one of their
 * workplaces to approve and match, and sees the ones recorded and what each workplace decided. Members of no
 * workplace are told only workplace members can record one, without the form.
 */
export function MyExternalDonations() {
  const menu = useAdminMenu();
  const [recorded, setRecorded] = useState<ExternalDonation>();
  const [formKey, setFormKey] = useState(0);
  const recordedRef = useRef<HTMLDivElement>(null);
  const workplaces = (menu.data?.corporateAssociations ?? []).map((corporate) => ({ value: corporate.corporateId, label: corporate.corporateName }));
  const noWorkplace = menu.isSuccess && workplaces.length === 0;

  useEffect(() => {
    if (recorded) recordedRef.current?.focus();
  }, [recorded]);

  let record;
  if (!menu.isSuccess) record = <QueryStates query={menu} loading="Loading your workplaces" failed="We couldn’t load your workplaces" headingLevel={3} />;
  else if (workplaces.length === 0) {
    record = (
      <EmptyState
        headingLevel={3}
        title="Only workplace members can record an external donation"
        description="Your workplace matches donations its members made elsewhere. Once you belong to a workplace on Koha, you can record yours here."
      />
    );
  } else {
    record = (
      <>
        {recorded ? (
          <div ref={recordedRef} tabIndex={-1} className={styles.recorded}>
            <FormMessage tone="info">
              Recorded: your {amountText(recorded.amount)} donation to {recorded.charityName}. {recorded.workplaceName || 'Your workplace'} will approve or
              decline it; you’ll see which below.
            </FormMessage>
          </div>
        ) : null}
        <RecordForm
          key={formKey}
          workplaces={workplaces}
          onRecorded={(donation) => {
            setRecorded(donation);
            setFormKey((key) => key + 1);
          }}
          onStarted={() => setRecorded(undefined)}
        />
      </>
    );
  }

  return (
    <ConsoleScreen>
      <ScreenHeader title="External donations" description="Record a donation you made elsewhere, so your workplace can match it." />
      <Panel title="Record a donation" description={noWorkplace ? undefined : 'Your workplace checks the receipt, then approves or declines it. Approved donations count for matching.'}>
        {record}
      </Panel>
      {/* Someone in no workplace sees the list only if they recorded some while they were in one. */}
      <MyList hideWhenEmpty={noWorkplace} />
    </ConsoleScreen>
  );
}

/** The donation, its receipt, and the Idempotency-Key its submission sends (kept while a retry of it is unanswered). */
function RecordForm({
  workplaces,
  onRecorded,
  onStarted,
}: {
  workplaces: readonly { value: string; label: string }[];
  onRecorded: (donation: ExternalDonation) => void;
  onStarted: () => void;
}) {
  const record = useRecordExternalDonation();
  const [failure, setFailure] = useState<string>();
  const [reading, setReading] = useState<string>();
  const [chosen, setChosen] = useState<string>();
  const dropZone = useRef<HTMLDivElement>(null);
  // A submission whose request got no answer: sending the same donation again sends its key, so it is recorded once.
  const unanswered = useRef<{ body: string; key: string }>(undefined);
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    clearErrors,
    formState: { errors, isSubmitting },
  } = useAppForm<ExternalDonationFormValues, unknown, ExternalDonationInput>({
    resolver: externalDonationResolver,
    mode: 'onTouched',
    defaultValues: { workplaceId: workplaces.length === 1 ? (workplaces[0]?.value ?? '') : '', charityName: '', amount: '', donatedOn: '', note: '', receipt: NO_RECEIPT },
  });

  // The receipt has no input of its own to focus: its errors focus the drop zone's Choose file button. Registered
  // after the fields above (an effect runs after render), so an earlier field in error is focused first.
  useEffect(() => {
    register('receipt.data').ref({ focus: () => dropZone.current?.querySelector<HTMLButtonElement>('button')?.focus() } as unknown as HTMLInputElement);
    // Once: the ref stands for the zone for as long as the form is shown.
  }, []);

  const onReceipt = async (accepted: File[]) => {
    const file = accepted[0];
    if (!file) return;
    setChosen(undefined);
    setValue('receipt', NO_RECEIPT);
    if (file.size > RECEIPT_MAX_BYTES) return setError('receipt.data', { type: 'size', message: RECEIPT_TOO_BIG_MESSAGE });
    setReading(file.name);
    try {
      const data = await base64Of(file);
      setValue('receipt', { fileName: file.name, contentType: receiptTypeOf(file), data });
      clearErrors('receipt');
      setChosen(`${file.name} (${sizeText(file.size)}) will be sent with the donation.`);
    } catch {
      setError('receipt.data', { type: 'read', message: `We couldn’t read ${file.name}. Choose it again, or save it again as ${RECEIPT_FILE_WORDS}.` });
    } finally {
      setReading(undefined);
    }
  };

  const onSubmit = handleSubmit(async (input) => {
    setFailure(undefined);
    onStarted();
    const body = JSON.stringify(input);
    const key = unanswered.current?.body === body ? unanswered.current.key : randomId();
    unanswered.current = { body, key };
    try {
      const donation = await record.mutateAsync({ input, idempotencyKey: key });
      unanswered.current = undefined;
      onRecorded(donation);
    } catch (error) {
      if (!(error instanceof NetworkError)) unanswered.current = undefined;
      setFailure(applyServerErrors(error, setError, externalDonationField));
    }
  });

  const receiptError = errors.receipt?.data?.message ?? errors.receipt?.contentType?.message ?? errors.receipt?.fileName?.message ?? errors.receipt?.message;

  return (
    <StackedForm onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Record a donation">
      <fieldset className={styles.group}>
        <legend>The donation</legend>
        <FormGrid>
          <SelectField
            label="Workplace"
            hint="The workplace to match it."
            placeholder={workplaces.length === 1 ? undefined : 'Choose a workplace'}
            options={workplaces}
            error={errors.workplaceId?.message}
            {...register('workplaceId')}
          />
          <TextField label="Charity" hint="Its name as the receipt gives it." autoComplete="off" error={errors.charityName?.message} {...register('charityName')} />
          <TextField label="Amount" hint="In dollars, such as 50 or 49.95." inputMode="decimal" numeric autoComplete="off" error={errors.amount?.message} {...register('amount')} />
          <TextField label="Date donated" type="date" max={latestToday()} hint="Within the last 12 months." error={errors.donatedOn?.message} {...register('donatedOn')} />
        </FormGrid>
        <TextareaField label="Note for your workplace (optional)" rows={3} error={errors.note?.message} {...register('note')} />
      </fieldset>
      <div ref={dropZone}>
        <FileDropZone
          label="Receipt"
          hint="A PDF, JPEG or PNG up to 2 MB, from the charity or your bank."
          accept={RECEIPT_FILE_TYPES}
          acceptDescription={RECEIPT_FILE_WORDS}
          disabled={reading !== undefined || isSubmitting}
          error={receiptError}
          status={reading ? <Spinner size="sm" label={`Reading ${reading}`} /> : chosen ? <span>{chosen}</span> : undefined}
          onFiles={(accepted) => void onReceipt(accepted)}
        />
      </div>
      {failure ? <FormMessage>{failure}</FormMessage> : null}
      <FormActions>
        <Button type="submit" loading={isSubmitting} disabled={reading !== undefined}>
          Record donation
        </Button>
      </FormActions>
    </StackedForm>
  );
}

const STATUS_TONES: Readonly<Record<ExternalDonation['status'], 'accent' | 'success' | 'danger'>> = { Pending: 'accent', Approved: 'success', Declined: 'danger' };
const STATUS_LABELS: Readonly<Record<ExternalDonation['status'], string>> = { Pending: 'Waiting for your workplace', Approved: 'Approved', Declined: 'Declined' };

/**
 * The member's recorded donations, newest first, with what their workplace decided (a decline with its reason). A list
 * rather than a table: a member has a few, and the status reads beside each at a phone's width.
 */
function MyList({ hideWhenEmpty }: { hideWhenEmpty: boolean }) {
  const donations = useMyExternalDonations();
  const { download, error: downloadError } = useDownload();
  const [downloading, setDownloading] = useState<string>();
  const downloadReceipt = (donation: ExternalDonation) => {
    setDownloading(donation.id);
    void download(() => downloadMyExternalDonationReceipt({ externalDonationId: donation.id, fileName: donation.receiptFileName })).finally(() => setDownloading(undefined));
  };
  if (hideWhenEmpty && donations.isSuccess && donations.data.items.length === 0) return null;
  return (
    <Panel title={EXTERNAL_DONATIONS_TITLE} description="Newest first, with what your workplace decided.">
      {!donations.isSuccess ? (
        <QueryStates query={donations} loading="Loading your external donations" failed="We couldn’t load your external donations" headingLevel={4} />
      ) : donations.data.items.length === 0 ? (
        <EmptyState headingLevel={4} title="No external donations recorded" description="Donations you record show here with what your workplace decided." />
      ) : (
        <ul className={styles.donations} aria-label={EXTERNAL_DONATIONS_TITLE}>
          {donations.data.items.map((donation) => (
            <li key={donation.id} className={styles.donation}>
              <div className={styles.donationHead}>
                <span className={nameText}>{donation.charityName}</span>
                <span className={styles.donationAmount}>{amountText(donation.amount)}</span>
              </div>
              <span className={mutedText}>
                Donated <CalendarDayText date={donation.donatedOn} country={countryOf(donation.amount)} /> · {donation.workplaceName}
              </span>
              <span>
                <Tag tone={STATUS_TONES[donation.status]}>{STATUS_LABELS[donation.status]}</Tag>
              </span>
              {donation.status === 'Declined' && donation.declineReason ? (
                <span className={styles.reason}>
                  <strong>Reason:</strong> {donation.declineReason}
                </span>
              ) : null}
              <span>
                <Button variant="secondary" size="sm" loading={downloading === donation.id} onClick={() => downloadReceipt(donation)} aria-label={`Download the receipt for ${donation.charityName}, ${donation.receiptFileName}`}>
                  Receipt
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {downloadError ? <FormMessage>We couldn’t download the receipt: {downloadError}</FormMessage> : null}
    </Panel>
  );
}
