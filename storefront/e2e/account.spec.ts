import { accountButton, dialog, hydrated, newPerson, openHome, signInByApi } from './fixtures';
import { expect, type Page, test } from './page-checks';

/** A 1 by 1 PNG: enough for the browser to crop and the api to re-encode. */
const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

/** A new person signed up and in through the api, on the home page. */
async function signedIn(page: Page, nameFirst: string) {
  const person = newPerson(nameFirst);
  await signInByApi(page, person);
  await openHome(page);
  await expect(accountButton(page, nameFirst)).toBeVisible();
  return person;
}

function toast(page: Page, text: string) {
  return page.locator('.toast').filter({ hasText: text });
}

test('add, edit and delete an address with the exact messages', async ({ page }) => {
  await signedIn(page, 'Addie');
  await page.goto('/settings/account');
  const add = await hydrated(page.getByRole('button', { name: 'Add New Address' }));
  await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();
  await add.click();

  const form = dialog(page, 'Add New Address');
  const save = form.getByRole('button', { name: 'Save address' });
  await expect(save).toBeDisabled();
  // Errors show once a field is touched.
  await form.getByLabel('First name').focus();
  await form.getByLabel('Last name').focus();
  await expect(form.getByText('Please enter a valid First name')).toBeVisible();
  await form.getByLabel('First name').fill('Addie');
  await form.getByLabel('Last name').fill('Tester');
  await form.getByLabel('Address line 1').fill('x'.repeat(36));
  await form.getByLabel('City').focus();
  await expect(form.getByText('Address line 1 cannot exceed 35 characters')).toBeVisible();
  await form.getByLabel('Address line 1').fill('1 Main St');
  await form.getByLabel('City').fill('New York');
  // Text that names no state is cleared on blur.
  await form.getByLabel('State').fill('Narnia');
  await form.getByLabel('Zip code').focus();
  await expect(form.getByLabel('State')).toHaveValue('');
  await expect(form.getByText('Select state')).toBeVisible();
  await form.getByLabel('State').fill('new york');
  await form.getByLabel('Zip code').fill('1000');
  await form.getByLabel('Phone number').focus();
  await expect(form.getByLabel('State')).toHaveValue('New York');
  await expect(form.getByText('Please enter a valid US Zip Code')).toBeVisible();
  await form.getByLabel('Zip code').fill('10001');
  await form.getByLabel('Phone number').fill('555 123');
  await form.getByLabel('First name').focus();
  await expect(form.getByText('Please enter a valid 10 digit US phone number')).toBeVisible();
  await expect(save).toBeDisabled();
  // Another country's number is refused; a US one is taken as people write it (spec section 5).
  await form.getByLabel('Phone number').fill('+44 20 7946 0958');
  await expect(form.getByText('Please enter a valid 10 digit US phone number')).toBeVisible();
  await expect(save).toBeDisabled();
  await form.getByLabel('Phone number').fill('(555) 123-4567');
  await expect(save).toBeEnabled();
  await form.getByLabel('Last name').fill('addie');
  await expect(form.getByText('First name and last name cannot be the same.')).toBeVisible();
  await expect(save).toBeDisabled();
  await form.getByLabel('Last name').fill('Tester');
  await expect(save).toBeEnabled();
  await save.click();
  await expect(toast(page, 'Successfully added address')).toBeVisible();
  // The form closes a second after the save.
  await expect(form).toBeHidden();
  const card = page.getByRole('listitem', { name: 'Addie Tester, 1 Main St' });
  await expect(card).toContainText('New York, NY 10001');
  await expect(card).toContainText('(555) 123-4567');
  await expect(card).toContainText('Primary');

  // Edit: leaving a changed form asks first.
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = dialog(page, 'Edit Address');
  await edit.getByLabel('Address line 1').fill('2 Side St');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  const leave = dialog(page, 'Please confirm');
  await expect(leave).toContainText('The address is not updated. Do you want to leave?');
  await leave.getByRole('button', { name: 'No' }).click();
  await expect(edit).toBeVisible();
  await edit.getByRole('button', { name: 'Update address' }).click();
  await expect(toast(page, 'Successfully updated address')).toBeVisible();
  await expect(edit).toBeHidden();
  const edited = page.getByRole('listitem', { name: 'Addie Tester, 2 Side St' });
  await expect(edited).toBeVisible();

  // Kept on the server.
  await page.reload();
  await expect(page.getByRole('listitem', { name: 'Addie Tester, 2 Side St' })).toBeVisible();

  await page.getByRole('listitem', { name: 'Addie Tester, 2 Side St' }).getByRole('button', { name: 'Delete' }).click();
  const confirm = dialog(page, 'Please confirm');
  await expect(confirm).toContainText('Are you sure you want to delete this address?');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(toast(page, 'Successfully deleted address')).toBeVisible();
  await expect(page.getByText('You have no saved addresses yet.')).toBeVisible();
});

