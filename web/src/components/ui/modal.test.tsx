import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Modal } from './modal';

function Harness({ dismissible = true, returnFocus }: { dismissible?: boolean; returnFocus?: () => HTMLElement | null }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <p id="after-close" tabIndex={-1}>
        Why it closed
      </p>
      <Modal open={open} title="Remove card" onClose={dismissible ? () => setOpen(false) : undefined} returnFocus={returnFocus}>
        <button>Keep</button>
        <button onClick={() => setOpen(false)}>Remove</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is an aria-modal dialog named by its title that takes focus and keeps Tab inside', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));

    const dialog = screen.getByRole('dialog', { name: 'Remove card' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep' }));

    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Keep' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove' }));
  });

  it('closes on Escape when dismissible and gives focus back to what opened it', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('stays open on Escape when it has no onClose', async () => {
    const user = userEvent.setup();
    render(<Harness dismissible={false} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('makes the page behind it inert while open, and gives it back on close', async () => {
    const user = userEvent.setup();
    const { container } = render(<Harness />);
    const page = container;
    await user.click(screen.getByRole('button', { name: 'Open' }));

    expect(page.hasAttribute('inert')).toBe(true);
    const dialog = screen.getByRole('dialog', { name: 'Remove card' });
    expect(dialog.closest('[inert]')).toBeNull();

    await user.keyboard('{Escape}');
    expect(page.hasAttribute('inert')).toBe(false);
  });

  it('leaves a part of the page that was already inert inert after it closes', async () => {
    const user = userEvent.setup();
    const asleep = document.createElement('div');
    asleep.setAttribute('inert', '');
    document.body.append(asleep);
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(asleep.hasAttribute('inert')).toBe(true);
    asleep.remove();
  });

  it('on close moves focus where returnFocus says, asked at that moment', async () => {
    const user = userEvent.setup();
    render(<Harness returnFocus={() => document.getElementById('after-close')} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(screen.getByText('Why it closed'));
  });

  it('falls back to what opened it when returnFocus answers nothing', async () => {
    const user = userEvent.setup();
    render(<Harness returnFocus={() => null} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(opener);
  });
});
