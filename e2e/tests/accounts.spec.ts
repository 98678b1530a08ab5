import { expect, type Page } from '@playwright/test';
import { demo, DEMO_PASSWORD, expectNoSeriousA11yViolations, signIn, type DemoRole, test } from './fixtures';

test.describe('signing in and out as each role', () => {
  test('student: sees her classes, then signs out', async ({ page }) => {
    await signIn(page, 'student');
    await expect(page.getByRole('heading', { name: 'Your classes' })).toBeVisible();
    await expect(page.getByText('9MAT1').first()).toBeVisible();
    await expect(page.getByText('Year 9 Mathematics').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await signOut(page, 'student');
  });

  test('teacher: sees her classes and a roster in order, then signs out', async ({ page }) => {
    await signIn(page, 'teacher');
    await expect(page.getByRole('heading', { name: 'Your classes' })).toBeVisible();
    await expect(page.getByText('Teaching at Banksia Demo High School')).toBeVisible();
    for (const title of ['9MAT1', '10SCI Teacher trial', '11ENG Student trial']) {
      await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
    }
    await page
      .getByRole('button', { name: /Students/ })
      .first()
      .click();
    await expect(page.getByText('Oliver Bennett').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await signOut(page, 'teacher');
  });

  test('content admin: sees the admin area, opens users, then signs out', async ({ page }) => {
    await signIn(page, 'content');
    await expect(page.getByRole('heading', { name: /admin/i }).first()).toBeVisible();
    await page.getByRole('link', { name: /Users/ }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await expect(page.getByText('teacher@banksia.test')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await signOut(page, 'content');
  });

  test('a wrong password shows the error and no session starts', async ({ page }) => {
    await page.goto('/account/');
    await page.getByLabel('Email').fill(demo.student.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toContainText('Incorrect email or password.');
    await expectNoSeriousA11yViolations(page);
    expect((await page.request.get('/api/v1/auth/me/')).status()).toBe(401);
  });

  test('the sign-in form works with the keyboard alone', async ({ page }) => {
    await page.goto('/account/');
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.type(demo.teacher.email);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Password')).toBeFocused();
    await page.keyboard.type(DEMO_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Priya' })).toBeVisible();
  });

  test('a signed-out visit to the profile goes to sign-in and comes back after', async ({ page }) => {
    await page.goto('/account/profile/');
    await expect(page).toHaveURL(/\/account\/\?next=/);
    await page.getByLabel('Email').fill(demo.student.email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/account\/profile\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

async function signOut(page: Page, role: DemoRole) {
  await page.getByRole('button', { name: new RegExp(demo[role].firstName) }).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'You have signed out' })).toBeVisible();
  expect((await page.request.get('/api/v1/auth/me/')).status()).toBe(401);
  await page.goto('/account/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
}
