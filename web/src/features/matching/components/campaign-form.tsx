import { useState } from 'react';
import {
  campaignInputSchema,
  campaignRestrictionsSchema,
  GIVING_TYPES,
  MATCH_TYPES,
  MATCHING_EMPLOYMENT_TYPES,
  MEMBER_TYPES,
  MODULE_TYPES,
  RECURRENCE_TYPES,
  type Campaign,
  type CampaignInput,
  type CampaignItem,
  type CampaignRestrictions,
} from '@giving/shared/contracts/matching';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@giving/shared/countries';
import { COUNTRY_TIME_ZONES, localDay } from '@giving/shared/local-time';
import { centsToDollarString, parseDollars, type Currency } from '@giving/shared/money';
import { toFieldErrors } from '@giving/shared/validation';
import { Button } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/console-page';
import { useDataCountry } from '../../../components/ui/date-text';
import { CheckboxField, FormMessage, TextField, TextareaField } from '../../../components/ui/field';
import { NoticeMessage, useSaveNotice } from '../../../components/ui/form-notice';
import { FormActions, FormGrid, Panel } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { ExplainedError, errorMessageOf, fieldMessagesOf } from '../../../lib/api-client';
import { useWorkplace } from '../api/get-workplace';
import { useSaveCampaign } from '../api/save-campaign';
import { useSaveRestrictions } from '../api/save-restrictions';
import { MODULE_WORDS } from '../console-text';
import { GiftPicker, PagePicker } from './item-pickers';
import styles from './matching-campaigns.module.css';
import { useAppForm } from '../../../lib/use-app-form';

type EmploymentType = (typeof MATCHING_EMPLOYMENT_TYPES)[number];

/** The form's own values: money in dollars and the ratio in percent, as people type them. */
interface CampaignFormValues {
  name: string;
  description: string;
  moduleType: CampaignInput['moduleType'];
  matchPercent: string;
  memberCap: string;
  entryCap: string;
  campaignCap: string;
  currency: Currency;
  givingType: CampaignInput['givingType'];
  recurrenceType: CampaignInput['recurrenceType'];
  matchType: CampaignInput['matchType'];
  memberType: CampaignInput['memberType'];
  startsOn: string;
  endsOn: string;
  active: boolean;
  /** Who may be matched: saved with its own call once the campaign is saved (empty = everyone). */
  employmentTypes: EmploymentType[];
  businessUnitIds: string[];
}

/** Today in the workplace's country: campaign days are its calendar days. */
const today = (country: CountryCode) => localDay(new Date(), COUNTRY_TIME_ZONES[country]);
const options = <T extends string>(values: readonly T[], labels: Partial<Record<T, string>> = {}) => values.map((value) => ({ value, label: labels[value] ?? value }));
const LABELS = {
  givingType: { Any: 'Any way of giving', CreditCard: 'Card', PayrollGiving: 'Payroll giving', ExternalDonation: 'External donation' },
  recurrenceType: { Any: 'One-off and regular', OnceOff: 'One-off only', Recurring: 'Regular only' },
  matchType: { Donation: 'Donation to the charity', Voucher: 'Gift voucher to the member' },
  // Matching matches only the workplace's members; a staff campaign only its permanent employees (matching-rules.ts).
  memberType: { Employee: 'Permanent staff', Any: 'Anyone in the workplace' },
  employmentType: { Permanent: 'Permanent', Contractor: 'Contractor', Casual: 'Casual' },
} as const;
export { LABELS as CAMPAIGN_LABELS };

const dollars = (cents: number | undefined) => (cents !== undefined && cents > 0 ? centsToDollarString(cents) : '');

