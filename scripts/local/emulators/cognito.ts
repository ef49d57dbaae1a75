/**
 * cognito-local as a child process: it reads PORT/HOST when imported and keeps its data in
 * `./.cognito` of its working directory, so it runs with cwd = `<dataDir>/cognito`.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { LOOPBACK, waitForPort } from '../ports';
import { type RunningProcess, stopChild } from './child';

/** Every sign-up and password-reset code; cognito-local also logs it. */
export const LOCAL_CONFIRMATION_CODE = '123456';

// Exits when stdin closes (the parent died), then runs cognito-local's own CLI entry.
const bootstrap = (entry: string) =>
  `process.stdin.on('end', () => process.exit(0)); process.stdin.on('error', () => process.exit(0));` +
  `process.stdin.resume(); require(${JSON.stringify(entry)});`;

const ANSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** cognito-local merges `.cognito/config.json` of its working directory over its defaults. */
function setIssuerDomain(workDir: string, issuerDomain: string): void {
  const file = path.join(workDir, '.cognito', 'config.json');
  mkdirSync(path.dirname(file), { recursive: true });
  const config = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  const tokenConfig = (config.TokenConfig ?? {}) as Record<string, unknown>;
  config.TokenConfig = { ...tokenConfig, IssuerDomain: issuerDomain };
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
}

export async function startCognitoLocal(opts: {
  port: number;
  /** Working directory of cognito-local: its data lands in `<workDir>/.cognito/db`. */
  workDir: string;
  logFile: string;
  /** Called with each confirmation-code message cognito-local prints. */
  onCode?: (message: string) => void;
  /**
   * The address its tokens name as issuer (`iss` is `<issuerDomain>/<pool id>`) when clients reach it
   * through another port (the IAM proxy); by default its own address.
   */
  issuerDomain?: string;
}): Promise<RunningProcess & { logFile: string }> {
  mkdirSync(opts.workDir, { recursive: true });
  setIssuerDomain(opts.workDir, opts.issuerDomain ?? `http://${LOOPBACK}:${opts.port}`);
  mkdirSync(path.dirname(opts.logFile), { recursive: true });
  const entry = createRequire(import.meta.url).resolve('cognito-local/lib/bin/start.js');
  const child = spawn(process.execPath, ['-e', bootstrap(entry)], {
    cwd: opts.workDir,
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: LOOPBACK,
      CODE: LOCAL_CONFIRMATION_CODE,
      NODE_OPTIONS: '',
      FORCE_COLOR: '0',
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const log = createWriteStream(opts.logFile, { flags: 'a' });
  child.stdout?.on('data', (chunk: Buffer) => {
    log.write(chunk);
    const text = chunk.toString('utf8').replace(ANSI, '');
    if (opts.onCode && text.includes('Confirmation Code Delivery')) opts.onCode(text.trim());
  });
  child.stderr?.pipe(log);
  let exitInfo: string | undefined;
  child.once('exit', (code, signal) => {
    exitInfo = `exit code ${code ?? signal}`;
  });
  try {
    await waitForPort(opts.port, 30_000, () => exitInfo === undefined);
  } catch (error) {
    await stopChild(child);
    throw new Error(
      `cognito-local did not start on port ${opts.port} (${exitInfo ?? (error as Error).message}); see ${opts.logFile}`,
    );
  }
  return {
    pid: child.pid!,
    logFile: opts.logFile,
    async stop() {
      await stopChild(child);
      log.end();
    },
  };
}
