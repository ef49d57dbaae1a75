/** Product wording of the checkout and payment-return states (the spec leaves these open). */
export const checkoutCopy = {
  redirecting: 'Taking you to secure checkout…',
  redirectingNote: 'Payments are handled by Stripe. This only takes a moment.',
  tryAgain: 'Try again',
  confirming: 'Confirming your payment…',
  confirmingNote: 'This usually takes a few seconds. Please keep this page open.',
  confirmed: 'Thank you! Your payment is confirmed.',
  slow: 'Your payment is taking longer than usual to confirm.',
  slowNote: 'It will show up here by itself once it is through; you can also refresh this page in a minute.',
  confirmFailedNote:
    'If you were charged, your purchase will appear here shortly. Refresh this page to check.',
} as const;