test('upload, crop and delete a profile picture', async ({ page }) => {
  await signedIn(page, 'Pia');
  await page.goto('/myprofile');
  await expect(page).toHaveURL(/\/myprofile\/selling$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('My Profile');
  const remove = await hydrated(page.getByRole('button', { name: 'Delete picture' }));
  await expect(remove).toBeDisabled();
  await expect(page.getByRole('img', { name: 'Pia Tester has no profile picture' })).toBeVisible();

  await page
    .getByLabel('Choose a profile picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: TINY_PNG });
  const crop = dialog(page, 'Crop your picture');
  await expect(crop.locator('.crop-area img')).toBeVisible();
  await crop.getByRole('button', { name: /Picture crop area/ }).press('ArrowLeft');
  await crop.getByRole('slider').fill('2');
  await crop.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Profile picture updated')).toBeVisible();
  await expect(crop).toBeHidden();
  const picture = page.getByRole('img', { name: 'Pia Tester', exact: true });
  await expect(picture).toHaveAttribute('src', /^\/svc\/files\/profiles\/.+\.jpg\?w=160&h=160$/);
  // Shown, not only named: the picture loads (polled: its request is under way when src is set).
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBeGreaterThan(0);

  await expect(remove).toBeEnabled();
  await remove.click();
  const confirm = dialog(page, 'Please confirm');
  await expect(confirm).toContainText('Are you sure you want to delete your profile picture?');
  await confirm.getByRole('button', { name: 'Yes' }).click();
  await expect(toast(page, 'Profile picture deleted')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Pia Tester has no profile picture' })).toBeVisible();
  await expect(remove).toBeDisabled();
});

test('change communication settings and see them kept after reload', async ({ page }) => {
  await signedIn(page, 'Cora');
  await page.goto('/settings/communication');
  const recommendations = await hydrated(page.getByRole('checkbox', { name: 'Product recommendations' }));
  const offers = page.getByRole('checkbox', { name: 'Offers and messages updates' });
  const rentals = page.getByRole('checkbox', { name: 'Rental messages updates' });
  await expect(recommendations).toBeChecked();
  await expect(offers).toBeChecked();
  await expect(rentals).toBeChecked();

  await recommendations.uncheck();
  await expect(toast(page, 'Communication preferences updated')).toBeVisible();
  await expect(rentals).toBeEnabled();
  await rentals.uncheck();
  await expect(rentals).toBeEnabled();

  await page.reload();
  await expect(page.getByRole('checkbox', { name: 'Product recommendations' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Rental messages updates' })).not.toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Offers and messages updates' })).toBeChecked();
});

test("a seller's profile shows a signed-in person their header and live listings, sends a guest home, and a bad link says so", async ({
  page,
  request,
  pageChecks,
}) => {
  const response = await request.get('/svc/listing/recentItems?page=0&size=1');
  const { data } = (await response.json()) as { data: { docs: { sellerRefnum: string; listingTitle: string }[] } };
  const listing = data.docs[0];
  if (!listing) throw new Error('the demo data has no listing');
  const profile = (await (await request.get(`/svc/users/profile?userRefnum=${listing.sellerRefnum}`)).json()) as {
    data: { user: { name: string } };
  };

  // A signed-in route (spec section 2): a guest goes home (with the login dialog), a person signed in sees it.
  await page.goto(`/profile?user_refnum=${listing.sellerRefnum}`);
  await expect(page.getByRole('dialog', { name: 'Log in', exact: true })).toBeVisible();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await signInByApi(page, newPerson('Pia'));
  const answer = await page.goto(`/profile?user_refnum=${listing.sellerRefnum}`);
  expect(answer?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  // The name is in the server's HTML, and no editing is offered.
  expect(await answer?.text()).toContain(profile.data.user.name);
  await expect(page.getByRole('heading', { level: 2, name: profile.data.user.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change picture' })).toHaveCount(0);
  await expect(page.getByRole('article').filter({ hasText: listing.listingTitle })).toBeVisible();

  await page.getByRole('link', { name: 'Reviews' }).click();
  await expect(page).toHaveURL(/tab=reviews/);
  await expect(page.getByText('No reviews to show')).toBeVisible();

  // The bad link's step: the page and its profile call answer 404 on purpose.
  pageChecks.allow({ url: /U00000000000/, status: 404, reason: 'a profile link to nobody' });
  const missing = await page.goto('/profile?user_refnum=U00000000000');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('alert').filter({ hasText: 'Error fetching profile' })).toBeVisible();
});
