import { useState } from 'react';
import { useFieldArray } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod/mini';
import { updateMenuLinksSchema } from '@giving/shared/contracts/accounts';
import { COUNTRIES, COUNTRY_CODES, type CountryCode } from '@giving/shared/countries';
import { Button } from '../../../components/ui/button';
import { ConsoleScreen, StackedForm, mutedText, stackedList } from '../../../components/ui/console-page';
import { FormMessage, TextField } from '../../../components/ui/field';
import { NoticeMessage, useSaveNotice } from '../../../components/ui/form-notice';
import { FormActions, Panel, ScreenHeader, Toolbar } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { QueryStates } from '../../../components/ui/query-states';
import { formFields } from '../../../components/ui/server-errors';
import { useMenuLinks, type MenuLinkList } from '../api/get-menu-links';
import { useUpdateMenuLinks } from '../api/update-menu-links';
import styles from './menu-links.module.css';
import { useAppForm } from '../../../lib/use-app-form';

type LinksInput = z.input<typeof updateMenuLinksSchema>;
type LinksValues = z.output<typeof updateMenuLinksSchema>;

export const MAX_MENU_LINKS = 12;

/** /admin/cms/menu-links — the site's navigation links per country (content admins). */
export function MenuLinksEditor() {
  const [country, setCountry] = useState<CountryCode>('nz');
  const links = useMenuLinks(country);
  return (
    <ConsoleScreen>
      <ScreenHeader title="Menu links" description="The links in the site’s navigation, for each country." />
      <Toolbar>
        <SelectField
          label="Country"
          value={country}
          options={COUNTRY_CODES.map((code) => ({ value: code, label: COUNTRIES[code].name }))}
          onChange={(event) => setCountry(event.target.value as CountryCode)}
        />
      </Toolbar>
      {links.isSuccess ? (
        <LinksForm key={country} country={country} links={links.data} />
      ) : (
        <QueryStates query={links} loading="Loading menu links" failed="We couldn’t load the menu links" />
      )}
    </ConsoleScreen>
  );
}

function LinksForm({ country, links }: { country: CountryCode; links: MenuLinkList }) {
  const update = useUpdateMenuLinks(country);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useAppForm<LinksInput, unknown, LinksValues>({ resolver: zodResolver(updateMenuLinksSchema), defaultValues: { items: links.items } });
  const items = useFieldArray({ control, name: 'items', keyName: 'key' });
  const { notice, save } = useSaveNotice(setError, formFields([], { arrays: ['items'] }));

  const onSubmit = handleSubmit((values) =>
    save(async () => {
      await update.mutateAsync(values);
      reset(values);
      return `The ${COUNTRIES[country].name} menu links were saved.`;
    }),
  );
  const listError = errors.items?.message ?? errors.items?.root?.message;

  return (
    <Panel
      title={`${COUNTRIES[country].name} menu`}
      actions={
        <Button variant="secondary" size="sm" disabled={items.fields.length >= MAX_MENU_LINKS} onClick={() => items.append({ name: '', path: '/' }, { shouldFocus: true })}>
          Add link
        </Button>
      }
    >
      <StackedForm onSubmit={(event) => void onSubmit(event)} noValidate aria-label={`${COUNTRIES[country].name} menu links`}>
        {items.fields.length === 0 ? <p className={mutedText}>No links yet. The menu shows only the built-in pages.</p> : null}
        <ol className={stackedList}>
          {items.fields.map((field, index) => (
            <li key={field.key} className={styles.link}>
              <TextField label={`Link ${index + 1} name`} error={errors.items?.[index]?.name?.message} {...register(`items.${index}.name`)} />
              <TextField
                label={`Link ${index + 1} address`}
                hint="A path like /nz/charities, or an https:// address."
                error={errors.items?.[index]?.path?.message}
                {...register(`items.${index}.path`)}
              />
              <div className={styles.tools}>
                <Button variant="ghost" size="sm" disabled={index === 0} onClick={() => items.move(index, index - 1)}>
                  Up<span className="visually-hidden"> link {index + 1}</span>
                </Button>
                <Button variant="ghost" size="sm" disabled={index === items.fields.length - 1} onClick={() => items.move(index, index + 1)}>
                  Down<span className="visually-hidden"> link {index + 1}</span>
                </Button>
                <Button variant="ghost" size="sm" onClick={() => items.remove(index)}>
                  Remove<span className="visually-hidden"> link {index + 1}</span>
                </Button>
              </div>
            </li>
          ))}
        </ol>
        {listError ? <FormMessage>{listError}</FormMessage> : null}
        <NoticeMessage notice={notice} />
        <FormActions>
          <Button type="submit" loading={isSubmitting}>
            Save menu links
          </Button>
        </FormActions>
      </StackedForm>
    </Panel>
  );
}
