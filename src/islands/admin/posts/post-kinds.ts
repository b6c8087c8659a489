import { POST_KINDS, type PostKind, type PostStatus } from '~/contract/posts';
import { POST_KIND_LABELS, POST_STATUS_LABELS } from '~/lib/admin/labels';

/*
 * The posts section's words for kinds and statuses (the console's own, lib/admin/labels.ts), and the
 * status rule the server applies, for the editor to show a saved post's status at once.
 */

export { POST_KIND_LABELS };

/** The kinds in the picker's order (the labels' order: news first, as the site's menus have it). */
export const PICKER_KINDS = Object.keys(POST_KIND_LABELS) as PostKind[];

export const isPostKind = (value: string | null | undefined): value is PostKind => POST_KINDS.includes(value as PostKind);

/** A status as a badge, an option or a heading says it: 'Draf', 'Terjadwal', 'Terbit'. */
export function statusLabel(status: PostStatus): string {
  const word = POST_STATUS_LABELS[status];
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Where a post stands, as the server decides it (posts/rows.ts `statusOf`): not active, active later, active now. */
export function statusOf(isActive: boolean, publishedAt: string, now = Date.now()): PostStatus {
  if (!isActive) return 'draft';
  return Date.parse(publishedAt) > now ? 'scheduled' : 'published';
}
