/** Cents as the currency is written in Australia: 45000, 'AUD' → "$450.00". */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency }).format(cents / 100);
}
