import { headerMenu, hydrated, type Person } from './fixtures';
import { bearer, conversationLines, expectPageFits, listItem, sellerAndBuyer, sendMessage } from './journeys';
import { type APIRequestContext, expect, type Locator, type Page, test } from './page-checks';

// Issue 17 §2, the storefront's part: a buyer writes from the item page, each party's open
// conversation shows the other's lines live (no reload), the header counts what is unread, and
// an offer's step shows in the seller's open conversation as it happens.

/** 'My Messages' in the header; its name carries the unread count ('My Messages 1 unread'). */
function myMessages(page: Page): Locator {
  return headerMenu(page).getByRole('link', { name: /^My Messages/ });
}

async function openConversationFromItem(page: Page, listingRefnum: string, title: string): Promise<void> {
  await page.goto(`/${listingRefnum}`);
  await (await hydrated(page.getByRole('link', { name: 'Message', exact: true }))).click();
  await expect(page).toHaveURL(/\/messages\/[A-Za-z0-9_-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: `Messages about ${title}` })).toBeVisible();
}

test('buyer and seller write to each other live; the header counts unread; an offer shows in the conversation', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const viewport = { width: 1280, height: 800 };
  const { seller, buyer } = await sellerAndBuyer(browser, viewport, 'Sela', 'Buzz');
  const title = `Walnut desk ${Date.now().toString(36)}`;
  const listingRefnum = await listItem(request, seller.person, title, 5000);

  // The buyer opens the conversation from the item page: nothing yet, the send box refuses an empty line.
  await openConversationFromItem(buyer.page, listingRefnum, title);
  await expect(buyer.page.getByText('No messages yet: write the first one.')).toBeVisible();
  const box = buyer.page.getByRole('form', { name: 'Send a message' });
  await box.getByRole('button', { name: 'Send' }).click();
  await expect(box.getByRole('alert')).toHaveText('Please enter a message');
  await box.getByLabel('Your message').fill('hi 👋');
  await expect(box.getByText('4 / 2000')).toBeVisible();
  await expectPageFits(buyer.page, 'a new conversation');
  // Written as plain text: markup shows as typed, never as HTML.
  const first = '<b>Is it</b> still available?';
  await sendMessage(buyer.page, first);
  await expect(conversationLines(buyer.page).getByText(first, { exact: true })).toBeVisible();
  await expect(conversationLines(buyer.page).locator('b')).toHaveCount(0);

  // The seller: 1 unread in the header and on the conversation's card.
  await seller.page.goto('/myquest/messages');
  await expect(myMessages(seller.page)).toHaveAccessibleName(/^My Messages\s*1 unread$/);
  // ... and a notification of it, counted beside 'Notifications'.
  await expect(headerMenu(seller.page).getByRole('link', { name: /^Notifications/ })).toHaveAccessibleName(
    /^Notifications\s*1 unread$/,
  );
  const card = seller.page.getByRole('link', { name: new RegExp(title) });
  await expect(card).toContainText(`Buyer ${buyer.person.nameFirst}`);
  await expect(card).toContainText(first);
  await expect(card).toContainText('1 unread');
  await expectPageFits(seller.page, 'My Messages');
  await card.click();
  await expect(conversationLines(seller.page).getByText(first, { exact: true })).toBeVisible();
  // Opened: read, and the header says so.
  await expect(myMessages(seller.page)).toHaveAccessibleName('My Messages');
  await expectPageFits(seller.page, 'a conversation (seller)');

  // Both pages stay open: each new line shows on the other side without reloading.
  await sendMessage(buyer.page, 'Can I pick it up tomorrow?');
  await expect(conversationLines(seller.page).getByText('Can I pick it up tomorrow?')).toBeVisible();
  await sendMessage(seller.page, 'Yes, after 5pm.');
  await expect(conversationLines(buyer.page).getByText('Yes, after 5pm.')).toBeVisible();
  // The buyer read it as it came (their page was open): nothing unread left on either side.
  await expect(myMessages(buyer.page)).toHaveAccessibleName('My Messages');

  // An offer made in another tab shows in the seller's open conversation, apart from the people's lines.
  const offerTab = await buyer.page.context().newPage();
  await offerTab.goto(`/${listingRefnum}`);
  const form = offerTab.getByRole('form', { name: 'Make an offer' });
  await form.getByLabel('Your offer ($)').fill('42');
  await form.getByRole('button', { name: 'Make Offer' }).click();
  await expect(offerTab.getByRole('status').getByText('Offer sent')).toBeVisible();
  await expect(conversationLines(seller.page).getByText('Offered $42.00', { exact: true })).toBeVisible();
  await expect(
    conversationLines(seller.page).locator('.line--system').filter({ hasText: 'Offered $42.00' }),
  ).toHaveCount(1);
  await expect(conversationLines(buyer.page).getByText('Offered $42.00', { exact: true })).toBeVisible();

  // The offer thread leads to the conversation, for both parties.
  await offerTab.getByRole('link', { name: 'View your offer' }).click();
  await offerTab.getByRole('link', { name: 'View Messages' }).click();
  await expect(offerTab.getByRole('heading', { level: 1, name: `Messages about ${title}` })).toBeVisible();
  await expect(conversationLines(offerTab).getByText('Yes, after 5pm.')).toBeVisible();

  // The seller's card on My Dashboard leads to the listing's conversations.
  await seller.page.goto('/myquest/selling');
  await seller.page.getByRole('link', { name: `View Messages about ${title}` }).click();
  await expect(seller.page).toHaveURL(new RegExp(`/myquest/messages\\?listingRefnum=${listingRefnum}$`));
  await expect(seller.page.getByText(`About ${title}`)).toBeVisible();
  await expect(seller.page.getByRole('link', { name: new RegExp(title) })).toContainText('Offered $42.00');
});

