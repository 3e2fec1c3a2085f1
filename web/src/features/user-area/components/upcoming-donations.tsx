import { PayrollPledges } from './payroll-pledges';
import { Link } from 'react-router-dom';
import type { RecurringDonationView } from '@giving/shared/contracts/member-giving';
import { formatMoney } from '@giving/shared/money';
import { buttonClassName } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ConsoleScreen, RowHeader } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader, RowAction, useConfirmedAction } from '../../../components/ui/row-actions';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tag } from '../../../components/ui/tag';
import { cardText } from '../../../lib/card-text';
import { useCountry } from '../../../lib/country';
import { paths } from '../../../lib/paths';
import { useCancelRecurringDonation } from '../api/cancel-recurring-donation';
import { useMyRecurringDonations } from '../api/get-my-recurring-donations';
import { dayText, givingText, localeOf } from './giving-text';

export const MONTHLY_DONATIONS_TITLE = 'Monthly donations';

/**
 * /admin/user/donations/upcoming — the member's monthly donations (next date, amount, charity or gift, the card's last
 * 4 digits) with a Cancel that asks first, then the donations pledged from the member's pay.
 */
export function UpcomingDonations() {
  return (
    <ConsoleScreen>
      <ScreenHeader title="Upcoming donations" description="Your monthly donations and the donations still to come from your pay." />
      <MonthlyDonations />
      <PayrollPledges />
    </ConsoleScreen>
  );
}

function MonthlyDonations() {
  const schedules = useMyRecurringDonations();
  const country = useCountry();
  const cancel = useConfirmedAction(useCancelRecurringDonation(), {
    variables: (schedule: RecurringDonationView) => schedule.scheduleId,
    onDone: () => undefined,
  });

  return (
    <Panel title={MONTHLY_DONATIONS_TITLE} description="Charged to your saved card on the same day each month, with the card’s transaction fee added.">
      {!schedules.isSuccess ? (
        <QueryStates query={schedules} loading="Loading your monthly donations" failed="We couldn’t load your monthly donations" headingLevel={3} />
      ) : schedules.data.items.length === 0 ? (
        <EmptyState
          title="No monthly donations"
          description="Choose Monthly at checkout to give to a charity every month."
          action={
            <Link to={paths.charities(country.code)} className={buttonClassName({ variant: 'secondary' })}>
              Find a charity to give to
            </Link>
          }
        />
      ) : (
        <Table caption={MONTHLY_DONATIONS_TITLE}>
          <thead>
            <tr>
              <th scope="col">Donation</th>
              <th scope="col">Charity</th>
              <th scope="col">Each month</th>
              <th scope="col">Next donation</th>
              <th scope="col">Card</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {schedules.data.items.map((schedule) => (
              <tr key={schedule.scheduleId}>
                <RowHeader>{givingText(schedule)}</RowHeader>
                <td>{schedule.charity.name}</td>
                <td>{formatMoney(schedule.total, localeOf(schedule.country))}</td>
                <td>
                  <time dateTime={schedule.nextChargeOn}>{dayText(schedule.nextChargeOn, schedule.country)}</time>
                  {schedule.failedAttempts > 0 ? (
                    <>
                      {' '}
                      <Tag tone="danger">Retrying</Tag>
                    </>
                  ) : null}
                </td>
                <td>{cardText(schedule.card)}</td>
                <ActionsCell>
                  <RowAction label="Cancel" target={givingText(schedule)} onClick={() => cancel.ask(schedule)} />
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <ConfirmDialog {...cancel.dialog} title="Cancel this monthly donation?" confirmLabel="Cancel monthly donation" cancelLabel="Keep it">
        {cancel.item ? `${givingText(cancel.item)} for ${cancel.item.charity.name} will no longer be charged to your card each month.` : null}
      </ConfirmDialog>
    </Panel>
  );
}
