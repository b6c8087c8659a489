import { afterEach, describe, expect, it, vi } from 'vitest';
import { enhanceMenu, inertOutside, type TreeNode, wrapFocus } from '~/components/shell/phone-menu';

/** A page's elements as `inertOutside` sees them: tag, parent, children and `inert`. */
function element(tagName: string, children: TreeNode[] = [], inert = false): TreeNode {
  const node: TreeNode = { tagName, children, inert, parentElement: null };
  for (const child of children) child.parentElement = node;
  return node;
}

/** html > body > [skip link, header > row > [brand, bar, menu], main, footer, launcher]. */
function page() {
  const menu = element('DETAILS');
  const brand = element('SPAN');
  const bar = element('NAV');
  const row = element('DIV', [brand, bar, menu]);
  const header = element('HEADER', [row]);
  const skip = element('A');
  const main = element('MAIN');
  const footer = element('FOOTER');
  const launcher = element('BUTTON', [], true);
  const body = element('BODY', [skip, header, main, footer, launcher]);
  const head = element('HEAD');
  element('HTML', [head, body]);
  return { menu, brand, bar, row, header, skip, main, footer, launcher, body, head };
}

describe('the phone menu’s inert page', () => {
  it('makes everything beside the open menu inert, up to the body, and not the menu’s own ancestors', () => {
    const { menu, brand, bar, row, header, skip, main, footer, body, head } = page();
    inertOutside(menu);
    for (const node of [brand, bar, skip, main, footer]) expect(node.inert).toBe(true);
    for (const node of [menu, row, header, body, head]) expect(node.inert).toBe(false);
  });

  it('gives the page back as it was: what was inert before stays inert', () => {
    const { menu, brand, main, launcher } = page();
    const release = inertOutside(menu);
    expect(launcher.inert).toBe(true);
    release();
    expect(brand.inert).toBe(false);
    expect(main.inert).toBe(false);
    expect(launcher.inert).toBe(true);
  });
});

describe('Tab kept in the menu', () => {
  const items = ['opener', 'Kelas', 'Kursus', 'Masuk'];

  it('goes from the last to the first and, backwards, from the first to the last', () => {
    expect(wrapFocus(items, 'Masuk', false)).toBe('opener');
    expect(wrapFocus(items, 'opener', true)).toBe('Masuk');
  });

  it('leaves the browser’s order alone inside the menu', () => {
    expect(wrapFocus(items, 'opener', false)).toBeUndefined();
    expect(wrapFocus(items, 'Kursus', true)).toBeUndefined();
  });

  it('brings a focus from outside the menu back into it', () => {
    expect(wrapFocus(items, null, false)).toBe('opener');
    expect(wrapFocus(items, 'footer link', true)).toBe('Masuk');
  });

  it('does nothing in an empty menu', () => {
    expect(wrapFocus([], null, false)).toBeUndefined();
  });
});

describe('the phone menu with the shell script', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** The menu in a page of fakes: the document, the opener and one link are event targets that track the focus. */
  function openMenu() {
    const doc = Object.assign(new EventTarget(), { activeElement: null as unknown, body: {} });
    const focusable = (name: string) => {
      const control = {
        name,
        focus() {
          doc.activeElement = control;
        },
        getClientRects: () => [{}],
      };
      return control;
    };
    const opener = focusable('opener');
    const link = focusable('link');
    const main = element('MAIN');
    const menu = Object.assign(new EventTarget(), element('DETAILS'), {
      open: false,
      querySelector: () => opener,
      querySelectorAll: () => [opener, link],
      contains: (node: unknown) => node === opener || node === link,
    });
    element('BODY', [menu, main]);
    vi.stubGlobal('document', doc);
    vi.stubGlobal('addEventListener', () => {});
    vi.stubGlobal('matchMedia', () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
    enhanceMenu(menu as unknown as HTMLDetailsElement);
    menu.open = true;
    menu.dispatchEvent(new Event('toggle'));
    link.focus();
    const key = (name: string, shiftKey = false) => {
      const event = Object.assign(new Event('keydown', { cancelable: true }), { key: name, shiftKey, isComposing: false });
      doc.dispatchEvent(event);
      return event;
    };
    return { doc, menu, main, opener, link, key };
  }

  it('makes the page inert while open; Escape closes it, gives the focus to "Buka menu" and the page back', () => {
    const { doc, menu, main, opener, key } = openMenu();
    expect(main.inert).toBe(true);
    expect(key('Escape').defaultPrevented).toBe(true);
    expect(menu.open).toBe(false);
    expect(doc.activeElement).toBe(opener);
    menu.dispatchEvent(new Event('toggle'));
    expect(main.inert).toBe(false);
  });

  it('keeps Tab in the menu: from its last link to "Buka menu"', () => {
    const { doc, menu, opener, key } = openMenu();
    expect(key('Tab').defaultPrevented).toBe(true);
    expect(doc.activeElement).toBe(opener);
    expect(menu.open).toBe(true);
  });
});
