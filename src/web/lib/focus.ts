/**
 * Gives the focus to the page's heading: where it goes when what held it (a deleted card's
 * button) leaves the page, so that keyboard and screen reader users are not sent back to the top.
 */
export function focusPageHeading(): void {
  const heading = document.querySelector<HTMLElement>('main h1, h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}
