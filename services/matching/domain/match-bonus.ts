/**
 * The match bonus rule (spec 2 §5): the matched amount is
 *   min(amount x quantity, memberCap / ratio, entryCap / ratio, campaignCap / ratio) x matchRatio,
 * with any cap of 0 ignored as unlimited. Caps here are what is LEFT of each cap (the ledger, a later issue, keeps
 * what was already matched); all money is integer cents. Dividing a cap by the ratio turns "at most this much bonus"
 * into "at most this much of the donation", so the bonus itself never exceeds any cap.
 */
export interface MatchBonusInput {
  /** One unit's amount in cents. */
  amountCents: number;
  quantity: number;
  /** 1 = 100%, 0.5 = 50%. */
  matchRatio: number;
  /** What is left of each cap, in cents; 0 = no cap. */
  memberCapCents: number;
  entryCapCents: number;
  campaignCapCents: number;
}

/** The bonus in whole cents, rounded down (a match never pays a part-cent more than the rule allows). */
export function matchBonusCents(input: MatchBonusInput): number {
  const { amountCents, quantity, matchRatio } = input;
  if (!(matchRatio > 0) || amountCents <= 0 || quantity <= 0) return 0;
  let matchable = amountCents * quantity;
  for (const cap of [input.memberCapCents, input.entryCapCents, input.campaignCapCents]) {
    if (cap > 0) matchable = Math.min(matchable, cap / matchRatio);
  }
  // Ratios are whole percents: work in hundredths so 0.29 x 100 does not become 28.999...
  const percent = Math.round(matchRatio * 100);
  return Math.floor((matchable * percent) / 100 + 1e-9);
}
