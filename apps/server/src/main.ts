import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { runStartupTasks, startJobs } from './startup.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  const app = await buildApp(config);
  await runStartupTasks(app);
  // Every process takes background jobs (on PostgreSQL, from the queue all of them share).
  await startJobs(app);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Arbor is serving ${config.publicBaseUrl}/ (database: ${app.dialect})`);
}

main().catch((error: unknown) => {
  console.error('Arbor failed to start:', error instanceof Error ? error.message : String(error));
  process.exit(1);
});
