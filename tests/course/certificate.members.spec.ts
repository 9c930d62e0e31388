/**
 * The certificate end to end on the members build (issue 45): the demo Alchemist, with 26 lessons
 * already complete (their rows written beforehand), completes the last one in the lesson player,
 * finds "Claim your certificate" on the dashboard (a link to the course page, where the dialog's
 * code loads; the dashboard loads none of it),
 * claims it in their own name, sees its page's link, LinkedIn's Add to profile link with every field
 * and the same fields as text; then a visitor, in another browser, opens /verify/<code>.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '../support/page-errors';
import { expectNoSeriousA11yViolations } from '../support/e2e';
import { DEMO_MEMBERS, DEMO_PASSWORD } from '../../local-platform/demo-members.mjs';
import { asOwner, deleteAsServiceRole, rowsOf } from '../support/members-commerce';
import { gatedItems } from '../support/gated-content';
import { readPdf } from '../support/pdf-text';

const alchemist = DEMO_MEMBERS.find((m) => m.tier === 'Alchemist')!;
const lessons = gatedItems('course');
const last = lessons.at(-1)!;
const SLOW = 20_000;

test.describe.configure({ timeout: 120_000 });

/** The demo Alchemist's progress and certificate, as before the test. */
async function startOver(): Promise<void> {
  await deleteAsServiceRole('certificates', { member_id: alchemist.memberId });
  await deleteAsServiceRole('lesson_progress', { member_id: alchemist.memberId });
}
test.beforeAll(startOver);
test.afterAll(startOver);

