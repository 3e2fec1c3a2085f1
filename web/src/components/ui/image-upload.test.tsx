import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ImageUploadField } from './image-upload';

const png = (size = 4) => new File([new Uint8Array(size).fill(1).map((v, i) => [0x89, 0x50, 0x4e, 0x47][i] ?? v)], 'chick.png', { type: 'image/png' });
// (user-event's upload does not reach file inputs in happy-dom; a change event is what the browser sends.)
const choose = (file: File) => fireEvent.change(screen.getByLabelText('Role image'), { target: { files: [file] } });

describe('ImageUploadField', () => {
  it('shows the current picture and uploads a chosen one at once as base64, saying when it is done', async () => {
    const upload = vi.fn().mockResolvedValue(undefined);
    render(<ImageUploadField label="Role image" hint="Shown on the card." currentUrl="/media/old.png" previewAlt="Image of Beach clean-up" upload={upload} />);
    expect(screen.getByRole('img', { name: 'Image of Beach clean-up' }).getAttribute('src')).toBe('/media/old.png');
    expect(screen.getByText('Shown on the card. PNG, JPEG, WebP or GIF, up to 1 MB.')).toBeTruthy();
    choose(png());
    expect(await screen.findByText('Role image uploaded.')).toBeTruthy();
    expect(upload).toHaveBeenCalledWith({ contentType: 'image/png', data: 'iVBORw==' });
  });

  it('refuses files that are not PNG, JPEG, WebP or GIF, or over 1 MB, without calling', async () => {
    const upload = vi.fn();
    render(<ImageUploadField label="Role image" previewAlt="Image" upload={upload} />);
    expect(screen.getByText('No picture yet')).toBeTruthy();
    choose(new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await screen.findByText('Choose a PNG, JPEG, WebP or GIF image.')).toBeTruthy();
    choose(png(1024 * 1024 + 1));
    expect(await screen.findByText('Choose an image of 1 MB or less.')).toBeTruthy();
    expect(upload).not.toHaveBeenCalled();
  });

  it('is disabled while uploading, and shows why an upload failed', async () => {
    let fail: (error: Error) => void = () => undefined;
    const upload = vi.fn(() => new Promise((_, reject) => (fail = reject)));
    render(<ImageUploadField label="Role image" previewAlt="Image" doneMessage="Image uploaded." upload={upload} />);
    choose(png());
    expect(await screen.findByText('Uploading')).toBeTruthy();
    expect((screen.getByLabelText('Role image') as HTMLInputElement).disabled).toBe(true);
    fail(new Error('boom'));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeTruthy();
    expect((screen.getByLabelText('Role image') as HTMLInputElement).disabled).toBe(false);
    expect(screen.queryByText('Image uploaded.')).toBeNull();
  });
});
