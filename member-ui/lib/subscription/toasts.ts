import type { ToastOptions } from '../../components/ui/toast';

/** Shown after an upgrade or a move down to Tryme. */
export const SUCCESS_TOAST: ToastOptions = {
  title: 'Subscription Updated',
  description: 'Your subscription has been successfully updated',
  variant: 'success',
};

/** The payment step's texts. */
export const PAYMENT_TEXTS = {
  setupFailedTitle: 'Payment Setup Failed',
  setupFailedDefault: 'Unable to process subscription request',
  errorTitle: 'Error',
  errorText: 'Unable to process subscription request. Please try again later.',
  setupErrorTitle: 'Payment Setup Error',
  setupErrorText: 'Unable to initialize payment process. Please try again later.',
  failedTitle: 'Payment Failed',
  paymentErrorTitle: 'Payment Error',
  paymentErrorText: 'An unexpected error occurred during payment processing.',
  processingTitle: 'Payment Processing',
  processingText: 'Your payment is still being processed. Your plan will update as soon as it completes.',
  authTitle: 'Authentication Required',
  authText: 'Please sign in to continue with your subscription.',
} as const;
