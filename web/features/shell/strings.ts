/** Every user-visible string of the home shell (spec section 2). */
export const shellStrings = {
  admin: 'Admin',
  noCustomer: 'No customer on account',
  home: 'Home',
  homeTitle: 'Back to Dashboard',
  userMenu: (name: string) => `User menu for ${name}`,
  contactUs: 'Contact us',
  contactUsNewTab: 'Contact us (opens in a new tab)',
  logOut: 'Log out',
  /** Beyond the spec: the account menu's email line and its Change Password. */
  signedInAs: (email: string) => `Signed in as ${email}`,
  changePassword: 'Change Password',
  addUser: 'Add User',
  editUser: 'Edit User',
  // Beyond the spec: the administrators' user list.
  users: 'Users',
  usersHint: 'Manage users: open one to rename, assign, mail, view as or remove',
  // Beyond the spec (issue 20): customers' mail settings, in the user menu.
  notifications: 'Notifications',
  calendarFeed: 'Calendar feed',
  reportsNav: 'Reports',
  documents: 'Documents',
  newBadge: 'NEW',
  newBadgeHover: 'Brand new! Explore Analytics',
  /** Beyond the spec: the raised equipment alerts, counted on the Analytics entry where the user lands. */
  alertCount: (n: number) => (n === 1 ? '1 alert' : `${n} alerts`),
  alertCountLabel: (n: number) => (n === 1 ? '1 active equipment alert' : `${n} active equipment alerts`),
  logoHome: 'Dashboard',
  noReports: 'No reports available.',
  customersLabel: 'Customers',
} as const;
