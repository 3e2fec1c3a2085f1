import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { liveChannel } from '@giving/shared/live/channels';
import { createLiveUpdates, DEFAULT_POLL_EVERY_MS, retryDelayMs, useLiveChannel } from './live-updates';

/** A WebSocket the test drives: it opens, refuses, delivers and drops when told. */
class FakeSocket {
  static made: FakeSocket[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  closedWith?: number;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  open() {
    this.onopen?.();
  }
  deliver(data: string) {
    this.onmessage?.({ data });
  }
  drop() {
    this.onerror?.();
    this.onclose?.();
  }
  close(code: number) {
    this.closedWith = code;
    this.onclose?.();
  }
}

const PAGE = liveChannel.page('01JD5Z3Q8W6N4V2R7T9X0Y1ZAB');
const EVENT = liveChannel.event('01JD5Z3Q8W6N4V2R7T9X0Y1ZAC');
let live: ReturnType<typeof createLiveUpdates>;

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.made = [];
  // random() = 1: every wait is its ceiling, so the test knows it.
  live = createLiveUpdates({ webSocket: () => FakeSocket as unknown as typeof WebSocket, origin: () => 'https://koha.example', random: () => 1 });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('subscribeLive', () => {
  it('opens one wss socket on the site’s own /live for the channel and hands each subscriber the parsed messages', () => {
    const first: unknown[] = [];
    const second: unknown[] = [];
    live.subscribeLive(PAGE, (m) => first.push(m));
    live.subscribeLive(PAGE, (m) => second.push(m));
    expect(FakeSocket.made).toHaveLength(1);
    expect(FakeSocket.made[0]!.url).toBe(`wss://koha.example/live?channel=${encodeURIComponent(PAGE)}`);
    FakeSocket.made[0]!.open();
    FakeSocket.made[0]!.deliver('{"totalCents":1500}');
    FakeSocket.made[0]!.deliver('not json');
    expect(first).toEqual([{ totalCents: 1500 }]);
    expect(second).toEqual([{ totalCents: 1500 }]);
  });

  it('keeps channels apart', () => {
    const onPage = vi.fn();
    live.subscribeLive(PAGE, onPage);
    live.subscribeLive(EVENT, vi.fn());
    expect(FakeSocket.made.map((s) => s.url)).toEqual([expect.stringContaining('page%3A'), expect.stringContaining('event%3A')]);
    FakeSocket.made[1]!.open();
    FakeSocket.made[1]!.deliver('{"x":1}');
    expect(onPage).not.toHaveBeenCalled();
  });

  it('polls while the socket is not open, stops once it opens, and starts again when it drops', () => {
    const poll = vi.fn();
    live.subscribeLive(PAGE, vi.fn(), { poll, pollEveryMs: 5000 });
    vi.advanceTimersByTime(10_000);
    expect(poll).toHaveBeenCalledTimes(2);
    FakeSocket.made[0]!.open();
    vi.advanceTimersByTime(60_000);
    expect(poll).toHaveBeenCalledTimes(2);
    FakeSocket.made[0]!.drop();
    vi.advanceTimersByTime(5000);
    expect(poll).toHaveBeenCalledTimes(3);
  });

  it('reconnects after 1 s doubling to 30 s while refused, and from 1 s again after a socket has opened', () => {
    live.subscribeLive(PAGE, vi.fn());
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const before = FakeSocket.made.length;
      FakeSocket.made.at(-1)!.drop();
      let waited = 0;
      while (FakeSocket.made.length === before) {
        vi.advanceTimersByTime(100);
        waited += 100;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    FakeSocket.made.at(-1)!.open();
    FakeSocket.made.at(-1)!.drop();
    vi.advanceTimersByTime(999);
    const count = FakeSocket.made.length;
    vi.advanceTimersByTime(1);
    expect(FakeSocket.made.length).toBe(count + 1);
  });

  it('draws each wait from the upper half of its ceiling (jitter)', () => {
    expect(retryDelayMs(0, () => 0)).toBe(500);
    expect(retryDelayMs(0, () => 1)).toBe(1000);
    expect(retryDelayMs(3, () => 0.5)).toBe(6000);
    expect(retryDelayMs(20, () => 0)).toBe(15000);
  });

  it('closes the socket, stops polling and reconnecting when the last subscriber leaves', () => {
    const poll = vi.fn();
    const leaveFirst = live.subscribeLive(PAGE, vi.fn(), { poll });
    const leaveSecond = live.subscribeLive(PAGE, vi.fn(), { poll });
    FakeSocket.made[0]!.drop();
    leaveFirst();
    expect(live.openChannels()).toEqual([PAGE]);
    leaveSecond();
    leaveSecond();
    expect(live.openChannels()).toEqual([]);
    vi.advanceTimersByTime(5 * 60_000);
    expect(FakeSocket.made).toHaveLength(1);
    expect(poll).not.toHaveBeenCalled();
  });

  it('closes an open socket with 1000 when the last subscriber leaves, and does not reconnect', () => {
    const leave = live.subscribeLive(PAGE, vi.fn());
    FakeSocket.made[0]!.open();
    leave();
    expect(FakeSocket.made[0]!.closedWith).toBe(1000);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.made).toHaveLength(1);
  });

  it('only polls where there is no WebSocket', () => {
    const noSockets = createLiveUpdates({ webSocket: () => undefined, origin: () => 'https://koha.example' });
    const poll = vi.fn();
    const leave = noSockets.subscribeLive(PAGE, vi.fn(), { poll });
    vi.advanceTimersByTime(DEFAULT_POLL_EVERY_MS * 3);
    expect(poll).toHaveBeenCalledTimes(3);
    leave();
    vi.advanceTimersByTime(DEFAULT_POLL_EVERY_MS * 3);
    expect(poll).toHaveBeenCalledTimes(3);
  });

  it('keeps delivering to the others when one subscriber throws, and survives a failing poll', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: unknown[] = [];
    live.subscribeLive(PAGE, () => {
      throw new Error('boom');
    }, { poll: () => Promise.reject(new Error('offline')), pollEveryMs: 1000 });
    live.subscribeLive(PAGE, (m) => seen.push(m));
    vi.advanceTimersByTime(3000);
    FakeSocket.made[0]!.open();
    FakeSocket.made[0]!.deliver('{"totalCents":1}');
    expect(seen).toEqual([{ totalCents: 1 }]);
  });
});

describe('useLiveChannel', () => {
  it('subscribes while mounted with the latest callbacks, without reconnecting on re-render', () => {
    const socketsBefore = () => FakeSocket.made.length;
    vi.stubGlobal('WebSocket', FakeSocket);
    const seen: string[] = [];
    function Total({ label }: { label: string }) {
      useLiveChannel<{ totalCents: number }>(PAGE, (m) => seen.push(`${label}:${m.totalCents}`));
      return null;
    }
    const { rerender, unmount } = render(<Total label="a" />);
    expect(socketsBefore()).toBe(1);
    rerender(<Total label="b" />);
    expect(socketsBefore()).toBe(1);
    act(() => {
      FakeSocket.made[0]!.open();
      FakeSocket.made[0]!.deliver('{"totalCents":7}');
    });
    expect(seen).toEqual(['b:7']);
    unmount();
    expect(FakeSocket.made[0]!.closedWith).toBe(1000);
    expect(FakeSocket.made[0]!.url).toBe(`ws://localhost:3000/live?channel=${encodeURIComponent(PAGE)}`);
  });
});
