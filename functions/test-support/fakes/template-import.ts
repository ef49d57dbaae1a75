/** The seeder's ports in memory: URLs answer what the test says; "images" are bytes with a PNG or JPEG signature. */
import {
  ImageFetchError,
  type ImageFetcher,
  NotAnImageError,
  type TemplateImageMaker,
} from '../../core/admin/template-import-ports';

export type FakeImageFetcher = ImageFetcher & {
  /** What each URL answers: bytes, or the error the real fetcher would throw. */
  responses: Map<string, Buffer | ImageFetchError>;
  fetched: string[];
  /** Runs before each answer (a test's slow network); the caller's signal, if it gave one. */
  beforeAnswer?: (url: string, signal?: AbortSignal) => Promise<void>;
};

export function createFakeImageFetcher(): FakeImageFetcher {
  const responses = new Map<string, Buffer | ImageFetchError>();
  const fetched: string[] = [];
  const fetcher: FakeImageFetcher = {
    responses,
    fetched,
    async fetch(url, options) {
      fetched.push(url);
      await fetcher.beforeAnswer?.(url, options?.signal);
      if (options?.signal?.aborted) throw new ImageFetchError('cancelled', 'the download was stopped');
      const answer = responses.get(url);
      if (answer instanceof Error) throw answer;
      if (!answer) throw new ImageFetchError('http_status', 'imageUrl answered HTTP 404');
      return answer;
    },
  };
  return fetcher;
}

/** 8 bytes that pass the fake's probe: a PNG signature and the rest of the "image". */
export const fakePng = (content = 'pixels') =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(content)]);

const isImage = (bytes: Buffer) =>
  bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])) ||
  bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]));

export type FakeTemplateImageMaker = TemplateImageMaker & {
  /** Drawings after this many fail (an image that probes but does not decode). */
  failAfter: number;
  drawn: number;
};

export function createFakeTemplateImageMaker(): FakeTemplateImageMaker {
  const maker: FakeTemplateImageMaker = {
    failAfter: Number.POSITIVE_INFINITY,
    drawn: 0,
    async probe(bytes) {
      if (!isImage(bytes)) throw new NotAnImageError();
      return { width: 100, height: 100 };
    },
    async fromImage(bytes, { width, height }) {
      if (!isImage(bytes) || maker.drawn >= maker.failAfter) throw new NotAnImageError();
      maker.drawn++;
      const tag = (kind: string) => Buffer.concat([Buffer.from(`${kind}:`), bytes]);
      return {
        native: tag('native'),
        watermarked: tag('wm'),
        thumb: tag('thumb'),
        squares: { free: tag('wm-800'), hd: tag('native-2000') },
        width,
        height,
      };
    },
  };
  return maker;
}
