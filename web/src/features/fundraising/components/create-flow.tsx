import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueries } from '@tanstack/react-query';
import {
  ADDRESS_MAX_LENGTH,
  FUNDRAISING_MESSAGES,
  addressSchema,
  type EventSummary,
  type FundraisingEvent,
  type PageUpdate,
} from '@giving/shared/contracts/fundraising';
import { COUNTRIES, type CountryCode } from '@giving/shared/countries';
import { satisfies, type Permission } from '@giving/shared/permissions';
import { Button } from '../../../components/ui/button';
import { FormMessage, TextField } from '../../../components/ui/field';
import { LoadMore, QueryStates } from '../../../components/ui/query-states';
import { Spinner } from '../../../components/ui/spinner';
import { StepIndicator } from '../../../components/ui/step-indicator';
import { permissionsQueryOptions, useAdminMenu } from '../../../lib/account';
import { errorMessageOf, fieldMessagesOf } from '../../../lib/api-client';
import { firstErrorIn } from '../../../lib/focus-first-error';
import { slugify } from '../../../lib/slug';
import { useAddressCheck, type AddressQuestion } from '../api/check-address';
import { useCreateEvent } from '../api/create-event';
import { useCreatePage } from '../api/create-page';
import { useCreateSinglePageEvent } from '../api/create-single-page-event';
import { useEvents } from '../api/get-events';
import { useFundraisingCharities } from '../api/get-fundraising-charities';
import { CONTENT_FIELDS, contentFieldOf, emptyContent, parseContent, type ContentValues } from '../content-values';
import { amountText, fundraisingPaths } from '../fundraising-text';
import { ContentFields } from './content-fields';
import styles from './fundraising.module.css';
import { useAppForm } from '../../../lib/use-app-form';

export const CREATE_STEPS = [
  { id: 'charity', label: 'Charity' },
  { id: 'kind', label: 'Event or page' },
  { id: 'details', label: 'Your story' },
  { id: 'address', label: 'Page address' },
  { id: 'review', label: 'Review and publish' },
] as const;
type StepId = (typeof CREATE_STEPS)[number]['id'];

/** What is being made: a page of one's own (a single-page event), an event others join, or a page in an event. */
export type CreateKind = 'SinglePage' | 'MultiPage' | 'JoinEvent';
const KIND_TEXT: Record<CreateKind, { title: string; description: string }> = {
  SinglePage: { title: 'A page for yourself', description: 'Your own fundraising page for the charity: your story, your target.' },
  MultiPage: { title: 'An event others can join', description: 'A fun run, a bake sale, a team challenge: supporters each make their own page within it.' },
  JoinEvent: { title: 'A page in an existing event', description: 'Join an event the charity or its supporters have started, with your own page.' },
};
/** The workplace permission each kind needs to be made under a workplace (spec 1 §6; a page of one's own, single-page or in an event, is a page: .Page.Create). */
const WORKPLACE_PERMISSION: Record<CreateKind, Permission> = {
  SinglePage: 'Workplace_Fundraising.Page.Create',
  MultiPage: 'Workplace_Fundraising.Event.Create',
  JoinEvent: 'Workplace_Fundraising.Page.Create',
};
const ADDRESS_CHECK_DELAY_MS = 400;

export interface CreateValues extends ContentValues {
  charityId: string;
  kind: CreateKind | '';
  eventId: string;
  address: string;
  /** '' for the member's own name, else the workplace's id. */
  workplaceId: string;
}
type CreateField = keyof CreateValues;

/** Which step shows each field, so a server's field error takes the member back to it. */
const STEP_OF: Record<CreateField, StepId> = {
  charityId: 'charity',
  kind: 'kind',
  eventId: 'kind',
  workplaceId: 'kind',
  title: 'details',
  story: 'details',
  target: 'details',
  endDate: 'details',
  imageUrl: 'details',
  address: 'address',
};

/** The API's field names (body.<name>) as the form's. */
function formFieldOf(apiField: string): CreateField | undefined {
  if (apiField === 'eventUrl' || apiField === 'pageUrl') return 'address';
  if (apiField === 'charityId' || apiField === 'eventId' || apiField === 'workplaceId') return apiField;
  return contentFieldOf(apiField);
}

/** An event one may add a page to. */
type JoinableEvent = Pick<EventSummary, 'id' | 'eventUrl' | 'title' | 'charity' | 'kind' | 'status'>;

export interface CreateFlowProps {
  country: CountryCode;
  /** From ?charityId= (the charity console's link). */
  charityId?: string;
  /** The event to add a page to (from the event page's 'Create your page for this event'). */
  event?: FundraisingEvent;
}

