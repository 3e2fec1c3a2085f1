import { localDateText } from '@giving/shared/local-time';
import type { Mailer } from '@giving/shared/mail';
import type { Once } from '@giving/shared/once';
import type { StoredOpportunity } from './ports';


const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A volunteer role the back office denied reaches its charity: its volunteering contact (the role's contactEmail) is
 * e-mailed the reason, once per denial (keyed by when it was denied), from the table stream once the denial is
 * stored. A role that stays denied while it is edited again is not news. A failed send is given back and thrown.
 */
export async function notifyOpportunityDenied(
  deps: { mailer: Mailer; siteUrl: string; once: Once },
  opportunity: Pick<StoredOpportunity, 'id' | 'title' | 'country' | 'charity' | 'contactEmail' | 'contentStatus' | 'deniedReason' | 'deniedAt'>,
): Promise<'sent' | 'already' | 'skipped'> {
  if (opportunity.contentStatus !== 'Denied' || !opportunity.deniedAt || !opportunity.contactEmail) return 'skipped';
  const key = `opportunity-denied#${opportunity.id}#${opportunity.deniedAt}`;
  const claim = await deps.once.begin(key);
  if (claim === 'done') return 'already';
  if (claim === 'busy') throw new Error(`opportunity ${opportunity.id}: another consumer is sending its denial`);
  const link = `${deps.siteUrl.replace(/\/+$/, '')}/admin/charity/${encodeURIComponent(opportunity.charity.id)}/volunteer-roles`;
  const text = [
    'Kia ora,',
    '',
    `The Koha team did not approve ${opportunity.charity.name}’s volunteer role “${opportunity.title}” (${localDateText(opportunity.deniedAt, opportunity.country, 'long')}).`,
    '',
    opportunity.deniedReason ? `The reason they gave:\n${opportunity.deniedReason}` : 'They gave no reason; reply to this e-mail to ask them.',
    '',
    `The role is not listed. Edit it from your volunteer roles and it is sent for approval again:\n${link}`,
    '',
    'Ngā mihi,',
    'The Koha team',
  ].join('\n');
  try {
    await deps.mailer.send({
      to: opportunity.contactEmail,
      subject: `Your volunteer role “${opportunity.title}” was not approved`,
      text,
      html: `<div style="font-family:sans-serif;line-height:1.5">${escapeHtml(text).replace(/\n/g, '<br>')}</div>`,
    });
  } catch (error) {
    await deps.once.release(key);
    throw error;
  }
  await deps.once.complete(key);
  return 'sent';
}
