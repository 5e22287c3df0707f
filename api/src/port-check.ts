import { createServer } from 'node:net';

export class PortInUseError extends Error {
  override name = 'PortInUseError';
}

/**
 * Finds a taken port before anything is opened or seeded: the error names the port and what
 * to do, instead of a stack trace after a whole database was prepared.
 */
export async function assertPortFree(port: number, host: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') {
        reject(new PortInUseError(`Port ${port} is in use on ${host}. Stop what uses it, or set another PORT.`));
      } else if (error.code === 'EACCES') {
        reject(new PortInUseError(`Port ${port} on ${host} may not be used by this user. Set another PORT.`));
      } else {
        reject(error);
      }
    });
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
