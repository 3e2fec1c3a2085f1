/**
 * The shape of a national appeal night's donations, compressed to a benchmark's couple of minutes: the show builds
 * (a ramp from a base share of the peak), the presenter asks (the rate climbs to the peak within seconds), the peak
 * holds while the phone numbers and the page address are on screen, then a tail halves every `tailHalfLifeSeconds`
 * down to the base share. Rates are a share of the peak, so the same shape serves the full night (350/s) and a
 * scaled run.
 */
export interface AppealShape {
  rampSeconds: number;
  askSeconds: number;
  peakSeconds: number;
  tailSeconds: number;
  /** Share of the peak at the start and at the floor of the tail. */
  baseShare: number;
  /** Share of the peak the ramp reaches before the ask. */
  rampShare: number;
  tailHalfLifeSeconds: number;
}

export type AppealPhase = 'ramp' | 'ask' | 'peak' | 'tail';

/** Two minutes: 30 s ramp, a 10 s ask, 30 s at the peak, 50 s of tail. */
export const APPEAL_NIGHT: AppealShape = {
  rampSeconds: 30,
  askSeconds: 10,
  peakSeconds: 30,
  tailSeconds: 50,
  baseShare: 0.1,
  rampShare: 0.4,
  tailHalfLifeSeconds: 12,
};

export const curveSeconds = (shape: AppealShape) => shape.rampSeconds + shape.askSeconds + shape.peakSeconds + shape.tailSeconds;

/** The phase at `t` seconds from the start (undefined outside the curve). */
export function phaseAt(shape: AppealShape, t: number): AppealPhase | undefined {
  if (t < 0 || t >= curveSeconds(shape)) return undefined;
  if (t < shape.rampSeconds) return 'ramp';
  if (t < shape.rampSeconds + shape.askSeconds) return 'ask';
  if (t < shape.rampSeconds + shape.askSeconds + shape.peakSeconds) return 'peak';
  return 'tail';
}

/** Donations a second at `t` seconds from the start, for a night whose peak is `peakPerSecond`. */
export function appealRate(shape: AppealShape, peakPerSecond: number, t: number): number {
  const phase = phaseAt(shape, t);
  const askAt = shape.rampSeconds;
  const peakAt = askAt + shape.askSeconds;
  const tailAt = peakAt + shape.peakSeconds;
  switch (phase) {
    case 'ramp':
      return peakPerSecond * (shape.baseShare + ((shape.rampShare - shape.baseShare) * t) / shape.rampSeconds);
    case 'ask':
      return peakPerSecond * (shape.rampShare + ((1 - shape.rampShare) * (t - askAt)) / shape.askSeconds);
    case 'peak':
      return peakPerSecond;
    case 'tail':
      return peakPerSecond * Math.max(shape.baseShare, 0.5 ** ((t - tailAt) / shape.tailHalfLifeSeconds));
    default:
      return 0;
  }
}

/**
 * When each donation is sent, in seconds from the start: the n-th when the integral of the rate reaches n (an open
 * loop: donors do not wait for each other). Deterministic, so runs compare.
 */
export function arrivalTimes(shape: AppealShape, peakPerSecond: number, stepSeconds = 0.001): number[] {
  const times: number[] = [];
  const end = curveSeconds(shape);
  let total = 0;
  for (let i = 0; i * stepSeconds < end; i++) {
    const t = i * stepSeconds;
    total += appealRate(shape, peakPerSecond, t) * stepSeconds;
    while (total >= times.length + 1) times.push(Math.round(t * 1000) / 1000);
  }
  return times;
}
