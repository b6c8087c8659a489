/**
 * The phone menu (SiteNav.astro's `<details class="menu">`) made modal by the shell script: the
 * disclosure opens and closes without JavaScript; with it, while open, the rest of the page is
 * `inert` (nothing under the panel takes focus or clicks), Tab and Shift+Tab go round the menu,
 * Escape, a click beside it or a screen wide enough for the bar close it, and closing gives the
 * focus back to "Buka menu" when it was in the menu (to the bar's first link when the screen grew wide).
 */

/** What can take the focus in the menu, in Tab order; hidden ones (the `display: none` bar, say) are left out by the caller. */
const FOCUSABLE = 'summary, a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The part of an element `inertOutside` reads and writes (`inert` is an `HTMLElement`'s). */
export interface TreeNode {
  parentElement: TreeNode | null;
  readonly children: ArrayLike<TreeNode>;
  inert?: boolean;
  readonly tagName: string;
}

/**
 * Makes every element of the page outside `keep` inert: the siblings of `keep` and of each of its
 * ancestors up to `<body>`. Answers the undo, which leaves alone what was inert before.
 */
export function inertOutside(keep: TreeNode): () => void {
  const made: TreeNode[] = [];
  for (let node = keep; node.parentElement && node.tagName !== 'BODY'; node = node.parentElement) {
    for (const sibling of Array.from(node.parentElement.children)) {
      if (sibling === node || sibling.inert) continue;
      sibling.inert = true;
      made.push(sibling);
    }
  }
  return () => {
    for (const node of made) node.inert = false;
  };
}

/**
 * Where Tab (or Shift+Tab) goes from `active` so that the focus stays among `focusables`: the
 * first from the last, the last from the first or from outside them; undefined where the browser's
 * own order already stays inside.
 */
export function wrapFocus<T>(focusables: readonly T[], active: T | null, backwards: boolean): T | undefined {
  const first = focusables[0];
  const last = focusables[focusables.length - 1];
  if (first === undefined || last === undefined) return undefined;
  const at = active === null ? -1 : focusables.indexOf(active);
  if (at < 0) return backwards ? last : first;
  if (backwards && at === 0) return last;
  if (!backwards && at === focusables.length - 1) return first;
  return undefined;
}

/** The menu's focusable elements that are displayed, in document order. */
function focusablesIn(menu: HTMLElement): HTMLElement[] {
  return [...menu.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => element.getClientRects().length > 0);
}

/** The width at which the bar replaces the menu (SiteNav.astro's styles). */
const BAR_WIDTH = '(min-width: 1280px)';

/** Makes one `<details>` menu modal while it is open (see the module's comment). */
export function enhanceMenu(menu: HTMLDetailsElement): void {
  const opener = menu.querySelector<HTMLElement>('summary');
  if (!opener) return;
  let release: (() => void) | undefined;

  const close = (returnFocus: boolean) => {
    if (!menu.open) return;
    menu.open = false;
    if (returnFocus) opener.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && !event.isComposing) {
      event.preventDefault();
      close(true);
      return;
    }
    if (event.key !== 'Tab') return;
    const target = wrapFocus(focusablesIn(menu), document.activeElement as HTMLElement | null, event.shiftKey);
    if (target) {
      event.preventDefault();
      target.focus();
    }
  };
  // The rest of the page is inert, so a click beside the menu lands on the document itself.
  const onClick = (event: MouseEvent) => {
    if (!(event.target instanceof Node && menu.contains(event.target))) close(true);
  };
  const wide = matchMedia(BAR_WIDTH);
  const onWide = () => {
    if (wide.matches) close(false);
  };

  const onToggle = () => {
    if (menu.open && !release) {
      release = inertOutside(menu);
      document.addEventListener('keydown', onKeyDown);
      document.addEventListener('click', onClick);
      wide.addEventListener('change', onWide);
    } else if (!menu.open && release) {
      release();
      release = undefined;
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('click', onClick);
      wide.removeEventListener('change', onWide);
      // The focus was on a link of the panel that is gone now: back to the control that opened it, or,
      // where the screen grew wide enough for the bar (the control hidden with the menu), to the bar's first link.
      const active = document.activeElement;
      if (!active || active === document.body || menu.contains(active)) {
        if (wide.matches) document.querySelector<HTMLElement>('.menu__panel--bar a')?.focus();
        else opener.focus();
      }
    }
  };
  menu.addEventListener('toggle', onToggle);
  // Loaded by the first opening (shell-script.ts): the menu may be open already.
  onToggle();
  // Back to a page left through the menu: it shows closed again.
  addEventListener('pageshow', (event) => {
    if (event.persisted) close(false);
  });
}
