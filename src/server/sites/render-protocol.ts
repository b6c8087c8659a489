import type { SourceMethod } from '~/lib/content/source';

/**
 * Messages between a render worker (render-worker.ts) and the process that started it: the site
 * server (pages of a live build rendered on demand) or a build (every page of a new build). While
 * rendering, the worker reads content through its parent (the one database lives there), and
 * answers with the page, or, in a build, writes it and answers with what it read.
 */
export interface RenderRequest {
  type: 'render';
  id: number;
  url: string;
  /** Request headers the server vouches for (the console's signed-in staff member, `ADMIN_VIEWER_HEADER`); never a visitor's own. */
  headers?: [string, string][] | undefined;
}
/** A build's page: rendered, written to `file` when its status is `expect` (200; 404 and 500 for the error pages), answered with the source calls it made. */
export interface BuildPageRequest {
  type: 'build-page';
  id: number;
  url: string;
  file: string;
  expect: number;
}
export interface RenderAnswer {
  type: 'rendered';
  id: number;
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
  /** The body as brotli (quality 5) and gzip (level 6), for bodies worth compressing. */
  br?: Uint8Array | undefined;
  gzip?: Uint8Array | undefined;
  /** Set when a content read of the page failed: whatever the page shows, it is not the page (never cached, never a 200). */
  sourceFailure?: SourceFailure | undefined;
}
export interface BuiltPage {
  type: 'built';
  id: number;
  status: number;
  /** The keys of the source calls the page made (`sourceKey`). */
  reads: string[];
}
export interface RenderFailure {
  type: 'failed';
  id: number;
  message: string;
  /** Set when a content read of the page failed first (the likely cause). */
  sourceFailure?: SourceFailure | undefined;
}
export interface SourceCall {
  type: 'source';
  id: number;
  method: SourceMethod;
  args: unknown[];
}
/** Why a content read failed: too many reads waiting (`busy`, retry soon), a database outage (`unavailable`), or another error. */
export type SourceFailure = 'busy' | 'unavailable' | 'error';
export type SourceAnswer = { type: 'source-answer'; id: number } & (
  | { ok: true; value: unknown }
  | { ok: false; message: string; failure: SourceFailure }
);
export interface WorkerReady {
  type: 'ready';
}

export type ToWorker = RenderRequest | BuildPageRequest | SourceAnswer;
export type FromWorker = RenderAnswer | BuiltPage | RenderFailure | SourceCall | WorkerReady;

/** One key per distinct source call: what a page read, for caches and for incremental builds. */
export function sourceKey(method: string, args: unknown[]): string {
  return `${method}${JSON.stringify(args)}`;
}

/**
 * How a render worker is started, the part of the protocol that comes before any message: the
 * renderer (`server/entry.mjs` of a build, as a file URL), the tenant's context (its `context.json`)
 * and whether it renders a build (every source answer kept for the whole build). They travel as
 * the process's arguments, `fork(script, renderWorkerArgs(start))`; the worker reads no environment.
 */
export interface RenderWorkerStart {
  entry: string;
  contextFile: string;
  build: boolean;
}

export function renderWorkerArgs(start: RenderWorkerStart): string[] {
  return [`--entry=${start.entry}`, `--context=${start.contextFile}`, ...(start.build ? ['--build'] : [])];
}

/** The worker's side: its start from its arguments, or undefined when the renderer or the context is missing. */
export function readRenderWorkerArgs(argv: string[]): RenderWorkerStart | undefined {
  const value = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3) || undefined;
  const entry = value('entry');
  const contextFile = value('context');
  return entry && contextFile ? { entry, contextFile, build: argv.includes('--build') } : undefined;
}
