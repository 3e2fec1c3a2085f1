import type { EligibilityReport } from '@giving/shared/contracts/workplace-payroll';

/** How the eligibility files screen words the contract's values. Pure. */

/** What an eligibility file may be: a CSV (by extension or media type). */
export const ELIGIBILITY_FILE_TYPES = ['.csv', 'text/csv'] as const;
export const ELIGIBILITY_FILE_WORDS = 'a CSV file (.csv)';
export const ELIGIBILITY_TEMPLATE_NAME = 'eligibility-file-template.csv';

/** The rule the API applies to a file with any error (said above the upload and under a rejected one). */
export const ELIGIBILITY_ALL_OR_NOTHING = 'One error anywhere and nothing changes: fix the rows listed and upload the file again.';

const count = (n: number, one: string, many: string) => `${n.toLocaleString('en-NZ')} ${n === 1 ? one : many}`;

/**
 * An accepted file in words: its rows, how many name members (whose employment records are being updated), and that
 * rows for anyone else change nothing (accounts applies a row only to someone who is a member when it arrives).
 * 'then' words a file uploaded before, from the list.
 */
export function acceptedWords(report: Pick<EligibilityReport, 'rowCount' | 'memberCount'>, tense: 'now' | 'then' = 'now'): string {
  const { rowCount, memberCount } = report;
  const others = rowCount - memberCount;
  const n = (value: number) => value.toLocaleString('en-NZ');
  const rows = `Accepted: ${count(rowCount, 'row', 'rows')}; `;
  if (tense === 'then') {
    if (memberCount === 0) return `${rows}none of them named a member of the workplace then, so nothing changed. Upload the file again to update anyone who has joined since.`;
    const members = memberCount === 1 ? '1 named a member, whose employment record was updated.' : `${n(memberCount)} named members, whose employment records were updated.`;
    if (others <= 0) return `${rows}${members}`;
    const rest = `The other ${n(others)} changed nothing: ${others === 1 ? 'that person was not a member' : 'those people were not members'} of the workplace then. Upload the file again to update anyone who has joined since.`;
    return `${rows}${members} ${rest}`;
  }
  if (memberCount === 0) {
    return `${rows}none of them names a member of the workplace yet, so nothing changes. Upload the file again after those people join.`;
  }
  const members = memberCount === 1 ? '1 is a member now and their employment record is being updated.' : `${n(memberCount)} are members now and their employment records are being updated.`;
  if (others <= 0) return `${rows}${members}`;
  const rest =
    others === 1
      ? 'The other 1 changes nothing: that person is not a member of the workplace yet. Upload the file again after they join.'
      : `The other ${n(others)} change nothing: those people are not members of the workplace yet. Upload the file again after they join.`;
  return `${rows}${members} ${rest}`;
}

/** Under 'Rejected: nothing changed.': how many problems, in how many rows. */
export function rejectedWords(report: Pick<EligibilityReport, 'rowCount' | 'errorCount'>): string {
  return `${count(report.errorCount, 'problem', 'problems')} in a file of ${count(report.rowCount, 'row', 'rows')}.`;
}

/** At most this many problems are listed on screen (a file can have 50,000 rows). */
export const MAX_LISTED_ERRORS = 500;

export const ELIGIBILITY_STATUS_TONES: Readonly<Record<EligibilityReport['status'], 'success' | 'danger'>> = { Accepted: 'success', Rejected: 'danger' };
