/**
 * The part of the WHATWG URL API that shared/ uses. Browsers and Node both have it as globals, but
 * tsconfig.shared.json loads neither the DOM's types nor Node's (shared/ runs in both): this file
 * declares just what the code here calls. The browser and Lambda checks see the same code against
 * their runtime's full declarations, where this file is not loaded.
 */
declare class URL {
  constructor(url: string, base?: string);
  readonly href: string;
  readonly origin: string;
  readonly searchParams: URLSearchParams;
}

declare class URLSearchParams {
  set(name: string, value: string): void;
}
