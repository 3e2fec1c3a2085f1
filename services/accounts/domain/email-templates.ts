import type { EmailTemplate } from '@giving/shared/contracts/accounts';
import type { OutgoingMail } from '@giving/shared/mail';

/**
 * The e-mails accounts sends. The back office edits subject and body (email-templates screen); these are the
 * defaults until it does. Placeholders are {{name}}; unknown placeholders are left as written.
 */
export const EMAIL_TEMPLATE_IDS = ['member-invitation', 'badge-awarded', 'content-denied', 'data-export-ready', 'account-deleted'] as const;
export type EmailTemplateId = (typeof EMAIL_TEMPLATE_IDS)[number];

export const DEFAULT_EMAIL_TEMPLATES: Readonly<Record<EmailTemplateId, Omit<EmailTemplate, 'updatedAt'>>> = {
  'member-invitation': {
    id: 'member-invitation',
    name: 'Member invitation',
    description: 'Sent when a charity or workplace invites someone to join it.',
    subject: 'You are invited to join {{tenantName}} on Koha',
    body: 'Kia ora,\n\n{{inviterName}} has invited you to join {{tenantName}} as {{role}}.\n\nSign in with this e-mail address and accept the invitation here:\n{{acceptUrl}}\n\nThe invitation expires on {{expiresOn}}.\n\nNgā mihi,\nThe Koha team',
    placeholders: ['inviterName', 'tenantName', 'role', 'acceptUrl', 'expiresOn'],
  },
  'badge-awarded': {
    id: 'badge-awarded',
    name: 'Badge awarded',
    description: 'Sent when a member earns a badge.',
    subject: 'You earned the {{badgeName}} badge',
    body: 'Kia ora {{firstName}},\n\nThank you for your generosity. You earned the {{badgeName}} badge: {{badgeDescription}}\n\nSee your badges: {{badgesUrl}}\n\nNgā mihi,\nThe Koha team',
    placeholders: ['firstName', 'badgeName', 'badgeDescription', 'badgesUrl'],
  },
  'content-denied': {
    id: 'content-denied',
    name: 'Profile changes not approved',
    description: 'Sent to a charity’s administrators when the back office denies the profile changes they sent.',
    subject: 'Your changes to {{charityName}} were not approved',
    body: 'Kia ora,\n\nThe Koha team did not approve the changes to {{charityName}}’s profile that were sent on {{submittedOn}}.\n\nThe reason they gave:\n{{reason}}\n\nYour public profile stays as it was. You can see the changes, correct them and send them again from your settings:\n{{settingsUrl}}\n\nNgā mihi,\nThe Koha team',
    placeholders: ['charityName', 'submittedOn', 'reason', 'settingsUrl'],
  },
  'data-export-ready': {
    id: 'data-export-ready',
    name: 'Your data is ready',
    description: 'Sent when the data a member asked for ("Download my data") is ready to download.',
    subject: 'Your Koha data is ready to download',
    body: 'Kia ora {{firstName}},\n\nThe copy of your data you asked for on {{requestedOn}} is ready. It has everything Koha holds about you, from every part of the platform, as JSON and CSV files in one .zip file.\n\nSign in and download it here (it is available until {{availableUntil}}):\n{{downloadUrl}}\n\nIf you did not ask for your data, sign in and change your password, then reply to this e-mail.\n\nNgā mihi,\nThe Koha team',
    placeholders: ['firstName', 'requestedOn', 'availableUntil', 'downloadUrl'],
  },
  'account-deleted': {
    id: 'account-deleted',
    name: 'Account deleted',
    description: 'Sent when a member deletes their account, to the address they signed in with (the last e-mail sent to it).',
    subject: 'Your Koha account has been deleted',
    body: 'Kia ora {{firstName}},\n\nAs you asked on {{requestedOn}}, your Koha account has been deleted. You can no longer sign in with {{email}}.\n\nYour profile, saved cards, monthly donations, memberships, volunteering and fundraising details are being erased from every part of the platform; monthly donations and memberships will not be charged again. The donations you made stay with the charities for their tax records, without your name.\n\nThis is the last e-mail we send to this address. If you did not ask for this, reply to this e-mail straight away.\n\nNgā mihi,\nThe Koha team',
    placeholders: ['firstName', 'requestedOn', 'email'],
  },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

const fill = (text: string, values: Readonly<Record<string, string>>, encode: (value: string) => string) =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? encode(values[name] as string) : whole));

/** Renders a template to a text and an HTML part; values are escaped in the HTML part. */
export function renderTemplate(template: Pick<EmailTemplate, 'subject' | 'body'>, to: string, values: Readonly<Record<string, string>>): OutgoingMail {
  const text = fill(template.body, values, (v) => v);
  const html = `<div style="font-family:sans-serif;line-height:1.5">${escapeHtml(template.body)
    .split('\n')
    .join('<br>')
    .replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? escapeHtml(values[name] as string) : whole))}</div>`;
  return { to, subject: fill(template.subject, values, (v) => v), text, html };
}
