/**
 * The code is tested on the Node.js the Lambdas run: the project installs that Node from npm (the
 * `node` devDependency puts it first on the PATH of every npm script), so `npm test` and `npm start`
 * need nothing from the machine but an npm to install with.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LAMBDA_RUNTIME, REPO_ROOT } from './constructs/app-function';

const lambdaMajor = Number(/^nodejs(\d+)\.x$/.exec(LAMBDA_RUNTIME.name)?.[1]);

describe("the Lambda's Node.js", () => {
  it('runs these tests', () => {
    expect(lambdaMajor).toBeGreaterThan(0);
    expect(Number(process.versions.node.split('.')[0])).toBe(lambdaMajor);
  });

  it('is the Node the project installs', () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'));
    expect(pkg.devDependencies.node).toMatch(new RegExp(`^\\^${lambdaMajor}\\.`));
  });
});
