import Check from 'lucide-react/icons/check';
import Crown from 'lucide-react/icons/crown';
import Gem from 'lucide-react/icons/gem';
import Sparkles from 'lucide-react/icons/sparkles';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../components/ui/cn';
import type { PlanView } from '../../../lib/subscription/subscription-catalogue';
import { formatPrice, PLAN_ACTION_LABELS } from '../../../lib/subscription/tiers';
import { useT } from '../../../i18n/use-t';

const PLAN_ICONS = { tryme: Sparkles, premium: Crown, elite: Gem } as const;

/**
 * One plan on the subscription page: name, price per month with its currency ("Free" for Tryme), what it
 * includes, and its button.
 * The member's current plan reads "Current Plan" and cannot be chosen again.
 */
export function PlanCard({
  plan,
  isCurrent,
  busy = false,
  actionLabel,
  onChoose,
}: {
  plan: PlanView;
  isCurrent: boolean;
  busy?: boolean;
  /** the button's text when it is not the plan's usual one (a subscriber changes plan rather than buying) */
  actionLabel?: string;
  onChoose: (plan: PlanView) => void;
}) {
  const Icon = PLAN_ICONS[plan.tier];
  const titleId = `plan-${plan.tier}-title`;
  const t = useT();
  return (
    <article className={cn('plan-card', `plan-card--${plan.tier}`, isCurrent && 'plan-card--current')} aria-labelledby={titleId}>
      {plan.tier === 'premium' ? <span className="plan-card__ribbon">{t('plan.popular')}</span> : null}
      <header className="plan-card__head">
        <span className="plan-card__icon" aria-hidden="true">
          <Icon size={20} />
        </span>
        <div>
          <h2 id={titleId} className="plan-card__name">
            {plan.name}
          </h2>
          <p className="plan-card__description">{plan.description}</p>
        </div>
      </header>
      <p className="plan-card__price">
        {plan.priceCents === 0 ? (
          <span className="plan-card__amount">{t('plan.free')}</span>
        ) : (
          <>
            <span className="plan-card__amount">{formatPrice(plan.price, plan.currency)}</span>
            <span className="plan-card__period"> {t('plan.slashMonth')}</span>
          </>
        )}
      </p>
      {plan.tier === 'tryme' ? <p className="plan-card__note">{t('plan.trymeNote')}</p> : null}
      <ul className="plan-card__features" aria-label={t('plan.features', { plan: plan.name })}>
        {plan.features.map((feature) => (
          <li key={feature}>
            <Check size={16} aria-hidden="true" className="plan-card__check" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <Button
        block
        variant={isCurrent ? 'outline' : plan.tier === 'tryme' ? 'outline' : 'primary'}
        className={cn('plan-card__action', `plan-card__action--${plan.tier}`)}
        disabled={isCurrent || busy}
        onClick={() => onChoose(plan)}
      >
        {isCurrent ? t('plan.current') : (actionLabel ?? t(PLAN_ACTION_LABELS[plan.tier]))}
      </Button>
    </article>
  );
}

/** Placeholder with the card's shape while the catalogue loads. */
export function PlanCardSkeleton() {
  return (
    <div className="plan-card plan-card--skeleton" aria-hidden="true">
      <div className="plan-skeleton plan-skeleton--title" />
      <div className="plan-skeleton plan-skeleton--line" />
      <div className="plan-skeleton plan-skeleton--block" />
    </div>
  );
}
