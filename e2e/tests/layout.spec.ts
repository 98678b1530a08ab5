import { expect } from '@playwright/test';
import { signIn, test } from './fixtures';

test.describe('the teacher sidebar and school dashboard at 1280 × 800', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('"Take a tour" is in view without scrolling, and class types are not cut short', async ({ page }) => {
    await signIn(page, 'teacher');
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await expect(navigation.getByRole('button', { name: 'Take a tour' })).toBeInViewport();
    await expect(navigation.getByText('Hide student names')).toBeInViewport();

    await navigation.getByRole('link', { name: 'School dashboard' }).click();
    const badge = page.getByText('Teacher trial', { exact: true }).first();
    await expect(badge).toBeVisible();
    // Nothing hidden behind an ellipsis: the text fits its box.
    expect(await badge.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });
});
