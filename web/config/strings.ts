/** Spec strings shared by every screen (spec sections 2 and 9). */
export const commonStrings = {
  tooNarrow: 'Screen is too small. Please expand the width of your tab to view the application.',
  /** The product's one name in words, as the footer writes it (spec) and every mail and the tab title: '<product> Reporting'. */
  footerReporting: (product: string) => `${product} Reporting`,
  footerBrand: 'A Total Comfort Solutions Brand',
  footerRights: 'All rights reserved',
  logoAlt: (product: string) => (product ? `${product} Reporting logo` : 'Logo'),
  /** Beyond the spec: the button of a panel whose read failed (a service not answering), asking once more. */
  tryAgain: 'Try again',
} as const;
