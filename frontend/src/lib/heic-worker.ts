/**
 * The HEIC decoder's worker: libheif decodes the photo off the main thread and the worker sends
 * back a JPEG (or, where workers have no OffscreenCanvas, the pixels for the page to encode).
 *
 * libheif is LGPL-3.0 (libheif-js, its WebAssembly build). Its two files are loaded as they ship in
 * the npm package (their URLs come with each job): heic-libheif-*.js and heic-libheif-*.wasm, with the
 * licence in heic-libheif.LICENSE.txt. Replacing those two files with another build of libheif-js
 * replaces the library; nothing of it is bundled into this worker or the app.
 *
 * No import or export statement: Vite's dev server serves a classic worker as it is, where one would
 * be a syntax error. The message types come as `import()` types instead, and everything is inside
 * one function so that nothing becomes a global of the TypeScript program.
 */
(() => {
  type HeicJob = import('./heic-protocol').HeicJob;
  type HeicResult = import('./heic-protocol').HeicResult;
  type LibheifFiles = import('./heic-protocol').LibheifFiles;

  /** The part of libheif-js's API used here (its typings describe only the raw module). */
  type HeifImage = {
    get_width(): number;
    get_height(): number;
    display(target: ImageData, done: (result: ImageData | null) => void): void;
    free(): void;
  };
  type Libheif = {
    HeifDecoder: new () => { decoder: number | null; decode(bytes: Uint8Array): HeifImage[] };
    heif_context_free(context: number): void;
  };
  type LibheifOptions = {
    instantiateWasm(
      imports: WebAssembly.Imports,
      ready: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void,
    ): WebAssembly.Exports;
  };
  type WorkerScope = {
    importScripts(...urls: string[]): void;
    libheif?: (options: LibheifOptions) => Libheif;
    onmessage: ((event: MessageEvent<HeicJob>) => void) | null;
    postMessage(message: HeicResult, transfer?: Transferable[]): void;
  };

  const scope = self as unknown as WorkerScope;

  /**
   * libheif's script defines the global `libheif`, whose factory sets the library up synchronously
   * (its last lines expect the wasm instance at once). So the wasm is compiled first, while it
   * downloads (and from the browser's code cache next time), then instantiated inside the factory.
   */
  async function loadLibheif(files: LibheifFiles): Promise<Libheif> {
    const compiled = compileWasm(files.wasm);
    compiled.catch(() => undefined); // awaited below, unless the script fails first
    scope.importScripts(files.script);
    const factory = scope.libheif;
    if (!factory) throw new Error('libheif did not load');
    const module = await compiled;
    return factory({
      instantiateWasm(imports, ready) {
        const instance = new WebAssembly.Instance(module, imports);
        ready(instance, module);
        return instance.exports;
      },
    });
  }

  async function compileWasm(url: string): Promise<WebAssembly.Module> {
    try {
      return await WebAssembly.compileStreaming(fetch(url, { credentials: 'same-origin' }));
    } catch {
      // Served without the application/wasm type: compile from the bytes instead.
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`libheif's wasm: HTTP ${response.status}`);
      return WebAssembly.compile(await response.arrayBuffer());
    }
  }

  let libheif: Promise<Libheif> | undefined;

  async function decode(file: Blob, files: LibheifFiles): Promise<ImageData> {
    libheif ??= loadLibheif(files).catch((error) => {
      libheif = undefined; // the next photo tries again
      throw error;
    });
    const lib = await libheif;
    const decoder = new lib.HeifDecoder();
    let images: HeifImage[] = [];
    try {
      images = decoder.decode(new Uint8Array(await file.arrayBuffer()));
      const image = images[0];
      if (!image) throw new Error('no image in this HEIF file');
      const pixels = new ImageData(image.get_width(), image.get_height());
      return await new Promise<ImageData>((resolve, reject) =>
        image.display(pixels, (result) =>
          result ? resolve(result) : reject(new Error('HEIF decoding failed')),
        ),
      );
    } finally {
      for (const image of images) image.free();
      if (decoder.decoder) lib.heif_context_free(decoder.decoder);
    }
  }

  scope.onmessage = async ({ data: job }) => {
    try {
      const pixels = await decode(job.file, job.libheif);
      if (typeof OffscreenCanvas === 'undefined') {
        scope.postMessage({ id: job.id, pixels }, [pixels.data.buffer]);
        return;
      }
      const canvas = new OffscreenCanvas(pixels.width, pixels.height);
      canvas.getContext('2d')?.putImageData(pixels, 0, 0);
      const jpeg = await canvas.convertToBlob({ type: 'image/jpeg', quality: job.quality });
      scope.postMessage({ id: job.id, jpeg });
    } catch (error) {
      scope.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) });
    }
  };
})();
