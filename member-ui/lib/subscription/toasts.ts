import type { ToastOptions } from '../../components/ui/toast';
import type { MessageId } from '../../i18n/catalogue';
import { translate } from '../../i18n/translate';

/** Shown after an upgrade or a move down to Tryme, in the app's language when it is shown. */
export const successToast = (): ToastOptions => ({
  title: translate('subscription.updated'),
  description: translate('subscription.updatedText'),
  variant: 'success',
});

/** The payment step's texts (catalogue ids; `translate` them where they are shown). */
export const PAYMENT_TEXTS = {
  setupFailedTitle: 'subscription.setupFailedTitle',
  setupFailedDefault: 'subscription.setupFailedDefault',
  errorTitle: 'common.error',
  errorText: 'subscription.errorText',
  setupErrorTitle: 'subscription.setupErrorTitle',
  setupErrorText: 'subscription.setupErrorText',
  failedTitle: 'subscription.failedTitle',
  paymentErrorTitle: 'subscription.paymentErrorTitle',
  paymentErrorText: 'subscription.paymentErrorText',
  processingTitle: 'subscription.processingTitle',
  processingText: 'subscription.processingText',
  authTitle: 'subscription.authTitle',
  authText: 'subscription.authText',
} as const satisfies Record<string, MessageId>;
