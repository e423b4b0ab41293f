import type { Page } from 'playwright-core';

/**
 * The visible controls smaller than 44×44 CSS px (WCAG 2.5.5, target size), described for a readable failure. A
 * control counts by its own box, or by its ::after hit area when larger (web/src/index.css gives touch screens an
 * invisible 44×44 ::after instead of resizing the control), or, for a check box or radio, with its labels (around it
 * or pointing at it); links inside a sentence are exempt (as WCAG allows), and so are controls hidden under a modal
 * (inert or aria-hidden).
 */
export async function smallTapTargets(page: Page, min = 44): Promise<string[]> {
  return page.evaluate(`(() => {
    const min = ${min};
    const out = [];
    const controls = document.querySelectorAll('a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="option"], [role="menuitem"]');
    for (const el of controls) {
      if (el.closest('[inert], [aria-hidden="true"]')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      let box = el.getBoundingClientRect();
      // not laid out, or visually hidden (sr-only) behind a visible control of its own
      if (box.width <= 1 || box.height <= 1) continue;
      if (el.matches('input[type="checkbox"], input[type="radio"]')) {
        // the box and its labels (around it or pointing at it) all toggle it: their union is the target
        const boxes = [box, ...Array.from(el.labels || []).map((l) => l.getBoundingClientRect())];
        const left = Math.min(...boxes.map((b) => b.left)), right = Math.max(...boxes.map((b) => b.right));
        const top = Math.min(...boxes.map((b) => b.top)), bottom = Math.max(...boxes.map((b) => b.bottom));
        box = { width: right - left, height: bottom - top };
      }
      const hit = getComputedStyle(el, '::after');
      // (a control that clips its own overflow clips its ::after too)
      if (hit.content !== 'none' && hit.content !== 'normal' && hit.position === 'absolute' && hit.pointerEvents !== 'none' && style.overflow === 'visible') {
        const w = parseFloat(hit.width), h = parseFloat(hit.height);
        if (w > 0 && h > 0) box = { width: Math.max(box.width, w), height: Math.max(box.height, h) };
      }
      if (el.tagName === 'A' && el.parentElement && /^(P|LI|SPAN|DD|TD)$/.test(el.parentElement.tagName) && (el.parentElement.textContent || '').trim().length > (el.textContent || '').trim().length + 10) continue;
      if (box.width >= min - 0.5 && box.height >= min - 0.5) continue;
      const name = el.getAttribute('aria-label') || (el.textContent || '').trim().slice(0, 30) || el.getAttribute('name') || el.getAttribute('type') || '';
      out.push(el.tagName.toLowerCase() + ' "' + name + '" ' + Math.round(box.width) + '×' + Math.round(box.height));
    }
    return out;
  })()`) as Promise<string[]>;
}
