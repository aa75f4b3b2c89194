/** The picker's own texts (the spec's 'All', 'Select All' and 'Select None' among them, letter for letter). */
export const pickerText = {
  all: 'All',
  allOf: (group: string, n: number) => `All ${n} of ${group}`,
  allChip: (n: number) => `All ${n} selected`,
  allChipOf: (group: string, n: number) => `${group}: all ${n}`,
  chooseProperties: 'Choose properties…',
  selectAll: 'Select All',
  selectNone: 'Select None',
  search: 'Search properties',
  selected: 'Selected properties',
} as const;
