import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { newPayoutSchema, type Remittance } from '@giving/shared/contracts/charity-reports';
import type { CountryCode } from '@giving/shared/countries';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import { Button } from '../../../components/ui/button';
import { QueryScreen, RowHeader, StackedForm, mutedText } from '../../../components/ui/console-page';
import { CalendarDayText, useDataCountry } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage, TextField } from '../../../components/ui/field';
import { FormActions, FormGrid, Panel, ScreenHeader } from '../../../components/ui/panel';
import { StatTile, StatTiles } from '../../../components/ui/stat-tile';
import { Table } from '../../../components/ui/table';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { randomId } from '../../../lib/random-id';
import { useRemittance } from '../api/get-remittance';
import { useRecordPayout } from '../api/record-payout';
import { useCan, useCharityId } from '../hooks/use-console';
import { TIP_NOTE, dollarsText, moneyText } from '../money-text';
import styles from './charity-donations.module.css';
import { useAppForm } from '../../../lib/use-app-form';

/** '2026-11' -> 'November 2026'. */
export function monthText(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-NZ', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, number - 1, 1)));
}

const payoutFormSchema = z.object({
  amount: dollarsText(newPayoutSchema.shape.amount),
  reference: newPayoutSchema.shape.reference,
  paidAt: newPayoutSchema.shape.paidAt,
});
type PayoutFormInput = z.input<typeof payoutFormSchema>;
type PayoutFormValues = z.output<typeof payoutFormSchema>;

/** Today in the charity's country (a payout's day is the charity's calendar day). */
const today = (country: CountryCode) => localDay(new Date(), COUNTRY_TIME_ZONES[country]);

/** The back office records money paid to the charity; the API refuses more than is owed. */
function PayoutForm({ charityId, owed }: { charityId: string; owed: Remittance['owed'] }) {
  const record = useRecordPayout(charityId);
  const country = useDataCountry();
  // One key per payout being entered: a resubmit after a lost answer records it once. A new key after each success.
  const [idempotencyKey, setIdempotencyKey] = useState(randomId);
  const [notice, setNotice] = useState<{ tone: 'info' | 'error'; text: string }>();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useAppForm<PayoutFormInput, unknown, PayoutFormValues>({
    resolver: zodResolver(payoutFormSchema),
    defaultValues: { amount: '', reference: '', paidAt: today(country) },
  });

  const onSubmit = handleSubmit(async (values) => {
    setNotice(undefined);
    try {
      const payout = await record.mutateAsync({ payout: values, idempotencyKey });
      setNotice({ tone: 'info', text: `A payment of ${moneyText(payout.amount)} (${payout.reference}) was recorded.` });
      setIdempotencyKey(randomId());
      reset({ amount: '', reference: '', paidAt: today(country) });
    } catch (error) {
      const text = applyServerErrors(error, setError, formFields(['amount', 'reference', 'paidAt']));
      if (text) setNotice({ tone: 'error', text });
    }
  });

  return (
    <Panel title="Record a payment to the charity" description={`Back office only. At most what is owed: ${moneyText(owed)}.`}>
      <StackedForm onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Record a payment">
        <FormGrid>
          <TextField label="Amount (dollars)" inputMode="decimal" numeric error={errors.amount?.message} {...register('amount')} />
          <TextField label="Paid on" placeholder="YYYY-MM-DD" error={errors.paidAt?.message} {...register('paidAt')} />
          <TextField label="Reference" hint="The bank transfer’s reference." error={errors.reference?.message} {...register('reference')} />
        </FormGrid>
        {notice ? <FormMessage tone={notice.tone}>{notice.text}</FormMessage> : null}
        <FormActions>
          <Button type="submit" loading={isSubmitting}>
            Record payment
          </Button>
        </FormActions>
      </StackedForm>
    </Panel>
  );
}

/**
 * /admin/charity/:charityId/remittance — what the charity is owed and was paid: overall, month by month (with the
 * balance owed at each month's end), and the payments made. The back office records payments here.
 */
export function RemittanceScreen() {
  const charityId = useCharityId();
  const remittance = useRemittance(charityId);
  const canRecord = useCan({ anyOf: ['BackOffice_ManagePayments'] }, { charityId });
  const header = <ScreenHeader title="Remittance" description="What Koha owes your charity from donations, and what it has paid you." />;

  return (
    <QueryScreen header={header} query={remittance} loading="Loading your remittance" failed="We couldn’t load your remittance">
      {(data) => (
        <>
          <StatTiles label="Remittance">
            <StatTile label="Owed to you" value={moneyText(data.owed)} />
            <StatTile label="Received from donations" value={moneyText(data.received)} />
            {data.refunded.cents > 0 ? <StatTile label="Refunded to donors" value={moneyText(data.refunded)} /> : null}
            <StatTile label="Paid to you" value={moneyText(data.paid)} />
          </StatTiles>
          <p className={mutedText}>{TIP_NOTE}</p>
          {canRecord ? <PayoutForm charityId={charityId} owed={data.owed} /> : null}
          <Panel title="By month">
            {data.months.length === 0 ? (
              <EmptyState title="No donations yet" description="Once donors give to your charity, what you are owed shows here month by month." />
            ) : (
              <Table caption="By month">
                <thead>
                  <tr>
                    <th scope="col">Month</th>
                    <th scope="col" className={styles.number}>
                      Donations
                    </th>
                    <th scope="col" className={styles.number}>
                      Received
                    </th>
                    <th scope="col" className={styles.number}>
                      Refunded
                    </th>
                    <th scope="col" className={styles.number}>
                      Paid to you
                    </th>
                    <th scope="col" className={styles.number}>
                      Balance owed
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.months.map((month) => (
                    <tr key={month.month}>
                      <RowHeader>{monthText(month.month)}</RowHeader>
                      <td className={styles.number}>{month.donationCount}</td>
                      <td className={styles.number}>{moneyText(month.received)}</td>
                      <td className={styles.number}>{moneyText(month.refunded)}</td>
                      <td className={styles.number}>{moneyText(month.paid)}</td>
                      <td className={styles.number}>{moneyText(month.balance)}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </Panel>
          <Panel title="Payments to you">
            {data.payouts.length === 0 ? (
              <p className={mutedText}>No payments yet.</p>
            ) : (
              <Table caption="Payments to you">
                <thead>
                  <tr>
                    <th scope="col">Paid on</th>
                    <th scope="col" className={styles.number}>
                      Amount
                    </th>
                    <th scope="col">Reference</th>
                  </tr>
                </thead>
                <tbody>
                  {data.payouts.map((payout) => (
                    <tr key={payout.payoutId}>
                      <RowHeader>
                        <CalendarDayText date={payout.paidAt} />
                      </RowHeader>
                      <td className={styles.number}>{moneyText(payout.amount)}</td>
                      <td>{payout.reference}</td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            )}
          </Panel>
        </>
      )}
    </QueryScreen>
  );
}
