import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { CHAT_COPY } from '~/contract/chat';
import { type ChatTurn, sourceHref } from '~/lib/chat/history';
import { $chatLoading, $chatTurns } from '~/stores/chat-state';

/**
 * One question and its answer: the text as it streams, then its sources, or the contact page when
 * the site has no answer. The answer is out of the log's announcements (`aria-live="off"`): the
 * panel's status reads it once, whole, when it ends ("Jawaban selesai: …", stores/chat.ts).
 */
export function Turn({ turn }: { turn: ChatTurn }) {
  const streaming = turn.state === 'streaming';
  const sources = turn.sources.flatMap((source) => {
    const href = sourceHref(source.url);
    return href ? [{ ...source, href }] : [];
  });
  return (
    <article className="chat-turn" data-state={turn.state}>
      <p className="chat-turn__question">
        <span className="visually-hidden">Anda: </span>
        {turn.query}
      </p>
      <div className="chat-turn__answer" aria-live="off">
        <p className="chat-turn__text">
          <span className="visually-hidden">Asisten: </span>
          {turn.answer || (streaming ? 'Sedang menjawab…' : '')}
        </p>
        {turn.state === 'stopped' && <p className="chat-turn__meta">Jawaban dihentikan.</p>}
        {turn.notice && <p className="chat-turn__notice">{turn.notice}</p>}
        {!turn.grounded && (
          <p className="chat-turn__contact">
            <a href={CHAT_COPY.contactPath}>{CHAT_COPY.contactLabel}</a>
          </p>
        )}
        {sources.length > 0 && (
          <div className="chat-sources">
            <p className="chat-sources__label">{CHAT_COPY.sources}</p>
            <ul>
              {sources.map((source) => (
                <li key={source.href}>
                  <a href={source.href}>{source.title}</a>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </article>
  );
}

/**
 * The conversation as a log: a new question is announced once it is added; its answer is not, as
 * it streams or when it ends (the panel's status announces it once, complete). The log scrolls to
 * the newest text as it arrives.
 */
export function ChatLog() {
  const turns = useStore($chatTurns);
  const loading = useStore($chatLoading);
  const log = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = log.current;
    if (element && turns.length) element.scrollTop = element.scrollHeight;
  }, [turns]);

  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be scrolled.
    <div className="chat__log" role="log" aria-live="polite" aria-relevant="additions" aria-label="Percakapan" tabIndex={0} ref={log}>
      <p className="chat__intro">{CHAT_COPY.intro}</p>
      {loading && turns.length === 0 && <p className="chat-turn__meta">Memuat percakapan…</p>}
      {turns.map((turn) => (
        <Turn key={turn.key} turn={turn} />
      ))}
    </div>
  );
}
