/** A share from 0 to 1 as a whole percentage ("40%"), or "—" before there is one. */
export function percentOf(share: number | null): string {
  return share === null ? '—' : `${Math.round(share * 100)}%`;
}
