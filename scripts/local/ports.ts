/** Ports of the local stack: defaults, free-port lookup and a clear "already in use" check. */
import net from 'node:net';

export const LOOPBACK = '127.0.0.1';

export type StackPorts = {
  /** The app: gateway with /api, /previews and the frontend. */
  app: number;
  dynamodb: number;
  /** fauxqs serves S3 and SQS on one port. */
  fauxqs: number;
  cognito: number;
};

export type EmulatorPorts = Omit<StackPorts, 'app'>;

/** Where the app's AWS clients reach each service (fauxqs serves S3 and SQS at one address). */
export type EmulatorEndpoints = { dynamodb: string; s3: string; sqs: string; cognito: string };

function fromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port <= 0 || port > 65535)
    throw new Error(`${name} must be a port number, got "${raw}"`);
  return port;
}

/** Product defaults, each overridable by an environment variable. */
export function defaultPorts(): StackPorts {
  return {
    app: fromEnv('PORT', 3000),
    dynamodb: fromEnv('DYNAMODB_PORT', 8765),
    fauxqs: fromEnv('FAUXQS_PORT', 4566),
    cognito: fromEnv('COGNITO_PORT', 9229),
  };
}

/** Environment variable that overrides each port, for error messages. */
export const portEnvNames: Record<keyof StackPorts, string> = {
  app: 'PORT',
  dynamodb: 'DYNAMODB_PORT',
  fauxqs: 'FAUXQS_PORT',
  cognito: 'COGNITO_PORT',
};

/** A port the OS considers free right now on the loopback interface. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, LOOPBACK, resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Three free ports, none of them in `exclude` (ports already promised to someone else). */
export async function freeEmulatorPorts(exclude: number[] = []): Promise<EmulatorPorts> {
  const taken = new Set(exclude);
  // Sequential: parallel lookups may return the same port twice.
  const next = async () => {
    for (;;) {
      const port = await freePort();
      if (!taken.has(port)) {
        taken.add(port);
        return port;
      }
    }
  };
  const dynamodb = await next();
  const fauxqs = await next();
  const cognito = await next();
  return { dynamodb, fauxqs, cognito };
}

export class PortInUseError extends Error {
  constructor(
    readonly service: string,
    readonly port: number,
    envName?: string,
  ) {
    super(
      `Port ${port} (${service}) is already in use on ${LOOPBACK}. Stop whatever uses it` +
        (envName ? `, or pick another port with ${envName}=<port>.` : '.'),
    );
    this.name = 'PortInUseError';
  }
}

/** Whether something already accepts connections on the port (any local address). */
async function isTaken(port: number): Promise<boolean> {
  const server = net.createServer();
  return new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(true));
    // Listening on 127.0.0.1 fails both when another loopback server and a wildcard server holds it.
    server.listen(port, LOOPBACK, () => server.close(() => resolve(false)));
  });
}

/** Throws PortInUseError for the first port that is taken. */
export async function assertPortsFree(ports: Partial<Record<keyof StackPorts, number>>): Promise<void> {
  const labels: Record<keyof StackPorts, string> = {
    app: 'app',
    dynamodb: 'DynamoDB Local',
    fauxqs: 'fauxqs S3/SQS',
    cognito: 'cognito-local',
  };
  for (const [name, port] of Object.entries(ports) as [keyof StackPorts, number][]) {
    if (port !== undefined && (await isTaken(port))) {
      throw new PortInUseError(labels[name], port, portEnvNames[name]);
    }
  }
}

/** Resolves once a TCP connection to the port succeeds, or rejects after the timeout. */
export async function waitForPort(port: number, timeoutMs: number, isAlive?: () => boolean): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (isAlive && !isAlive()) throw new Error(`process for port ${port} exited before it was ready`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, LOOPBACK);
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`nothing listened on ${LOOPBACK}:${port} within ${timeoutMs} ms`);
}
