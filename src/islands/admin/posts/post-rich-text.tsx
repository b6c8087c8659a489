import Image from '@tiptap/extension-image';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef } from 'react';
import { PRESERVED_NODES } from './post-rich-nodes';
import { PostToolbar } from './post-toolbar';

/** Content to show: a new `revision` replaces what is in the editor (the first load, "Muat versi terbaru"). */
export interface LoadedContent {
  html: string;
  revision: number;
}

interface Props {
  content: LoadedContent;
  /** Every change the writer makes, as HTML (not the loads). */
  onChange(html: string): void;
  /** The visible label's id. */
  labelId: string;
  /** Hint and message ids. */
  describedBy?: string | undefined;
  invalid?: boolean;
}

/** The editable area's attributes: a labelled multi-line textbox, with its hint and message. */
const areaAttributes = (labelId: string, describedBy: string | undefined, invalid: boolean | undefined): Record<string, string> => ({
  class: 'post-rich__area',
  role: 'textbox',
  'aria-multiline': 'true',
  'aria-labelledby': labelId,
  ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  ...(invalid ? { 'aria-invalid': 'true' } : {}),
});

/**
 * The post's body: a Tiptap editor (StarterKit with its Link, images, and the tables and embeds posts
 * already hold) under its formatting toolbar. The editable area is a labelled multi-line textbox.
 * Created in the browser only (`immediatelyRender: false`): the server renders the frame.
 */
export function PostRichText({ content, onChange, labelId, describedBy, invalid }: Props) {
  const changed = useRef(onChange);
  changed.current = onChange;
  const shown = useRef(content.revision);
  const editor = useEditor({
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4, 5, 6] },
        // A trailing paragraph added on first click would count as a change of a text nobody touched.
        trailingNode: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          // The server adds target and rel to outside links itself; internal links stay plain.
          HTMLAttributes: { target: null, rel: null, class: null },
        },
      }),
      Image.configure({ allowBase64: false }),
      ...PRESERVED_NODES,
    ],
    content: content.html,
    editorProps: { attributes: areaAttributes(labelId, describedBy, invalid) },
    onUpdate: ({ editor: current }) => changed.current(current.getHTML()),
  });

  // The described-by and invalid state change after creation (a message appears): kept on the area.
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: areaAttributes(labelId, describedBy, invalid) } });
  }, [editor, labelId, describedBy, invalid]);

  useEffect(() => {
    if (!editor || shown.current === content.revision) return;
    shown.current = content.revision;
    // A load is not a step to undo, nor a change of the writer's.
    editor.chain().setMeta('addToHistory', false).setContent(content.html, { emitUpdate: false }).run();
  }, [editor, content]);

  return (
    <div className="post-rich" data-invalid={invalid ? '' : undefined}>
      <PostToolbar editor={editor} />
      {editor ? <EditorContent editor={editor} /> : <p className="post-rich__area post-rich__area--waiting">Editor sedang disiapkan…</p>}
    </div>
  );
}
