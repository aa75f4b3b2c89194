/**
 * Names as people write them. The server keeps names lower-cased (users) or capitals (customers),
 * and the spec sends them that way; only what is shown is title-cased.
 * 'HARBORVIEW MEDICAL CENTER' -> 'Harborview Medical Center', 'dana facilities' -> 'Dana Facilities'.
 */
export function titleCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/(^|[\s\-/(])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase())
    .trim();
}