/**
 * /{country}/fundraising/create (spec 2 §2 multi-step flow, each step with Back and Next): choose a charity -> a page
 * of one's own, a new event, or a page within an event -> title, story, target, end date, picture -> the page's
 * address, checked as it is typed with free suggestions -> review and publish, then the new page. Signed-in members
 * only (the route asks visitors to log in). The API's field errors take the member back to the field, in its words.
 */
export function CreateFlow({ country, charityId: presetCharity, event: presetEvent }: CreateFlowProps) {
  const navigate = useNavigate();
  const [step, setStep] = useState<StepId>(presetEvent ? 'details' : presetCharity ? 'kind' : 'charity');
  const [notice, setNotice] = useState<string>();
  const [joined, setJoined] = useState<JoinableEvent | undefined>(presetEvent);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const moved = useRef(false);
  const focusError = useRef(false);
  const form = useAppForm<CreateValues>({
    defaultValues: {
      ...emptyContent(),
      charityId: presetEvent?.charity.id ?? presetCharity ?? '',
      kind: presetEvent ? 'JoinEvent' : '',
      eventId: presetEvent?.id ?? '',
      address: '',
      workplaceId: '',
    },
  });
  const { register, watch, getValues, setValue, setError, clearErrors, formState } = form;
  const { errors } = formState;
  const createEvent = useCreateEvent();
  const createSinglePage = useCreateSinglePageEvent();
  const createPage = useCreatePage();
  const publishing = createEvent.isPending || createSinglePage.isPending || createPage.isPending;

  const charities = useFundraisingCharities(country);
  const kind = watch('kind');
  const charityId = watch('charityId');
  const charity = charities.data?.items.find((item) => item.id === charityId) ?? (presetEvent?.charity.id === charityId ? presetEvent.charity : undefined);
  const workplaces = useCreatableWorkplaces(kind || undefined);

  // Each new step's heading takes focus (not on the first load); after a refused publish, the first field in error does.
  useEffect(() => {
    if (!moved.current) {
      moved.current = true;
      return;
    }
    if (focusError.current) {
      focusError.current = false;
      const target = firstErrorIn(formRef.current);
      if (target) return void target.focus();
    }
    headingRef.current?.focus();
  }, [step]);

  const go = (next: StepId) => {
    setNotice(undefined);
    setStep(next);
  };

  // The address step's live check (debounced), asked only of an address the API would take.
  const address = watch('address');
  const question = useDebouncedQuestion(kind, joined, address);
  const check = useAddressCheck(step === 'address' || step === 'review' ? question : undefined);
  const addressAnswer: 'checking' | 'free' | 'taken' | undefined =
    question === undefined || step !== 'address' ? undefined : check.isFetching || check.isPlaceholderData ? 'checking' : check.data ? (check.data.available ? 'free' : 'taken') : undefined;

  /** Puts errors on fields and shows the first one's step, focusing it. */
  const showErrors = (fieldErrors: Partial<Record<CreateField, string>>) => {
    const order = (field: CreateField) => CREATE_STEPS.findIndex((s) => s.id === STEP_OF[field]);
    // The earliest step with an error comes first: the member fixes it and walks on to the next.
    const fields = (Object.keys(fieldErrors) as CreateField[]).sort((a, b) => order(a) - order(b));
    for (const [field, message] of Object.entries(fieldErrors) as [CreateField, string][]) setError(field, { type: 'validate', message });
    const first = fields[0];
    if (!first) return;
    const target = STEP_OF[first];
    focusError.current = true;
    if (target === step) {
      focusError.current = false;
      // After React has drawn the error.
      requestAnimationFrame(() => firstErrorIn(formRef.current)?.focus());
    } else {
      setStep(target);
    }
  };

  const next: Record<Exclude<StepId, 'review'>, () => void> = {
    charity: () => {
      clearErrors('charityId');
      if (!getValues('charityId')) return showErrors({ charityId: 'Choose a charity.' });
      go('kind');
    },
    kind: () => {
      clearErrors(['kind', 'eventId', 'workplaceId']);
      const values = getValues();
      if (!values.kind) return showErrors({ kind: 'Choose what you are creating.' });
      if (values.kind === 'JoinEvent' && !values.eventId) return showErrors({ eventId: 'Choose an event.' });
      if (values.workplaceId && !workplaces.allowed.some((workplace) => workplace.id === values.workplaceId)) setValue('workplaceId', '');
      go('details');
    },
    details: () => {
      clearErrors([...CONTENT_FIELDS]);
      const parsed = parseContent(getValues());
      if (!parsed.ok) return showErrors(parsed.errors);
      if (!getValues('address')) setValue('address', slugify(getValues('title')).slice(0, ADDRESS_MAX_LENGTH).replace(/-+$/, ''));
      go('address');
    },
    address: () => {
      clearErrors('address');
      const address = getValues('address').trim();
      const parsed = addressSchema.safeParse(address);
      if (!parsed.success) return showErrors({ address: parsed.error.issues[0]?.message ?? FUNDRAISING_MESSAGES.addressLength });
      if (addressAnswer === 'taken') return showErrors({ address: FUNDRAISING_MESSAGES.addressTaken });
      setValue('address', address);
      go('review');
    },
  };

  const publish = () => {
    setNotice(undefined);
    clearErrors();
    const values = getValues();
    const parsed = parseContent(values);
    if (!parsed.ok) return showErrors(parsed.errors);
    const content: PageUpdate = parsed.content;
    const workplace = values.workplaceId ? { workplaceId: values.workplaceId } : {};
    const onError = (error: unknown) => {
      const placed: Partial<Record<CreateField, string>> = {};
      const unplaced: string[] = [];
      for (const [field, message] of Object.entries(fieldMessagesOf(error))) {
        const own = formFieldOf(field);
        if (own) placed[own] ??= message;
        else unplaced.push(message);
      }
      if (Object.keys(placed).length > 0) {
        if (unplaced[0]) setNotice(unplaced[0]);
        showErrors(placed);
      } else {
        setNotice(unplaced[0] ?? errorMessageOf(error));
      }
    };
    if (values.kind === 'JoinEvent') {
      const event = joined;
      if (!event) return go('kind');
      createPage.mutate({ eventId: event.id, pageUrl: values.address, ...workplace, ...content }, { onSuccess: () => navigate(fundraisingPaths.page(country, event.eventUrl, values.address)), onError });
    } else {
      const body = { country, charityId: values.charityId, eventUrl: values.address, ...workplace, ...content };
      const done = () => navigate(fundraisingPaths.event(country, values.address));
      if (values.kind === 'SinglePage') createSinglePage.mutate(body, { onSuccess: done, onError });
      else createEvent.mutate(body, { onSuccess: done, onError });
    }
  };

  const current = CREATE_STEPS.find((s) => s.id === step) ?? CREATE_STEPS[0];
  const values = getValues();
  const addressBase = `${typeof window === 'undefined' ? '' : window.location.origin}/${country}/fundraising/${kind === 'JoinEvent' && joined ? `${joined.eventUrl}/` : ''}`;
  const currency = COUNTRIES[country].currency;
  const Back = ({ to }: { to: StepId }) => (
    <Button variant="ghost" onClick={() => go(to)} disabled={publishing}>
      Back
    </Button>
  );

  return (
    <div className={styles.flow} ref={formRef}>
      <StepIndicator steps={CREATE_STEPS} current={step} label="Steps to start fundraising" />
      <h2 ref={headingRef} tabIndex={-1} className={styles.stepHeading}>
        {current.label}
      </h2>
      {notice ? <FormMessage>{notice}</FormMessage> : null}

      {step === 'charity' ? (
        <>
          {charities.isSuccess ? (
            charities.data.items.length === 0 ? (
              <p className={styles.muted}>No charities in {COUNTRIES[country].name} are taking fundraising pages yet.</p>
            ) : (
              <ChoiceList legend="Choose a charity" error={errors.charityId?.message} errorId="charity-error">
                {charities.data.items.map((item) => (
                  <label key={item.id} className={styles.choice}>
                    <input type="radio" value={item.id} aria-describedby={errors.charityId ? 'charity-error' : undefined} aria-invalid={errors.charityId ? true : undefined} {...register('charityId')} />
                    {item.logoImageUrl ? <img src={item.logoImageUrl} alt="" className={styles.logo} /> : null}
                    <span className={styles.choiceTitle}>{item.name}</span>
                  </label>
                ))}
              </ChoiceList>
            )
          ) : (
            <QueryStates query={charities} loading="Loading charities" failed="We couldn’t load the charities" headingLevel={3} />
          )}
          <div className={styles.actions}>
            <Button onClick={next.charity}>Next</Button>
          </div>
        </>
      ) : null}

      {step === 'kind' ? (
        <>
          {charity ? <p className={styles.muted}>For {charity.name}</p> : null}
          <ChoiceList legend="What are you creating?" error={errors.kind?.message} errorId="kind-error">
            {(Object.keys(KIND_TEXT) as CreateKind[]).map((value) => (
              <label key={value} className={styles.choice}>
                <input type="radio" value={value} aria-describedby={errors.kind ? 'kind-error' : undefined} aria-invalid={errors.kind ? true : undefined} {...register('kind')} />
                <span className={styles.choiceText}>
                  <span className={styles.choiceTitle}>{KIND_TEXT[value].title}</span>
                  <span className={styles.muted}>{KIND_TEXT[value].description}</span>
                </span>
              </label>
            ))}
          </ChoiceList>
          {kind === 'JoinEvent' ? (
            <EventChoice
              country={country}
              charityId={charityId}
              chosenId={watch('eventId')}
              preset={presetEvent}
              error={errors.eventId?.message}
              onChoose={(event) => {
                setJoined(event);
                setValue('eventId', event.id);
                clearErrors('eventId');
              }}
            />
          ) : null}
          {kind && workplaces.allowed.length > 0 ? (
            <ChoiceList legend="Whose name is it under?" error={errors.workplaceId?.message} errorId="workplace-error">
              <label className={styles.choice}>
                <input type="radio" value="" {...register('workplaceId')} />
                <span className={styles.choiceTitle}>Just me</span>
              </label>
              {workplaces.allowed.map((workplace) => (
                <label key={workplace.id} className={styles.choice}>
                  <input type="radio" value={workplace.id} {...register('workplaceId')} />
                  <span className={styles.choiceTitle}>Under my workplace, {workplace.name}</span>
                </label>
              ))}
            </ChoiceList>
          ) : null}
          <div className={styles.actions}>
            <Back to="charity" />
            <Button onClick={next.kind}>Next</Button>
          </div>
        </>
      ) : null}

      {step === 'details' ? (
        <>
          <div className={styles.fields}>
            <ContentFields register={register} errors={errors} currencySymbol={currency === 'AUD' ? 'A$' : '$'} />
          </div>
          <div className={styles.actions}>
            <Back to="kind" />
            <Button onClick={next.details}>Next</Button>
          </div>
        </>
      ) : null}

      {step === 'address' ? (
        <>
          <TextField
            label="Page address"
            hint={`Lower-case letters, digits and dashes. Your page will be at ${addressBase}${address || '…'}`}
            autoComplete="off"
            spellCheck={false}
            maxLength={ADDRESS_MAX_LENGTH}
            error={errors.address?.message}
            {...register('address', { onChange: () => clearErrors('address') })}
          />
          <div className={styles.addressAnswer} aria-live="polite">
            {addressAnswer === 'checking' ? <Spinner size="sm" label="Checking the address" /> : null}
            {addressAnswer === 'free' ? <p className={styles.free}>This address is free.</p> : null}
            {addressAnswer === 'taken' && check.data ? (
              <>
                <p>{FUNDRAISING_MESSAGES.addressTaken}</p>
                {check.data.suggestions.length > 0 ? (
                  <ul className={styles.suggestions} aria-label="Free addresses">
                    {check.data.suggestions.map((suggestion) => (
                      <li key={suggestion}>
                        <Button variant="secondary" size="sm" onClick={() => (setValue('address', suggestion), clearErrors('address'))}>
                          <span className="visually-hidden">Use </span>
                          {suggestion}
                        </Button>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </>
            ) : null}
            {check.isError && !check.isFetching ? <p className={styles.muted}>We couldn’t check the address just now; we’ll check it when you publish.</p> : null}
          </div>
          <div className={styles.actions}>
            <Back to="details" />
            <Button onClick={next.address}>Next</Button>
          </div>
        </>
      ) : null}

      {step === 'review' ? (
        <>
          <dl className={styles.review}>
            <dt>Charity</dt>
            <dd>{charity?.name ?? '—'}</dd>
            <dt>Creating</dt>
            <dd>{values.kind ? KIND_TEXT[values.kind].title : '—'}</dd>
            {values.kind === 'JoinEvent' && joined ? (
              <>
                <dt>Event</dt>
                <dd>{joined.title}</dd>
              </>
            ) : null}
            <dt>Title</dt>
            <dd>{values.title.trim()}</dd>
            <dt>Story</dt>
            <dd>{values.story.trim()}</dd>
            <dt>Target</dt>
            <dd>{reviewTarget(values.target, currency)}</dd>
            <dt>End date</dt>
            <dd>{values.endDate}</dd>
            {values.imageUrl.trim() ? (
              <>
                <dt>Picture</dt>
                <dd>{values.imageUrl.trim()}</dd>
              </>
            ) : null}
            <dt>Address</dt>
            <dd>
              {addressBase}
              {values.address}
            </dd>
            {values.workplaceId ? (
              <>
                <dt>Under</dt>
                <dd>{workplaces.allowed.find((workplace) => workplace.id === values.workplaceId)?.name ?? 'Your workplace'}</dd>
              </>
            ) : null}
          </dl>
          <div className={styles.actions}>
            <Back to="address" />
            <Button onClick={publish} loading={publishing}>
              Publish
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}

function reviewTarget(target: string, currency: 'NZD' | 'AUD'): string {
  const parsed = parseContent({ title: 'x', story: 'x', target, endDate: '2000-01-01', imageUrl: '' });
  if (!parsed.ok && parsed.errors.target) return target;
  const cents = parsed.ok ? parsed.content.targetAmount : 0;
  return cents === 0 ? 'No target' : amountText(cents, currency);
}

/** A group of radio choices with its legend and error. */
function ChoiceList({ legend, error, errorId, children }: { legend: string; error?: string; errorId: string; children: ReactNode }) {
  return (
    <fieldset className={styles.choices} aria-describedby={error ? errorId : undefined}>
      <legend className={styles.choiceTitle}>{legend}</legend>
      {children}
      {error ? (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}

/** The charity's open multi-page events in the country, to add a page to. */
function EventChoice({
  country,
  charityId,
  chosenId,
  preset,
  error,
  onChoose,
}: {
  country: CountryCode;
  charityId: string;
  chosenId: string;
  preset?: JoinableEvent;
  error?: string;
  onChoose: (event: JoinableEvent) => void;
}) {
  const events = useEvents(country, 'newest');
  const listed = (events.data?.pages.flatMap((page) => page.items) ?? []).filter((event) => event.kind === 'MultiPage' && event.status === 'Open' && event.charity.id === charityId);
  const choices = preset && !listed.some((event) => event.id === preset.id) ? [preset, ...listed] : listed;
  if (!events.data && !preset) return <QueryStates query={events} loading="Loading events" failed="We couldn’t load the events" headingLevel={3} />;
  return (
    <>
      {choices.length === 0 ? (
        <p className={styles.muted}>This charity has no open events to join yet. You could start one instead.</p>
      ) : (
        <ChoiceList legend="Choose an event" error={error} errorId="event-error">
          {choices.map((event) => (
            <label key={event.id} className={styles.choice}>
              <input
                type="radio"
                name="eventId"
                value={event.id}
                checked={chosenId === event.id}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'event-error' : undefined}
                onChange={() => onChoose(event)}
              />
              <span className={styles.choiceTitle}>{event.title}</span>
            </label>
          ))}
        </ChoiceList>
      )}
      {events.data ? <LoadMore query={events} noun="events" /> : null}
    </>
  );
}

/**
 * The member's workplaces that let them create this kind under their name (spec 1 §6 Workplace_Fundraising.Event.Create
 * and .Page.Create): the account menu's workplaces, each asked for its allowed list.
 */
function useCreatableWorkplaces(kind: CreateKind | undefined): { allowed: { id: string; name: string }[] } {
  const menu = useAdminMenu();
  const workplaces = (menu.data?.corporateAssociations ?? []).map((corporate) => ({ id: corporate.corporateId, name: corporate.corporateName }));
  const permissions = useQueries({ queries: workplaces.map((workplace) => ({ ...permissionsQueryOptions({ workplaceId: workplace.id }), enabled: kind !== undefined })) });
  if (!kind) return { allowed: [] };
  const needed = WORKPLACE_PERMISSION[kind];
  const allowed = workplaces.filter((_, index) => {
    const granted = permissions[index]?.data?.permissions;
    return granted ? satisfies(granted, { anyOf: [needed] }) : false;
  });
  return { allowed };
}

/** The address question once typing has paused and the address has the API's shape; undefined otherwise. */
function useDebouncedQuestion(kind: CreateKind | '', joined: JoinableEvent | undefined, address: string): AddressQuestion | undefined {
  const [settled, setSettled] = useState(address);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(address), ADDRESS_CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [address]);
  const trimmed = settled.trim();
  if (!kind || !addressSchema.safeParse(trimmed).success) return undefined;
  if (kind === 'JoinEvent') return joined ? { kind: 'page', eventId: joined.id, pageUrl: trimmed } : undefined;
  return { kind: 'event', eventUrl: trimmed };
}

