import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import type { Campaign, CampaignInput, CampaignStatus } from '@giving/shared/contracts/matching';
import { satisfies } from '@giving/shared/permissions';
import { Button } from '../../../components/ui/button';
import { QueryScreen, RowHeader, mutedText } from '../../../components/ui/console-page';
import { CalendarDayText } from '../../../components/ui/date-text';
import { CheckboxField, FormMessage } from '../../../components/ui/field';
import { ScreenHeader } from '../../../components/ui/panel';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tag, type TagTone } from '../../../components/ui/tag';
import { errorMessageOf } from '../../../lib/api-client';
import { usePermissions } from '../../../lib/account';
import { useWorkplace } from '../api/get-workplace';
import { useWorkplaceCampaigns } from '../api/get-workplace-campaigns';
import { useSaveCampaign } from '../api/save-campaign';
import { capText, ratioPercent } from '../campaign-text';
import { MODULE_WORDS, whoText } from '../console-text';
import { CampaignFigures } from './campaign-figures';
import { CampaignForm } from './campaign-form';
import styles from './matching-campaigns.module.css';

/** What shows above the list: a campaign's form (a new one, or one to edit), a campaign's figures, or both. */
type Opened = { kind: 'new' } | { kind: 'edit'; campaign: Campaign } | { kind: 'figures'; campaign: Campaign };

/** Brings a section that just opened into view and puts focus on its heading (the button that opened it may be far below). */
function Revealed({ children }: { children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const heading = box.current?.querySelector<HTMLElement>('h3');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
    box.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, []);
  return (
    <div ref={box} className={styles.revealed}>
      {children}
    </div>
  );
}

/**
 * /admin/workplace/:workplaceId/matching — the workplace's matching campaigns (spec 2 §7 "Matching campaigns"):
 * the list with each campaign's status, what it matches and who; a form to create or edit one (its rules, caps,
 * dates, who may be matched, and the gifts or fundraising pages it applies to); the active switch; and each
 * campaign's figures. Reading needs Workplace_ViewSettings, changing Workplace_ManageSettings.
 */
export function MatchingCampaigns() {
  const { workplaceId = '' } = useParams();
  const campaigns = useWorkplaceCampaigns(workplaceId);
  const permissions = usePermissions({ workplaceId });
  const canManage = permissions.isSuccess && satisfies(permissions.data.permissions, { anyOf: ['Workplace_ManageSettings'] });
  const [editing, setEditing] = useState<Campaign | 'new'>();
  const [figuresOf, setFiguresOf] = useState<Campaign>();
  const open = (opened: Opened) => (opened.kind === 'figures' ? setFiguresOf(opened.campaign) : setEditing(opened.kind === 'new' ? 'new' : opened.campaign));
  return (
    <QueryScreen
      header={
        <ScreenHeader
          title="Matching"
          description="Campaigns that match your people’s donations to the gifts or fundraising pages you choose. Donors see an active campaign above each of its gifts."
          actions={
            canManage && !editing ? (
              <Button size="sm" onClick={() => setEditing('new')}>
                New campaign
              </Button>
            ) : null
          }
        />
      }
      query={campaigns}
      loading="Loading your campaigns"
      failed="We couldn’t load your campaigns"
    >
      {(data) => (
        <>
          {figuresOf ? (
            <Revealed key={`figures-${figuresOf.id}`}>
              <CampaignFigures workplaceId={workplaceId} campaign={figuresOf} onClose={() => setFiguresOf(undefined)} />
            </Revealed>
          ) : null}
          {editing ? (
            <Revealed key={editing === 'new' ? 'new' : editing.id}>
              <CampaignForm workplaceId={workplaceId} campaign={editing === 'new' ? undefined : editing} onDone={() => setEditing(undefined)} />
            </Revealed>
          ) : null}
          <CampaignTable campaigns={data.items} canManage={canManage} workplaceId={workplaceId} onOpen={open} />
        </>
      )}
    </QueryScreen>
  );
}

const STATUS_TONES: Record<CampaignStatus, TagTone> = { Active: 'success', Scheduled: 'accent', Ended: 'neutral', Inactive: 'neutral' };

/** A stored campaign as the payload that writes it back (for the active switch). */
export const inputOf = (campaign: Campaign): CampaignInput => {
  const { id: _id, workplace: _w, status: _s, restrictions: _r, createdAt: _c, updatedAt: _u, ...input } = campaign;
  return input;
};

