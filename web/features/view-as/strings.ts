/** Every user-visible string of the administrator's "view as" (spec sections 2 and 5, plus the indicator). */
export const viewAsStrings = {
  selectUserView: 'Select User View',
  noCustomerAvailable: 'No customer available',
  clear: 'Clear',
  loading: 'Loading users...',
  viewingAs: 'Viewing as',
  backToMyView: 'Back to my view',
} as const;
