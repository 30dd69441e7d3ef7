import { buildApp } from './app';
import { loadConfig } from './config';
import { ensureBuiltinGames } from './features/games/builtin-catalogue';

/** Reads config, opens the database, listens, and shuts down gracefully on SIGTERM/SIGINT. */
const config = loadConfig();
const { app, deps } = await buildApp(config);
// Our own games are in every install's catalogue (docs/games.md, "Game modules").
await ensureBuiltinGames(deps.db);

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down: finishing requests in flight');
  // Stop accepting, let requests in flight finish, close sockets with a reconnect hint, close the db.
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  // close() reaps only the connections idle at that instant; a keep-alive connection whose request
  // was in flight would hold it open until the client's idle timeout, so keep reaping.
  setInterval(() => app.server.closeIdleConnections(), 100).unref();
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