function valuesOf(campaign: Campaign | undefined, country: CountryCode): CampaignFormValues {
  return {
    name: campaign?.name ?? '',
    description: campaign?.description ?? '',
    moduleType: campaign?.moduleType ?? 'DollarHandle',
    matchPercent: campaign ? String(Math.round(campaign.matchRatio * 100)) : '100',
    memberCap: dollars(campaign?.memberCap),
    entryCap: dollars(campaign?.entryCap),
    campaignCap: dollars(campaign?.campaignCap),
    currency: campaign?.currency ?? COUNTRIES[country].currency,
    givingType: campaign?.givingType ?? 'Any',
    recurrenceType: campaign?.recurrenceType ?? 'Any',
    matchType: campaign?.matchType ?? 'Donation',
    memberType: campaign?.memberType ?? 'Employee',
    startsOn: campaign?.startsOn ?? today(country),
    endsOn: campaign?.endsOn ?? '',
    active: campaign?.active ?? true,
    employmentTypes: [...(campaign?.restrictions.employmentTypes ?? [])],
    businessUnitIds: [...(campaign?.restrictions.businessUnitIds ?? [])],
  };
}

/** Dollars as typed -> cents; empty = 0 (no cap); NaN when it is not an amount (the schema then names the field). */
const centsOf = (text: string) => {
  if (text.trim() === '') return 0;
  const cents = parseDollars(text);
  return cents === undefined ? Number.NaN : cents;
};

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((value) => b.includes(value));
const sameRestrictions = (a: CampaignRestrictions, b: CampaignRestrictions) => sameSet(a.employmentTypes, b.employmentTypes) && sameSet(a.businessUnitIds, b.businessUnitIds);

/** The campaign was saved but who it matches was not: says so, keeping the answer's field errors for the form. */
class RestrictionsNotSaved extends ExplainedError {
  constructor(private readonly failure: unknown) {
    super('The campaign was saved, but not who it matches.');
  }
  override get userMessage() {
    return `The campaign was saved, but not who it matches: ${errorMessageOf(this.failure)}`;
  }
  override get fieldErrors() {
    return Object.entries(fieldMessagesOf(this.failure)).map(([field, message]) => ({ field, message }));
  }
}

const FIELDS = [
  'name',
  'description',
  'moduleType',
  'matchPercent',
  'memberCap',
  'entryCap',
  'campaignCap',
  'currency',
  'givingType',
  'recurrenceType',
  'matchType',
  'memberType',
  'startsOn',
  'endsOn',
  'employmentTypes',
  'businessUnitIds',
] as const;

/** Where an error about a path of the campaign (or its restrictions) shows: its field, or undefined (items: the picker). */
const formField = (path: string): keyof CampaignFormValues | undefined => {
  const head = path.split('.')[0] ?? '';
  if (head === 'matchRatio') return 'matchPercent';
  return (FIELDS as readonly string[]).includes(head) ? (head as keyof CampaignFormValues) : undefined;
};

/**
 * A campaign's form: its rules, caps and dates; who it matches (the member type, then the restrictions: employment
 * types and business units, saved with their own call once the campaign is saved); what it matches (gifts or
 * fundraising pages, with the per-fundraiser cap for the latter). Only for Workplace_ManageSettings.
 */
