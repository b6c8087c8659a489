import { useStore } from '@nanostores/react';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { CHAT_QUERY_MAX } from '~/contract/chat';
import { sendChat, stopChat } from '~/stores/chat';
import { $chatStreaming } from '~/stores/chat-state';

interface Props {
  /** Whether questions can go out (the page's API client is there). */
  ready: boolean;
  inputRef: RefObject<HTMLTextAreaElement | null>;
}

/**
 * The question field: Enter sends, Shift+Enter starts a new line. It stays usable while an answer
 * streams (a new question cancels the running answer, SPEC §4); 'Hentikan' stops the answer there.
 */
export function ChatComposer({ ready, inputRef }: Props) {
  const streaming = useStore($chatStreaming);
  const [text, setText] = useState('');
  const id = useId();
  // 'Hentikan' goes when the answer ends: the focus it held moves to the question field, not the page.
  const stopHadFocus = useRef(false);
  useEffect(() => {
    if (streaming || !stopHadFocus.current) return;
    stopHadFocus.current = false;
    if (document.activeElement === document.body) inputRef.current?.focus();
  }, [streaming, inputRef]);

  const send = () => {
    if (!ready || !text.trim()) return;
    void sendChat(text);
    setText('');
  };

  return (
    <form
      className="chat__form"
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <label htmlFor={`${id}-query`}>Pertanyaan Anda</label>
      <p className="chat__hint" id={`${id}-hint`}>
        Enter untuk mengirim, Shift+Enter untuk baris baru.
      </p>
      <textarea
        id={`${id}-query`}
        name="query"
        ref={inputRef}
        rows={2}
        maxLength={CHAT_QUERY_MAX}
        value={text}
        aria-describedby={`${id}-hint`}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
          event.preventDefault();
          send();
        }}
      />
      <div className="chat__actions">
        {streaming && (
          <button
            type="button"
            className="chat__button"
            onFocus={() => {
              stopHadFocus.current = true;
            }}
            onBlur={() => {
              stopHadFocus.current = false;
            }}
            onClick={() => {
              stopChat();
              inputRef.current?.focus();
            }}
          >
            Hentikan
          </button>
        )}
        <button type="submit" className="btn btn--primary chat__send" disabled={!ready}>
          Kirim
        </button>
      </div>
    </form>
  );
}
