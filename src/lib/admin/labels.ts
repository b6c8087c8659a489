import type { PostKind, PostStatus } from '~/contract/posts';

/** Each post kind as staff name it in the console (SPEC §3 kinds). */
export const POST_KIND_LABELS: Readonly<Record<PostKind, string>> = {
  news: 'Berita',
  blog: 'Blog',
  articles: 'Artikel',
  podcasts: 'Podcast',
  'tulisan-temans': 'Tulisan Teman',
  event: 'Acara',
  program: 'Program',
};

/** A post's state as the console and the preview bar say it. */
export const POST_STATUS_LABELS: Readonly<Record<PostStatus, string>> = {
  draft: 'draf',
  scheduled: 'terjadwal',
  published: 'terbit',
};