/** The caps a campaign has, one a line ('No cap' when none). */
function capLines(campaign: Campaign): string[] {
  const cap = (cents: number) => capText(cents, campaign.currency);
  return [
    campaign.memberCap > 0 ? `${cap(campaign.memberCap)} per person` : '',
    campaign.entryCap > 0 ? `${cap(campaign.entryCap)} per fundraiser` : '',
    campaign.campaignCap > 0 ? `${cap(campaign.campaignCap)} in total` : '',
  ].filter(Boolean);
}

const EVERY_ITEM: Record<Campaign['moduleType'], string> = { DollarHandle: 'Every gift', Fundraising: 'Every fundraising page' };

function CampaignTable({ campaigns, canManage, workplaceId, onOpen }: { campaigns: Campaign[]; canManage: boolean; workplaceId: string; onOpen: (opened: Opened) => void }) {
  const save = useSaveCampaign(workplaceId);
  const workplace = useWorkplace(workplaceId);
  const [failure, setFailure] = useState<string>();
  if (campaigns.length === 0) return <p className={mutedText}>No matching campaigns yet.</p>;
  const unitNames = workplace.data ? new Map(workplace.data.businessUnits.map((unit) => [unit.id, unit.name])) : undefined;
  const toggle = (campaign: Campaign) => {
    setFailure(undefined);
    save.mutate({ campaignId: campaign.id, input: { ...inputOf(campaign), active: !campaign.active } }, { onError: (error) => setFailure(errorMessageOf(error)) });
  };
  return (
    <>
      {failure ? <FormMessage>{failure}</FormMessage> : null}
      <Table caption="Matching campaigns">
        <thead>
          <tr>
            <th scope="col">Campaign</th>
            <th scope="col">Match</th>
            <th scope="col">Donations to</th>
            <th scope="col">Who</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {campaigns.map((campaign) => {
            const caps = capLines(campaign);
            return (
              <tr key={campaign.id}>
                <RowHeader>
                  <span className={styles.lines}>
                    <span>{campaign.name}</span>
                    <span className={styles.muted}>
                      <span className={styles.nowrap}>
                        <CalendarDayText date={campaign.startsOn} /> –
                      </span>{' '}
                      <span className={styles.nowrap}>
                        <CalendarDayText date={campaign.endsOn} />
                      </span>
                    </span>
                  </span>
                </RowHeader>
                <td>
                  <span className={styles.lines}>
                    <span>{ratioPercent(campaign.matchRatio)}</span>
                    {caps.length === 0 ? (
                      <span className={styles.muted}>No cap</span>
                    ) : (
                      caps.map((line) => (
                        <span key={line} className={`${styles.muted} ${styles.nowrap}`}>
                          {line}
                        </span>
                      ))
                    )}
                  </span>
                </td>
                <td>
                  <span className={styles.lines}>
                    <span>{MODULE_WORDS[campaign.moduleType]}</span>
                    <span className={styles.muted}>{campaign.items.map((item) => item.name ?? item.id).join(', ') || EVERY_ITEM[campaign.moduleType]}</span>
                  </span>
                </td>
                <td>{whoText(campaign, unitNames)}</td>
                <td>
                  {/* The switch turns the campaign on or off; the tag says where it is in its dates. */}
                  <span className={styles.status}>
                    <CheckboxField
                      label={<span className="visually-hidden">Active: {campaign.name}</span>}
                      checked={campaign.active}
                      disabled={!canManage || save.isPending}
                      onChange={() => toggle(campaign)}
                    />
                    <Tag tone={STATUS_TONES[campaign.status]}>{campaign.status}</Tag>
                  </span>
                </td>
                <ActionsCell>
                  <Button variant="ghost" size="sm" onClick={() => onOpen({ kind: 'figures', campaign })}>
                    Figures<span className="visually-hidden"> of {campaign.name}</span>
                  </Button>
                  {canManage ? (
                    <Button variant="ghost" size="sm" onClick={() => onOpen({ kind: 'edit', campaign })}>
                      Edit<span className="visually-hidden"> {campaign.name}</span>
                    </Button>
                  ) : null}
                </ActionsCell>
              </tr>
            );
          })}
        </tbody>
      </Table>
    </>
  );
}
