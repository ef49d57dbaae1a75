/**
 * What a built Lambda asset weighs: the unzipped size Lambda's 250 MB limit counts, the zip the CDK
 * CLI uploads (estimated: each file deflated at zlib's default level, as its zip library does, plus
 * the zip headers), the file count, and the native binaries installed with the CPU each is built for.
 */
import { open, readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { deflateRaw } from 'node:zlib';

const deflate = promisify(deflateRaw);

export const MB = 1024 * 1024;
/** Lambda's limit on a function's unzipped deployment package: 262,144,000 bytes. */
export const LAMBDA_UNZIPPED_LIMIT_MB = 250;

export type NativeBinary = { file: string; pkg: string; cpu: string };

export type BundleSize = {
  unzippedBytes: number;
  /** Undefined unless asked for: deflating 170 MB takes seconds. */
  zippedBytes?: number;
  files: number;
  native: NativeBinary[];
};

/** ELF e_machine values of the CPUs a Lambda or a build machine has. */
const ELF_MACHINES: Record<number, string> = { 62: 'x64', 183: 'arm64' };
/** Files the runtime loads as machine code: Node addons and the shared libraries they link (libvips). */
const NATIVE_FILE = /\.node$|\.so(\.\d+)*$|\.dylib$/;

/** Every file under dir; links followed, as the CDK CLI's zip follows them. */
async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const isDir = entry.isSymbolicLink() ? (await stat(path)).isDirectory() : entry.isDirectory();
    if (isDir) out.push(...(await listFiles(path)));
    else out.push(path);
  }
  return out;
}

/** The CPU an ELF file is built for ('?' for anything else). */
async function cpuOf(path: string): Promise<string> {
  const handle = await open(path, 'r');
  try {
    const header = Buffer.alloc(20);
    await handle.read(header, 0, 20, 0);
    if (header.readUInt32BE(0) !== 0x7f454c46) return '?';
    return ELF_MACHINES[header.readUInt16LE(18)] ?? `elf-${header.readUInt16LE(18)}`;
  } finally {
    await handle.close();
  }
}

/** `node_modules/@img/sharp-linux-arm64/lib/x.node` → `@img/sharp-linux-arm64`. */
function packageOf(file: string): string {
  const parts = file.split(sep);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0) return '(bundle)';
  return parts[at + 1]?.startsWith('@') ? `${parts[at + 1]}/${parts[at + 2]}` : parts[at + 1];
}

/** Zip bytes of one entry: local header, data descriptor and central record around the deflated data. */
const zipEntryOverhead = (name: string) => 30 + 16 + 46 + 2 * Buffer.byteLength(name);

export async function measureBundle(dir: string, opts: { zip?: boolean } = {}): Promise<BundleSize> {
  const files = await listFiles(dir);
  let unzippedBytes = 0;
  let zippedBytes = 22;
  const native: NativeBinary[] = [];
  // A few files at a time: zlib runs on libuv's pool, and 170 MB at once would all sit in memory.
  for (let i = 0; i < files.length; i += 8) {
    await Promise.all(
      files.slice(i, i + 8).map(async (file) => {
        const name = relative(dir, file);
        if (NATIVE_FILE.test(file)) native.push({ file: name, pkg: packageOf(name), cpu: await cpuOf(file) });
        // Awaited before the sums: `x += await y` would add to a stale x while other files run.
        if (opts.zip) {
          const bytes = await readFile(file);
          const deflated = (await deflate(bytes)).length;
          unzippedBytes += bytes.length;
          zippedBytes += zipEntryOverhead(name) + deflated;
        } else {
          const { size } = await stat(file);
          unzippedBytes += size;
        }
      }),
    );
  }
  native.sort((a, b) => a.file.localeCompare(b.file));
  return { unzippedBytes, zippedBytes: opts.zip ? zippedBytes : undefined, files: files.length, native };
}

/** `@img/sharp-linux-arm64 (arm64)`, one per package. */
export function nativePackages(native: NativeBinary[]): string[] {
  const byPkg = new Map<string, Set<string>>();
  for (const n of native) byPkg.set(n.pkg, (byPkg.get(n.pkg) ?? new Set()).add(n.cpu));
  return [...byPkg].map(([pkg, cpus]) => `${pkg} (${[...cpus].join('/')})`);
}

export const mb = (bytes: number) => (bytes / MB).toFixed(1);
