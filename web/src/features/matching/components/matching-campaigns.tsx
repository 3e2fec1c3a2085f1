import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useParams } from 'react-router-dom';
import {
  campaignInputSchema,
  GIVING_TYPES,
  MATCH_TYPES,
  MEMBER_TYPES,
  RECURRENCE_TYPES,
  type Campaign,
  type CampaignInput,
  type CampaignItem,
  type CampaignStatus,
} from '@giving/shared/contracts/matching';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@giving/shared/countries';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import { centsToDollarString, parseDollars, type Currency } from '@giving/shared/money';
import { satisfies } from '@giving/shared/permissions';
import { toFieldErrors } from '@giving/shared/validation';
import { Button } from '../../../components/ui/button';
import { QueryScreen, mutedText } from '../../../components/ui/console-page';
import { useDataCountry } from '../../../components/ui/date-text';
import { CheckboxField, FormMessage, TextField, TextareaField } from '../../../components/ui/field';
import { NoticeMessage, useSaveNotice } from '../../../components/ui/form-notice';
import { FormActions, FormGrid, Panel, ScreenHeader } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tag, type TagTone } from '../../../components/ui/tag';
import { errorMessageOf } from '../../../lib/api-client';
import { usePermissions } from '../../../lib/account';
import { useCharityChoices, useGiftChoices } from '../api/get-gift-choices';
import { useWorkplaceCampaigns } from '../api/get-workplace-campaigns';
import { useSaveCampaign } from '../api/save-campaign';
import { capText, ratioPercent } from '../campaign-text';

/**
 * /admin/workplace/:workplaceId/matching — the workplace's matching campaigns (spec 2 §7 "Matching campaigns"):
 * the list with each campaign's status, a form to create or edit one (its rules, caps, dates and the gifts it
 * applies to), and the active switch. Reading needs Workplace_ViewSettings, changing Workplace_ManageSettings.
 */
