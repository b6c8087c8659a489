import { type AddressInfo, connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy between the platform and its database that can be frozen: it stops forwarding bytes
 * but keeps every socket open, as a network that drops packets (a blackhole) does, so the driver
 * sees no error, only silence.
 */
export interface TcpProxy {
  /** Port on 127.0.0.1 that clients connect to. */
  port: number;
  /** Stops forwarding in both directions on every connection, new ones included; nothing is closed. */
  freeze(): void;
  /**
   * Forwards again; bytes held while frozen are delivered. With `onlyNew`, the connections open now
   * stay frozen for good (as after a failover): only connections opened from here on work.
   */
  thaw(options?: { onlyNew?: boolean }): void;
  /** Connections open now (frozen ones included). */
  readonly connections: number;
  close(): Promise<void>;
}

interface Link {
  client: Socket;
  upstream: Socket;
  frozen: boolean;
  /** Chunks read while frozen, with the socket each is for. */
  held: [Socket, Buffer][];
}

/** Opens a proxy to `target` on a free port of 127.0.0.1. */
export async function openTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let frozen = false;
  const links = new Set<Link>();

  const server = createServer((client) => {
    const upstream = connect(target.port, target.host);
    const link: Link = { client, upstream, frozen, held: [] };
    links.add(link);
    if (frozen) pause(link);
    forward(link, client, upstream);
    forward(link, upstream, client);
    const drop = () => {
      links.delete(link);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) socket.on('close', drop).on('error', drop);
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as AddressInfo).port,
    freeze() {
      frozen = true;
      for (const link of links) pause(link);
    },
    thaw(options = {}) {
      frozen = false;
      if (options.onlyNew) return;
      for (const link of links) {
        link.frozen = false;
        for (const [to, chunk] of link.held.splice(0)) to.write(chunk);
        link.client.resume();
        link.upstream.resume();
      }
    },
    get connections() {
      return links.size;
    },
    async close() {
      for (const link of links) {
        link.client.destroy();
        link.upstream.destroy();
      }
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function pause(link: Link) {
  link.frozen = true;
  link.client.pause();
  link.upstream.pause();
}

/** Copies `from` to `to` with backpressure; while the link is frozen, what was already read is held. */
function forward(link: Link, from: Socket, to: Socket) {
  from.on('data', (chunk: Buffer) => {
    if (link.frozen) {
      link.held.push([to, chunk]);
      from.pause();
      return;
    }
    if (!to.write(chunk)) {
      from.pause();
      to.once('drain', () => {
        if (!link.frozen) from.resume();
      });
    }
  });
}
