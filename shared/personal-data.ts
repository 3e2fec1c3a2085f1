import { strToU8, zipSync } from 'fflate';
import { toCsv, type CsvField } from './csv';
import type { PersonalDataService } from './events/privacy';

/**
 * A member's own data ("Download my data", "Delete my account"): what each service gives and how accounts puts the
 * parts together. The parts and the archive live in the private personal-data bucket:
 *   exports/<memberId>/<exportId>/parts/<service>.json   one per service (PersonalDataPart)
 *   exports/<memberId>/<exportId>/<archive name>.zip       data.json, a CSV per data set, README.txt
 */

/** One value of a row: what a CSV cell can hold. Lists and objects are written as JSON in the CSV (as they are in data.json). */
export type PersonalDataValue = string | number | boolean | null | readonly unknown[] | { readonly [key: string]: unknown };
export type PersonalDataRow = Readonly<Record<string, PersonalDataValue | undefined>>;

/** One kind of record a service holds about the member ("donations", "saved cards"), described for the README. */
export interface PersonalDataset {
  /** Short, lower case, file-name safe: `[a-z0-9-]+` ("donations", "saved-cards"). */
  readonly name: string;
  /** One sentence a member understands: what these records are. */
  readonly description: string;
  readonly rows: readonly PersonalDataRow[];
}

export interface PersonalDataPart {
  readonly service: PersonalDataService;
  readonly exportId: string;
  readonly memberId: string;
  readonly gatheredAt: string;
  readonly datasets: readonly PersonalDataset[];
}

/** What a service did with one kind of record when the member deleted their account. */
export interface ErasedDataset {
  readonly name: string;
  /** Deleted outright. */
  readonly erased: number;
  /** Kept (the law or another person needs it) without the member's identity. */
  readonly anonymised: number;
}

/** How an erased member is named wherever a record must stay (a donation's donor, a comment's author). */
export const ERASED_MEMBER_NAME = 'Deleted member';

export const DATASET_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;

export const exportPrefix = (memberId: string, exportId: string) => `exports/${memberId}/${exportId}`;
export const partKey = (memberId: string, exportId: string, service: PersonalDataService) => `${exportPrefix(memberId, exportId)}/parts/${service}.json`;
export const archiveName = (requestedAt: string) => `koha-my-data-${requestedAt.slice(0, 10)}.zip`;
export const archiveKey = (memberId: string, exportId: string, requestedAt: string) => `${exportPrefix(memberId, exportId)}/${archiveName(requestedAt)}`;

const cell = (value: PersonalDataValue | undefined): CsvField => {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return JSON.stringify(value);
};

/** A data set as CSV: a column per field any row has, in the order they first appear. */
export function datasetCsv(dataset: PersonalDataset): string {
  const header: string[] = [];
  const seen = new Set<string>();
  for (const row of dataset.rows)
    for (const field of Object.keys(row))
      if (!seen.has(field)) {
        seen.add(field);
        header.push(field);
      }
  return toCsv(header, dataset.rows.map((row) => header.map((field) => cell(row[field]))));
}

const SERVICE_TITLES: Readonly<Record<PersonalDataService, string>> = {
  accounts: 'Your account',
  donations: 'Donations, payments and memberships',
  workplace: 'Workplace giving',
  volunteering: 'Volunteering',
  fundraising: 'Fundraising pages',
  matching: 'Matched donations',
};

/**
 * The archive a member downloads: data.json (every part, as given), a CSV per data set under its service's folder
 * (`donations/donations.csv`), and README.txt saying what each file holds. Parts come in service order.
 */
export function buildArchive(input: { memberId: string; email: string; requestedAt: string; createdAt: string; parts: readonly PersonalDataPart[] }): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const json = {
    member: { id: input.memberId, email: input.email },
    requestedAt: input.requestedAt,
    createdAt: input.createdAt,
    services: Object.fromEntries(
      input.parts.map((part) => [part.service, { gatheredAt: part.gatheredAt, datasets: Object.fromEntries(part.datasets.map((d) => [d.name, { description: d.description, rows: d.rows }])) }]),
    ),
  };
  files['data.json'] = strToU8(`${JSON.stringify(json, null, 2)}\n`);
  const readme = [
    'Your data from Koha',
    '',
    `Everything Koha holds about ${input.email} (member ${input.memberId}), gathered from each part of the platform on ${input.createdAt.slice(0, 10)}.`,
    'data.json has all of it in one file; each data set is also a CSV file you can open in a spreadsheet.',
    'Amounts are in cents (1000 is $10.00) with their currency; times are in UTC (ISO 8601).',
    '',
  ];
  for (const part of input.parts) {
    readme.push(`${SERVICE_TITLES[part.service]} (${part.service}/)`);
    if (part.datasets.length === 0) readme.push('  Nothing is held here about you.');
    for (const dataset of part.datasets) {
      const file = `${part.service}/${dataset.name}.csv`;
      files[file] = strToU8(datasetCsv(dataset));
      readme.push(`  ${file} (${dataset.rows.length} ${dataset.rows.length === 1 ? 'record' : 'records'}): ${dataset.description}`);
    }
    readme.push('');
  }
  readme.push('Questions about your data: reply to the e-mail that brought you this download.');
  files['README.txt'] = strToU8(`${readme.join('\r\n')}\r\n`);
  const mtime = new Date(input.createdAt);
  return zipSync(Object.fromEntries(Object.entries(files).map(([name, bytes]) => [name, [bytes, { mtime }]])), { level: 6 });
}
