import { mergeAttributes, Node } from '@tiptap/core';

/*
 * Markup the site's posts hold that StarterKit cannot: tables and embedded players. Without a node
 * for them the editor would flatten a table into paragraphs (and drop an embed) as soon as a post is
 * opened. These nodes only keep them: a table's cells are editable text, nothing adds rows or embeds.
 */

const span = (name: 'colspan' | 'rowspan') => ({
  default: 1,
  parseHTML: (element: HTMLElement) => Number(element.getAttribute(name)) || 1,
  renderHTML: (attributes: Record<string, unknown>) => (Number(attributes[name]) > 1 ? { [name]: attributes[name] } : {}),
});

const cell = (name: 'tableCell' | 'tableHeader', tag: 'td' | 'th') =>
  Node.create({
    name,
    content: 'block+',
    isolating: true,
    addAttributes: () => ({ colspan: span('colspan'), rowspan: span('rowspan') }),
    parseHTML: () => [{ tag }],
    renderHTML: ({ HTMLAttributes }) => [tag, HTMLAttributes, 0],
  });

const TableRow = Node.create({
  name: 'tableRow',
  content: '(tableHeader | tableCell)+',
  parseHTML: () => [{ tag: 'tr' }],
  renderHTML: ({ HTMLAttributes }) => ['tr', HTMLAttributes, 0],
});

// thead/tbody/tfoot are read through (their rows join the table); it is written back with one tbody.
const Table = Node.create({
  name: 'table',
  group: 'block',
  content: 'tableRow+',
  isolating: true,
  parseHTML: () => [{ tag: 'table' }],
  renderHTML: ({ HTMLAttributes }) => ['table', HTMLAttributes, ['tbody', 0]],
});

const attribute = (name: string) => ({ default: null, parseHTML: (element: HTMLElement) => element.getAttribute(name) });

/** An embedded player (`<iframe>`), kept as it is; the server keeps only the allowed hosts. */
const Embed = Node.create({
  name: 'embed',
  group: 'block',
  atom: true,
  addAttributes: () => ({
    src: attribute('src'),
    title: attribute('title'),
    width: attribute('width'),
    height: attribute('height'),
    allow: attribute('allow'),
    allowfullscreen: { default: null, parseHTML: (element: HTMLElement) => (element.hasAttribute('allowfullscreen') ? '' : null) },
  }),
  parseHTML: () => [{ tag: 'iframe[src]' }],
  renderHTML: ({ HTMLAttributes }) => ['iframe', mergeAttributes(HTMLAttributes, { loading: 'lazy' })],
});

export const PRESERVED_NODES = [Table, TableRow, cell('tableHeader', 'th'), cell('tableCell', 'td'), Embed];
