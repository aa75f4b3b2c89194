/**
 * A text as every search box compares it: lower case, accents off, every run of spaces, dashes,
 * dots and underscores one space, so 'rtu 1' finds 'RTU-1' and 'cafe' finds 'Café'.
 */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[\s\-_.]+/g, ' ')
    .trim();
}
