import type { Frame, Page } from '@playwright/test';

/** What overflows in a document: its own width beyond the window, and every button or label whose text is cut. */
export async function overflows(target: Page | Frame): Promise<string[]> {
  return target.evaluate(() => {
    const doc = (globalThis as unknown as { document: { scrollingElement: { scrollWidth: number; clientWidth: number }; querySelectorAll(s: string): ArrayLike<{ scrollWidth: number; clientWidth: number; textContent: string | null; offsetParent: unknown; getClientRects(): ArrayLike<unknown> }> } }).document;
    const found: string[] = [];
    const root = doc.scrollingElement;
    if (root.scrollWidth > root.clientWidth + 1) found.push(`the page is ${root.scrollWidth} px wide in ${root.clientWidth}`);
    const cut = Array.from(doc.querySelectorAll('button, [role="button"], a.MuiButton-root, a.button, label, .figure-label'));
    for (const el of cut) {
      if (el.getClientRects().length === 0) continue;
      const text = (el.textContent ?? '').trim().slice(0, 60);
      if (el.scrollWidth > el.clientWidth + 1) found.push(`cut: "${text}" (${el.scrollWidth} > ${el.clientWidth})`);
      // Cut by a box that hides or scrolls its overflow: the control reaches past the box's right edge.
      const r = (el as unknown as { getBoundingClientRect(): { left: number; right: number } }).getBoundingClientRect();
      for (let box = (el as unknown as { parentElement: unknown }).parentElement as null | { parentElement: unknown; getBoundingClientRect(): { left: number; right: number } }; box; box = box.parentElement as typeof box) {
        const style = (globalThis as unknown as { getComputedStyle(e: unknown): { overflowX: string } }).getComputedStyle(box);
        if (style.overflowX === 'visible') continue;
        const b = box.getBoundingClientRect();
        if (r.right > b.right + 1 || r.left < b.left - 1) found.push(`out of sight: "${text}" (${Math.round(r.left)}–${Math.round(r.right)} outside ${Math.round(b.left)}–${Math.round(b.right)})`);
        break;
      }
    }
    return found;
  });
}
