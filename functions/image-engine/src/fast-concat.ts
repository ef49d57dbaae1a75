/**
 * tfjs-backend-wasm's Concat copies each row of each input with `subarray` and `set`. Along the
 * last axis of narrow tensors that is one tiny typed-array view per value: face-api's mean-colour
 * step concatenates three [1, h, w, 1] planes before every net (the tiny detector, landmarks,
 * recognition, age), ~10 ms each and a heap of garbage. This kernel copies such rows value by
 * value and leaves every other concat to the original.
 */

/** Rows at least this long are copied faster by the original's `subarray` + `set`. */
const NARROW_ROW = 16;

type TypedArray = Float32Array | Int32Array | Uint8Array;
type TensorInfo = { dataId: object; shape: number[]; dtype: string };
type WasmBackend = {
  makeOutput(shape: number[], dtype: string): TensorInfo;
  typedArrayFromHeap(tensor: TensorInfo): TypedArray;
};
type KernelArgs = { inputs: TensorInfo[]; backend: WasmBackend; attrs: { axis: number | number[] } };
type KernelFunc = (args: KernelArgs) => TensorInfo;
type KernelConfig = { kernelName: string; backendName: string; kernelFunc: KernelFunc };
/** The slice of @tensorflow/tfjs this needs (face-api's `tf`). */
export type TfKernelRegistry = {
  getKernel(kernelName: string, backendName: string): KernelConfig | undefined;
  unregisterKernel(kernelName: string, backendName: string): void;
  registerKernel(config: KernelConfig): void;
  util: {
    sizeFromShape(shape: number[]): number;
    parseAxisParam(axis: number | number[], shape: number[]): number[];
  };
};

/** Concatenates narrow rows (each input's values from `axis` on) into `out`, row after row. */
export function concatRows(inputs: TypedArray[], rowLengths: number[], rows: number, out: TypedArray): void {
  let o = 0;
  for (let row = 0; row < rows; row++) {
    for (let i = 0; i < inputs.length; i++) {
      const values = inputs[i];
      const length = rowLengths[i];
      for (let k = row * length, end = k + length; k < end; k++) out[o++] = values[k];
    }
  }
}

/** Replaces the wasm backend's Concat (once per process; the backend must be registered). */
export function installFastConcat(tf: TfKernelRegistry): void {
  const original = tf.getKernel('Concat', 'wasm');
  if (!original || (original.kernelFunc as { fast?: true }).fast) return;
  const kernelFunc: KernelFunc = (args) => {
    const { inputs, backend } = args;
    const axis = tf.util.parseAxisParam(args.attrs.axis, inputs[0].shape)[0];
    const present = inputs.filter((t) => tf.util.sizeFromShape(t.shape) > 0);
    const rowLengths = present.map((t) => tf.util.sizeFromShape(t.shape.slice(axis)));
    if (present.length < 2 || present[0].dtype === 'string' || Math.max(...rowLengths) >= NARROW_ROW) {
      return original.kernelFunc(args);
    }
    const outShape = [...present[0].shape];
    outShape[axis] = present.reduce((sum, t) => sum + t.shape[axis], 0);
    const out = backend.makeOutput(outShape, present[0].dtype);
    // Views after makeOutput: it may grow the wasm memory, which detaches older views.
    const values = present.map((t) => backend.typedArrayFromHeap(t));
    const rows = tf.util.sizeFromShape(present[0].shape.slice(0, axis));
    concatRows(values, rowLengths, rows, backend.typedArrayFromHeap(out));
    return out;
  };
  Object.assign(kernelFunc, { fast: true });
  tf.unregisterKernel('Concat', 'wasm');
  tf.registerKernel({ ...original, kernelFunc });
}
