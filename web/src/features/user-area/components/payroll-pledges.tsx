import type { PayrollPledge } from '@giving/shared/contracts/payroll';
import { COUNTRIES } from '@giving/shared/countries';
import { formatMoney } from '@giving/shared/money';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { RowHeader } from '../../../components/ui/console-page';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { Panel } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader, RowAction, useConfirmedAction } from '../../../components/ui/row-actions';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tag } from '../../../components/ui/tag';
import { useCancelPayrollPledge } from '../api/cancel-payroll-pledge';
import { useMyPayrollPledges } from '../api/get-my-payroll-pledges';

export const PAYROLL_PLEDGES_TITLE = 'Payroll donations';

/** What the pledge gives: the gift (with its quantity), or a general donation to the charity. */
const describe = (pledge: PayrollPledge) =>
  pledge.gift ? `${pledge.gift.title}${pledge.quantity > 1 ? ` × ${pledge.quantity}` : ''}` : `General donation to ${pledge.charity.name}`;

const FREQUENCY_LABELS: Record<PayrollPledge['donationFrequency'], string> = { OnceOff: 'Once', EveryPayCycle: 'Every pay cycle' };

/**
 * The member's payroll pledges (spec §4 "Payroll": 'Go to upcoming donations' comes here): what each gives, how much
 * per deduction, how often, through which workplace, and a Cancel that asks first. A section of
 * /admin/user/donations/upcoming, beside the monthly card schedules.
 */
export function PayrollPledges() {
  const pledges = useMyPayrollPledges();
  const cancel = useConfirmedAction(useCancelPayrollPledge(), { variables: (pledge: PayrollPledge) => pledge.pledgeId, onDone: () => undefined });

  return (
    <Panel title={PAYROLL_PLEDGES_TITLE} description="Donations taken from your pay by your workplace.">
      {!pledges.isSuccess ? (
        <QueryStates query={pledges} loading="Loading your payroll donations" failed="We couldn’t load your payroll donations" headingLevel={3} />
      ) : pledges.data.items.length === 0 ? (
        <EmptyState title="No payroll donations" description="Choose “Add to giving” on a charity or gift page, or Payroll at checkout, to give from your pay through your workplace." />
      ) : (
        <Table caption={PAYROLL_PLEDGES_TITLE}>
          <thead>
            <tr>
              <th scope="col">Donation</th>
              <th scope="col">Charity</th>
              <th scope="col">Amount</th>
              <th scope="col">How often</th>
              <th scope="col">Workplace</th>
              <th scope="col">Started</th>
              <th scope="col">Status</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {pledges.data.items.map((pledge) => (
              <tr key={pledge.pledgeId}>
                <RowHeader>{describe(pledge)}</RowHeader>
                <td>{pledge.charity.name}</td>
                <td>{formatMoney(pledge.total, COUNTRIES[pledge.country].locale)}</td>
                <td>{FREQUENCY_LABELS[pledge.donationFrequency]}</td>
                <td>{pledge.workplace.name}</td>
                <td>
                  <DateText value={pledge.createdAt} country={pledge.country} />
                </td>
                <td>
                  <Tag tone={pledge.status === 'Active' ? 'success' : 'neutral'}>{pledge.status}</Tag>
                </td>
                {pledge.status === 'Active' ? (
                  <ActionsCell>
                    <RowAction label="Cancel" target={describe(pledge)} onClick={() => cancel.ask(pledge)} />
                  </ActionsCell>
                ) : (
                  <td />
                )}
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <ConfirmDialog {...cancel.dialog} title="Cancel this payroll donation?" confirmLabel="Cancel payroll donation" cancelLabel="Keep it">
        {cancel.item ? `${describe(cancel.item)} will no longer be taken from your pay.` : null}
      </ConfirmDialog>
    </Panel>
  );
}
