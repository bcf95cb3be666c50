import net from 'node:net';

function listensOn(port: number): Promise<number | null> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once('error', () => resolve(null));
    srv.listen(port, '127.0.0.1', () => {
      const { port: bound } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(bound));
    });
  });
}

/**
 * A TCP port free on loopback right now (for starting a Saathi process in tests, the bench and load scripts).
 * Chosen below Linux's ephemeral range (32768 and up): a port the kernel handed out and took back may be handed
 * to an outgoing connection of another busy test (a browser, a load generator) before our server binds it, and
 * then our health check reaches someone else's server. Falls back to any port the kernel gives.
 */
/** Ports tried first: 20000–31999, under Linux's default ip_local_port_range (32768–60999). */
const FIRST_PORT = 20_000;
const PORTS = 12_000;

export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    // Random, so test files started side by side rarely try the same port; a taken one is simply skipped.
    const port = await listensOn(FIRST_PORT + Math.floor(Math.random() * PORTS));
    if (port !== null) return port;
  }
  const port = await listensOn(0);
  if (port === null) throw new Error('no free TCP port on 127.0.0.1');
  return port;
}
