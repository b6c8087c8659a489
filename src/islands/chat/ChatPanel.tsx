import { useStore } from '@nanostores/react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
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
  /** Closes the panel and gives the focus back to the launcher. */
  onClose(): void;
}

/**
 * The chat panel: a non-modal dialog with the conversation (or the history of past ones), the
 * question field and the panel's tools. Escape closes it. The conversation and history the browser
 * kept show again at once (`startChat`); questions wait for the page's API client.
 */
function ChatPanel({ workspace, onClose }: Props) {
  const open = useStore($chatOpen);
  const status = useStore($chatStatus);
  const notice = useStore($chatNotice);
  const [ready, setReady] = useState(false);
  const [view, setView] = useState<'chat' | 'history'>('chat');
  const input = useRef<HTMLTextAreaElement>(null);

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

  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);

  const backToChat = () => {
    setView('chat');
    // The control pressed may go with the view; the question field always stays.
    input.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Escape while composing (an input method's candidates) cancels the composition, not the panel.
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    event.stopPropagation();
    onClose();
  };

  return (
    <section className="chat" role="dialog" aria-labelledby="chat-title" hidden={!open} onKeyDown={onKeyDown}>
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
    </section>
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
