import { useState } from 'react';
import type { TaxYearSummary } from '@giving/shared/contracts/member-giving';
import { COUNTRIES } from '@giving/shared/countries';
import { formatMoney } from '@giving/shared/money';
import { Button } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/field';
import { Panel } from '../../../components/ui/panel';
import { SelectField } from '../../../components/ui/select-field';
import { useDownload } from '../../../lib/use-download';
import { downloadTaxStatement } from '../api/download-tax-statement';
import { useMyTaxYears } from '../api/get-my-tax-years';
import { localeOf } from './giving-text';
import styles from './user-area.module.css';

const keyOf = (year: TaxYearSummary) => `${year.country}-${year.taxYear}`;

/** "2027 tax year, New Zealand: 3 donations, $85.00" (short enough for a phone's select). */
const yearText = (year: TaxYearSummary) =>
  `${year.name}, ${COUNTRIES[year.country].name}: ${year.donationCount} ${year.donationCount === 1 ? 'donation' : 'donations'}, ${formatMoney(year.total, localeOf(year.country))}`;

/**
 * The donation history's annual tax statements: a picker of the tax years the member gave in (per country, since
 * New Zealand's and Australia's differ) and the chosen year's statement as a PDF. Nothing shows until they have given.
 */
export function TaxStatements() {
  const years = useMyTaxYears();
  const [chosen, setChosen] = useState<string>();
  const { download, downloading, error } = useDownload();
  const items = years.data?.items ?? [];
  if (items.length === 0) return null;
  const selected = items.find((year) => keyOf(year) === chosen) ?? items[0]!;
  return (
    <Panel
      title="Tax statements"
      description="A statement for each tax year you gave in, for your tax return: every donation with its receipt number and what you can claim. New Zealand’s tax year runs from 1 April to 31 March, Australia’s from 1 July to 30 June."
    >
      <div className={styles.taxStatement}>
        <SelectField
          label="Tax year"
          hint={`From ${selected.period}.`}
          options={items.map((year) => ({ value: keyOf(year), label: yearText(year) }))}
          value={keyOf(selected)}
          onChange={(event) => setChosen(event.target.value)}
        />
        <Button loading={downloading} onClick={() => void download(() => downloadTaxStatement({ country: selected.country, taxYear: selected.taxYear }))}>
          Download tax statement
        </Button>
      </div>
      {error ? <FormMessage>We couldn’t download your tax statement: {error}</FormMessage> : null}
    </Panel>
  );
}
