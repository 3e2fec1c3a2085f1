import { describe, expect, it } from 'vitest';
import { GUEST_PAYMENT_OPTIONS, gateFor, methodOf, paymentOptionsFor, type DonorWorkplace } from './payment-methods';

const tasman = (roles: string[]): DonorWorkplace => ({ id: 'w-tasman', name: 'Tasman Engineering', roles });
const member = (...workplaces: DonorWorkplace[]) => ({ signedIn: true as const, workplaces });

describe('paymentOptionsFor (spec §6)', () => {
  it('guests pay by card or voucher; recurring and payroll need a sign-in', () => {
    for (const pageType of ['GIFT', 'CHARITY', 'FUNDRAISE'] as const) {
      expect(paymentOptionsFor(pageType, { signedIn: false })).toEqual({ card: true, voucher: true, payroll: false, recurring: false });
    }
    expect(GUEST_PAYMENT_OPTIONS.payroll).toBe(false);
  });

  it('a signed-in donor without a workplace pays by card or voucher and may give monthly, never by payroll', () => {
    expect(paymentOptionsFor('GIFT', member())).toEqual({ card: true, voucher: true, payroll: false, recurring: true });
  });

  it('a removed membership (no roles left) counts as no workplace', () => {
    expect(paymentOptionsFor('GIFT', member(tasman([])))).toEqual({ card: true, voucher: true, payroll: false, recurring: true });
  });

  it('an employee of a workplace may pay by card, voucher or payroll, through that workplace', () => {
    expect(paymentOptionsFor('GIFT', member(tasman(['WorkplaceGiver.Employee'])))).toEqual({
      card: true,
      voucher: true,
      payroll: true,
      recurring: true,
      workplace: { id: 'w-tasman', name: 'Tasman Engineering' },
    });
    expect(paymentOptionsFor('CHARITY', member(tasman(['WorkplaceGiver.Admin']))).payroll).toBe(true);
  });

  it('roles that grant none of the gates allow no method, and say which workplace decided', () => {
    expect(paymentOptionsFor('GIFT', member(tasman(['Charity.Admin', 'Someone.Else'])))).toEqual({
      card: false,
      voucher: false,
      payroll: false,
      recurring: false,
      workplace: { id: 'w-tasman', name: 'Tasman Engineering' },
    });
  });

  it('fundraising pages use the Workplace_Fundraising_* gates, other pages Workplace_DollarHandle_*', () => {
    expect(gateFor('FUNDRAISE', 'payroll')).toBe('Workplace_Fundraising_Payroll');
    expect(gateFor('GIFT', 'card')).toBe('Workplace_DollarHandle_CreditCard');
    expect(gateFor('CHARITY', 'voucher')).toBe('Workplace_DollarHandle_Voucher');
    expect(paymentOptionsFor('FUNDRAISE', member(tasman(['WorkplaceGiver.Employee'])))).toMatchObject({ card: true, voucher: true, payroll: true });
  });

  it('with several workplaces, a method is allowed when any allows it; payroll goes through the first that allows it', () => {
    const none = { id: 'w-none', name: 'No Gates Ltd', roles: ['Unknown.Role'] };
    expect(paymentOptionsFor('GIFT', member(none, tasman(['WorkplaceGiver.Employee'])))).toEqual({
      card: true,
      voucher: true,
      payroll: true,
      recurring: true,
      workplace: { id: 'w-tasman', name: 'Tasman Engineering' },
    });
  });

  it('maps checkout payment types to methods', () => {
    expect([methodOf('CARD'), methodOf('VOUCHER'), methodOf('PAYROLL'), methodOf('NONE')]).toEqual(['card', 'voucher', 'payroll', undefined]);
  });
});
