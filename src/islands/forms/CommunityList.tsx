import type { ReactNode } from 'react';
import { ListState } from './ListState';
import type { RemoteList } from './use-remote-list';

/**
 * What a community island lists (book comments, aspirations, donations): its loading, failure and
 * empty states, then each row as a line of facts (`meta`: who, what, when) over its text; a row
 * without text (`text` undefined) shows the facts alone.
 */
export function CommunityList<T extends { id: number }>({
  list,
  retry,
  empty,
  meta,
  text,
}: {
  list: RemoteList<T>;
  retry(): void;
  empty: string;
  meta(item: T): ReactNode;
  text(item: T): ReactNode | undefined;
}) {
  return (
    <ListState list={list} retry={retry} empty={empty}>
      {(items: T[]) => (
        <ul className="community__list">
          {items.map((item) => {
            const body = text(item);
            return (
              <li key={item.id}>
                <p className="community__meta">{meta(item)}</p>
                {body !== undefined && <p className="community__text">{body}</p>}
              </li>
            );
          })}
        </ul>
      )}
    </ListState>
  );
}
