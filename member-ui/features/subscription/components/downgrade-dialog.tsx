import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { SubscriptionTier } from '../../../../contracts/enums';
import { Button } from '../../../components/ui/button';
import { TIER_LABELS } from '../../../../contracts/tiers';
import { formatPlanDate } from '../../../lib/subscription/tiers';

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
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => (pending ? undefined : onOpenChange(next))}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog downgrade-dialog">
          <AlertDialog.Title className="dialog__title">Switch to Tryme?</AlertDialog.Title>
          <AlertDialog.Description className="dialog__description">
            {paidUntil ? `Your ${current} plan will not renew: you keep it until ${formatPlanDate(paidUntil)}, then move to Tryme` : `Your ${current} plan ends now and you move to Tryme`}
            {trymeMessageLimit !== null ? `: ${trymeMessageLimit} new messages a month, basic filters,` : ' with basic filters,'} and
            you no longer see who liked your profile. Nothing is charged.
            {isFirst500 ? ' Your free first-500 Premium year does not come back if you switch.' : ''}
          </AlertDialog.Description>
          <div className="downgrade-dialog__actions">
            <AlertDialog.Cancel asChild>
              <Button block disabled={pending}>
                Keep {current}
              </Button>
            </AlertDialog.Cancel>
            {/* Not AlertDialog.Action: that would close the dialog before the request has answered. */}
            <Button block variant="outline" onClick={onConfirm} disabled={pending}>
              {pending ? 'Switching...' : 'Switch to Tryme'}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
