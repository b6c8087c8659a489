import { createRoot } from 'react-dom/client';
import { setChatOpen } from '~/stores/chat';
import { $chatOpen } from '~/stores/chat-state';
import ChatIsland from './ChatPanel';
import chatStyles from './chat.css?url';

/** The element the panel renders into, named by the launcher's aria-controls. */
export const CHAT_ROOT_ID = 'asisten-chat';

/**
 * The panel's stylesheet, added when the chat first opens: as a file of its own (`?url`), because
 * a CSS import here would be bundled into the pages' styles instead of coming with the panel.
 * Resolves once it applies (or failed: an unstyled panel beats none), so the panel never flashes unstyled.
 */
function loadStyles(): Promise<void> {
  if (document.querySelector('link[data-chat-styles]')) return Promise.resolve();
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: chatStyles });
  link.dataset.chatStyles = '';
  const applied = new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
  document.head.append(link);
  return applied;
}

/**
 * Opens or closes the chat from its launcher (the shell script imports this module on the first
 * click: the chat is not an Astro island, nothing of it loads with the page). The first time it
 * loads the panel's styles, creates its React root right after the launcher and ties the
 * launcher's aria-expanded to the panel; the panel is a modal dialog, and closing it (Escape,
 * 'Tutup', a click beside it) returns the focus to the launcher.
 */
export async function toggleChat(launcher: HTMLElement): Promise<void> {
  if (!document.getElementById(CHAT_ROOT_ID)) {
    await loadStyles();
    const container = Object.assign(document.createElement('div'), { id: CHAT_ROOT_ID });
    launcher.after(container);
    launcher.setAttribute('aria-controls', CHAT_ROOT_ID);
    $chatOpen.subscribe((open) => launcher.setAttribute('aria-expanded', String(open)));
    createRoot(container).render(
      <ChatIsland workspace={launcher.dataset.workspace ?? ''} onClose={() => setChatOpen(false)} returnFocus={() => launcher.focus()} />,
    );
  }
  setChatOpen(!$chatOpen.get());
}
