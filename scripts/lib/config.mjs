// The platform's configuration for a script: src/server/config.ts (the one schema of every
// environment variable) parsed once per process from `process.env`. A value a variable does not
// accept ends the script with the variable named and what it accepts, before anything starts.
import { importTs } from './load-ts.mjs';

let loaded;

/** The parsed configuration (`Config` of src/server/config.ts), the same object on every call. */
export function scriptConfig() {
  loaded ??= importTs('src/server/config.ts').then(({ loadConfig }) => {
    try {
      return loadConfig(process.env);
    } catch (error) {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    }
  });
  return loaded;
}

/** `loadConfig` itself, for a script that opens a platform on an environment of its own (benchmarks). */
export async function configLoader() {
  return (await importTs('src/server/config.ts')).loadConfig;
}
