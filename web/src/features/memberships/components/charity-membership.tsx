import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { MEMBERSHIP_MESSAGES, MEMBERSHIP_STATUSES, MEMBERSHIP_STATUS_TEXT, type MembershipPlan, type MembershipStatus } from '@giving/shared/contracts/memberships';
import { satisfies, type PermissionCheck } from '@giving/shared/permissions';
import { Button } from '../../../components/ui/button';
import { ConsoleScreen, RowHeader, mutedText } from '../../../components/ui/console-page';
import { CalendarDayText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { Panel, ScreenHeader } from '../../../components/ui/panel';
import { LoadMore, QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader, RowAction } from '../../../components/ui/row-actions';
import { SearchBox } from '../../../components/ui/search-box';
import { SelectField } from '../../../components/ui/select-field';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tag, TagList } from '../../../components/ui/tag';
import { usePermissions } from '../../../lib/account';
import { errorMessageOf } from '../../../lib/api-client';
import { useDownload } from '../../../lib/use-download';
import { useCharityMembers, type MembersFilter } from '../api/charity-members';
import { downloadMembersExport, useMembersExport, useStartMembersExport } from '../api/members-export';
import { useCharityPlans } from '../api/charity-plans';
import { STATUS_TONES, feeText } from '../membership-text';
import { ManualMemberForm } from './manual-member-form';
import { PlanForm } from './plan-form';
import styles from './memberships.module.css';

function useCan(check: PermissionCheck, charityId: string): boolean {
  const permissions = usePermissions({ charityId });
  return permissions.isSuccess && satisfies(permissions.data.permissions, check);
}

type Editing = { kind: 'new' } | { kind: 'plan'; planId: string } | undefined;

