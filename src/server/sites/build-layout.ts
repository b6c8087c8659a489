import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Where builds live on disk, and which one is live. Each build of a tenant goes to its own folder,
 * `<dist>/<code>/builds/<build id>/` (`client/` static files, `server/` the on-demand renderer,
 * `build.json` written last, so a folder without it is unfinished). `<dist>/<code>/live.json` names
 * the live build; it is replaced by a rename, so a reader sees the old pointer or the new one, never
 * half a file. Older builds stay for rollback until pruned.
 */

/** `build.json`: what a finished build is. */
export const BuildInfoSchema = z.object({
  tenant: z.string(),
  id: z.string(),
  version: z.string(),
  maintenance: z.boolean(),
  builtAt: z.string(),
  /** The site compile the build was rendered with (dist/_site/compile.json). */
  compile: z.string().optional(),
});
export type BuildInfo = z.infer<typeof BuildInfoSchema>;

const LivePointerSchema = z.object({ build: z.string(), since: z.string() });

/** A finished build on disk. */
export interface BuildOnDisk {
  info: BuildInfo;
  dir: string;
}

export const tenantDistDir = (distRoot: string, code: string) => join(distRoot, code);
export const buildDir = (distRoot: string, code: string, id: string) => join(distRoot, code, 'builds', id);
export const livePointerFile = (distRoot: string, code: string) => join(distRoot, code, 'live.json');

/** A new build id: sortable by time (UTC, to the millisecond), unique within a machine (`20261123-142501123-3f9a`). */
export function newBuildId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:.]/g, '').replace('T', '-').slice(0, 18);
  return `${stamp}-${Math.random().toString(16).slice(2, 6).padEnd(4, '0')}`;
}

/** The finished build in `dir`, or undefined when it is missing, unfinished or unreadable. */
export function readBuild(dir: string): BuildOnDisk | undefined {
  try {
    const info = BuildInfoSchema.parse(JSON.parse(readFileSync(join(dir, 'build.json'), 'utf8')));
    return { info, dir };
  } catch {
    return undefined;
  }
}

/** The live build of a tenant, or undefined when it has none (never built, or the pointer names a missing build). */
export function readLive(distRoot: string, code: string): BuildOnDisk | undefined {
  const id = livePointer(distRoot, code);
  return id ? readBuild(buildDir(distRoot, code, id)) : undefined;
}

/** The build id the live pointer names, without checking the build. */
export function livePointer(distRoot: string, code: string): string | undefined {
  try {
    return LivePointerSchema.parse(JSON.parse(readFileSync(livePointerFile(distRoot, code), 'utf8'))).build;
  } catch {
    return undefined;
  }
}

/** Points the tenant's live pointer at a finished build, atomically (write aside, then rename). */
export function setLive(distRoot: string, code: string, id: string, now = new Date()): void {
  if (!readBuild(buildDir(distRoot, code, id))) throw new Error(`Build "${id}" tenant "${code}" tidak ada atau belum selesai`);
  const file = livePointerFile(distRoot, code);
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, `${JSON.stringify({ build: id, since: now.toISOString() })}\n`);
  renameSync(aside, file);
}

/** The tenant's finished builds, newest first. */
export function listBuilds(distRoot: string, code: string): BuildOnDisk[] {
  const root = join(distRoot, code, 'builds');
  if (!existsSync(root)) return [];
  return readdirSync(root)
    .sort()
    .reverse()
    .map((id) => readBuild(join(root, id)))
    .filter((build): build is BuildOnDisk => build !== undefined);
}

/** Points the tenant back at the finished build before the live one (or at `to`); returns the id now live. */
export function rollback(distRoot: string, code: string, to?: string): string {
  const live = livePointer(distRoot, code);
  const builds = listBuilds(distRoot, code);
  const target = to ?? builds.find((build) => build.info.id < (live ?? ''))?.info.id;
  if (!target) throw new Error(`Tidak ada build sebelum "${live ?? '(tidak ada)'}" untuk tenant "${code}"`);
  setLive(distRoot, code, target);
  return target;
}

/**
 * Removes old builds, keeping the live one and the `keep` newest finished ones. Unfinished folders
 * are removed only when older than a day (a build may be writing one right now).
 */
export function pruneBuilds(distRoot: string, code: string, keep = 3, now = Date.now()): string[] {
  const root = join(distRoot, code, 'builds');
  if (!existsSync(root)) return [];
  const live = livePointer(distRoot, code);
  const kept = new Set(
    listBuilds(distRoot, code)
      .slice(0, keep)
      .map((build) => build.info.id),
  );
  const removed: string[] = [];
  for (const id of readdirSync(root)) {
    if (id === live || kept.has(id)) continue;
    const dir = join(root, id);
    const finished = readBuild(dir) !== undefined;
    if (!finished && now - statSync(dir).mtimeMs < 24 * 3600_000) continue;
    rmSync(dir, { recursive: true, force: true });
    removed.push(id);
  }
  return removed;
}
