import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdminViewer } from '~/lib/admin/viewer';
import type { ApiClient } from '~/lib/api/client';
import { readPageConfig } from '~/lib/api/page-config';
import { getAppSettings, getCopyItem, listCopyKeys } from '~/lib/api/settings';
import type { CopyContext } from '~/lib/tenant/copy-tokens';
import { IslandBoundary } from '../../shared/IslandBoundary';
import { Notice, problemText, useStaffClient } from '../kit';
import { CopyEditor } from './copy-editor';
import { type CopyEntry, copyEntries } from './copy-keys';
import '../settings/settings.css';

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; entries: CopyEntry[] };

/** The keys, and the title and voice the pages fill their tokens with (best effort: without them the tokens show as typed). */
function useCopyKeys(client: ApiClient | undefined, code: string | undefined) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [context, setContext] = useState<CopyContext>();
  const fetchKeys = useCallback(async () => {
    if (!client || !code) return;
    setLoad({ state: 'loading' });
    try {
      setLoad({ state: 'ready', entries: copyEntries(await listCopyKeys(client, code)) });
    } catch (failure) {
      setLoad({ state: 'failed', message: problemText(failure) });
    }
  }, [client, code]);
  useEffect(() => void fetchKeys(), [fetchKeys]);
  useEffect(() => {
    if (!client || !code) return;
    Promise.all([getAppSettings(client, code), getCopyItem(client, code, 'site')]).then(
      ([settings, site]) => {
        const voice = (site.value as { voice?: unknown }).voice;
        setContext({ title: settings.title, voice: voice === 'kamu' ? 'kamu' : 'Anda' });
      },
      () => undefined,
    );
  }, [client, code]);
  return { load, context, retry: fetchKeys };
}

const keyInAddress = () => decodeURIComponent(location.hash.slice(1));

function CopySection() {
  const client = useStaffClient();
  const [code, setCode] = useState<string>();
  const [selected, setSelected] = useState<string>();
  const dirty = useRef(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    setCode(readPageConfig()?.appCode);
    setSelected(keyInAddress() || undefined);
  }, []);
  const { load, context, retry } = useCopyKeys(client, code);
  const onDirty = useCallback((value: boolean) => {
    dirty.current = value;
  }, []);

  const choose = (key: string) => {
    if (key === selected) return;
    if (dirty.current && !confirm('Perubahan di halaman ini belum disimpan. Tinggalkan tanpa menyimpan?')) return;
    dirty.current = false;
    setSelected(key);
    history.replaceState(null, '', `#${encodeURIComponent(key)}`);
    requestAnimationFrame(() => heading.current?.focus());
  };

  if (load.state === 'failed')
    return (
      <div className="form-alert" role="alert">
        <p>Daftar halaman tidak dapat dimuat. {load.message}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void retry()}>
          Coba lagi
        </button>
      </div>
    );
  if (!client || !code || load.state === 'loading') return <Notice>Memuat daftar halaman…</Notice>;

  const entry = load.entries.find((item) => item.key === selected);
  return (
    <div className="copy">
      <section className="copy__list" aria-labelledby="daftar-halaman">
        <h2 id="daftar-halaman">Halaman</h2>
        <ul>
          {load.entries.map((item) => (
            <li key={item.key}>
              <button type="button" aria-current={item.key === selected ? 'true' : undefined} onClick={() => choose(item.key)}>
                <span className="copy__name">{item.label}</span>
                <span className="copy__where">{item.where}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>
      <section className="copy__main" aria-labelledby="salinan-terpilih">
        <h2 id="salinan-terpilih" ref={heading} tabIndex={-1}>
          {entry ? entry.label : 'Pilih halaman'}
        </h2>
        {entry ? (
          <>
            <p className="copy__address">{entry.where}</p>
            <CopyEditor key={entry.key} client={client} code={code} entry={entry} context={context} onDirty={onDirty} />
          </>
        ) : (
          <p>Pilih halaman di daftar untuk menyunting teksnya. Perubahan tampil di situs setelah disimpan dan dibangun ulang.</p>
        )}
      </section>
    </div>
  );
}

/** /Admin/Halaman (admins): the tenant's page copy, one key at a time, in Markdown with a live preview. */
export default function PageCopy(_props: { viewer: AdminViewer }) {
  return (
    <IslandBoundary source="PageCopy">
      <CopySection />
      <noscript>
        <p>Konsol ini memerlukan JavaScript.</p>
      </noscript>
    </IslandBoundary>
  );
}
