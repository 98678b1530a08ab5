/**
 * Alert titles in the page's text colour: Mantine's light alerts colour their titles with the alert's colour, which
 * on the tinted background is under 4.5:1 for orange (axe). The icon and tint still say which kind of alert it is.
 */
export const readableAlertTitle = { title: { color: 'var(--mantine-color-text)' } };
