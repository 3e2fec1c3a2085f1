import { useState } from 'react';
import type { MembershipPlan } from '@giving/shared/contracts/memberships';
import type { CountryCode } from '@giving/shared/countries';
import { Button } from '../../../components/ui/button';
import { lazyPart } from '../../../lib/lazy-part';
import { currentPath } from '../../../lib/return-path';
import { requestLogin, useSession } from '../../../lib/session';
import { useCharityPagePlans } from '../api/charity-page-plans';
import { feeText } from '../membership-text';
import styles from './become-a-member.module.css';

/** The join dialog and the card fields come only when a signed-in member chooses a plan. */
const joinDialog = lazyPart(() => import('./join-membership-dialog'));

export const BECOME_A_MEMBER = 'Become a member';

/**
 * The charity page's "Become a member": the charity's plans open to new members, each with "Become a member".
 * Nothing at all when it has none (or they could not be read). It comes last on the page, after the first screen,
 * so its arrival moves nothing in view. A guest is asked to log in first, then the chosen plan's dialog opens.
 */
export function BecomeAMember({ charity, country }: { charity: { name: string; charityUrl: string }; country: CountryCode }) {
  const plans = useCharityPagePlans(charity.charityUrl);
  const session = useSession();
  const [chosen, setChosen] = useState<MembershipPlan>();
  const signedIn = session.status === 'signedIn';
  const dialog = joinDialog.usePart(chosen !== undefined && signedIn);

  const items = plans.data?.items.filter((plan) => plan.active) ?? [];
  if (items.length === 0) return null;

  // A guest's choice is kept while they log in: once signed in, its dialog opens.
  const choose = (plan: MembershipPlan) => {
    setChosen(plan);
    if (!signedIn) requestLogin({ returnTo: currentPath() });
  };

  return (
    <section className={styles.section} aria-labelledby="become-a-member">
      <h2 id="become-a-member">{BECOME_A_MEMBER}</h2>
      <p className={styles.lead}>Join {charity.name} as a member and support its work all year round.</p>
      <ul className={styles.plans} aria-label="Membership plans">
        {items.map((plan) => (
          <li key={plan.planId} className={styles.plan}>
            <h3 className={styles.name}>{plan.name}</h3>
            <p className={styles.fee}>{feeText(plan)}</p>
            {plan.description ? <p className={styles.description}>{plan.description}</p> : null}
            {plan.benefits.length > 0 ? (
              <ul className={styles.benefits} aria-label={`${plan.name} benefits`}>
                {plan.benefits.map((benefit, index) => (
                  <li key={index}>{benefit}</li>
                ))}
              </ul>
            ) : null}
            <div className={styles.action}>
              <Button block onClick={() => choose(plan)} loading={chosen?.planId === plan.planId && signedIn && !dialog}>
                {BECOME_A_MEMBER}
                <span className="visually-hidden">: {plan.name}</span>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      {chosen && signedIn && dialog ? <dialog.JoinMembershipDialog plan={chosen} charity={charity} country={country} onClose={() => setChosen(undefined)} /> : null}
    </section>
  );
}
