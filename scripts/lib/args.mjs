// Reads `--tenant <code>` (or `--tenant=<code>`), `--all` and `--site-only` (skip the server bundle)
// from a script's arguments, falling back to `fallback`: the caller passes TENANT from the
// configuration (scripts/lib/config.mjs), else `demo`.
export function tenantArgs(fallback, argv = process.argv.slice(2)) {
  let tenant = fallback;
  let all = false;
  let siteOnly = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--all') all = true;
    else if (arg === '--site-only') siteOnly = true;
    else if (arg === '--tenant') tenant = argv[++i] ?? tenant;
    else if (arg.startsWith('--tenant=')) tenant = arg.slice('--tenant='.length);
    else {
      console.error(`Argumen tidak dikenal: ${arg} (pakai --tenant <kode> atau --all)`);
      process.exit(1);
    }
  }
  return { tenant, all, siteOnly };
}