test('the main flow at 384 px: message from the item page, the seller answers from My Messages, live', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const viewport = { width: 384, height: 800 };
  const { seller, buyer } = await sellerAndBuyer(browser, viewport, 'Sami', 'Bea');
  const title = `Rattan chair ${Date.now().toString(36)}`;
  const listingRefnum = await listItem(request, seller.person, title, 2500);

  await openConversationFromItem(buyer.page, listingRefnum, title);
  const long = `Hello! ${'Averyveryverylongwordwithoutanyspaces'.repeat(4)} is it still there?`;
  await sendMessage(buyer.page, long);
  await expect(conversationLines(buyer.page).getByText(long)).toBeVisible();
  await expectPageFits(buyer.page, 'a conversation at 384 px (buyer)');

  await seller.page.goto('/myquest/messages');
  const card = seller.page.getByRole('link', { name: new RegExp(title) });
  await expect(card).toContainText('1 unread');
  // The folded menu shows a dot: something is unread; its 'My Messages' link says how much.
  const menuToggle = seller.page.getByRole('button', { name: 'Open menu' });
  await expect(menuToggle.locator('[data-unread="messages"]')).toBeVisible();
  await menuToggle.click();
  await expect(myMessages(seller.page)).toHaveAccessibleName(/^My Messages\s*1 unread$/);
  await seller.page.getByRole('button', { name: 'Close menu' }).click();
  await expectPageFits(seller.page, 'My Messages at 384 px');
  await card.click();
  await expect(conversationLines(seller.page).getByText(long)).toBeVisible();
  await expectPageFits(seller.page, 'a conversation at 384 px (seller)');

  await sendMessage(seller.page, 'Yes it is.');
  await expect(conversationLines(buyer.page).getByText('Yes it is.')).toBeVisible();
  await sendMessage(buyer.page, 'On my way.');
  await expect(conversationLines(seller.page).getByText('On my way.')).toBeVisible();
});

/** Lines sent through the api, one after another (a fresh token when the 3-second one dies). */
async function sendByApi(
  request: APIRequestContext,
  from: Person,
  to: { listingRefnum: string; toRefnum: string },
  texts: string[],
) {
  let headers = await bearer(request, from);
  for (const text of texts) {
    let response = await request.post('/svc/messages', { headers, data: { ...to, text } });
    if (response.status() === 401) {
      headers = await bearer(request, from);
      response = await request.post('/svc/messages', { headers, data: { ...to, text } });
    }
    expect(response.ok(), await response.text()).toBe(true);
  }
}

test('a long conversation opens at its latest lines; Load earlier pages back to the first', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const viewport = { width: 1280, height: 800 };
  const { seller, buyer } = await sellerAndBuyer(browser, viewport, 'Siv', 'Ben');
  const title = `Oak bench ${Date.now().toString(36)}`;
  const listingRefnum = await listItem(request, seller.person, title, 3000);
  const texts = Array.from({ length: 55 }, (_, i) => `Line ${i + 1}`);
  await sendByApi(request, buyer.person, { listingRefnum, toRefnum: seller.login.userRefnum }, texts);

  await openConversationFromItem(buyer.page, listingRefnum, title);
  const log = conversationLines(buyer.page);
  // The latest 50, oldest first.
  await expect(log.getByRole('listitem')).toHaveCount(50);
  await expect(log.getByRole('listitem').first()).toContainText('Line 6');
  await expect(log.getByRole('listitem').last()).toContainText('Line 55');
  await buyer.page.getByRole('button', { name: 'Load earlier' }).click();
  await expect(log.getByRole('listitem')).toHaveCount(55);
  await expect(log.getByRole('listitem').first()).toContainText('Line 1');
  await expect(buyer.page.getByRole('button', { name: 'Load earlier' })).toHaveCount(0);
});
