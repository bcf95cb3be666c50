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
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const port = await listensOn(20_000 + Math.floor(Math.random() * 12_000));
    if (port !== null) return port;
  }
  const port = await listensOn(0);
  if (port === null) throw new Error('no free TCP port on 127.0.0.1');
  return port;
}
