import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MEMBERSHIP_STATUS_TEXT, type Membership } from '@giving/shared/contracts/memberships';
import { calendarDayText } from '@giving/shared/local-time';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ConsoleScreen } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { ScreenHeader } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { useConfirmedAction } from '../../../components/ui/row-actions';
import { Tag } from '../../../components/ui/tag';
import { paths } from '../../../lib/paths';
import { useCancelMembership, useMyMemberships } from '../api/my-memberships';
import { STATUS_TONES, canCancel, countryOfCurrency, feeText } from '../membership-text';
import { MembershipCard } from './membership-card';
import styles from './my-memberships.module.css';

/** 'Paid until 30 November 2027', 'For life', or when a cancelled one ends. */
function validityText(membership: Membership): string {
  if (!membership.paidUntil) return 'For life';
  const day = calendarDayText(membership.paidUntil, countryOfCurrency(membership.plan.fee.currency), 'long');
  if (membership.status === 'Cancelled') return `Ends ${day}`;
  if (membership.status === 'Expired' || membership.status === 'InGrace') return `Paid until ${day}`;
  return membership.autoRenew ? `Paid until ${day}, then renews` : `Paid until ${day}`;
}

/** What cancelling means for this membership, said before the member confirms. */
function cancelText(membership: Membership): string {
  const charity = membership.charity.name;
  if (!membership.paidUntil) return `You will stop being a member of ${charity}. Your life membership was paid once, so nothing is refunded.`;
  const day = calendarDayText(membership.paidUntil, countryOfCurrency(membership.plan.fee.currency), 'long');
  return `You stay a member of ${charity} until ${day}, the end of the period you have paid for. It will not renew, and your card will not be charged again.`;
}

function MembershipItem({ membership, onShowCard, onCancel }: { membership: Membership; onShowCard: () => void; onCancel: () => void }) {
  const country = countryOfCurrency(membership.plan.fee.currency);
  return (
    <li className={styles.item}>
      <article className={styles.membership} aria-labelledby={`membership-${membership.membershipId}`}>
        <div className={styles.top}>
          <h3 id={`membership-${membership.membershipId}`} className={styles.charity}>
            <Link to={paths.charity(country, membership.charity.charityUrl)}>{membership.charity.name}</Link>
          </h3>
          <Tag tone={STATUS_TONES[membership.status]}>{MEMBERSHIP_STATUS_TEXT[membership.status]}</Tag>
        </div>
        <dl className={styles.details}>
          <div>
            <dt>Plan</dt>
            <dd>
              {membership.plan.name} <span className={styles.fee}>({feeText(membership.plan)})</span>
            </dd>
          </div>
          <div>
            <dt>Membership number</dt>
            <dd className={styles.number}>{membership.membershipNumber}</dd>
          </div>
          <div>
            <dt>Valid</dt>
            <dd>{validityText(membership)}</dd>
          </div>
        </dl>
        {membership.status === 'InGrace' ? (
          <p className={styles.note}>Your renewal did not go through. Join again from the charity’s page to keep your membership.</p>
        ) : null}
        <div className={styles.actions}>
          <Button variant="secondary" size="sm" onClick={onShowCard}>
            Show card<span className="visually-hidden"> for {membership.charity.name}</span>
          </Button>
          {canCancel(membership) ? (
            <Button variant="ghost" size="sm" onClick={onCancel}>
              Cancel membership<span className="visually-hidden"> of {membership.charity.name}</span>
            </Button>
          ) : null}
        </div>
      </article>
    </li>
  );
}

/**
 * /admin/user/memberships — the charities the member belongs to: plan, status, number, how long it lasts, the
 * membership card with its QR code, and cancelling (it stays until the paid period ends, and does not renew).
 */
export function MyMemberships() {
  const memberships = useMyMemberships();
  const [shown, setShown] = useState<Membership>();
  const [notice, setNotice] = useState<string>();
  const cancel = useConfirmedAction(useCancelMembership(), {
    variables: (membership: Membership) => membership.membershipId,
    onDone: (membership) => setNotice(`Your membership of ${membership.charity.name} will not renew.`),
  });
  const items = memberships.data?.items ?? [];

  return (
    <ConsoleScreen>
      <ScreenHeader title="Memberships" description="The charities you belong to, and your membership cards." />
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      {!memberships.isSuccess ? (
        <QueryStates query={memberships} loading="Loading your memberships" failed="We couldn’t load your memberships" />
      ) : items.length === 0 ? (
        <EmptyState title="No memberships yet" description="Charities that offer membership show “Become a member” on their page." />
      ) : (
        <ul className={styles.list} aria-label="Your memberships">
          {items.map((membership) => (
            <MembershipItem
              key={membership.membershipId}
              membership={membership}
              onShowCard={() => setShown(membership)}
              onCancel={() => {
                setNotice(undefined);
                cancel.ask(membership);
              }}
            />
          ))}
        </ul>
      )}
      <Modal open={shown !== undefined} title="Membership card" onClose={() => setShown(undefined)}>
        {shown ? <MembershipCard membership={shown} /> : null}
        {/* A phone has no Escape key: the card says how to put it away. */}
        <div className={styles.cardActions}>
          <Button variant="secondary" onClick={() => setShown(undefined)}>
            Close
          </Button>
        </div>
      </Modal>
      <ConfirmDialog {...cancel.dialog} title="Cancel this membership?" confirmLabel="Cancel membership" cancelLabel="Keep it">
        {cancel.item ? cancelText(cancel.item) : null}
      </ConfirmDialog>
    </ConsoleScreen>
  );
}
