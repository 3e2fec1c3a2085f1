import { lazyPart } from '../../lib/lazy-part';
import { useSession } from '../../lib/session';
import type { AddToGivingProps } from './components/add-to-giving';

/**
 * 'Add to giving' (spec 2 §7 "Workplace giving") is in a chunk of its own that only a signed-in visitor loads, after
 * the page's first screen: a guest downloads nothing for it and makes no call (issue 12's budgets).
 */
const addToGivingPart = lazyPart(() => import('./components/add-to-giving'));

/** The charity and gift pages' 'Add to giving', for signed-in members whose workplace allows payroll; nothing for others. */
export function AddToGivingSlot(props: AddToGivingProps) {
  const signedIn = useSession().status === 'signedIn';
  const part = addToGivingPart.usePart(signedIn, { afterFirstScreen: true });
  return signedIn && part ? <part.AddToGiving {...props} /> : null;
}
