// Database commands (embedded PGlite under DATA_DIR, default .data; or the server of DATABASE_URL):
//   npm run db:migrate   brings the schema to the newest migration
//   npm run db:seed      migrates, then loads every tenant of tenants/ with demo accounts; idempotent,
//                        never overwrites stored settings or accounts (--no-demo-users skips the accounts)
// PGlite allows one process per data folder: stop `npm start` first (a lock file in the folder says so).
import { scriptConfig } from './lib/config.mjs';
import { importTs } from './lib/load-ts.mjs';

const usage = 'Pakai: node scripts/db.mjs migrate|seed [--no-demo-users]';
const [command, ...flags] = process.argv.slice(2);
const unknown = flags.filter((flag) => flag !== '--no-demo-users');
if ((command !== 'migrate' && command !== 'seed') || unknown.length > 0) {
  if (unknown.length > 0) console.error(`Opsi tidak dikenal: ${unknown.join(' ')}`);
  console.error(usage);
  process.exit(1);
}
// DATABASE_URL, DATABASE_POOL_SIZE, DB_*_TIMEOUT_MS, DATA_DIR and PGLITE_DIR, parsed once (src/server/config.ts).
const { database: settings } = await scriptConfig();
const [{ openDatabase, describeDatabaseError }, { seedDatabase }] = await Promise.all([
  importTs('src/server/db/client.ts'),
  importTs('src/server/seed/seed.ts'),
]);
const { pgliteDir } = settings;
const database = await openDatabase({
  url: settings.url,
  dataDir: pgliteDir,
  migrationsFolder: 'src/server/db/migrations',
  poolSize: settings.poolSize,
  timeouts: settings.timeouts,
}).catch((error) => {
  console.error(`Basis data tidak dapat dibuka: ${describeDatabaseError(error)}`);
  process.exit(1);
});
const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${pgliteDir})`;
try {
  if (command === 'migrate') console.log(`Skema ${where} sudah versi terbaru.`);
  else {
    // An explicit command: demo accounts unless refused, whatever LMS_ENV says.
    const report = await seedDatabase(database.db, { tenantsRoot: 'tenants', demoUsers: !flags.includes('--no-demo-users') });
    console.log(
      `Seed ${where}: ${report.tenants} tenant, ${report.settingsAdded} pengaturan baru, ${report.usersAdded} akun demo baru, ${report.contentAdded} konten baru.`,
    );
  }
} finally {
  await database.close();
}
