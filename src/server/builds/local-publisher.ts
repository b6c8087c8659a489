import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEFAULT_BUILDS_KEEP } from '../config';
import { buildDir, listBuilds, pruneBuilds, readLive, setLive } from '../sites';
import type { Publisher } from './types';

/** Builds kept besides the live one when nothing says otherwise (`BUILDS_KEEP` is `config.builds.keep`). */
export { DEFAULT_BUILDS_KEEP } from '../config';

export interface LocalPublisherOptions {
  /** Finished builds kept besides the live one (default `DEFAULT_BUILDS_KEEP`, 3). */
  keep?: number;
}

/**
 * The default publisher: the builder already wrote the build into its folder under `distRoot`, so
 * publishing is only the atomic switch of the live pointer (build-layout's `setLive`) and a prune.
 * The server on this machine watches the pointer and swaps within a second.
 */
export function localPublisher(distRoot: string, options: LocalPublisherOptions = {}): Publisher {
  const keep = options.keep ?? DEFAULT_BUILDS_KEEP;
  return {
    name: 'local',

    async publish(tenant, buildId, dir) {
      const expected = buildDir(distRoot, tenant, buildId);
      // Nothing is copied: a folder elsewhere would go live as an id whose files are not there.
      if (resolve(dir) !== resolve(expected)) {
        throw new Error(`Build "${buildId}" tenant "${tenant}" harus berada di ${expected}, bukan ${dir}`);
      }
      setLive(distRoot, tenant, buildId);
      // pruneBuilds keeps the live build plus the `n` newest, which usually include it: count it
      // among them then, so `keep` others stay either way.
      const liveIsNewest = listBuilds(distRoot, tenant)
        .slice(0, keep + 1)
        .some(({ info }) => info.id === buildId);
      pruneBuilds(distRoot, tenant, liveIsNewest ? keep + 1 : keep);
    },

    async list(tenant) {
      const live = readLive(distRoot, tenant)?.info.id;
      return listBuilds(distRoot, tenant).map(({ info }) => ({ id: info.id, live: info.id === live, builtAt: info.builtAt }));
    },

    async live(tenant) {
      return readLive(distRoot, tenant)?.info.id;
    },

    async rollback(tenant, buildId) {
      // Only ids that listBuilds found: a name such as `../x` never reaches a path.
      if (!listBuilds(distRoot, tenant).some(({ info }) => info.id === buildId)) {
        const unfinished = /^\w[\w.-]*$/.test(buildId) && existsSync(buildDir(distRoot, tenant, buildId));
        throw new Error(
          unfinished
            ? `Build "${buildId}" tenant "${tenant}" belum selesai, tidak bisa dijadikan live`
            : `Build "${buildId}" tidak ada di antara build tenant "${tenant}" yang disimpan`,
        );
      }
      setLive(distRoot, tenant, buildId);
    },
  };
}
