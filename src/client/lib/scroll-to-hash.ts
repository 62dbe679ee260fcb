/** Scrolls to the element the address's `#fragment` names, if there is one (a link like `/help#faq`). */
export function scrollToHash(): void {
  const id = decodeURIComponent(window.location.hash.slice(1));
  if (id) document.getElementById(id)?.scrollIntoView();
}
