import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Turn } from '~/islands/chat/ChatLog';
import ChatIsland from '~/islands/chat/ChatPanel';
import type { ChatTurn } from '~/lib/chat/history';
import { $chatStatus } from '~/stores/chat-state';

const turn = (state: ChatTurn['state']): ChatTurn => ({
  key: 'a',
  query: 'Kapan kelas dimulai?',
  answer: 'Kelas dimulai 1 Agustus.',
  sources: [],
  grounded: true,
  state,
});

describe('the chat panel', () => {
  afterEach(() => $chatStatus.set(''));

  it('is a <dialog> named by its heading, closed until showModal() opens it as a modal', () => {
    const html = renderToStaticMarkup(createElement(ChatIsland, { workspace: 'w', onClose() {}, returnFocus() {} }));
    expect(html).toMatch(/^<dialog class="chat" aria-labelledby="chat-title">/);
    expect(html).toContain('<h2 id="chat-title">');
    expect(html).not.toMatch(/<dialog[^>]* open/);
    // The platform's dialog role, not a second one written by hand.
    expect(html).not.toContain('role="dialog"');
  });

  it('announces a finished answer once: in its status, not again from the log', () => {
    $chatStatus.set('Jawaban selesai: Kelas dimulai 1 Agustus.');
    const panel = renderToStaticMarkup(createElement(ChatIsland, { workspace: 'w', onClose() {}, returnFocus() {} }));
    expect(panel).toContain('role="status">Jawaban selesai: Kelas dimulai 1 Agustus.</p>');
    for (const state of ['streaming', 'complete'] as const) {
      const html = renderToStaticMarkup(createElement(Turn, { turn: turn(state) }));
      expect(html).toContain('<div class="chat-turn__answer" aria-live="off">');
      // Not busy: a busy turn is read whole, answer and all, once it ends.
      expect(html).not.toContain('aria-busy');
    }
  });
});
