import { useEffect, useState } from 'react';
import { buildProgress } from '~/lib/api/builds';
import type { ApiClient } from '~/lib/api/client';
import { readPageConfig } from '~/lib/api/page-config';
import { headStatus, type LiveState, watchLive } from './post-live';

/** A write to follow until it is live: a publish (`present`) or an unpublish (`absent`) of the post at `path`. */
export interface LiveWatch {
  since: string;
  path: string;
  expect: 'present' | 'absent';
}

/**
 * After a publish or an unpublish: the build's progress, polled every second ('Menunggu build…',
 * 'Membangun halaman…'), then the live address, or why not (a failed build, 90 s without it). A
 * standing status region, so each change is announced once. A new watch replaces the one before.
 */
export function PostLiveStatus({
  client,
  watch,
  canSeeBuilds,
}: {
  client: ApiClient;
  watch: LiveWatch | undefined;
  canSeeBuilds: boolean;
}) {
  const [state, setState] = useState<LiveState>();
  useEffect(() => {
    setState(watch ? 'waiting' : undefined);
    if (!watch) return;
    const stop = new AbortController();
    const code = readPageConfig()?.appCode;
    void watchLive({
      ...watch,
      progress: code ? () => buildProgress(client, code, { signal: stop.signal }) : undefined,
      head: headStatus,
      onState: setState,
      signal: stop.signal,
    });
    return () => stop.abort();
  }, [client, watch]);

  const address = watch ? new URL(watch.path, location.origin).href : '';
  return (
    <div className="post-live" role="status">
      {watch && state && (
        <p className={state === 'failed' || state === 'timeout' ? 'post-live__text post-live__text--problem' : 'post-live__text'}>
          {state === 'waiting' && 'Menunggu build…'}
          {state === 'building' && 'Membangun halaman…'}
          {state === 'live' &&
            (watch.expect === 'present' ? (
              <>
                Sudah live: <a href={watch.path}>{address}</a>
              </>
            ) : (
              'Tulisan sudah tidak tampil di situs.'
            ))}
          {state === 'failed' && (
            <>
              Build gagal, jadi perubahan ini belum tampil di situs; tulisan Anda tetap tersimpan.{' '}
              {canSeeBuilds ? <a href="/Admin/Build">Lihat sebabnya di Build &amp; rilis</a> : 'Minta admin memeriksa Build & rilis.'}
            </>
          )}
          {state === 'timeout' && (
            <>
              Setelah 90 detik halaman belum {watch.expect === 'present' ? 'live' : 'hilang dari situs'}; build mungkin masih antre. Periksa
              sebentar lagi: <a href={watch.path}>{address}</a>
            </>
          )}
        </p>
      )}
    </div>
  );
}
