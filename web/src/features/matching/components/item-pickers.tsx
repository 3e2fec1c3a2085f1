import { useState } from 'react';
import type { CampaignItem } from '@giving/shared/contracts/matching';
import type { FundraisingEvent, PageSummary } from '@giving/shared/contracts/fundraising';
import type { CountryCode } from '@giving/shared/countries';
import { Button } from '../../../components/ui/button';
import { mutedText } from '../../../components/ui/console-page';
import { CheckboxField, FormMessage } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { LoadMore } from '../../../components/ui/query-states';
import { SelectField } from '../../../components/ui/select-field';
import { errorMessageOf } from '../../../lib/api-client';
import { useCharityChoices, useGiftChoices } from '../api/get-gift-choices';
import { useEventChoices, useEventPages } from '../api/get-page-choices';
import styles from './matching-campaigns.module.css';

/** What a campaign applies to: its items, changed by ticking them in a picker. None = every gift (or page). */
interface PickerProps {
  country: CountryCode;
  items: CampaignItem[];
  onChange: (items: CampaignItem[]) => void;
  error?: string;
}

/** The items chosen so far, each with a way to take it off. */
function ChosenItems({ label, items, none, onRemove }: { label: string; items: CampaignItem[]; none: string; onRemove: (item: CampaignItem) => void }) {
  if (items.length === 0) return <p className={mutedText}>{none}</p>;
  return (
    <ul aria-label={label} className={styles.chosen}>
      {items.map((item) => (
        <li key={item.id}>
          <span>{item.name ?? item.id}</span>
          <Button variant="ghost" size="sm" onClick={() => onRemove(item)}>
            Remove<span className="visually-hidden"> {item.name ?? item.id}</span>
          </Button>
        </li>
      ))}
    </ul>
  );
}

const toggled = (items: CampaignItem[], item: CampaignItem) => (items.some((i) => i.id === item.id) ? items.filter((i) => i.id !== item.id) : [...items, item]);

/** The gifts a campaign applies to: pick a charity, tick its gifts. */
export function GiftPicker({ country, items, onChange, error }: PickerProps) {
  const [charityUrl, setCharityUrl] = useState('');
  const charities = useCharityChoices(country);
  const gifts = useGiftChoices(charityUrl);
  const chosen = new Set(items.map((item) => item.id));
  return (
    <Panel title="Gifts" description="The campaign matches donations to the gifts you choose here. Choose none to match every gift.">
      <ChosenItems label="Chosen gifts" items={items} none="No gifts chosen: every gift is matched." onRemove={(item) => onChange(toggled(items, item))} />
      {error ? <FormMessage>{error}</FormMessage> : null}
      <SelectField
        label="Charity"
        placeholder={charities.isPending ? 'Loading charities…' : 'Choose a charity'}
        options={(charities.data?.items ?? []).map((charity) => ({ value: charity.charityUrl, label: charity.name }))}
        value={charityUrl}
        onChange={(event) => setCharityUrl(event.target.value)}
      />
      {charities.isError ? <FormMessage>We couldn’t load the charities: {errorMessageOf(charities.error)}</FormMessage> : null}
      {charityUrl && gifts.isPending ? <p className={mutedText}>Loading gifts…</p> : null}
      {gifts.isError ? <FormMessage>{errorMessageOf(gifts.error)}</FormMessage> : null}
      {gifts.data ? (
        <fieldset className={`${styles.checks} ${styles.itemChecks}`}>
          <legend className="visually-hidden">Gifts of the charity</legend>
          {gifts.data.items.length === 0 ? <p className={mutedText}>This charity has no gifts.</p> : null}
          {gifts.data.items.map((gift) => (
            <CheckboxField key={gift.id} label={gift.title} checked={chosen.has(gift.id)} onChange={() => onChange(toggled(items, { id: gift.id, name: gift.title }))} />
          ))}
        </fieldset>
      ) : null}
    </Panel>
  );
}

/** How a page is named in the campaign: its title, with its event's when they differ (a single page's are the same). */
const pageItem = (event: FundraisingEvent, page: PageSummary): CampaignItem => ({ id: page.id, name: page.title === event.title ? page.title : `${page.title} (${event.title})` });

/** A whole event as a campaign's item: every page of it, those started later too (matching compares a page's event). */
const eventItem = (event: FundraisingEvent): CampaignItem => ({ id: event.id, name: `${event.title} (every page)` });

/**
 * The fundraising a campaign applies to: pick an event, then take the whole event (every page of it, those started
 * later too) or tick some of its pages. Matching compares a donation's page and its event with the campaign's items.
 */
export function PagePicker({ country, items, onChange, error }: PickerProps) {
  const [eventUrl, setEventUrl] = useState('');
  const events = useEventChoices(country);
  const event = useEventPages(eventUrl);
  const chosen = new Set(items.map((item) => item.id));
  const eventList = events.data?.pages.flatMap((page) => page.items) ?? [];
  const pages = event.data?.pages ?? [];
  const allChosen = pages.length > 0 && pages.every((page) => chosen.has(page.id));
  const chooseAll = (shown: FundraisingEvent) => onChange([...items, ...shown.pages.filter((page) => !chosen.has(page.id)).map((page) => pageItem(shown, page))]);
  return (
    <Panel
      title="Fundraising pages"
      description="The campaign matches donations to the fundraising events and pages you choose here. Choose none to match every fundraising page."
    >
      <ChosenItems label="Chosen pages" items={items} none="No pages chosen: every fundraising page is matched." onRemove={(item) => onChange(toggled(items, item))} />
      {error ? <FormMessage>{error}</FormMessage> : null}
      <SelectField
        label="Event"
        hint="Online events, newest first."
        placeholder={events.isPending ? 'Loading events…' : eventList.length === 0 ? 'No events yet' : 'Choose an event'}
        options={eventList.map((listed) => ({ value: listed.eventUrl, label: `${listed.title} · ${listed.charity.name}` }))}
        value={eventUrl}
        onChange={(change) => setEventUrl(change.target.value)}
      />
      {events.isError && !events.data ? <FormMessage>We couldn’t load the events: {errorMessageOf(events.error)}</FormMessage> : null}
      <LoadMore query={events} noun="events" />
      {eventUrl && event.isPending ? <p className={mutedText}>Loading pages…</p> : null}
      {event.isError ? <FormMessage>{errorMessageOf(event.error)}</FormMessage> : null}
      {event.data ? (
        <fieldset className={`${styles.checks} ${styles.itemChecks}`}>
          <legend className="visually-hidden">Pages of the event</legend>
          <div className={styles.wideCheck}>
            <CheckboxField
              label={
                <>
                  The whole event <span className={mutedText}>every page, those started later too</span>
                </>
              }
              checked={chosen.has(event.data.id)}
              onChange={() => onChange(toggled(items, eventItem(event.data)))}
            />
          </div>
          {pages.length === 0 ? <p className={mutedText}>This event has no online pages yet.</p> : null}
          {pages.length > 1 ? (
            <div className={styles.wideCheck}>
              <Button variant="secondary" size="sm" disabled={allChosen} onClick={() => chooseAll(event.data)}>
                Choose all {pages.length} pages
              </Button>
            </div>
          ) : null}
          {pages.map((page) => (
            <CheckboxField
              key={page.id}
              label={
                <>
                  {page.title} <span className={mutedText}>by {page.owner.name}</span>
                </>
              }
              checked={chosen.has(page.id)}
              onChange={() => onChange(toggled(items, pageItem(event.data, page)))}
            />
          ))}
        </fieldset>
      ) : null}
    </Panel>
  );
}
