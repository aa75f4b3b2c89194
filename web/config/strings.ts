/** Spec strings shared by every screen (spec sections 2 and 9). */
export const commonStrings = {
  tooNarrow: 'Screen is too small. Please expand the width of your tab to view the application.',
  footerReporting: (product: string) => `${product} Reporting`,
  footerBrand: 'A Total Comfort Solutions Brand',
  footerRights: 'All rights reserved',
  logoAlt: (product: string) => (product ? `${product} logo` : 'Logo'),
} as const;
