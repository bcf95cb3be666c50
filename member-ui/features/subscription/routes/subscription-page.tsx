import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import Crown from 'lucide-react/icons/crown';
import RefreshCw from 'lucide-react/icons/refresh-cw';
import { useState } from 'react';
import type { SessionUser } from '../../../../contracts/auth';
import { Button } from '../../../components/ui/button';
import { Page } from '../../../components/ui/page';
import { toast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { hrefs, paths } from '../../../lib/paths';
import { sessionQueryKey, useSessionUser } from '../../../lib/session';
import { useBilling } from '../../../lib/subscription/billing';
import { postDowngradeToTryme } from '../api/payment-setup';
import { type PlanView, useSubscriptionCatalogue } from '../../../lib/subscription/subscription-catalogue';
import { DowngradeDialog } from '../components/downgrade-dialog';
import { PlanCard, PlanCardSkeleton } from '../components/plan-card';
import { successToast } from '../../../lib/subscription/toasts';
import { TIER_LABELS } from '../../../../contracts/tiers';
import { formatPlanDate, renewalText, tierRank } from '../../../lib/subscription/tiers';
import { useT } from '../../../i18n/use-t';
import { translate } from '../../../i18n/translate';

/** /subscription. Visitors are sent to /login by the member layout. */
export function SubscriptionPage() {
  const user = useSessionUser();
  if (!user) return null;
  return <SubscriptionPlans user={user} />;
}

function SubscriptionPlans({ user }: { user: SessionUser }) {
  const catalogue = useSubscriptionCatalogue();
  const router = useRouter();
  const queryClient = useQueryClient();
  const [confirmingDowngrade, setConfirmingDowngrade] = useState(false);
  const t = useT();
  const currentTier = user.subscriptionTier;
  const billing = useBilling(user.id);
  const sub = billing.data?.subscription;
  // With a subscription, a move to Tryme waits for the end of the month already paid for.
  const subscribed = sub ? sub.status === 'active' || sub.status === 'past_due' : false;
  const paidUntil = sub && subscribed ? sub.currentPeriodEnd : null;
  // A first-500 member's free Premium year, which a paid plan bought during it does not end.
  const freeUntil = formatPlanDate(billing.data?.freePremiumUntil);

  const downgrade = useMutation({
    mutationFn: () => postDowngradeToTryme(user.id),
    onSuccess: async () => {
      toast(successToast());
      setConfirmingDowngrade(false);
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      await router.navigate({ to: paths.home });
    },
    onError: async (error) => {
      setConfirmingDowngrade(false);
      if (isApiError(error) && error.status === 401) {
        toast({ title: translate('subscription.authTitle'), description: translate('plan.signInAgain'), variant: 'destructive' });
        queryClient.setQueryData(sessionQueryKey, null);
        await router.navigate({ href: hrefs.login(paths.subscription) });
        return;
      }
      toast({
        title: translate('common.error'),
        description: (isApiError(error) && error.serverMessage) || translate('subscription.errorText'),
        variant: 'destructive',
      });
    },
  });

  function choose(plan: PlanView) {
    if (plan.tier === currentTier) return;
    if (plan.tier === 'tryme') {
      setConfirmingDowngrade(true);
      return;
    }
    // A subscriber changes plan in Settings → Plan, where an upgrade (charged now) and a cheaper plan (from the
    // renewal) are explained and confirmed; a second checkout would be refused.
    if (subscribed) {
      void router.navigate({ href: `${paths.settings}?tab=subscription` });
      return;
    }
    void router.navigate({ to: paths.checkout, search: { tier: plan.tier } });
  }

  const actionLabel = (plan: PlanView) =>
    subscribed && plan.tier !== 'tryme' ? t(tierRank(plan.tier) > tierRank(currentTier) ? 'plan.upgradeTo' : 'plan.switchTo', { plan: plan.name }) : undefined;

  const planEnds = formatPlanDate(user.subscriptionEnds);
  const trymePlan = catalogue.data?.plans.find((plan) => plan.tier === 'tryme');

  return (
    <Page title={t('plan.pageTitle')} subtitle={t('plan.pageSubtitle')} className="subscription-page">
      <div className="current-plan" role="status">
        <span className={`current-plan__dot current-plan__dot--${currentTier}`} aria-hidden="true" />
        <p>
          {t('plan.currentPlan')} <strong>{TIER_LABELS[currentTier]}</strong>
          {currentTier !== 'tryme' && planEnds ? <span className="current-plan__ends"> · {t('plan.activeUntil', { date: planEnds })}</span> : null}
        </p>
      </div>

      {freeUntil || (currentTier !== 'tryme' && user.isFirst500) ? (
        <FreeYearBanner until={freeUntil} onElite={currentTier === 'elite'} eliteName={TIER_LABELS.elite} />
      ) : null}

      {catalogue.isPending ? (
        <div className="plan-list" role="status" aria-label={t('plan.loading')}>
          <PlanCardSkeleton />
          <PlanCardSkeleton />
          <PlanCardSkeleton />
        </div>
      ) : catalogue.isError ? (
        <div className="card plan-error" role="alert">
          <p>{t('plan.loadFailed')}</p>
          <Button variant="outline" size="sm" onClick={() => void catalogue.refetch()}>
            <RefreshCw size={14} aria-hidden="true" />
            {t('error.tryAgain')}
          </Button>
        </div>
      ) : (
        <div className="plan-list">
          {catalogue.data.plans.map((plan) => (
            <PlanCard
              key={plan.tier}
              plan={plan}
              isCurrent={plan.tier === currentTier}
              busy={downgrade.isPending}
              actionLabel={actionLabel(plan)}
              onChoose={choose}
            />
          ))}
        </div>
      )}

      <footer className="plan-footer">
        <p>{renewalText(catalogue.data?.provider)}</p>
        {catalogue.data?.provider === 'demo' ? (
          <p className="plan-footer__demo">{t('plan.demo')}</p>
        ) : null}
      </footer>

      <DowngradeDialog
        open={confirmingDowngrade}
        onOpenChange={setConfirmingDowngrade}
        currentTier={currentTier}
        isFirst500={user.isFirst500}
        paidUntil={paidUntil}
        trymeMessageLimit={trymePlan?.messageLimit ?? 5}
        pending={downgrade.isPending}
        onConfirm={() => downgrade.mutate()}
      />
    </Page>
  );
}

/**
 * The first 500 members' free Premium year, said before anything is bought: until when, and that buying Elite does
 * not end it (the server counts the year under any paid plan: billing/state.ts).
 */
function FreeYearBanner({ until, onElite, eliteName }: { until: string; onElite: boolean; eliteName: string }) {
  const t = useT();
  const values = { until, elite: eliteName };
  return (
    <div className="first500-banner" role="note" aria-label={t('plan.freeYear')}>
      <Crown size={22} aria-hidden="true" className="first500-banner__icon" />
      <div className="first500-banner__text">
        <p>
          <strong>{until ? t('plan.freeUntil', values) : t('plan.freeForAYear')}</strong> {t('plan.first500')}
        </p>
        <p>
          {onElite
            ? t(until ? 'plan.onEliteUntil' : 'plan.onElite', values)
            : t(until ? 'plan.buyEliteUntil' : 'plan.buyElite', values)}
        </p>
      </div>
    </div>
  );
}
