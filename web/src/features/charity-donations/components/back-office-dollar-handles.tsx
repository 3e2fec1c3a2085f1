import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { AdminGift } from '@giving/shared/contracts/dollar-handles';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { ConsoleScreen, RowHeader } from '../../../components/ui/console-page';
import { EmptyState } from '../../../components/ui/empty-state';
import { FormMessage } from '../../../components/ui/field';
import { ScreenHeader, Toolbar } from '../../../components/ui/panel';
import { LoadMore, QueryStates } from '../../../components/ui/query-states';
import { ActionsHeader, RowAction, useConfirmedAction } from '../../../components/ui/row-actions';
import { SearchBox } from '../../../components/ui/search-box';
import { ActionsCell, Table } from '../../../components/ui/table';
import { Tag } from '../../../components/ui/tag';
import { useBackOfficeGifts } from '../api/get-back-office-gifts';
import { useSetGiftActive } from '../api/set-gift-active';
import { useCan } from '../hooks/use-console';
import { DEACTIVATE_EXPLANATION, giftPagePath, giftPriceText } from '../gift-text';

/**
 * /admin/backoffice/dollar-handles — every charity's gifts: search by gift or charity name, show one charity's
 * gifts, and activate or deactivate any of them.
 */
export function BackOfficeDollarHandles() {
  const [query, setQuery] = useState('');
  const [charity, setCharity] = useState<{ id: string; name: string }>();
  const gifts = useBackOfficeGifts({ q: query, charityId: charity?.id });
  const canManage = useCan({ anyOf: ['BackOffice_ManageCharities'] });
  const [notice, setNotice] = useState<string>();
  const toggle = useConfirmedAction(useSetGiftActive(), {
    variables: (gift: AdminGift) => ({ gift, isActive: !gift.isActive }),
    onDone: (gift) => setNotice(`“${gift.title}” of ${gift.charity.name} is now ${gift.isActive ? 'inactive' : 'active'}.`),
  });
  const items = gifts.data?.pages.flatMap((page) => page.items) ?? [];

  let list;
  if (!gifts.data) list = <QueryStates query={gifts} loading="Loading gifts" failed="We couldn’t load the gifts" />;
  else if (items.length === 0) {
    list = <EmptyState title="No gifts found" description={query ? `Nothing matches “${query}”. Try a gift’s or a charity’s name.` : 'No charity has a gift yet.'} />;
  } else {
    list = (
      <>
        <Table caption={charity ? `Gifts of ${charity.name}` : query ? `Gifts matching “${query}”` : 'Gifts'}>
          <thead>
            <tr>
              <th scope="col">Gift</th>
              <th scope="col">Charity</th>
              <th scope="col">Price</th>
              <th scope="col">Status</th>
              <ActionsHeader />
            </tr>
          </thead>
          <tbody>
            {items.map((gift) => (
              <tr key={gift.id}>
                <RowHeader>{gift.title}</RowHeader>
                <td>
                  {charity ? (
                    gift.charity.name
                  ) : (
                    <Button variant="ghost" size="sm" onClick={() => setCharity({ id: gift.charity.id, name: gift.charity.name })}>
                      {gift.charity.name}
                      <span className="visually-hidden"> (show only this charity’s gifts)</span>
                    </Button>
                  )}
                </td>
                <td>{giftPriceText(gift)}</td>
                <td>{gift.isActive ? <Tag tone="success">Active</Tag> : <Tag>Inactive</Tag>}</td>
                <ActionsCell>
                  <Link to={giftPagePath(gift)}>
                    View page<span className="visually-hidden"> of {gift.title}</span>
                  </Link>
                  {canManage ? (
                    <RowAction label={gift.isActive ? 'Deactivate' : 'Activate'} target={`${gift.title} of ${gift.charity.name}`} onClick={() => toggle.ask(gift)} />
                  ) : null}
                </ActionsCell>
              </tr>
            ))}
          </tbody>
        </Table>
        <LoadMore query={gifts} noun="gifts" />
      </>
    );
  }

  return (
    <ConsoleScreen>
      <ScreenHeader title="Dollar Handles" description="Every charity’s gifts. Choose a charity’s name to see only its gifts." />
      {notice ? <FormMessage tone="info">{notice}</FormMessage> : null}
      <Toolbar>
        <SearchBox label="Search gifts" placeholder="Search by gift or charity name" initialValue={query} onSearch={setQuery} />
        {charity ? (
          <Button variant="secondary" size="sm" onClick={() => setCharity(undefined)}>
            Showing {charity.name} only: show all charities
          </Button>
        ) : null}
      </Toolbar>
      {list}
      <ConfirmDialog
        {...toggle.dialog}
        title={toggle.item?.isActive ? 'Deactivate gift?' : 'Activate gift?'}
        confirmLabel={toggle.item?.isActive ? 'Deactivate gift' : 'Activate gift'}
      >
        {toggle.item
          ? toggle.item.isActive
            ? `“${toggle.item.title}” of ${toggle.item.charity.name}: ${DEACTIVATE_EXPLANATION}`
            : `“${toggle.item.title}” of ${toggle.item.charity.name} will take donations again.`
          : null}
      </ConfirmDialog>
    </ConsoleScreen>
  );
}
