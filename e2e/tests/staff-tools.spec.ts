import { expect, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn, test } from './fixtures';

// Content staff's trial and onboarding tools: a teacher trial set up for a new teacher (who activates it from the
// invitation in the outbox and finds the class), a student trial class with anonymous accounts (one signs in), and
// the welcome journey's series with a preview.

async function choose(page: Page, label: string, typed: string, option: RegExp): Promise<void> {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
}

test.describe('staff tools', () => {
  test('a teacher trial: set up by staff, invitation in the outbox, activated, the class on the teacher’s home', async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const staff = await (await browser.newContext()).newPage();
    await signIn(staff, 'content');
    await staff.goto('/content/admin/');
    await staff.getByRole('link', { name: 'Set up a teacher trial' }).first().click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Set up a teacher trial' })).toBeVisible();
    await expectNoSeriousA11yViolations(staff);

    const email = `trial.teacher.${Date.now()}@schools.banksia.test`;
    const title = `Trial ${Date.now() % 100000}`;
    await staff.getByLabel('Teacher’s email').fill(email);
    await staff.getByLabel('First name').fill('Noor');
    await staff.getByLabel('Last name').fill('Trialist');
    await choose(staff, 'School', 'Banksia Demo', /Banksia Demo High School/);
    await choose(staff, 'Course', 'Science', /Year 10 Science/);
    await staff.getByLabel('Class title').fill(title);
    await staff.getByRole('button', { name: 'Set up the trial' }).click();
    await expect(staff.getByText('The trial is ready')).toBeVisible();
    await expect(staff.getByRole('row', { name: new RegExp(title) })).toContainText('Noor Trialist');
    await expectNoSeriousA11yViolations(staff);

    // The invitation (the activation link) and the trial's welcome email are in the outbox.
    await staff.getByRole('link', { name: 'See the emails in the outbox' }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Email outbox' })).toBeVisible();
    await staff.getByRole('searchbox', { name: 'Recipient' }).fill(email);
    await expect(staff.getByText('2 emails')).toBeVisible();
    await expect(staff.getByRole('link', { name: /Your Banksia trial: Year 10 Science/ })).toBeVisible();
    await staff.getByRole('link', { name: 'Choose your password for Banksia' }).click();
    await staff.getByRole('tab', { name: 'Plain text' }).click();
    const text = await staff.getByText(/\/account\/set-password\//).innerText();
    const link = new URL(/https?:\/\/\S+\/account\/set-password\/[\w-]+\//.exec(text)![0]);

    const teacher = await (await browser.newContext()).newPage();
    await teacher.goto(link.pathname);
    await expect(teacher.getByRole('heading', { level: 1, name: 'Choose your password' })).toBeVisible();
    await teacher.getByLabel('New password', { exact: true }).fill('noor chose this one');
    await teacher.getByLabel('Confirm new password').fill('noor chose this one');
    await teacher.getByRole('button', { name: 'Set my password' }).click();
    // As in signInAs: after a sign-in the home page can take several seconds on a busy machine.
    await expect(teacher.getByRole('heading', { level: 1, name: 'Welcome, Noor' })).toBeVisible({ timeout: 15_000 });
    await expect(teacher.getByText(title).first()).toBeVisible();
  });

  test('a student trial class with three anonymous accounts, printed as cards; one signs in', async ({ browser }) => {
    test.setTimeout(120_000);
    const staff = await (await browser.newContext()).newPage();
    await signIn(staff, 'content');
    await staff.goto('/content/admin/anon-trial-classes/');
    await expect(staff.getByRole('heading', { level: 1, name: 'Student trial classes' })).toBeVisible();
    const title = `Open day ${Date.now() % 100000}`;
    await staff.getByLabel('Class title').fill(title);
    await choose(staff, 'School', 'Banksia Demo', /Banksia Demo High School/);
    await choose(staff, 'Course', 'Mathematics', /Year 9 Mathematics/);
    await staff.getByRole('button', { name: 'Create the class' }).click();
    const row = staff.getByRole('row', { name: new RegExp(title) });
    await expect(row).toBeVisible();
    await expectNoSeriousA11yViolations(staff);

    await row.getByRole('link', { name: `Make accounts for ${title}` }).click();
    await expect(staff.getByRole('heading', { level: 1, name: 'Anonymous trial accounts' })).toBeVisible();
    await expect(staff.getByRole('combobox', { name: 'Student trial class' })).toHaveValue(new RegExp(title));
    await staff.getByLabel('How many accounts').fill('3');
    await staff.getByRole('button', { name: 'Make accounts' }).click();
    const cards = staff.getByRole('list', { name: `Sign-in cards for ${title}` }).getByRole('listitem');
    await expect(cards).toHaveCount(3);
    await expect(staff.getByRole('button', { name: 'Print cards' })).toBeVisible();
    await expectNoSeriousA11yViolations(staff);
    const card = await cards.first().innerText();
    const [, username] = /Username\s+(trial-[a-z2-9]{6})/.exec(card)!;
    const [, password] = /Password\s+([a-z2-9]{5}-[a-z2-9]{5})/.exec(card)!;

    // On paper, only the cards print.
    await staff.emulateMedia({ media: 'print' });
    await expect(staff.getByRole('heading', { level: 1, name: 'Anonymous trial accounts' })).toBeHidden();
    await expect(cards.first()).toBeVisible();
    await staff.emulateMedia({ media: 'screen' });

    const student = await (await browser.newContext()).newPage();
    await student.goto('/account/');
    await student.getByLabel('Email').fill(username!);
    await student.getByLabel('Password').fill(password!);
    await student.getByRole('button', { name: 'Sign in' }).click();
    await expect(student.getByRole('heading', { level: 1, name: 'Welcome, Trial' })).toBeVisible();
    await expect(student.getByText(title).first()).toBeVisible();
  });

  test('the welcome journey: the series by role and class type, and an email’s preview', async ({ page }) => {
    await signIn(page, 'content');
    await page.goto('/content/admin/welcome-emails/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome emails' })).toBeVisible();
    const teachers = page.getByRole('region', { name: 'To teachers' });
    await expect(teachers.getByRole('row', { name: /Add your students to/ })).toContainText('2 days after they join');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('button', { name: 'Edit Add your students to {{class_title}}' }).click();
    await expect(page.getByTestId('preview-subject')).toHaveText('Add your students to 9MAT (trial)');
    await expect(page.frameLocator('iframe[title="Email preview"]').getByText('Hello Alex,')).toBeVisible();
    await page.getByLabel('Subject').fill('Time to add your students');
    await expect(page.getByTestId('preview-subject')).toHaveText('Time to add your students');
  });

  test('users: found by school a page at a time, with roles, account and sign-in history', async ({ page }) => {
    await signIn(page, 'content');
    await page.goto('/content/admin/users/edit/');
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search users' }).fill('Wattle Creek');
    await expect(page).toHaveURL(/\?q=Wattle\+Creek$/);
    await expect(page.getByRole('row', { name: /Harris/ })).toContainText('Wattle Creek College');
    await expectNoSeriousA11yViolations(page);

    // The content admin's own history holds the sign-in of this test.
    await page.getByRole('searchbox', { name: 'Search users' }).fill('content@banksia.test');
    await page.getByRole('link', { name: /Sam/ }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Sign-in history' })).toBeVisible();
    await expect(page.getByRole('row', { name: /Signed in/ }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
