import { useEffect, useState } from 'react';

/** Where the visitor is, rounded to about a kilometre: enough to sort by distance, no closer. */
export interface VisitorPosition {
  lat: number;
  lon: number;
}

export type PositionState = { status: 'idle' } | { status: 'asking' } | { status: 'located'; position: VisitorPosition } | { status: 'refused' };

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * The visitor's position, asked of the browser only while `wanted` (the 'nearest' sort) and only with their leave
 * (the browser asks them). Refused, unavailable or too slow: 'refused', and the list sorts another way.
 */
export function useVisitorPosition(wanted: boolean): PositionState {
  const [state, setState] = useState<PositionState>({ status: 'idle' });
  useEffect(() => {
    if (!wanted || state.status === 'located' || state.status === 'refused') return;
    if (typeof navigator === 'undefined' || !navigator.geolocation) {
      setState({ status: 'refused' });
      return;
    }
    let live = true;
    setState({ status: 'asking' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => live && setState({ status: 'located', position: { lat: round(coords.latitude), lon: round(coords.longitude) } }),
      () => live && setState({ status: 'refused' }),
      { maximumAge: 10 * 60_000, timeout: 15_000 },
    );
    return () => {
      live = false;
    };
    // Asked once per wish: a refusal stands until the page is opened again.
  }, [wanted]);
  return wanted ? state : { status: 'idle' };
}