/** The charity's plans: fee and period, open or not, renewing or not, benefits; added and edited here. */
function Plans({ charityId }: { charityId: string }) {
  const plans = useCharityPlans(charityId);
  const [editing, setEditing] = useState<Editing>();
  const [notice, setNotice] = useState<string>();
  const items = plans.data?.items ?? [];
  const edited = editing?.kind === 'plan' ? items.find((plan) => plan.planId === editing.planId) : undefined;
  const done = (saved?: MembershipPlan) => {
    if (saved) setNotice(editing?.kind === 'new' ? `“${saved.name}” was added.` : `“${saved.name}” was saved.`);
    setEditing(undefined);
  };

  return (
    <Panel
      title="Plans"
      description="What people can join, and what it costs. Only plans open to new members show on your charity’s page."
      actions={
        editing === undefined ? (
          <Button
            variant="secondary"
            onClick={() => {
              setNotice(undefined);
              setEditing({ kind: 'new' });
            }}
          >
            Add a plan
          </Button>
        ) : null
      }
    >
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      {editing?.kind === 'new' ? <PlanForm charityId={charityId} onDone={done} /> : null}
      {edited ? <PlanForm key={edited.planId} charityId={charityId} plan={edited} onDone={done} /> : null}
      {!plans.isSuccess ? (
        <QueryStates query={plans} loading="Loading your plans" failed="We couldn’t load your plans" />
      ) : items.length === 0 ? (
        <EmptyState title="No plans yet" description="Add a plan such as “Supporter, $40.00 a year” so people can join your charity online." />
      ) : (
        <Table caption="Plans">
          <thead>
            <tr>
              <th scope="col">Plan</th>
              <th scope="col">Fee</th>
              <th scope="col">Status</th>
              <th scope="col">Benefits</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {items.map((plan) => (
              <tr key={plan.planId}>
                <RowHeader>{plan.name}</RowHeader>
                <td className={styles.nowrap}>{feeText(plan)}</td>
                <td>
                  <TagList>
                    {plan.active ? <Tag tone="success">Open</Tag> : <Tag>Closed</Tag>}
                    {plan.autoRenew ? <Tag tone="accent">Renews</Tag> : null}
                  </TagList>
                </td>
                <td>
                  {plan.benefits.length > 0 ? (
                    <ul className={styles.benefits}>
                      {plan.benefits.map((benefit, index) => (
                        <li key={index}>{benefit}</li>
                      ))}
                    </ul>
                  ) : (
                    <span className={mutedText}>None listed</span>
                  )}
                </td>
                <ActionsCell>
                  <RowAction
                    label="Edit"
                    target={plan.name}
                    onClick={() => {
                      setNotice(undefined);
                      setEditing({ kind: 'plan', planId: plan.planId });
                    }}
                  />
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </Panel>
  );
}

const STATUS_OPTIONS = MEMBERSHIP_STATUSES.map((value) => ({ value, label: MEMBERSHIP_STATUS_TEXT[value] }));

const membersCount = (n: number) => `${n.toLocaleString('en-NZ')} ${n === 1 ? 'member' : 'members'}`;

/**
 * "Download CSV" of every member, however many: the server prepares the file (a job), the screen asks how it is
 * going every 2 seconds, and downloads it once it is ready.
 */
function useMembersFile(charityId: string) {
  const [exportId, setExportId] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const start = useStartMembersExport(charityId);
  const progress = useMembersExport(charityId, exportId);
  const { download, downloading, error: downloadError } = useDownload();
  const current = exportId !== undefined && progress.data?.id === exportId ? progress.data : undefined;

  useEffect(() => {
    if (!current || current.status === 'Preparing') return;
    setExportId(undefined);
    if (current.status === 'Failed') setFailure(MEMBERSHIP_MESSAGES.exportFailed);
    else void download(() => downloadMembersExport(charityId, current));
  }, [charityId, current, download]);

  useEffect(() => {
    if (exportId === undefined || !progress.error) return;
    setExportId(undefined);
    setFailure(`We couldn’t download the file: ${errorMessageOf(progress.error)}`);
  }, [exportId, progress.error]);

  const begin = () => {
    setFailure(undefined);
    start.mutate(undefined, {
      onSuccess: (started) => setExportId(started.id),
      onError: (error) => setFailure(`We couldn’t download the file: ${errorMessageOf(error)}`),
    });
  };
  const preparing = exportId !== undefined;
  const busy = start.isPending || preparing || downloading;
  const rows = current?.rows ?? 0;
  return {
    begin,
    busy,
    progress: preparing ? `Preparing your file…${rows > 0 ? ` (${membersCount(rows)} so far)` : ''}` : undefined,
    // A download that failed last time says so until the next file is asked for.
    error: failure ?? (downloadError && !busy ? `We couldn’t download the file: ${downloadError}` : undefined),
  };
}

/** The charity's members, searched and filtered by status, a page at a time; added by hand when they paid elsewhere. */
function Members({ charityId, canManage }: { charityId: string; canManage: boolean }) {
  const [filter, setFilter] = useState<MembersFilter>({});
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState<string>();
  const members = useCharityMembers(charityId, filter);
  const plans = useCharityPlans(charityId, { enabled: canManage });
  const membersFile = useMembersFile(charityId);
  const rows = members.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(filter.q || filter.status);

  let list;
  if (!members.data) list = <QueryStates query={members} loading="Loading your members" failed="We couldn’t load your members" />;
  else if (rows.length === 0)
    list = filtered ? (
      <EmptyState title="No members found" description="No members match this search." />
    ) : (
      <EmptyState title="No members yet" description="When people join one of your plans, or you add someone who paid you another way, they show here." />
    );
  else
    list = (
      <>
        <Table caption="Members">
          <thead>
            <tr>
              <th scope="col">Number</th>
              <th scope="col">Member</th>
              <th scope="col">Plan</th>
              <th scope="col">Status</th>
              <th scope="col">Joined</th>
              <th scope="col">Paid until</th>
              <th scope="col">Source</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((membership) => (
              <tr key={membership.membershipId}>
                <td className={styles.code}>{membership.membershipNumber}</td>
                <RowHeader>
                  {membership.member.name}
                  <span className={styles.email}>{membership.member.email}</span>
                </RowHeader>
                <td>{membership.plan.name}</td>
                <td>
                  <Tag tone={STATUS_TONES[membership.status]}>{MEMBERSHIP_STATUS_TEXT[membership.status]}</Tag>
                </td>
                <td className={styles.nowrap}>
                  <CalendarDayText date={membership.joinedOn} />
                </td>
                <td className={styles.nowrap}>{membership.paidUntil ? <CalendarDayText date={membership.paidUntil} /> : 'For life'}</td>
                <td>{membership.source === 'Manual' ? <span title={membership.note}>Added by you{membership.note ? `: ${membership.note}` : ''}</span> : 'Online'}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        <LoadMore query={members} noun="members" />
      </>
    );

  return (
    <Panel
      title="Members"
      actions={
        <>
          <Button variant="secondary" loading={membersFile.busy} onClick={membersFile.begin}>
            Download CSV
          </Button>
          {canManage && !adding ? (
            <Button
              variant="secondary"
              onClick={() => {
                setNotice(undefined);
                setAdding(true);
              }}
            >
              Add a member
            </Button>
          ) : null}
        </>
      }
    >
      {membersFile.progress ? <FormMessage tone="info">{membersFile.progress}</FormMessage> : null}
      {membersFile.error ? <FormMessage>{membersFile.error}</FormMessage> : null}
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      {adding ? (
        plans.isSuccess ? (
          <ManualMemberForm
            charityId={charityId}
            plans={plans.data.items}
            onDone={(added) => {
              if (added) setNotice(`${added.member.name} was added as member ${added.membershipNumber}.`);
              setAdding(false);
            }}
          />
        ) : (
          <QueryStates query={plans} loading="Loading your plans" failed="We couldn’t load your plans" />
        )
      ) : null}
      <div className={styles.filters}>
        <SearchBox label="Search members" placeholder="Name, email or membership number" initialValue={filter.q} onSearch={(q) => setFilter((current) => ({ ...current, q: q || undefined }))} />
        <SelectField
          label="Status"
          placeholder="All"
          options={STATUS_OPTIONS}
          value={filter.status ?? ''}
          onChange={(event) => setFilter((current) => ({ ...current, status: (event.target.value || undefined) as MembershipStatus | undefined }))}
        />
      </div>
      {list}
    </Panel>
  );
}

/**
 * /admin/charity/:charityId/membership — the charity's membership plans (managers add and edit them) and its
 * members (searched, filtered, downloaded as CSV; managers add someone who paid another way).
 */
export function CharityMembership() {
  const { charityId = '' } = useParams();
  const canManage = useCan({ anyOf: ['Charity_MembershipManage'] }, charityId);
  return (
    <ConsoleScreen>
      <ScreenHeader title="Membership" description="People who belong to your charity by paying a membership fee." />
      {canManage ? <Plans charityId={charityId} /> : null}
      <Members charityId={charityId} canManage={canManage} />
    </ConsoleScreen>
  );
}
