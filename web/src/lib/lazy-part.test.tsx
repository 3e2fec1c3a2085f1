import { Component, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPart } from './lazy-part';

const panel = { Panel: ({ text }: { text: string }) => <p>{text}</p> };

/** A module whose load the test finishes (or fails) when it likes. */
function deferredModule() {
  let settle!: { resolve: (module: typeof panel) => void; reject: (error: Error) => void };
  const load = vi.fn(() => new Promise<typeof panel>((resolve, reject) => (settle = { resolve, reject })));
  return { load, resolve: () => settle.resolve(panel), reject: (error: Error) => settle.reject(error) };
}

function Page({ part, wanted }: { part: ReturnType<typeof lazyPart<typeof panel>>; wanted: boolean }) {
  const loaded = part.usePart(wanted);
  return wanted && loaded ? <loaded.Panel text="The panel" /> : <p>Without the panel</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>Failed: {this.state.error.message}</p> : this.props.children;
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lazyPart', () => {
  it('loads the part only when it is wanted, and shows it once it has come', async () => {
    const module = deferredModule();
    const part = lazyPart(module.load);
    const { rerender } = render(<Page part={part} wanted={false} />);
    expect(module.load).not.toHaveBeenCalled();

    rerender(<Page part={part} wanted />);
    expect(module.load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Without the panel')).toBeTruthy();
    await act(async () => module.resolve());
    expect(screen.getByText('The panel')).toBeTruthy();
  });

  it('shows a preloaded part in the first render, loading it once', async () => {
    const module = deferredModule();
    const part = lazyPart(module.load);
    const preloaded = part.preload();
    module.resolve();
    await preloaded;
    expect(await part.preload()).toBe(panel);

    render(<Page part={part} wanted />);
    expect(screen.getByText('The panel')).toBeTruthy();
    expect(module.load).toHaveBeenCalledTimes(1);
  });

  it('throws a failed load to the error boundary while the part is wanted, and tries again next time', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // React reports the error the boundary caught
    const module = deferredModule();
    const part = lazyPart(module.load);
    render(
      <Boundary>
        <Page part={part} wanted />
      </Boundary>,
    );
    await act(async () => module.reject(new Error('offline')));
    expect(screen.getByText('Failed: offline')).toBeTruthy();

    const retry = part.preload();
    module.resolve();
    expect(await retry).toBe(panel);
    expect(module.load).toHaveBeenCalledTimes(2);
  });
});
