/** The console's category tree (`/svc/admin/categories`): what its form and its refusals say. */
export const categoryConsoleMessages = {
  categoryHasListings: 'This category has listings: hide it instead of deleting it',
  categoryHasChildren: 'This category has subcategories: move or delete them first',
  tooManyShortcuts: 'The home page has three category shortcuts: remove one first',
  slugTaken: 'This slug is already used at this level',
  slugInvalid: 'Use lowercase letters, digits and hyphens only',
  parentUnknown: 'Choose an existing top-level category',
  titleRequired: 'Enter a title',
  propertyKeyInvalid: 'Use a short key such as condition',
  labelRequired: 'Enter a label',
  valuesRequired: 'Give at least one value',
} as const;
