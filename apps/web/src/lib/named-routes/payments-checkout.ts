/** Named routes of paying (payment links, checkout, fulfilment) and their API. */
export const paymentsCheckoutRoutes = {
  payment: '/payment/',
  'payment-link': '/payment/{code}/',
  fulfilment: '/fulfilment/',
  'content-admin-fulfilment-review': '/content/admin/fulfilment-review/',
  'api:payments-me': '/api/v1/payments/me/',
  'api:payment-link': '/api/v1/payments/links/{code}/',
  'api:payment-link-checkout': '/api/v1/payments/links/{code}/checkout/',
  'api:fulfilment-review': '/api/v1/payments/fulfilment-review/',
  'api:fulfilment-retry': '/api/v1/payments/fulfilment-review/{checkoutSessionId}/retry/',
} as const;
