import { useCallback, useEffect, useState } from 'react';
import type { AppSettings } from '~/contract/settings';
import type { AdminViewer } from '~/lib/admin/viewer';
import type { ApiClient } from '~/lib/api/client';
import { readPageConfig } from '~/lib/api/page-config';
import { getAppSettings } from '~/lib/api/settings';
import { IslandBoundary } from '../../shared/IslandBoundary';
import { Notice, problemText, useStaffClient } from '../kit';
import { assetsOnPage, type ShownAssets } from './settings-assets';
import { SettingsForm } from './settings-form';
import { MaintenanceSwitch } from './settings-maintenance';
import './settings.css';

type Load = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; settings: AppSettings; key: number };

/** The tenant's settings, loaded once the staff client is there, and again on 'Coba lagi' or after another admin's change. */
function useSettings(client: ApiClient | undefined, code: string | undefined) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const fetchSettings = useCallback(async () => {
    if (!client || !code) return;
    setLoad({ state: 'loading' });
    try {
      const settings = await getAppSettings(client, code);
      setLoad({ state: 'ready', settings, key: Date.now() });
    } catch (failure) {
      setLoad({ state: 'failed', message: problemText(failure) });
    }
  }, [client, code]);
  useEffect(() => void fetchSettings(), [fetchSettings]);
  return { load, setLoad, reload: fetchSettings };
}

function SettingsSection({ assets }: { assets: ShownAssets | undefined }) {
  const client = useStaffClient();
  const [code, setCode] = useState<string>();
  const [shown, setShown] = useState<ShownAssets>({});
  useEffect(() => {
    setCode(readPageConfig()?.appCode);
    setShown({ ...assetsOnPage(), ...assets });
  }, [assets]);
  const { load, setLoad, reload } = useSettings(client, code);

  if (load.state === 'failed')
    return (
      <div className="form-alert" role="alert">
        <p>Pengaturan tidak dapat dimuat. {load.message}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void reload()}>
          Coba lagi
        </button>
      </div>
    );
  if (!client || load.state === 'loading' || !code) return <Notice>Memuat pengaturan…</Notice>;

  const { settings } = load;
  const saved = (next: AppSettings) => setLoad({ state: 'ready', settings: next, key: load.key });
  return (
    <div className="settings">
      <SettingsForm
        key={load.key}
        client={client}
        code={code}
        saved={settings}
        shown={shown}
        onSaved={saved}
        onReload={() => void reload()}
      />
      <MaintenanceSwitch
        client={client}
        code={code}
        on={settings.isMaintenance !== false}
        revision={settings.revision}
        onSaved={(on, revision) => saved({ ...settings, isMaintenance: on, revision })}
      />
    </div>
  );
}

/**
 * /Admin/Pengaturan (admins): the tenant's site setting, read and written through the settings API,
 * with a live preview of the theme and its WCAG AA check. `assets`: the built addresses of the stored
 * logos and favicon, so that images kept in the tenant's folder can be shown (else those this page shows).
 */
export default function Settings({ assets }: { viewer: AdminViewer; assets?: ShownAssets | undefined }) {
  return (
    <IslandBoundary source="Settings">
      <SettingsSection assets={assets} />
      <noscript>
        <p>Konsol ini memerlukan JavaScript.</p>
      </noscript>
    </IslandBoundary>
  );
}