test('the demo Alchemist completes the course in the player, claims the certificate, and a visitor verifies it', async ({ page, browser }) => {
  expect(lessons).toHaveLength(27);
  // 26 lessons done on earlier days (the member's own rows, written here as the owner).
  await asOwner(
    'lesson_progress',
    lessons.slice(0, -1).map((l, i) => ({ member_id: alchemist.memberId, lesson_slug: l.slug, completed_at: new Date(Date.UTC(2026, 10, 1 + i, 9)).toISOString() })),
  );

  await page.goto('/login');
  await page.getByLabel('Email').fill(alchemist.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Welcome, ${alchemist.name}` })).toBeVisible({ timeout: SLOW });
  // 26 of 27: no certificate to claim yet.
  const card = page.getByRole('region', { name: 'Master Alchemist Course' });
  await expect(card.locator('[data-progress-all]')).toHaveText(`26 of ${lessons.length} lessons completed`, { timeout: SLOW });
  await expect(page.getByText('Claim your certificate')).toHaveCount(0);

  // The last lesson, through the player.
  await page.goto(`/course/${last.slug}/`);
  await page.getByRole('button', { name: 'Mark as complete' }).click({ timeout: SLOW });
  await expect(page.getByText('You completed this lesson')).toBeVisible({ timeout: SLOW });
  await expect.poll(() => rowsOf('lesson_progress', { member_id: alchemist.memberId }).then((r) => r.length)).toBe(27);

  // The dashboard offers the certificate: a link to the course page, where the dialog's code comes
  // with the tap (the dashboard loads none of it).
  const claimCode: string[] = [];
  page.on('request', (r) => {
    if (/\/CertificateClaim\.[^/]*\.js$/.test(r.url())) claimCode.push(r.url());
  });
  await page.goto('/dashboard');
  const claim = page.getByRole('region', { name: 'Master Alchemist Course' }).getByRole('link', { name: 'Claim your certificate' });
  await expect(claim).toBeVisible({ timeout: SLOW });
  await expect(claim).toHaveAttribute('href', '/course/#certificate');
  expect(claimCode).toEqual([]);
  await claim.click();
  await expect(page).toHaveURL(/\/course\/#certificate$/);
  const dialog = page.getByRole('dialog', { name: 'Claim your certificate' });
  await expect(dialog).toBeVisible({ timeout: SLOW });
  expect(claimCode).toHaveLength(1);
  // Closed, it opens again from the course page's own button.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Claim your certificate' }).click();
  await expect(dialog).toBeVisible();
  const name = dialog.getByLabel('Name on the certificate');
  await expect(name).toHaveValue(alchemist.name);
  await name.fill('Alma Jürgen Weiß');
  await dialog.getByRole('button', { name: 'Issue my certificate' }).click();

  const issued = page.getByRole('dialog', { name: 'Your certificate' });
  await expect(issued).toContainText('Alma Jürgen Weiß', { timeout: SLOW });
  const [row] = await rowsOf<{ code: string; name: string }>('certificates', { member_id: alchemist.memberId });
  expect(row).toMatchObject({ name: 'Alma Jürgen Weiß' });
  const code = row!.code;
  await expect(issued.getByRole('link', { name: 'See your certificate' })).toHaveAttribute('href', `/verify/${code}`);
  await expect(issued.getByRole('link', { name: 'Download the PDF' })).toHaveAttribute('href', `/api/certificate/${code}.pdf`);
  const origin = new URL(page.url()).origin;
  const linkedIn = new URL((await issued.getByRole('link', { name: 'Add to LinkedIn profile' }).getAttribute('href'))!);
  expect(`${linkedIn.origin}${linkedIn.pathname}`).toBe('https://www.linkedin.com/profile/add');
  const fields = Object.fromEntries(linkedIn.searchParams);
  const year = new Date().getUTCFullYear();
  expect(fields).toEqual({
    startTask: 'CERTIFICATION_NAME',
    name: 'Master Alchemist Course',
    organizationName: 'Inner Alchemy',
    issueYear: expect.stringMatching(new RegExp(`^(${year}|${year + 1})$`)),
    issueMonth: expect.stringMatching(/^([1-9]|1[0-2])$/),
    certUrl: `${origin}/verify/${code}`,
    certId: code,
  });
  // The same fields as text beside the link.
  await expect(issued.getByLabel('Name', { exact: true })).toHaveValue('Master Alchemist Course');
  await expect(issued.getByLabel('Issuing organization')).toHaveValue('Inner Alchemy');
  await expect(issued.getByLabel('Issue year')).toHaveValue(fields['issueYear']!);
  await expect(issued.getByLabel('Issue month')).toHaveValue(fields['issueMonth']!);
  await expect(issued.getByLabel('Credential URL')).toHaveValue(`${origin}/verify/${code}`);
  await expect(issued.getByLabel('Credential ID')).toHaveValue(code);
  await expectNoSeriousA11yViolations(page);

  // A visitor, in another browser, checks it.
  const visitor = await browser.newContext();
  try {
    const other = await visitor.newPage();
    const res = await other.goto(`/verify/${code}`);
    expect(res?.status()).toBe(200);
    await expect(other.getByRole('heading', { level: 1, name: 'Certificate of completion' })).toBeVisible();
    await expect(other.getByText('This certificate is valid.')).toBeVisible();
    await expect(other.locator('main')).toContainText('Awarded to Alma Jürgen Weiß');
    await expect(other.locator('main')).toContainText('Master Alchemist Course');
    expect(await other.content()).not.toContain(alchemist.email);
    // …and downloads the PDF: A4 landscape, the name with its umlauts, and the address to check it.
    const [download] = await Promise.all([other.waitForEvent('download'), other.getByRole('link', { name: 'Download the certificate (PDF)' }).click()]);
    const pdf = await readPdf(new Uint8Array(readFileSync((await download.path())!)));
    expect(pdf.doc.getPageCount()).toBe(1);
    expect(pdf.lines.join('\n')).toContain('Alma Jürgen Weiß');
    expect(pdf.lines.join('\n')).toContain(`/verify/${code}`);
    expect((await other.goto(`/verify/${'0'.repeat(32)}`))?.status()).toBe(404);
  } finally {
    await visitor.close();
  }
});
