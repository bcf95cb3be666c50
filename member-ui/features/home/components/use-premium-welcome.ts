import { useEffect } from 'react';
import type { SessionUser } from '../../../../contracts/auth';
import { isToastActive, toast } from '../../../components/ui/toast';
import { firstName } from '../../../lib/format';

export const PREMIUM_WELCOME_FLAG = 'shownPremiumWelcome';
export const PREMIUM_WELCOME_DURATION_MS = 6000;

function welcomeText(user: SessionUser): string {
  if (user.subscriptionTier === 'elite') {
    return 'Your Elite membership is active: weekly profile boosts, personalised recommendations and your dedicated advisor await.';
  }
  if (user.isFirst500) {
    return 'As one of our first 500 members you enjoy Premium free for a year: unlimited messaging, advanced filters and detailed Kundali matching.';
  }
  return 'Your Premium membership is active: unlimited messaging, advanced filters and detailed Kundali matching.';
}

/**
 * Premium and elite members are welcomed by name once per browser session, for 6 seconds; not while they act for a
 * candidate (`helping`), whose plan governs there.
 */
export function usePremiumWelcome(user: SessionUser, helping = false): void {
  useEffect(() => {
    if (user.subscriptionTier === 'tryme' || helping) return;
    // Only one toast shows at a time: never replace one the member is reading ("Profile Created", a payment
    // result…); the welcome waits for a later visit to home in this session.
    if (isToastActive()) return;
    try {
      if (window.sessionStorage.getItem(PREMIUM_WELCOME_FLAG) === 'true') return;
      window.sessionStorage.setItem(PREMIUM_WELCOME_FLAG, 'true');
    } catch {
      // Without session storage the welcome would repeat on every visit; skip it instead.
      return;
    }
    toast({
      title: `Welcome back, ${firstName(user.fullName)}!`,
      description: welcomeText(user),
      variant: 'success',
      duration: PREMIUM_WELCOME_DURATION_MS,
    });
  }, [user, helping]);
}