export function CampaignForm({ workplaceId, campaign, onDone }: { workplaceId: string; campaign?: Campaign; onDone: () => void }) {
  const save = useSaveCampaign(workplaceId);
  const saveRestrictions = useSaveRestrictions(workplaceId);
  const workplace = useWorkplace(workplaceId);
  const workplaceCountry = useDataCountry();
  // Each module keeps its own choice, so switching between them loses nothing until the campaign is saved.
  const [gifts, setGifts] = useState<CampaignItem[]>(campaign?.moduleType !== 'Fundraising' ? (campaign?.items ?? []) : []);
  const [pages, setPages] = useState<CampaignItem[]>(campaign?.moduleType === 'Fundraising' ? campaign.items : []);
  const [itemsError, setItemsError] = useState<string>();
  // A new campaign once created: saving again (its restrictions failed) updates it instead of creating another.
  const [created, setCreated] = useState<Campaign>();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useAppForm<CampaignFormValues>({ defaultValues: valuesOf(campaign, workplaceCountry) });
  const { notice, save: saving } = useSaveNotice(setError, formField);
  const currency = watch('currency');
  const moduleType = watch('moduleType');
  const memberType = watch('memberType');
  const entryCap = watch('entryCap');
  const country = (COUNTRY_CODES.find((code) => COUNTRIES[code].currency === currency) ?? 'nz') as CountryCode;
  const fundraising = moduleType === 'Fundraising';
  // A unit removed from the workplace since it was chosen stays listed until it is unticked (it matches no one now).
  const known = workplace.data?.businessUnits ?? [];
  const removed = workplace.data ? (campaign?.restrictions.businessUnitIds ?? []).filter((id) => !known.some((unit) => unit.id === id)) : [];
  const units = [...known, ...removed.map((id) => ({ id, name: 'A removed business unit' }))];

  const onSubmit = handleSubmit((values) => {
    setItemsError(undefined);
    const input = {
      name: values.name,
      description: values.description,
      givingType: values.givingType,
      recurrenceType: values.recurrenceType,
      matchRatio: Number(values.matchPercent) / 100,
      memberCap: centsOf(values.memberCap),
      entryCap: centsOf(values.entryCap),
      campaignCap: centsOf(values.campaignCap),
      currency: values.currency,
      matchType: values.matchType,
      memberType: values.memberType,
      moduleType: values.moduleType,
      items: values.moduleType === 'Fundraising' ? pages : gifts,
      startsOn: values.startsOn,
      endsOn: values.endsOn,
      active: values.active,
    };
    const restrictionsInput = {
      // A staff campaign matches permanent employees only: its employment types would add nothing (or match no one).
      employmentTypes: values.memberType === 'Employee' ? [] : MATCHING_EMPLOYMENT_TYPES.filter((type) => values.employmentTypes.includes(type)),
      businessUnitIds: values.businessUnitIds,
    };
    const parsed = campaignInputSchema.safeParse(input);
    const restrictions = campaignRestrictionsSchema.safeParse(restrictionsInput);
    if (!parsed.success || !restrictions.success) {
      let first = true;
      const issues = [...(parsed.success ? [] : parsed.error.issues), ...(restrictions.success ? [] : restrictions.error.issues)];
      for (const { field, message } of toFieldErrors(issues)) {
        const target = formField(field);
        if (target) {
          setError(target, { type: 'validate', message }, { shouldFocus: first });
          first = false;
        } else if (field.startsWith('items')) setItemsError(message);
      }
      return;
    }
    return saving(async () => {
      const saved = await save.mutateAsync({ campaignId: campaign?.id ?? created?.id, input: parsed.data });
      if (!campaign) setCreated(saved);
      if (!sameRestrictions(saved.restrictions, restrictions.data)) {
        try {
          await saveRestrictions.mutateAsync({ campaignId: saved.id, restrictions: restrictions.data });
        } catch (error) {
          throw new RestrictionsNotSaved(error);
        }
      }
      onDone();
      return 'The campaign was saved.';
    });
  });

  const title = campaign ? `Edit ${campaign.name}` : 'New campaign';
  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate aria-label={title} className={styles.form}>
      <Panel title={title}>
        <FormGrid>
          <TextField label="Name" error={errors.name?.message} {...register('name')} />
          <SelectField label="Matches donations to" options={options(MODULE_TYPES, MODULE_WORDS)} error={errors.moduleType?.message} {...register('moduleType')} />
          <SelectField label="Currency" options={options(['NZD', 'AUD'] as const)} error={errors.currency?.message} {...register('currency')} />
          <TextField label="Match (%)" hint="100 matches a donation dollar for dollar; 50 adds half." numeric inputMode="decimal" error={errors.matchPercent?.message} {...register('matchPercent')} />
          <TextField label="Cap per person ($)" hint="Leave empty for no cap." numeric inputMode="decimal" error={errors.memberCap?.message} {...register('memberCap')} />
          {/* Shown for fundraising, and for gifts while it still holds a value, so the schema can say why it must go. */}
          {fundraising || entryCap.trim() !== '' ? (
            <TextField
              label="Cap per fundraiser ($)"
              hint="The most one fundraising page can be matched in all. Leave empty for no cap."
              numeric
              inputMode="decimal"
              error={errors.entryCap?.message}
              {...register('entryCap')}
            />
          ) : null}
          <TextField label="Cap for the whole campaign ($)" hint="Leave empty for no cap." numeric inputMode="decimal" error={errors.campaignCap?.message} {...register('campaignCap')} />
          <SelectField label="Giving type" options={options(GIVING_TYPES, LABELS.givingType)} error={errors.givingType?.message} {...register('givingType')} />
          <SelectField label="Recurrence" options={options(RECURRENCE_TYPES, LABELS.recurrenceType)} error={errors.recurrenceType?.message} {...register('recurrenceType')} />
          <SelectField label="Match paid as" options={options(MATCH_TYPES, LABELS.matchType)} error={errors.matchType?.message} {...register('matchType')} />
          <TextField label="Starts" type="date" error={errors.startsOn?.message} {...register('startsOn')} />
          <TextField label="Ends" type="date" error={errors.endsOn?.message} {...register('endsOn')} />
        </FormGrid>
        <TextareaField label="Description" hint="Shown to donors under the campaign’s rules." error={errors.description?.message} {...register('description')} />
        <CheckboxField label="Active" {...register('active')} />
      </Panel>

      <Panel title="Who is matched" description="Whose donations the campaign matches. Leave a group all unticked to include everyone in it.">
        <SelectField
          label="Whose donations"
          hint={memberType === 'Employee' ? 'Your permanent employees, while they work for you.' : 'Every member of your workplace, as the choices below allow.'}
          options={options(MEMBER_TYPES, LABELS.memberType)}
          error={errors.memberType?.message}
          {...register('memberType')}
        />
        <fieldset className={styles.group}>
          <legend>Employment types</legend>
          {memberType === 'Employee' ? (
            <p className={mutedText}>A staff campaign matches permanent employees only. To match contractors or casual workers, choose ‘Anyone in the workplace’ above.</p>
          ) : (
            <div className={styles.checks}>
              {MATCHING_EMPLOYMENT_TYPES.map((type) => (
                <CheckboxField key={type} label={LABELS.employmentType[type]} value={type} {...register('employmentTypes')} />
              ))}
            </div>
          )}
          {errors.employmentTypes?.message ? <FormMessage>{errors.employmentTypes.message}</FormMessage> : null}
        </fieldset>
        <fieldset className={styles.group}>
          <legend>Business units</legend>
          {workplace.isPending ? <p className={mutedText}>Loading your business units…</p> : null}
          {workplace.isError ? <FormMessage>We couldn’t load your business units: {errorMessageOf(workplace.error)}</FormMessage> : null}
          {workplace.isSuccess && units.length === 0 ? <p className={mutedText}>Your workplace has no business units, so every unit is matched.</p> : null}
          {units.length > 0 ? (
            <div className={styles.checks}>
              {units.map((unit) => (
                <CheckboxField key={unit.id} label={unit.name} value={unit.id} {...register('businessUnitIds')} />
              ))}
            </div>
          ) : null}
          {errors.businessUnitIds?.message ? <FormMessage>{errors.businessUnitIds.message}</FormMessage> : null}
        </fieldset>
      </Panel>

      {fundraising ? (
        <PagePicker country={country} items={pages} onChange={setPages} error={itemsError} />
      ) : (
        <GiftPicker country={country} items={gifts} onChange={setGifts} error={itemsError} />
      )}
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
