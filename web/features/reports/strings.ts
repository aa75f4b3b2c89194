/** User-visible strings of the report frames (spec section 2: the frame is titled 'Sigma Report'). */
export const reportStrings = {
  frameTitle: 'Sigma Report',
} as const;
