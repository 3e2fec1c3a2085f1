import type { ContentItem } from '@giving/shared/contracts/accounts';
import { localDateText } from '@giving/shared/local-time';
import type { Mailer } from '@giving/shared/mail';
import type { Once } from '@giving/shared/once';
import { emailTemplate, type EmailTemplateStore } from './back-office-content';
import { renderTemplate } from './email-templates';
import type { MembershipStore, TenantDirectory } from './people';


export interface ContentNoticeDeps {
  memberships: Pick<MembershipStore, 'listCharityMembers'>;
  tenants: Pick<TenantDirectory, 'charity'>;
  templates: EmailTemplateStore;
  mailer: Mailer;
  /** Each (denial, recipient) e-mail is sent once, however often the stream delivers the record. */
  once: Once;
  /** The site's address, for the link to the charity's settings. */
  siteUrl: string;
}

/**
 * A denied profile change reaches the charity: its administrators (who send profile changes) are e-mailed the
 * reason from the 'content-denied' template. Runs from the accounts table's stream once the denial is stored, so a
 * decision is never lost to a failed send; a proposal that a newer one replaced (denied by nobody) is not news.
 * A failed send is given back and thrown, so the stream retries it.
 */
export async function notifyContentDenied(deps: ContentNoticeDeps, item: ContentItem): Promise<{ sent: number }> {
  if (item.status !== 'Denied' || !item.decidedBy || !item.reason) return { sent: 0 };
  const [charity, members] = await Promise.all([deps.tenants.charity(item.charityId), deps.memberships.listCharityMembers(item.charityId)]);
  if (!charity) return { sent: 0 };
  const recipients = [...new Set(members.filter((m) => m.roles.includes('Charity.Admin') && m.email).map((m) => m.email.toLowerCase()))];
  const template = await emailTemplate(deps, 'content-denied');
  const values = {
    charityName: charity.name,
    submittedOn: localDateText(item.submittedAt, charity.country, 'long'),
    reason: item.reason,
    settingsUrl: `${deps.siteUrl.replace(/\/+$/, '')}/admin/charity/${encodeURIComponent(charity.id)}/settings`,
  };
  let sent = 0;
  for (const to of recipients) {
    const key = `content-denied#${item.id}#${to}`;
    const claim = await deps.once.begin(key);
    if (claim === 'done') continue;
    if (claim === 'busy') throw new Error(`content ${item.id}: another consumer is sending its denial to ${to}`);
    try {
      await deps.mailer.send(renderTemplate(template, to, values));
    } catch (error) {
      await deps.once.release(key);
      throw error;
    }
    await deps.once.complete(key);
    sent++;
  }
  return { sent };
}
