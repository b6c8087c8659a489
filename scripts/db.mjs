// Database commands (embedded PGlite under DATA_DIR, default .data; or the server of DATABASE_URL):
//   npm run db:migrate   brings the schema to the newest migration
//   npm run db:seed      migrates, then loads every tenant of tenants/ with demo accounts; idempotent,
//                        never overwrites stored settings or accounts (--no-demo-users skips the accounts)
// PGlite allows one process per data folder: stop `npm start` first.
import { importTs } from './lib/load-ts.mjs';

const command = process.argv[2];
if (command !== 'migrate' && command !== 'seed') {
  console.error('Pakai: node scripts/db.mjs migrate|seed [--no-demo-users]');
  process.exit(1);
}
const { openDatabase } = await importTs('src/server/db/client.ts');
const { seedDatabase } = await importTs('src/server/db/seed.ts');
const env = process.env;
const dataDir = env.DATA_DIR || '.data';
const database = await openDatabase({
  url: env.DATABASE_URL,
  dataDir: env.PGLITE_DIR || `${dataDir}/pglite`,
  migrationsFolder: 'src/server/db/migrations',
}).catch((error) => {
  console.error(`Basis data tidak dapat dibuka: ${error.message}`);
  process.exit(1);
});
const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite (${env.PGLITE_DIR || `${dataDir}/pglite`})`;
try {
  if (command === 'migrate') console.log(`Skema ${where} sudah versi terbaru.`);
  else {
    const report = await seedDatabase(database.db, { tenantsRoot: 'tenants', demoUsers: !process.argv.includes('--no-demo-users') });
    console.log(`Seed ${where}: ${report.tenants} tenant, ${report.settingsAdded} pengaturan baru, ${report.usersAdded} akun demo baru.`);
  }
} finally {
  await database.close();
}
