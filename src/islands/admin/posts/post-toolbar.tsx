import type { ChainedCommands, Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { PostLinkForm } from './post-link-form';

/*
 * The body's formatting toolbar: one Tab stop (arrow keys, Home and End move between buttons, as the
 * ARIA toolbar pattern has it), each button named in Indonesian, the formats as toggles with
 * `aria-pressed`, the link button opening its own small form.
 */

interface Tool {
  id: string;
  label: string;
  /** The keyboard shortcut, shown in the tooltip. */
  keys?: string;
  icon: string;
  run: (chain: ChainedCommands) => ChainedCommands;
  /** A format the selection has or not: a toggle button. */
  active?: (editor: Editor) => boolean;
}

const ICONS = {
  bullet: 'M9 6h11M9 12h11M9 18h11M4.5 6h.01M4.5 12h.01M4.5 18h.01',
  ordered: 'M10 6h10M10 12h10M10 18h10M4 4h1v4M3.5 8h3M3.5 14.5a1.5 1.5 0 0 1 3 .5L3.5 19h3',
  quote: 'M6 17c2-1 3-3 3-6V7H5v4h4M15 17c2-1 3-3 3-6V7h-4v4h4',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  undo: 'M9 14 4 9l5-5M4 9h11a5 5 0 0 1 0 10h-4',
  redo: 'M15 14l5-5-5-5M20 9H9a5 5 0 0 0 0 10h4',
};

const TOOLS: Tool[] = [
  { id: 'bold', label: 'Tebal', keys: 'Ctrl+B', icon: 'B', run: (c) => c.toggleBold(), active: (e) => e.isActive('bold') },
  { id: 'italic', label: 'Miring', keys: 'Ctrl+I', icon: 'I', run: (c) => c.toggleItalic(), active: (e) => e.isActive('italic') },
  {
    id: 'h2',
    label: 'Judul bagian (H2)',
    icon: 'H2',
    run: (c) => c.toggleHeading({ level: 2 }),
    active: (e) => e.isActive('heading', { level: 2 }),
  },
  {
    id: 'h3',
    label: 'Subjudul (H3)',
    icon: 'H3',
    run: (c) => c.toggleHeading({ level: 3 }),
    active: (e) => e.isActive('heading', { level: 3 }),
  },
  { id: 'bullet', label: 'Daftar berpoin', icon: ICONS.bullet, run: (c) => c.toggleBulletList(), active: (e) => e.isActive('bulletList') },
  {
    id: 'ordered',
    label: 'Daftar bernomor',
    icon: ICONS.ordered,
    run: (c) => c.toggleOrderedList(),
    active: (e) => e.isActive('orderedList'),
  },
  { id: 'quote', label: 'Kutipan', icon: ICONS.quote, run: (c) => c.toggleBlockquote(), active: (e) => e.isActive('blockquote') },
];
const HISTORY: Tool[] = [
  { id: 'undo', label: 'Urungkan', keys: 'Ctrl+Z', icon: ICONS.undo, run: (c) => c.undo() },
  { id: 'redo', label: 'Ulangi', keys: 'Ctrl+Shift+Z', icon: ICONS.redo, run: (c) => c.redo() },
];
const ORDER = [...TOOLS.map((tool) => tool.id), 'link', ...HISTORY.map((tool) => tool.id)];

function Icon({ icon }: { icon: string }) {
  if (icon.length <= 2) return <span className="post-toolbar__glyph">{icon}</span>;
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={icon} />
    </svg>
  );
}

/** The toolbar over the editor; `editor` is undefined until the editor runs (the buttons then do nothing). */
export function PostToolbar({ editor }: { editor: Editor | null }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      active: Object.fromEntries(TOOLS.map((tool) => [tool.id, current ? (tool.active?.(current) ?? false) : false])),
      link: current?.isActive('link') ?? false,
      undo: current?.can().undo() ?? false,
      redo: current?.can().redo() ?? false,
    }),
  });
  const [focusId, setFocusId] = useState(ORDER[0]);
  const [linkOpen, setLinkOpen] = useState(false);
  const bar = useRef<HTMLDivElement>(null);
  const linkFormId = useId();

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = ORDER.indexOf(focusId ?? '');
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: ORDER.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const id = ORDER[(next + ORDER.length) % ORDER.length] ?? ORDER[0];
    setFocusId(id);
    bar.current?.querySelector<HTMLButtonElement>(`[data-tool="${id}"]`)?.focus();
  };

  const button = (tool: Tool, extra: { pressed?: boolean; unavailable?: boolean }) => (
    <button
      key={tool.id}
      type="button"
      className="post-toolbar__button"
      data-tool={tool.id}
      tabIndex={focusId === tool.id ? 0 : -1}
      aria-pressed={extra.pressed}
      aria-disabled={extra.unavailable || undefined}
      title={tool.keys ? `${tool.label} (${tool.keys})` : tool.label}
      onFocus={() => setFocusId(tool.id)}
      // A click keeps the focus (and the selection) in the text; the keyboard reaches the buttons by Tab.
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => {
        if (!editor || extra.unavailable) return;
        tool.run(editor.chain().focus()).run();
      }}
    >
      <Icon icon={tool.icon} />
      <span className="visually-hidden">{tool.label}</span>
    </button>
  );

  return (
    <>
      <div className="post-toolbar" role="toolbar" aria-label="Format isi tulisan" ref={bar} onKeyDown={move}>
        <div className="post-toolbar__group">{TOOLS.map((tool) => button(tool, { pressed: state?.active[tool.id] ?? false }))}</div>
        <div className="post-toolbar__group">
          <button
            type="button"
            className="post-toolbar__button"
            data-tool="link"
            tabIndex={focusId === 'link' ? 0 : -1}
            aria-expanded={linkOpen}
            aria-controls={linkOpen ? linkFormId : undefined}
            title="Tautan"
            onFocus={() => setFocusId('link')}
            onClick={() => editor && setLinkOpen((open) => !open)}
          >
            <Icon icon={ICONS.link} />
            <span className="visually-hidden">{state?.link ? 'Ubah tautan' : 'Tautan'}</span>
          </button>
        </div>
        <div className="post-toolbar__group">
          {HISTORY.map((tool) => button(tool, { unavailable: !state?.[tool.id as 'undo' | 'redo'] }))}
        </div>
      </div>
      {linkOpen && editor && (
        <PostLinkForm
          id={linkFormId}
          editor={editor}
          onClose={(toEditor) => {
            setLinkOpen(false);
            if (toEditor) editor.commands.focus();
            else bar.current?.querySelector<HTMLButtonElement>('[data-tool="link"]')?.focus();
          }}
        />
      )}
    </>
  );
}
