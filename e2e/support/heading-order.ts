import type { Page } from 'playwright-core';

/**
 * Where the visible headings skip a level (an h1 followed by an h3, …), as "h1 → h3 « title »": a screen reader
 * user navigating by headings takes a skipped level for a missing section.
 */
export async function headingJumps(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const out = [];
    let previous = 0;
    for (const h of document.querySelectorAll('h1, h2, h3, h4, h5, h6')) {
      if (h.closest('[inert], [aria-hidden="true"]') || h.getClientRects().length === 0) continue;
      const level = Number(h.tagName[1]);
      if (previous && level > previous + 1) out.push('h' + previous + ' → h' + level + ' « ' + (h.textContent || '').trim().slice(0, 40) + ' »');
      previous = level;
    }
    return out;
  })()`) as Promise<string[]>;
}
