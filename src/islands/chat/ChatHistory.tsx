import { useStore } from '@nanostores/react';
import { useRef, useState } from 'react';
import { formatClock, formatDate } from '~/lib/format/dates';
import { openConversation, removeConversation } from '~/stores/chat-conversations';
import { $chatConversation, $chatConversations } from '~/stores/chat-state';

/** When a conversation was last asked in: `14 Agustus 2026, 09.30 WIB`. */
const when = (iso: string) => `${formatDate(iso, 'WIB')}, ${formatClock(iso, 'WIB')} WIB`;

/**
 * Past conversations of this browser, the latest first, each titled by its first question: open one
 * to go on with it, or delete it (on the service and here).
 */
export function ChatHistory({ onOpened }: { onOpened(): void }) {
  const conversations = useStore($chatConversations);
  const current = useStore($chatConversation);
  const [deleting, setDeleting] = useState<string>();
  const heading = useRef<HTMLHeadingElement>(null);

  const remove = async (id: string) => {
    setDeleting(id);
    await removeConversation(id);
    setDeleting(undefined);
    // The button pressed is gone with its row: the focus goes back to the list's heading.
    heading.current?.focus();
  };

  return (
    <div className="chat-history" id="chat-history">
      <h3 ref={heading} tabIndex={-1}>
        Riwayat percakapan
      </h3>
      {conversations.length === 0 ? (
        <p>Belum ada percakapan yang tersimpan di perangkat ini.</p>
      ) : (
        <ul>
          {conversations.map((conversation) => (
            <li key={conversation.id} className="chat-history__item">
              <button
                type="button"
                className="chat-history__open"
                aria-current={conversation.id === current || undefined}
                onClick={() => {
                  void openConversation(conversation.id);
                  onOpened();
                }}
              >
                <span className="chat-history__title">{conversation.title}</span>
                <span className="chat-history__meta">
                  {when(conversation.updatedAt)} · {conversation.messages} pertanyaan
                </span>
              </button>
              <button
                type="button"
                className="chat__button"
                disabled={deleting === conversation.id}
                onClick={() => void remove(conversation.id)}
              >
                {deleting === conversation.id ? 'Menghapus…' : 'Hapus'}
                <span className="visually-hidden"> percakapan: {conversation.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
