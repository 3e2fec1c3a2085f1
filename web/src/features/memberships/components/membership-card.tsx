import { useEffect, useState } from 'react';
import type { Membership } from '@giving/shared/contracts/memberships';
import { FormMessage } from '../../../components/ui/field';
import { CalendarDayText } from '../../../components/ui/date-text';
import { Spinner } from '../../../components/ui/spinner';
import { QR_MARGIN, makeQr, qrPath, type QrMatrix } from '../../../lib/qr-code';
import { countryOfCurrency } from '../membership-text';
import styles from './membership-card.module.css';

/** The membership number as a QR code, for the charity to scan at the door. The QR library loads only now. */
function MembershipQr({ number }: { number: string }) {
  const [matrix, setMatrix] = useState<QrMatrix>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    makeQr(number).then(
      (made) => live && setMatrix(made),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [number]);
  if (failed) return <FormMessage>We couldn’t make the QR code. Your membership number is {number}.</FormMessage>;
  if (!matrix) return <Spinner label="Making the QR code" />;
  const full = matrix.size + QR_MARGIN * 2;
  return (
    <svg role="img" aria-label={`QR code of membership number ${number}`} viewBox={`${-QR_MARGIN} ${-QR_MARGIN} ${full} ${full}`} className={styles.qr} shapeRendering="crispEdges">
      <rect x={-QR_MARGIN} y={-QR_MARGIN} width={full} height={full} fill="#fff" />
      <path d={qrPath(matrix)} fill="#000" />
    </svg>
  );
}

/** The card a member shows: charity, name, plan, number, valid until, and the number's QR code. */
export function MembershipCard({ membership }: { membership: Membership }) {
  return (
    <div className={styles.card}>
      <p className={styles.charity}>{membership.charity.name}</p>
      <p className={styles.name}>{membership.member.name}</p>
      <dl className={styles.details}>
        <div>
          <dt>Membership number</dt>
          <dd className={styles.number}>{membership.membershipNumber}</dd>
        </div>
        <div>
          <dt>Plan</dt>
          <dd>{membership.plan.name}</dd>
        </div>
        <div>
          <dt>Valid until</dt>
          <dd>{membership.paidUntil ? <CalendarDayText date={membership.paidUntil} country={countryOfCurrency(membership.plan.fee.currency)} /> : 'For life'}</dd>
        </div>
      </dl>
      <div className={styles.qrBox}>
        <MembershipQr number={membership.membershipNumber} />
      </div>
    </div>
  );
}
