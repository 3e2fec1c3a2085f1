import type { Membership, MembershipPlan } from '@giving/shared/contracts/memberships';

export const MEMBERSHIP_CHARITY_ID = '01JCHARTY00000000000000001';
export const PLAN_IDS = ['01JPXAN0000000000000000001', '01JPXAN0000000000000000002', '01JPXAN0000000000000000003'] as const;

export function aPlan(n: 1 | 2 | 3, overrides: Partial<MembershipPlan> = {}): MembershipPlan {
  const base = [
    { name: 'Supporter', fee: 4000, period: 'Yearly', benefits: ['Our newsletter', 'A vote at the AGM'], autoRenew: true, active: true },
    { name: 'Friend', fee: 500, period: 'Monthly', benefits: [], autoRenew: true, active: false },
    { name: 'Life member', fee: 25000, period: 'Life', benefits: ['Free entry to open days, always'], autoRenew: false, active: true },
  ] as const;
  const plan = base[n - 1] ?? base[0];
  return {
    planId: PLAN_IDS[n - 1] ?? PLAN_IDS[0],
    charityId: MEMBERSHIP_CHARITY_ID,
    name: plan.name,
    description: `${plan.name} of Kiwi Kids Trust.`,
    fee: { cents: plan.fee, currency: 'NZD' },
    period: plan.period,
    benefits: [...plan.benefits],
    autoRenew: plan.autoRenew,
    active: plan.active,
    createdAt: '2026-10-01T00:00:00Z',
    updatedAt: '2026-11-01T00:00:00Z',
    ...overrides,
  };
}

export function aMembership(n: number, overrides: Partial<Membership> = {}): Membership {
  const plan = aPlan(n % 3 === 0 ? 3 : 1);
  return {
    membershipId: `01JMEMBRSHP0000000000000${String(n).padStart(2, '0')}`,
    membershipNumber: `KKT-${String(n).padStart(6, '0')}`,
    charity: { id: MEMBERSHIP_CHARITY_ID, name: 'Kiwi Kids Trust', charityUrl: 'kiwi-kids-trust' },
    plan: { planId: plan.planId, name: plan.name, period: plan.period, fee: plan.fee },
    member: { memberId: `01JMEMBER0000000000000000${n}`, name: ['Aroha Ngata', 'Sam Wilson', 'Mere Tipene'][n - 1] ?? `Member ${n}`, email: `member${n}@example.co.nz` },
    status: 'Current',
    joinedOn: '2026-03-01',
    ...(plan.period === 'Life' ? {} : { paidUntil: '2027-02-28' }),
    autoRenew: plan.autoRenew,
    source: 'Online',
    ...overrides,
  };
}