export function MatchingCampaigns() {
  const { workplaceId = '' } = useParams();
  const campaigns = useWorkplaceCampaigns(workplaceId);
  const permissions = usePermissions({ workplaceId });
  const canManage = permissions.isSuccess && satisfies(permissions.data.permissions, { anyOf: ['Workplace_ManageSettings'] });
  const [editing, setEditing] = useState<Campaign | 'new'>();
  return (
    <QueryScreen
      header={
        <ScreenHeader
          title="Matching"
          description="Campaigns that match your people’s donations to the gifts you choose. Donors see an active campaign above each of its gifts."
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
          {editing ? (
            <CampaignForm
              key={editing === 'new' ? 'new' : editing.id}
              workplaceId={workplaceId}
              campaign={editing === 'new' ? undefined : editing}
              onDone={() => setEditing(undefined)}
            />
          ) : null}
          <CampaignTable campaigns={data.items} canManage={canManage} workplaceId={workplaceId} onEdit={setEditing} />
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

function CampaignTable({ campaigns, canManage, workplaceId, onEdit }: { campaigns: Campaign[]; canManage: boolean; workplaceId: string; onEdit: (campaign: Campaign) => void }) {
  const save = useSaveCampaign(workplaceId);
  const [failure, setFailure] = useState<string>();
  if (campaigns.length === 0) return <p className={mutedText}>No matching campaigns yet.</p>;
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
            <th scope="col">Per person cap</th>
            <th scope="col">Gifts</th>
            <th scope="col">Dates</th>
            <th scope="col">Status</th>
            <th scope="col">Active</th>
            {canManage ? <th scope="col"><span className="visually-hidden">Actions</span></th> : null}
          </tr>
        </thead>
        <tbody>
          {campaigns.map((campaign) => (
            <tr key={campaign.id}>
              <th scope="row">{campaign.name}</th>
              <td>{ratioPercent(campaign.matchRatio)}</td>
              <td>{campaign.memberCap > 0 ? capText(campaign.memberCap, campaign.currency) : 'No cap'}</td>
              <td>{campaign.items.map((item) => item.name ?? item.id).join(', ') || '—'}</td>
              <td>
                {campaign.startsOn} – {campaign.endsOn}
              </td>
              <td>
                <Tag tone={STATUS_TONES[campaign.status]}>{campaign.status}</Tag>
              </td>
              <td>
                <CheckboxField
                  label={<span className="visually-hidden">Active: {campaign.name}</span>}
                  checked={campaign.active}
                  disabled={!canManage || save.isPending}
                  onChange={() => toggle(campaign)}
                />
              </td>
              {canManage ? (
                <ActionsCell>
                  <Button variant="ghost" size="sm" onClick={() => onEdit(campaign)}>
                    Edit<span className="visually-hidden"> {campaign.name}</span>
                  </Button>
                </ActionsCell>
              ) : null}
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}

/** The form's own values: money in dollars and the ratio in percent, as people type them. */
interface CampaignFormValues {
  name: string;
  description: string;
  matchPercent: string;
  memberCap: string;
  campaignCap: string;
  currency: Currency;
  givingType: CampaignInput['givingType'];
  recurrenceType: CampaignInput['recurrenceType'];
  matchType: CampaignInput['matchType'];
  memberType: CampaignInput['memberType'];
  startsOn: string;
  endsOn: string;
  active: boolean;
}

/** Today in the workplace's country: campaign days are its calendar days. */
const today = (country: CountryCode) => localDay(new Date(), COUNTRY_TIME_ZONES[country]);
const options = <T extends string>(values: readonly T[], labels: Partial<Record<T, string>> = {}) => values.map((value) => ({ value, label: labels[value] ?? value }));
const LABELS = {
  givingType: { Any: 'Any way of giving', CreditCard: 'Card', PayrollGiving: 'Payroll giving', ExternalDonation: 'External donation' },
  recurrenceType: { Any: 'One-off and regular', OnceOff: 'One-off only', Recurring: 'Regular only' },
  matchType: { Donation: 'Donation to the charity', Voucher: 'Gift voucher to the member' },
  memberType: { Employee: 'Staff (employees)', Any: 'Any donor' },
} as const;

function valuesOf(campaign: Campaign | undefined, country: CountryCode): CampaignFormValues {
  return {
    name: campaign?.name ?? '',
    description: campaign?.description ?? '',
    matchPercent: campaign ? String(Math.round(campaign.matchRatio * 100)) : '100',
    memberCap: campaign && campaign.memberCap > 0 ? centsToDollarString(campaign.memberCap) : '',
    campaignCap: campaign && campaign.campaignCap > 0 ? centsToDollarString(campaign.campaignCap) : '',
    currency: campaign?.currency ?? COUNTRIES[country].currency,
    givingType: campaign?.givingType ?? 'Any',
    recurrenceType: campaign?.recurrenceType ?? 'Any',
    matchType: campaign?.matchType ?? 'Donation',
    memberType: campaign?.memberType ?? 'Employee',
    startsOn: campaign?.startsOn ?? today(country),
    endsOn: campaign?.endsOn ?? '',
    active: campaign?.active ?? true,
  };
}

/** Dollars as typed -> cents; empty = 0 (no cap); NaN when it is not an amount (the schema then names the field). */
const centsOf = (text: string) => {
  if (text.trim() === '') return 0;
  const cents = parseDollars(text);
  return cents === undefined ? Number.NaN : cents;
};

function CampaignForm({ workplaceId, campaign, onDone }: { workplaceId: string; campaign?: Campaign; onDone: () => void }) {
  const save = useSaveCampaign(workplaceId);
  const workplaceCountry = useDataCountry();
  const [items, setItems] = useState<CampaignItem[]>(campaign?.items ?? []);
  const [itemsError, setItemsError] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<CampaignFormValues>({ defaultValues: valuesOf(campaign, workplaceCountry) });
  const fields = ['name', 'description', 'matchPercent', 'memberCap', 'campaignCap', 'currency', 'givingType', 'recurrenceType', 'matchType', 'memberType', 'startsOn', 'endsOn'] as const;
  const formField = (path: string): string | undefined => {
    const head = path.split('.')[0] ?? '';
    if (head === 'matchRatio') return 'matchPercent';
    return (fields as readonly string[]).includes(head) ? head : undefined;
  };
  const { notice, save: saving } = useSaveNotice(setError, formField);
  const currency = watch('currency');
  const country = (COUNTRY_CODES.find((code) => COUNTRIES[code].currency === currency) ?? 'nz') as CountryCode;

  const onSubmit = handleSubmit((values) => {
    setItemsError(undefined);
    const input = {
      name: values.name,
      description: values.description,
      givingType: values.givingType,
      recurrenceType: values.recurrenceType,
      matchRatio: Number(values.matchPercent) / 100,
      memberCap: centsOf(values.memberCap),
      entryCap: 0,
      campaignCap: centsOf(values.campaignCap),
      currency: values.currency,
      matchType: values.matchType,
      memberType: values.memberType,
      moduleType: 'DollarHandle' as const,
      items,
      startsOn: values.startsOn,
      endsOn: values.endsOn,
      active: values.active,
    };
    const parsed = campaignInputSchema.safeParse(input);
    if (!parsed.success) {
      let first = true;
      for (const { field, message } of toFieldErrors(parsed.error.issues)) {
        const target = formField(field);
        if (target) {
          setError(target as keyof CampaignFormValues, { type: 'validate', message }, { shouldFocus: first });
          first = false;
        } else if (field.startsWith('items')) setItemsError(message);
      }
      return;
    }
    return saving(async () => {
      await save.mutateAsync({ campaignId: campaign?.id, input: parsed.data });
      onDone();
      return 'The campaign was saved.';
    });
  });

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={campaign ? `Edit ${campaign.name}` : 'New campaign'}>
      <Panel title={campaign ? `Edit ${campaign.name}` : 'New campaign'}>
        <FormGrid>
          <TextField label="Name" error={errors.name?.message} {...register('name')} />
          <SelectField label="Currency" options={options(['NZD', 'AUD'] as const)} {...register('currency')} />
          <TextField label="Match (%)" hint="100 matches a donation dollar for dollar; 50 adds half." numeric inputMode="decimal" error={errors.matchPercent?.message} {...register('matchPercent')} />
          <TextField label="Cap per person ($)" hint="Leave empty for no cap." numeric inputMode="decimal" error={errors.memberCap?.message} {...register('memberCap')} />
          <TextField label="Cap for the whole campaign ($)" hint="Leave empty for no cap." numeric inputMode="decimal" error={errors.campaignCap?.message} {...register('campaignCap')} />
          <SelectField label="Whose donations" options={options(MEMBER_TYPES, LABELS.memberType)} {...register('memberType')} />
          <SelectField label="Giving type" options={options(GIVING_TYPES, LABELS.givingType)} {...register('givingType')} />
          <SelectField label="Recurrence" options={options(RECURRENCE_TYPES, LABELS.recurrenceType)} {...register('recurrenceType')} />
          <SelectField label="Match paid as" options={options(MATCH_TYPES, LABELS.matchType)} {...register('matchType')} />
          <TextField label="Starts" type="date" error={errors.startsOn?.message} {...register('startsOn')} />
          <TextField label="Ends" type="date" error={errors.endsOn?.message} {...register('endsOn')} />
        </FormGrid>
        <TextareaField label="Description" hint="Shown to donors under the campaign’s rules." error={errors.description?.message} {...register('description')} />
        <CheckboxField label="Active" {...register('active')} />
      </Panel>
      <GiftPicker country={country} items={items} onChange={setItems} error={itemsError} />
      <NoticeMessage notice={notice} />
      <FormActions>
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" loading={isSubmitting}>
          Save campaign
        </Button>
      </FormActions>
    </form>
  );
}

/** The gifts a campaign applies to: pick a charity, tick its gifts. */
function GiftPicker({ country, items, onChange, error }: { country: CountryCode; items: CampaignItem[]; onChange: (items: CampaignItem[]) => void; error?: string }) {
  const [charityUrl, setCharityUrl] = useState('');
  const charities = useCharityChoices(country);
  const gifts = useGiftChoices(charityUrl);
  const chosen = new Set(items.map((item) => item.id));
  const toggle = (item: CampaignItem) => onChange(chosen.has(item.id) ? items.filter((i) => i.id !== item.id) : [...items, item]);
  return (
    <Panel title="Gifts" description="The campaign matches donations to these gifts.">
      {items.length === 0 ? <p className={mutedText}>No gifts chosen yet.</p> : null}
      <ul aria-label="Chosen gifts">
        {items.map((item) => (
          <li key={item.id}>
            {item.name ?? item.id}{' '}
            <Button variant="ghost" size="sm" onClick={() => toggle(item)}>
              Remove<span className="visually-hidden"> {item.name ?? item.id}</span>
            </Button>
          </li>
        ))}
      </ul>
      {error ? <FormMessage>{error}</FormMessage> : null}
      <SelectField
        label="Charity"
        placeholder={charities.isPending ? 'Loading charities…' : 'Choose a charity'}
        options={(charities.data?.items ?? []).map((charity) => ({ value: charity.charityUrl, label: charity.name }))}
        value={charityUrl}
        onChange={(event) => setCharityUrl(event.target.value)}
      />
      {charityUrl && gifts.isPending ? <p className={mutedText}>Loading gifts…</p> : null}
      {gifts.isError ? <FormMessage>{errorMessageOf(gifts.error)}</FormMessage> : null}
      {gifts.data ? (
        <fieldset>
          <legend className="visually-hidden">Gifts of the charity</legend>
          {gifts.data.items.length === 0 ? <p className={mutedText}>This charity has no gifts.</p> : null}
          {gifts.data.items.map((gift) => (
            <CheckboxField key={gift.id} label={gift.title} checked={chosen.has(gift.id)} onChange={() => toggle({ id: gift.id, name: gift.title })} />
          ))}
        </fieldset>
      ) : null}
    </Panel>
  );
}
