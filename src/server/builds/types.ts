/**
 * The seams of the build pipeline (see src/server/builds/README.md): events come in (API writes,
 * signed webhooks), the queue coalesces them into jobs, a runner builds a tenant, and a publisher
 * makes a finished build live and keeps older ones for rollback.
 */

/** One change event, as an API write emits it and an external CMS sends it to the build webhook. */
export interface BuildEvent {
  /** What changed, e.g. `post.updated`, `category.deleted`, `settings.updated`, `copy.updated`, `build.requested`. */
  type: string;
  /** Tenant code. */
  tenant: string;
  /** Ids (or slugs) of the changed items; empty for a whole-tenant change. */
  ids: (string | number)[];
}

/** Event types that change every page of a tenant (theme, layout, logos, page copy): a full build. */
export const FULL_BUILD_EVENTS = /^(settings|copy|tenant|build)\./;

/** What a build job asks the runner to do. */
export interface BuildJob {
  tenant: string;
  /** Rebuild every page (a settings change, a first build, an operator's request). */
  full: boolean;
  changes: BuildEvent[];
  trigger: string;
  /** A line of the build's log (kept, tail stored with the job). */
  log: (line: string) => void;
  /** Aborted when the process shuts down: the runner stops and the live build stays as it was. */
  signal: AbortSignal;
}

/** What a finished build reports. */
export interface BuildOutcome {
  /** The build folder id (build-layout.ts `newBuildId`). */
  buildId: string;
  /** Pages in the build. */
  pages: number;
  /** Pages this build rendered (the rest were carried over from the previous build). */
  rendered: number;
  incremental: boolean;
}

/** Builds one tenant and makes the result live; throws (with a readable message) when the build fails. */
export type BuildRunner = (job: BuildJob) => Promise<BuildOutcome>;

/** A kept build of a tenant, as the history and rollback see it. */
export interface PublishedBuild {
  id: string;
  live: boolean;
  /** build.json's builtAt. */
  builtAt: string | undefined;
}

/**
 * Where finished builds go and which one is live (local folder by default, an S3-compatible store
 * for a CDN). `publish` makes a finished local build folder live; `rollback` points live at a kept one.
 */
export interface Publisher {
  readonly name: string;
  publish(tenant: string, buildId: string, buildDir: string): Promise<void>;
  list(tenant: string): Promise<PublishedBuild[]>;
  live(tenant: string): Promise<string | undefined>;
  rollback(tenant: string, buildId: string): Promise<void>;
}
