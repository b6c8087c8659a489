import type { ManagedPost, PostDetails, PostStatus } from '~/contract/posts';
import { statusOf } from './post-kinds';

/** What the editor knows of the stored post: what it saves against and shows as its state. */
export interface StoredPost {
  id: number;
  slug: string;
  version: number;
  status: PostStatus;
  publishedAt: string;
  category: { id: number; name: string } | null;
  /** The details as stored: what a save keeps of them when they are not retyped. */
  details: PostDetails;
}

type Answer = Pick<ManagedPost, 'id' | 'slug' | 'version' | 'publishedAt' | 'category' | 'details'>;
/** What the editor keeps of a loaded or saved post; the status as the server decides it from `isActive`. */
export const stored = (post: Answer, isActive: boolean): StoredPost => ({
  id: post.id,
  category: post.category,
  slug: post.slug,
  version: post.version,
  publishedAt: post.publishedAt,
  details: post.details,
  status: statusOf(isActive, post.publishedAt),
});
