import net, { type AddressInfo } from 'node:net';
import { createDatabase } from '../db/knex.js';
import type { TestDatabaseKind } from './test-database.js';

/** A TCP relay on 127.0.0.1 that a test can take down (refusing and cutting connections) and bring back. */
export interface TcpProxy {
  port: number;
  /** Closes the port and cuts every relayed connection, as a database host going away does. */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const relay = (client: net.Socket) => {
    const upstream = net.connect(target.port, target.host);
    for (const [socket, other] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(socket);
      socket.on('error', () => other.destroy());
      socket.on('close', () => {
        sockets.delete(socket);
        other.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  };
  let server: net.Server | undefined;
  let port = 0;
  const listen = async () => {
    const next = net.createServer(relay);
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = (next.address() as AddressInfo).port;
    server = next;
  };
  const down = async () => {
    const current = server;
    server = undefined;
    for (const socket of sockets) socket.destroy();
    if (current) await new Promise((resolve) => current.close(resolve));
  };
  await listen();
  return {
    port,
    down,
    up: listen,
    close: down,
  };
}

/** The same PostgreSQL test database, reached through a relay the test can take down. */
export function throughProxy(kind: TestDatabaseKind, proxy: TcpProxy): TestDatabaseKind {
  return {
    name: kind.name,
    async create(options) {
      const direct = await kind.create(options);
      const url = new URL(direct.url);
      url.hostname = '127.0.0.1';
      url.port = String(proxy.port);
      const db = createDatabase({ databaseUrl: url.toString() });
      return {
        db,
        url: url.toString(),
        async destroy() {
          await db.destroy();
          await direct.destroy();
        },
      };
    },
  };
}
