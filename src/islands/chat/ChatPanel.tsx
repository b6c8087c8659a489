import { useStore } from '@nanostores/react';
import { type KeyboardEvent, type MouseEvent, type SyntheticEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CHAT_COPY } from '~/contract/chat';
import { browserStorage } from '~/stores/app';
import { newConversation, startChat } from '~/stores/chat-conversations';
import { $chatNotice, $chatOpen, $chatStatus } from '~/stores/chat-state';
import { appClient } from '../shared/app-client';
import { IslandBoundary } from '../shared/IslandBoundary';
import { ChatComposer } from './ChatComposer';
import { ChatHistory } from './ChatHistory';
import { ChatLog } from './ChatLog';

interface Props {
  /** The tenant's chat workspace (the launcher's data-workspace), used when the identity names none. */
  workspace: string;
  /** Asks for the panel to close (Escape, 'Tutup', a click beside it). */
  onClose(): void;
  /** Gives the focus back to the launcher once the panel is closed. */
  returnFocus(): void;
}

/**
 * The chat panel: a modal `<dialog>` (opened with `showModal()`, so the rest of the page is inert
 * and the focus stays in it) with the conversation (or the history of past ones), the question
 * field and the panel's tools. Escape, 'Tutup' or a click beside it close it, and the focus goes
 * back to the launcher. The conversation and history the browser kept show again at once
 * (`startChat`); questions wait for the page's API client.
 */
function ChatPanel({ workspace, onClose, returnFocus }: Props) {
  const open = useStore($chatOpen);
  const status = useStore($chatStatus);
  const notice = useStore($chatNotice);
  const [ready, setReady] = useState(false);
  const [view, setView] = useState<'chat' | 'history'>('chat');
  const input = useRef<HTMLTextAreaElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    let live = true;
    appClient().then(
      (client) => {
        if (!live) return;
        void startChat({ client, storage: browserStorage(), workspace });
        setReady(true);
      },
      (error: unknown) => {
        console.error('Asisten tidak dapat dimulai:', error);
        if (live) $chatNotice.set('Asisten belum dapat dimuat. Periksa koneksi Anda, lalu muat ulang halaman.');
      },
    );
    return () => {
      live = false;
    };
  }, [workspace]);

  // The store says whether the chat is open; the dialog follows it, in the top layer while open.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open) {
      if (!element.open) element.showModal();
      input.current?.focus();
    } else if (element.open) {
      element.close();
    }
  }, [open]);

  const backToChat = () => {
    setView('chat');
    // The control pressed may go with the view; the question field always stays.
    input.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Escape while composing (an input method's candidates) cancels the composition, not the panel.
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    // Not the browser's own close: the store closes the dialog, so the two never disagree.
    event.preventDefault();
    event.stopPropagation();
    onClose();
  };
  // Another close request (a phone's back gesture): the same way out.
  const onCancel = (event: SyntheticEvent) => {
    event.preventDefault();
    onClose();
  };
  // However the dialog closed, the store hears of it and the focus goes back to the launcher.
  const onClosed = () => {
    if ($chatOpen.get()) onClose();
    returnFocus();
  };
  // A click on the backdrop reaches the dialog itself, outside its box.
  const onClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target !== event.currentTarget) return;
    const box = event.currentTarget.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) onClose();
  };

  return (
    <dialog
      className="chat"
      ref={dialog}
      aria-labelledby="chat-title"
      onKeyDown={onKeyDown}
      onCancel={onCancel}
      onClose={onClosed}
      onClick={onClick}
    >
      <div className="chat__head">
        <h2 id="chat-title">{CHAT_COPY.title}</h2>
        <button type="button" className="chat__button" onClick={onClose}>
          Tutup<span className="visually-hidden"> asisten</span>
        </button>
      </div>
      <div className="chat__tools">
        <button
          type="button"
          className="chat__button"
          onClick={() => {
            newConversation();
            backToChat();
          }}
        >
          Percakapan baru
        </button>
        <button
          type="button"
          className="chat__button"
          aria-expanded={view === 'history'}
          aria-controls="chat-history"
          onClick={() => (view === 'history' ? backToChat() : setView('history'))}
        >
          Riwayat
        </button>
      </div>
      {notice && (
        <p className="chat__notice" role="alert">
          {notice}
        </p>
      )}
      {view === 'history' ? <ChatHistory onOpened={backToChat} /> : <ChatLog />}
      <ChatComposer ready={ready} inputRef={input} />
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </dialog>
  );
}

/** The chat, mounted by `mount.tsx` when the visitor opens it. */
export default function ChatIsland(props: Props) {
  return (
    <IslandBoundary source="ChatPanel">
      <ChatPanel {...props} />
    </IslandBoundary>
  );
}
