import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { LAMBDA_NAMES } from '@shared/deployment';
import { afterEach, describe, expect, it } from 'vitest';
import { BUDGET_MB } from './budgets';
import { LAMBDA_UNZIPPED_LIMIT_MB, measureBundle, nativePackages } from './measure';

/** The first 20 bytes of an ELF file for this machine type (e_machine at offset 18). */
const elf = (machine: number) => {
  const header = Buffer.alloc(64);
  header.writeUInt32BE(0x7f454c46, 0);
  header.writeUInt16LE(machine, 18);
  return header;
};

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('measureBundle', () => {
  it('counts files through links, estimates the zip and names each native package with its CPU', async () => {
    dir = mkdtempSync(join(tmpdir(), 'lf-measure-'));
    const sharp = join(dir, 'node_modules/@img/sharp-linux-arm64/lib');
    mkdirSync(sharp, { recursive: true });
    writeFileSync(join(sharp, 'sharp.node'), elf(0xb7));
    mkdirSync(join(dir, 'node_modules/canvas'), { recursive: true });
    writeFileSync(join(dir, 'node_modules/canvas/skia.node'), elf(0x3e));
    const code = Buffer.from('export const handler = () => 1;\n'.repeat(1000));
    writeFileSync(join(dir, 'index.mjs'), code);
    symlinkSync(join(dir, 'index.mjs'), join(dir, 'link.mjs'));

    const size = await measureBundle(dir, { zip: true });

    expect(size.files).toBe(4);
    expect(size.unzippedBytes).toBe(64 + 64 + 2 * code.length);
    // Deflated data, plus about a hundred bytes of headers per entry.
    const deflated = 2 * deflateRawSync(code).length + 2 * deflateRawSync(elf(0xb7)).length;
    expect(size.zippedBytes).toBeGreaterThan(deflated);
    expect(size.zippedBytes).toBeLessThan(deflated + 4 * 200);
    expect(nativePackages(size.native)).toEqual(['@img/sharp-linux-arm64 (arm64)', 'canvas (x64)']);
  });
});

describe('the budgets', () => {
  it('name every Lambda, each under Lambda’s own limit', () => {
    expect(Object.keys(BUDGET_MB).sort()).toEqual([...LAMBDA_NAMES].sort());
    for (const budget of Object.values(BUDGET_MB))
      expect(budget).toBeLessThanOrEqual(LAMBDA_UNZIPPED_LIMIT_MB);
  });
});
