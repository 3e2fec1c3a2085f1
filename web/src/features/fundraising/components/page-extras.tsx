import type { AdminMenu } from '@giving/shared/contracts/accounts';
import { MAX_COMMENT_LENGTH, newCommentSchema, type Page } from '@giving/shared/contracts/fundraising';
import type { CountryCode } from '@giving/shared/countries';
import { isAdministrator, tenantRolePermissions } from '@giving/shared/permissions';
import { Button } from '../../../components/ui/button';
import { DateText } from '../../../components/ui/date-text';
import { FormMessage, TextareaField } from '../../../components/ui/field';
import { LoadMore, QueryStates } from '../../../components/ui/query-states';
import { ShareBar } from '../../../components/ui/share-bar';
import { Tag } from '../../../components/ui/tag';
import { applyServerErrors, formFields } from '../../../components/ui/server-errors';
import { useAdminMenu } from '../../../lib/account';
import { errorMessageOf } from '../../../lib/api-client';
import { currentPath } from '../../../lib/return-path';
import { requestLogin, useSession } from '../../../lib/session';
import { useAddComment } from '../api/add-comment';
import { useComments } from '../api/get-comments';
import { useDonors } from '../api/get-donors';
import { useMyRole } from '../api/get-my-role';
import { useRemoveComment } from '../api/remove-comment';
import { amountText, pagePath } from '../fundraising-text';
import { OwnerTools } from './owner-tools';
import styles from './fundraising.module.css';
import { useAppForm } from '../../../lib/use-app-form';

/**
 * What a fundraising page shows below its first screen (a chunk of its own, asked for once that screen is drawn):
 * its donors, its comments, the share bar with its QR code, and, for those who can manage it, their tools.
 */
export function PageExtras({ page, country }: { page: Page; country: CountryCode }) {
  const role = useMyRole({ kind: 'page', id: page.id });
  const manager = role.data?.canManage === true;
  const menu = useAdminMenu();
  const url = `${window.location.origin}${pagePath(country, page)}`;
  return (
    <>
      <Donors page={page} country={country} />
      <Comments page={page} country={country} moderator={manager || moderatesComments(menu.data, page.charity.id)} />
      <ShareBar heading="Share this page" url={url} title={page.title} fileName={`${page.pageUrl}-qr`} />
      {manager ? <OwnerTools page={page} country={country} /> : null}
    </>
  );
}

/**
 * Whether the member may remove anyone's comment on a charity's pages without being on the page's team: its charity's
 * fundraising staff (Charity_FundraisingManage there) and back-office administrators, as the API allows.
 */
export function moderatesComments(menu: AdminMenu | undefined, charityId: string): boolean {
  if (!menu) return false;
  if (isAdministrator(menu.adminRoles)) return true;
  return menu.charityAssociations.some((charity) => charity.charityId === charityId && tenantRolePermissions('charity', charity.roles).has('Charity_FundraisingManage'));
}

/** The honour roll, newest first: 'Anonymous' for anonymous gifts (the API names them so), the message when shown. */
function Donors({ page, country }: { page: Page; country: CountryCode }) {
  const donors = useDonors(page.id);
  const items = donors.data?.pages.flatMap((list) => list.items) ?? [];
  return (
    <section className={styles.section} aria-labelledby="donors-heading">
      <h2 id="donors-heading">Donors</h2>
      {!donors.data ? (
        <QueryStates query={donors} loading="Loading donors" failed="We couldn’t load the donors" headingLevel={3} />
      ) : items.length === 0 ? (
        <p className={styles.muted}>No donations yet.{page.status === 'Open' ? ' Be the first to give.' : ''}</p>
      ) : (
        <>
          <ul className={styles.list} aria-label="Donors">
            {items.map((donor) => (
              <li key={donor.id} className={styles.row}>
                <span className={styles.rowMain}>
                  <span className={styles.rowName}>{donor.name}</span>
                  {donor.message ? <span>{donor.message}</span> : null}
                  <span className={styles.muted}>
                    <DateText value={donor.donatedOn} country={country} />
                  </span>
                </span>
                <span className={styles.rowName}>
                  {amountText(donor.amount, donor.currency)} {donor.kind !== 'Online' ? <Tag>{donor.kind}</Tag> : null}
                </span>
              </li>
            ))}
          </ul>
          <LoadMore query={donors} noun="donors" />
        </>
      )}
    </section>
  );
}

/** Comments, newest first; members add theirs; authors and moderators (the page's managers, its charity's staff, administrators) remove them. */
function Comments({ page, country, moderator }: { page: Page; country: CountryCode; moderator: boolean }) {
  const session = useSession();
  const comments = useComments(page.id);
  const remove = useRemoveComment(page.id);
  const memberId = session.status === 'signedIn' ? session.memberId : undefined;
  return (
    <section className={styles.section} aria-labelledby="comments-heading">
      <h2 id="comments-heading">Comments</h2>
      {session.status === 'signedIn' ? (
        <CommentForm pageId={page.id} />
      ) : session.status === 'signedOut' ? (
        <p>
          <Button variant="secondary" size="sm" onClick={() => requestLogin({ returnTo: currentPath() })}>
            Log in to comment
          </Button>
        </p>
      ) : null}
      {remove.isError ? <FormMessage>{errorMessageOf(remove.error)}</FormMessage> : null}
      {!comments.isSuccess ? (
        <QueryStates query={comments} loading="Loading comments" failed="We couldn’t load the comments" headingLevel={3} />
      ) : comments.data.items.length === 0 ? (
        <p className={styles.muted}>No comments yet.</p>
      ) : (
        <ul className={styles.list} aria-label="Comments">
          {comments.data.items.map((comment) => (
            <li key={comment.id} className={styles.row}>
              <span className={styles.rowMain}>
                <span className={styles.rowName}>{comment.author.name}</span>
                <span className={styles.story}>{comment.text}</span>
                <span className={styles.muted}>
                  <DateText value={comment.createdOn} country={country} />
                </span>
              </span>
              {moderator || (memberId !== undefined && comment.author.memberId === memberId) ? (
                <Button variant="ghost" size="sm" loading={remove.isPending && remove.variables === comment.id} onClick={() => remove.mutate(comment.id)}>
                  Remove<span className="visually-hidden"> the comment by {comment.author.name}</span>
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function CommentForm({ pageId }: { pageId: string }) {
  const add = useAddComment(pageId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useAppForm<{ text: string }>({ defaultValues: { text: '' } });
  const submit = handleSubmit(async ({ text }) => {
    const parsed = newCommentSchema.safeParse({ text });
    if (!parsed.success) return setError('text', { type: 'validate', message: parsed.error.issues[0]?.message ?? '' }, { shouldFocus: true });
    try {
      await add.mutateAsync(parsed.data.text);
      reset({ text: '' });
    } catch (error) {
      const left = applyServerErrors(error, setError, formFields(['text']));
      if (left) setError('root', { type: 'server', message: left });
    }
  });
  return (
    <form onSubmit={(event) => void submit(event)} noValidate aria-label="Add a comment" className={styles.fields}>
      <TextareaField label="Add a comment" rows={3} maxLength={MAX_COMMENT_LENGTH} error={errors.text?.message} {...register('text')} />
      {errors.root?.message ? <FormMessage>{errors.root.message}</FormMessage> : null}
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" loading={isSubmitting}>
          Post comment
        </Button>
      </div>
    </form>
  );
}
