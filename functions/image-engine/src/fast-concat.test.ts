import { beforeAll, describe, expect, it } from 'vitest';
import { type FaceApi, loadFaceApi } from './face-detector';
import { concatRows, installFastConcat, type TfKernelRegistry } from './fast-concat';

type Tf = FaceApi['tf'] & {
  tensor(values: number[], shape: number[], dtype?: string): { dispose(): void };
  concat(
    tensors: unknown[],
    axis: number,
  ): { shape: number[]; dataSync(): ArrayLike<number>; dispose(): void };
};

/** What a concat along `axis` must give, computed by hand: rows of each input in turn. */
function expected(shapes: number[][], axis: number): number[] {
  const values = shapes.map((shape, i) =>
    Array.from({ length: shape.reduce((a, b) => a * b, 1) }, (_, k) => i * 1000 + k),
  );
  const rows = shapes[0].slice(0, axis).reduce((a, b) => a * b, 1);
  const out: number[] = [];
  for (let row = 0; row < rows; row++) {
    shapes.forEach((shape, i) => {
      const length = shape.slice(axis).reduce((a, b) => a * b, 1);
      out.push(...values[i].slice(row * length, (row + 1) * length));
    });
  }
  return out;
}

describe('concatRows', () => {
  it('interleaves the inputs row by row', () => {
    const out = new Float32Array(9);
    concatRows([new Float32Array([1, 2, 3]), new Float32Array([4, 5, 6, 7, 8, 9])], [1, 2], 3, out);
    expect(Array.from(out)).toEqual([1, 4, 5, 2, 6, 7, 3, 8, 9]);
  });
});

describe('installFastConcat', () => {
  /** A kernel registry whose original Concat only counts its calls; a backend over plain arrays. */
  function registry() {
    const calls = { original: 0 };
    let kernel = {
      kernelName: 'Concat',
      backendName: 'wasm',
      kernelFunc: () => {
        calls.original++;
        return { dataId: {}, shape: [], dtype: 'float32' };
      },
    };
    const tf: TfKernelRegistry = {
      getKernel: () => kernel,
      unregisterKernel: () => undefined,
      registerKernel: (config) => {
        kernel = config as typeof kernel;
      },
      util: {
        sizeFromShape: (shape) => shape.reduce((a, b) => a * b, 1),
        parseAxisParam: (axis) => [axis as number],
      },
    };
    const heap = new Map<object, Float32Array>();
    const tensor = (values: number[], shape: number[]) => {
      const info = { dataId: {}, shape, dtype: 'float32' };
      heap.set(info.dataId, Float32Array.from(values));
      return info;
    };
    const backend = {
      makeOutput: (shape: number[], dtype: string) => {
        const info = { dataId: {}, shape, dtype };
        heap.set(info.dataId, new Float32Array(shape.reduce((a, b) => a * b, 1)));
        return info;
      },
      typedArrayFromHeap: (info: { dataId: object }) => heap.get(info.dataId)!,
    };
    const concat = (inputs: ReturnType<typeof tensor>[], axis: number) => {
      const out = tf.getKernel('Concat', 'wasm')!.kernelFunc({ inputs, backend, attrs: { axis } });
      return Array.from(heap.get(out.dataId) ?? []);
    };
    return { tf, tensor, concat, calls };
  }

  it('copies narrow rows itself, hands wide ones to the original, and installs once', () => {
    const { tf, tensor, concat, calls } = registry();
    installFastConcat(tf);
    installFastConcat(tf);
    expect(concat([tensor([1, 2], [2, 1]), tensor([3, 4], [2, 1])], 1)).toEqual([1, 3, 2, 4]);
    expect(calls.original).toBe(0);
    concat([tensor(new Array(32).fill(1), [1, 32]), tensor([2], [1, 1])], 1);
    expect(calls.original).toBe(1);
  });
});

describe('the wasm backend with the fast concat installed (loadFaceApi installs it)', () => {
  let tf: Tf;
  beforeAll(async () => {
    tf = (await loadFaceApi()).tf as Tf;
  }, 30_000);

  it('answers every concat as the original kernel does: narrow rows (its own path) and wide ones', () => {
    const cases: [number[][], number][] = [
      // face-api's mean-colour planes: three [1, h, w, 1] along the last axis.
      [
        [
          [1, 5, 7, 1],
          [1, 5, 7, 1],
          [1, 5, 7, 1],
        ],
        3,
      ],
      [
        [
          [2, 3, 4],
          [2, 3, 1],
        ],
        2,
      ],
      [
        [
          [4, 2],
          [4, 3],
          [4, 0],
        ],
        1,
      ],
      // Rows of 16 and more: the original's path.
      [
        [
          [3, 20],
          [3, 16],
        ],
        1,
      ],
      [
        [
          [2, 3],
          [5, 3],
        ],
        0,
      ],
    ];
    for (const [shapes, axis] of cases) {
      const tensors = shapes.map((shape, i) =>
        tf.tensor(
          Array.from({ length: shape.reduce((a, b) => a * b, 1) }, (_, k) => i * 1000 + k),
          shape,
          'float32',
        ),
      );
      const joined = tf.concat(tensors, axis);
      expect(Array.from(joined.dataSync())).toEqual(expected(shapes, axis));
      expect(joined.shape[axis]).toBe(shapes.reduce((sum, shape) => sum + shape[axis], 0));
      joined.dispose();
      for (const tensor of tensors) tensor.dispose();
    }
  });

  it('is the kernel the backend runs', () => {
    const kernel = tf.getKernel('Concat', 'wasm');
    expect(kernel).toBeDefined();
    expect((kernel!.kernelFunc as { fast?: true }).fast).toBe(true);
  });
});
