import type { Ref } from 'react';
import type { AuditAction, AuditEntry } from '@giving/shared/contracts/personal-data';
import { Button } from '../../../components/ui/button';
import { fieldLabel } from '../../../components/ui/changes-list';
import { mutedText } from '../../../components/ui/console-page';
import { DateText } from '../../../components/ui/date-text';
import { FormMessage } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { errorMessageOf } from '../../../lib/api-client';
import { useMemberAudit } from '../api/get-member-audit';
import timeline from './back-office-payments.module.css';
import styles from './member-history.module.css';

/** Each change to a member's records as a support person says it. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  MemberJoined: 'Joined Koha',
  ProfileChanged: 'Details changed',
  AdministratorGranted: 'Made an administrator',
  AdministratorRevoked: 'No longer an administrator',
  CharityRoleChanged: 'Charity role changed',
  CharityMemberRemoved: 'Removed from a charity',
  WorkplaceRoleChanged: 'Workplace role changed',
  WorkplaceMemberRemoved: 'Removed from a workplace',
  InvitationAccepted: 'Accepted an invitation',
  EmploymentRecordChanged: 'Employment record changed',
  DataExportRequested: 'Asked for their data',
  DataExportReady: 'Their data was ready to download',
  AccountDeletionRequested: 'Asked to delete their account',
  AccountDataErased: 'Data erased',
  AccountDeleted: 'Account deleted',
};

/** Fields whose label is not simply their name in words ('lastName' -> 'Last name'). */
const FIELD_LABELS: Readonly<Record<string, string>> = { email: 'E-mail' };

/** 'Last name: Smith → Jones'; a value that was not there reads '(empty)'; a change with neither value is the field alone. */
export function changeText({ field, from, to }: AuditEntry['changes'][number]): string {
  // The server names most fields as people read them ('Last name', 'E-mail'); a raw key is made readable.
  const label = /^[A-Z]/.test(field) ? field : (FIELD_LABELS[field] ?? fieldLabel(field));
  if (from === undefined && to === undefined) return label;
  return `${label}: ${from || '(empty)'} → ${to || '(empty)'}`;
}

/**
 * A member's history (the back office's audit trail), opened from their row: each change to their records, newest
 * first, with who made it and what changed, a page at a time.
 */
export function MemberHistory({ memberId, name, onClose, titleRef }: { memberId: string; name: string; onClose: () => void; titleRef?: Ref<HTMLSpanElement> }) {
  const audit = useMemberAudit(memberId);
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];

  let body;
  if (!audit.data) body = <QueryStates query={audit} loading="Loading the history" failed="We couldn’t load the history" headingLevel={4} />;
  else if (entries.length === 0) body = <p className={mutedText}>Nothing has been recorded for this member yet.</p>;
  else {
    body = (
      <>
        <ol className={timeline.history} aria-label={`History of ${name}`}>
          {entries.map((entry) => (
            <li key={entry.id} className={timeline.step}>
              <span className={timeline.stepTime}>
                <DateText value={entry.at} withTime />
              </span>
              <div className={styles.what}>
                <p className={styles.headline}>
                  <span className={styles.action}>{AUDIT_ACTION_LABELS[entry.action]}</span> <span className={styles.actor}>by {entry.actor.name}</span>
                </p>
                {entry.detail ? <p className={styles.detail}>{entry.detail}</p> : null}
                {entry.changes.length > 0 ? (
                  <ul className={styles.changes} aria-label="What changed">
                    {entry.changes.map((change, index) => (
                      <li key={index}>{changeText(change)}</li>
                    ))}
                  </ul>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
        {audit.hasNextPage ? (
          <div className={styles.more}>
            <Button variant="secondary" loading={audit.isFetchingNextPage} onClick={() => void audit.fetchNextPage()}>
              Show more<span className="visually-hidden"> of the history of {name}</span>
            </Button>
          </div>
        ) : null}
        {audit.isFetchNextPageError ? <FormMessage>We couldn’t load more of the history: {errorMessageOf(audit.error)}</FormMessage> : null}
      </>
    );
  }

  return (
    <Panel
      title={
        <span ref={titleRef} tabIndex={-1} className={styles.title}>
          History of {name}
        </span>
      }
      description="Changes to their records, newest first: who made each one, and what changed."
      actions={
        <Button variant="ghost" size="sm" onClick={onClose}>
          Close<span className="visually-hidden"> the history of {name}</span>
        </Button>
      }
    >
      {body}
    </Panel>
  );
}
