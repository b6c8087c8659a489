/**
 * The AI chat's launcher (components/shell/ChatLauncher.astro): the first click loads the chat (its
 * React root, stores and contract; nothing of it is in this script's static graph) and opens it;
 * later clicks open and close it. A click while it loads is not counted twice.
 */
const launcher = document.querySelector<HTMLElement>('[data-chat-launcher]');
let loading = false;
launcher?.addEventListener('click', async () => {
  if (loading) return;
  loading = true;
  launcher.setAttribute('aria-busy', 'true');
  try {
    // A failed chunk is the page's to handle (page-resilience.ts reloads once).
    const { toggleChat } = await import('~/islands/chat/mount');
    await toggleChat(launcher);
  } finally {
    loading = false;
    launcher.removeAttribute('aria-busy');
  }
});
