import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { SubscriptionTier } from '../../../../contracts/enums';
import { Button } from '../../../components/ui/button';
import { TIER_LABELS } from '../../../../contracts/tiers';
import { formatPlanDate } from '../../../lib/subscription/tiers';
import { useT } from '../../../i18n/use-t';

/**
 * Confirms a move down to Tryme: it applies at once, ends the paid plan's features and never charges.
 * (An alert dialog: the member has to answer before anything changes.)
 */
export function DowngradeDialog({
  open,
  onOpenChange,
  currentTier,
  isFirst500,
  paidUntil = null,
  trymeMessageLimit,
  pending,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  currentTier: SubscriptionTier;
  isFirst500: boolean;
  /** End of the subscription period already paid for: the switch waits for it (null: it applies now). */
  paidUntil?: string | null;
  /** Tryme's monthly new-message limit from the catalogue (null: unlimited). */
  trymeMessageLimit: number | null;
  pending: boolean;
  onConfirm: () => void;
}) {
  const current = TIER_LABELS[currentTier];
  const t = useT();
  const values = { plan: current, date: formatPlanDate(paidUntil), limit: trymeMessageLimit ?? 0 };
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog downgrade-dialog">
          <AlertDialog.Title className="dialog__title">{t('plan.downgradeTitle')}</AlertDialog.Title>
          <AlertDialog.Description className="dialog__description">
            {t(paidUntil ? (trymeMessageLimit !== null ? 'plan.downgradeLaterLimited' : 'plan.downgradeLater') : trymeMessageLimit !== null ? 'plan.downgradeNowLimited' : 'plan.downgradeNow', values)}
            {isFirst500 ? ` ${t('plan.downgradeFirst500')}` : ''}
          </AlertDialog.Description>
          <div className="downgrade-dialog__actions">
            <AlertDialog.Cancel asChild>
              <Button block disabled={pending}>
                {t('plan.keep', { plan: current })}
              </Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close the dialog before the request has answered. */}
            <Button block variant="outline" onClick={onConfirm} disabled={pending}>
              {pending ? t('plan.switching') : t('plan.switchToTryme')}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
