/**
 * The template importer's ImageFetcher: fetches an operator's image URL without letting the server
 * be steered at itself or its network (SSRF). https only; the host is resolved first and every
 * address must be public; the connection goes to the address that was checked (no second DNS
 * answer can swap in a private one); redirects are followed by hand and checked the same way;
 * the body is capped in bytes and the whole fetch in time.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { MAX_IMPORT_IMAGE_BYTES } from '@shared/schemas/admin-templates';
import { ImageFetchError, type ImageFetcher } from '../../core/admin/template-import-ports';
import { isPublicAddress } from './public-address';

export type ImageFetcherOptions = {
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  /** Tests only: resolve names without DNS, accept a test server's address, trust its certificate. */
  resolve?: (host: string) => Promise<{ address: string; family: number }[]>;
  isAllowedAddress?: (address: string) => boolean;
  ca?: string;
};

const MB = 1024 * 1024;

export function createImageFetcher(options: ImageFetcherOptions = {}): ImageFetcher {
  const maxBytes = options.maxBytes ?? MAX_IMPORT_IMAGE_BYTES;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxRedirects = options.maxRedirects ?? 3;
  const resolve = options.resolve ?? ((host: string) => dnsLookup(host, { all: true, verbatim: true }));
  const allowed = options.isAllowedAddress ?? isPublicAddress;

  /** The one address to connect to, after every address the name has was checked. */
  async function checkedAddress(url: URL): Promise<{ address: string; family: number }> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const answers = isIP(host)
      ? [{ address: host, family: isIP(host) }]
      : await resolve(host).catch(() => {
          throw new ImageFetchError('unreachable', `the host ${host} could not be found`);
        });
    if (!answers.length || answers.some((a) => !allowed(a.address))) {
      throw new ImageFetchError('blocked_address', 'imageUrl points to a private, local or reserved address');
    }
    return answers[0];
  }

  function get(url: URL, to: { address: string; family: number }, signal: AbortSignal) {
    // Pinned: the socket connects to the checked address whatever DNS says now.
    const lookup: LookupFunction = (_host, opts, callback) =>
      opts.all ? callback(null, [to]) : callback(null, to.address, to.family);
    return new Promise<IncomingMessage>((done, fail) => {
      const request = https.get(
        url,
        { lookup, signal, ca: options.ca, headers: { accept: 'image/*' } },
        done,
      );
      request.on('error', fail);
    });
  }

  async function readCapped(response: IncomingMessage): Promise<Buffer> {
    const declared = Number(response.headers['content-length']);
    if (declared > maxBytes) {
      response.destroy();
      throw tooLarge(maxBytes);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) {
        response.destroy();
        throw tooLarge(maxBytes);
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  }

  return {
    async fetch(raw, { signal: cancel } = {}) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = cancel ? AbortSignal.any([timeout, cancel]) : timeout;
      try {
        let url = parse(raw);
        for (let hop = 0; hop <= maxRedirects; hop++) {
          const response = await get(url, await checkedAddress(url), signal);
          const status = response.statusCode ?? 0;
          if (status >= 300 && status < 400 && response.headers.location) {
            response.resume();
            url = parse(new URL(response.headers.location, url).href);
            continue;
          }
          if (status !== 200) {
            response.resume();
            throw new ImageFetchError('http_status', `imageUrl answered HTTP ${status}`);
          }
          return await readCapped(response);
        }
        throw new ImageFetchError('redirects', `imageUrl redirected more than ${maxRedirects} times`);
      } catch (error) {
        if (error instanceof ImageFetchError) throw error;
        if (cancel?.aborted) throw new ImageFetchError('cancelled', 'the download was stopped: out of time');
        if (timeout.aborted) {
          throw new ImageFetchError(
            'timeout',
            `the image took longer than ${timeoutMs / 1000} s to download`,
          );
        }
        throw new ImageFetchError('unreachable', 'imageUrl could not be downloaded');
      }
    },
  };
}

function parse(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ImageFetchError('not_https', 'imageUrl is not a valid URL');
  }
  if (url.protocol !== 'https:') throw new ImageFetchError('not_https', 'imageUrl must use https://');
  return url;
}

const tooLarge = (maxBytes: number) =>
  new ImageFetchError('too_large', `the image is larger than ${Math.round(maxBytes / MB)} MB`);
