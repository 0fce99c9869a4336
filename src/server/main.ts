import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

async function main(): Promise<void> {
  const config = readConfig();
  const database = openDatabase(config.database);
  await migrateToLatest(database);

  // The bundled server sits in dist/server, beside the built SPA in dist/web.
  const bundled = import.meta.url.endsWith('/dist/server/main.js');
  const webRoot = bundled ? fileURLToPath(new URL('../web/', import.meta.url)) : undefined;
  const app = await buildApp(config, { database, webRoot });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const where = config.database.engine === 'sqlite' ? config.database.file : 'PostgreSQL';
  const listening = app
    .addresses()
    .map((bound) =>
      typeof bound === 'string'
        ? bound
        : bound.family === 'IPv6'
          ? `[${bound.address}]:${bound.port}`
          : `${bound.address}:${bound.port}`,
    )
    .join(', ');
  console.log(`\nRobotics club app: ${config.publicUrl}  (database: ${where}; listening on ${listening})`);
  if (config.devIntra) {
    // Two lines unless something is wrong (issue 28): the loopback default is said in the second.
    const reach = config.standInExposed ? '' : ' (this machine only: HOST opens it to others)';
    console.log(
      `Sign in through the local 42 stand-in${reach}: any login works; "${config.adminLogins.join('", "')}" is an admin.`,
    );
    if (config.standInExposed) {
      console.warn(
        `WARNING: HOST=${config.host} opens the local 42 stand-in to the network: anyone who reaches this ` +
          'server can sign in as any login, admin included. Set FT_CLIENT_ID and FT_CLIENT_SECRET (the ' +
          "club's 42 application) before anyone else can reach it.\n",
      );
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
