/** Every query of the payments administration starts with this key, so a write can refresh them all. */
export const paymentsAdminKey = ['payments-admin'] as const;
export const productsKey = [...paymentsAdminKey, 'products'] as const;
export const reportsKey = [...paymentsAdminKey, 'reports'] as const;
export const refundRunsKey = [...paymentsAdminKey, 'refund-runs'] as const;
