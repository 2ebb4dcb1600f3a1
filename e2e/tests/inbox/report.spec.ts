import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../../fixtures.js';
import { adminUser } from '../shell/helpers.js';
import {
  api,
  eventually,
  expectNoSeriousA11yViolations,
  open,
  registerUser,
  sendMessage,
  signInAs,
  startConversation,
  type InboxUser,
} from './helpers.js';

/** EXTENSIONS §M5, §M8: Report on a received message, sent to the site admin. */

async function openConversation(page: Page, user: InboxUser, id: string) {
  await signInAs(page, user);
  await open(page, `/inbox/${id}`);
  await expect(page.getByTestId('conversation')).toBeVisible();
}

const messageById = (page: Page, id: string) =>
  page.locator(`[data-testid="message"][data-message-id="${id}"]`);

/** The report request for one message and the answer it gets. */
const reportResponse = (page: Page, messageId: string) =>
  page.waitForResponse(
    (r) =>
      r.request().method() === 'POST' &&
      r.url().endsWith(`/api/messages/messages/${messageId}/report`),
  );

async function send(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Send report' }).click();
}

test.describe('reporting a message', () => {
  test('the recipient reports through the dialog; a second report shows the server’s refusal', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const [sender, recipient] = await Promise.all([registerUser('repfrom'), registerUser('repto')]);
    const conv = await startConversation(
      sender,
      recipient,
      'Great offer',
      'Cheap watches, click my link!',
    );
    const reply = await sendMessage(recipient, conv.id, 'Please stop writing to me');

    await openConversation(page, recipient, conv.id);
    const received = messageById(page, conv.messageId);
    // Own messages have no Report.
    await expect(messageById(page, reply.id).getByTestId('message-report')).toHaveCount(0);
    const report = received.getByRole('button', {
      name: `Report message from u/${sender.username}`,
    });
    await expect(report).toBeVisible();
    await report.click();

    const dialog = page.getByRole('dialog', { name: 'Report message' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleDescription(
      `Tell the site admin what is wrong with this message from u/${sender.username}.`,
    );
    await expect(dialog.getByTestId('report-quote')).toContainText('Cheap watches, click my link!');
    await expect(dialog.getByRole('group', { name: 'Reason' }).getByRole('radio')).toHaveCount(6);
    for (const reason of [
      'Spam',
      'Harassment',
      'Hate',
      'Sexual content',
      'Misinformation',
      'Other',
    ]) {
      await expect(dialog.getByRole('radio', { name: reason, exact: true })).not.toBeChecked();
    }
    // The page behind the modal is out of reach.
    await expect(page.locator('#root')).toHaveAttribute('inert', '');
    await expectNoSeriousA11yViolations(page, 'report dialog');

    // A reason first; Other needs a description. Each error takes the focus to its field.
    await send(dialog);
    await expect(dialog.getByTestId('report-reason-error')).toHaveText('Choose a reason');
    await expect(dialog.getByRole('radio', { name: 'Spam' })).toBeFocused();
    await dialog.getByRole('radio', { name: 'Other' }).check();
    await expect(dialog.getByTestId('report-reason-error')).toHaveCount(0);
    await send(dialog);
    const details = dialog.getByRole('textbox', { name: 'Details' });
    await expect(dialog.getByTestId('report-details-error')).toHaveText(
      'Please describe the problem',
    );
    await expect(details).toBeFocused();
    await expect(details).toHaveAttribute('aria-required', 'true');
    await expectNoSeriousA11yViolations(page, 'report dialog with errors');

    await details.fill('  Advertising I never asked for  ');
    const first = reportResponse(page, conv.messageId);
    await send(dialog);
    const answer = await first;
    expect(answer.status()).toBe(201);
    expect(answer.request().postDataJSON()).toEqual({
      reason: 'Other: Advertising I never asked for',
    });
    await expect(dialog.getByTestId('report-sent')).toHaveText(
      'Report sent Thank you. The site admin will review this message.',
    );
    const close = dialog.getByRole('button', { name: 'Close' });
    await expect(close).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog).toHaveCount(0);
    // Focus goes back to the Report button it came from.
    await expect(report).toBeFocused();
    await expect(page.locator('#root')).not.toHaveAttribute('inert', '');

    // Reporting it again (from the keyboard): the server refuses with its text.
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    const second = reportResponse(page, conv.messageId);
    await send(dialog);
    expect((await second).status()).toBe(409);
    await expect(dialog.getByTestId('report-error')).toHaveText('You have already reported this');
    await expect(dialog.getByRole('alert')).toHaveText('You have already reported this');
    // Changing the form clears the refusal; Escape closes and returns the focus.
    await dialog.getByRole('radio', { name: 'Hate' }).check();
    await expect(dialog.getByTestId('report-error')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(report).toBeFocused();

    // Still one report: the server kept the first and refused the second.
    const again = await api(
      'POST',
      `/messages/messages/${conv.messageId}/report`,
      { reason: 'Spam' },
      recipient.token,
    );
    expect(again.status).toBe(409);
  });

  test('the sender has no Report on their own messages, only on what they received', async ({
    page,
  }) => {
    const [sender, recipient] = await Promise.all([registerUser('ownfrom'), registerUser('ownto')]);
    const conv = await startConversation(sender, recipient, 'Hello', 'First message');
    await sendMessage(sender, conv.id, 'Second message');
    const answer = await sendMessage(recipient, conv.id, 'An answer');

    // The dark theme: the dialog's colours are checked there too.
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await openConversation(page, sender, conv.id);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(page.getByTestId('message')).toHaveCount(3);
    await expect(
      page.locator('[data-testid="message"][data-own="true"]').getByTestId('message-report'),
    ).toHaveCount(0);
    await expect(page.getByTestId('message-report')).toHaveCount(1);
    await expect(messageById(page, answer.id).getByTestId('message-report')).toBeVisible();

    // Cancel leaves without sending anything.
    let reported = false;
    page.on('request', (r) => {
      if (r.url().includes('/report')) reported = true;
    });
    await messageById(page, answer.id).getByTestId('message-report').click();
    const dialog = page.getByRole('dialog', { name: 'Report message' });
    await dialog.getByRole('radio', { name: 'Harassment' }).check();
    await expectNoSeriousA11yViolations(page, 'report dialog in the dark theme');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(messageById(page, answer.id).getByTestId('message-report')).toBeFocused();
    expect(reported).toBe(false);

    // The server agrees: a sender cannot report their own message.
    const own = await api(
      'POST',
      `/messages/messages/${conv.messageId}/report`,
      { reason: 'Spam' },
      sender.token,
    );
    expect(own.status).toBeGreaterThanOrEqual(400);
    expect(own.status).toBeLessThan(500);
  });

  test('a message the admin removed shows calmly, without Report', async ({ page }) => {
    test.setTimeout(90_000);
    const [sender, recipient] = await Promise.all([registerUser('rmfrom'), registerUser('rmto')]);
    const conv = await startConversation(sender, recipient, 'Offer', 'Buy followers now');
    const kept = await sendMessage(sender, conv.id, 'A normal message');
    const reported = await sendMessage(sender, conv.id, 'Buy followers now, last chance');
    const res = await api(
      'POST',
      `/messages/messages/${reported.id}/report`,
      { reason: 'Spam' },
      recipient.token,
    );
    expect(res.status, JSON.stringify(res.json)).toBe(201);

    // The admin removes it from the site-wide queue (forum learns of the report by event).
    const admin = await adminUser();
    const row = await eventually(async () => {
      const queue = await api<{ reports: { id: string; target_id: string }[] }>(
        'GET',
        '/admin/reports?status=open&limit=100',
        undefined,
        admin.token,
      );
      expect(queue.status, JSON.stringify(queue.json)).toBe(200);
      const found = queue.json.reports.find((r) => r.target_id === reported.id);
      if (!found) throw new Error('the report is not in the admin queue yet');
      return found;
    }, 30_000);
    const resolved = await api(
      'POST',
      `/reports/${row.id}/resolve`,
      { action: 'remove', reason: 'Spam' },
      admin.token,
    );
    expect(resolved.status, JSON.stringify(resolved.json)).toBe(200);
    // Messaging hides the message when it learns of the removal (by event).
    await eventually(async () => {
      const detail = await api<{ messages: { id: string; content: string }[] }>(
        'GET',
        `/messages/conversations/${conv.id}`,
        undefined,
        recipient.token,
      );
      const message = detail.json.messages.find((m) => m.id === reported.id);
      expect(message?.content).toBe('[removed]');
    }, 30_000);

    // The dark theme here (the first test checks the light one): the calm style's contrast.
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await openConversation(page, recipient, conv.id);
    const removed = messageById(page, reported.id);
    await expect(removed).toHaveAttribute('data-removed', 'true');
    await expect(removed.getByTestId('message-content')).toHaveText('This message was removed.');
    await expect(removed.getByTestId('message-report')).toHaveCount(0);
    await expect(messageById(page, kept.id).getByTestId('message-report')).toBeVisible();
    await expect(
      page.locator(`[data-conversation-id="${conv.id}"]`).getByTestId('conversation-last-message'),
    ).toHaveText('This message was removed.');
    await expectNoSeriousA11yViolations(page, 'conversation with a removed message');
  });
});
