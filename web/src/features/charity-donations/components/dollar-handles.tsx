import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminGift } from '@giving/shared/contracts/dollar-handles';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ConsoleScreen, RowHeader } from '../../../components/ui/console-page';
import { DateText } from '../../../components/ui/date-text';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { ScreenHeader } from '../../../components/ui/panel';
import { QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader, RowAction, useConfirmedAction } from '../../../components/ui/row-actions';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tag } from '../../../components/ui/tag';
import { useCharityGifts } from '../api/get-charity-gifts';
import { useSetGiftActive } from '../api/set-gift-active';
import { useCan, useCharityId } from '../hooks/use-console';
import { DEACTIVATE_EXPLANATION, giftPagePath, giftPriceText } from '../gift-text';
import { GiftForm } from './gift-form';
import { GiftPictures } from './gift-pictures';
import styles from './charity-donations.module.css';

type Editing = { kind: 'new' } | { kind: 'gift'; giftId: string } | undefined;

/**
 * /admin/charity/:charityId/dollar-handles — the charity's gifts ("dollar handles"), active and inactive. Admins add
 * and edit them (title, description, page address, price, pictures) and activate or deactivate them.
 */
export function DollarHandles() {
  const charityId = useCharityId();
  const gifts = useCharityGifts(charityId);
  const canManage = useCan({ anyOf: ['Charity_DollarHandleManage'] }, { charityId });
  const [editing, setEditing] = useState<Editing>();
  const [notice, setNotice] = useState<string>();
  const toggle = useConfirmedAction(useSetGiftActive(charityId), {
    variables: (gift: AdminGift) => ({ gift, isActive: !gift.isActive }),
    onDone: (gift) => setNotice(`“${gift.title}” is now ${gift.isActive ? 'inactive' : 'active'}.`),
  });

  const header = (
    <ScreenHeader
      title="Dollar Handles"
      description="Gifts donors can give on your charity’s page, each funding something concrete."
      actions={
        canManage && editing === undefined ? (
          <Button
            onClick={() => {
              setNotice(undefined);
              setEditing({ kind: 'new' });
            }}
          >
            Add gift
          </Button>
        ) : null
      }
    />
  );
  const items = gifts.data?.items ?? [];
  const edited = editing?.kind === 'gift' ? items.find((gift) => gift.id === editing.giftId) : undefined;
  const done = (saved?: AdminGift) => {
    if (saved && editing?.kind === 'new') {
      // A new gift goes on to its pictures.
      setNotice(`“${saved.title}” was added. Add its pictures below.`);
      setEditing({ kind: 'gift', giftId: saved.id });
      return;
    }
    if (saved) setNotice(`“${saved.title}” was saved.`);
    setEditing(undefined);
  };

  return (
    <ConsoleScreen>
      {header}
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      {editing?.kind === 'new' ? <GiftForm charityId={charityId} onDone={done} /> : null}
      {edited ? (
        <>
          <GiftForm key={edited.id} charityId={charityId} gift={edited} onDone={done} />
          <GiftPictures charityId={charityId} gift={edited} />
        </>
      ) : null}
      {!gifts.isSuccess ? (
        <QueryStates query={gifts} loading="Loading your gifts" failed="We couldn’t load your gifts" />
      ) : items.length === 0 ? (
        <EmptyState
          title="No gifts yet"
          description="Add a gift such as “Feed a kiwi chick for a week”: donors like to know what their money does."
        />
      ) : (
        <Table caption="Gifts">
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Picture</span>
              </th>
              <th scope="col">Gift</th>
              <th scope="col">Price</th>
              <th scope="col">Status</th>
              <th scope="col">Last changed</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {items.map((gift) => (
              <tr key={gift.id}>
                <td>{gift.iconUrl || gift.imageUrl ? <img className={styles.thumb} src={gift.iconUrl || gift.imageUrl} alt="" /> : <span className={styles.thumb} />}</td>
                <RowHeader>{gift.title}</RowHeader>
                <td className={styles.nowrap}>{giftPriceText(gift)}</td>
                <td>{gift.isActive ? <Tag tone="success">Active</Tag> : <Tag>Inactive</Tag>}</td>
                <td>
                  <DateText value={gift.updatedAt} />
                </td>
                <ActionsCell>
                  <Link to={giftPagePath(gift)}>
                    View page<span className="visually-hidden"> of {gift.title}</span>
                  </Link>
                  {canManage ? (
                    <>
                      <RowAction
                        label="Edit"
                        target={gift.title}
                        onClick={() => {
                          setNotice(undefined);
                          setEditing({ kind: 'gift', giftId: gift.id });
                        }}
                      />
                      <RowAction label={gift.isActive ? 'Deactivate' : 'Activate'} target={gift.title} onClick={() => toggle.ask(gift)} />
                    </>
                  ) : null}
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <ConfirmDialog
        {...toggle.dialog}
        title={toggle.item?.isActive ? 'Deactivate gift?' : 'Activate gift?'}
        confirmLabel={toggle.item?.isActive ? 'Deactivate gift' : 'Activate gift'}
      >
        {toggle.item ? (toggle.item.isActive ? `“${toggle.item.title}”: ${DEACTIVATE_EXPLANATION}` : `“${toggle.item.title}” will take donations again.`) : null}
      </ConfirmDialog>
    </ConsoleScreen>
  );
}
