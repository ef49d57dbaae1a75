/**
 * What a page's HTML asks of the browser before the app runs, read from the built file: the
 * scripts it loads and preloads (fetched while the page is parsed, so before or during its first
 * paint), and whether #root holds markup — a prerendered page that paints with HTML and CSS alone —
 * or is empty, the app shell that paints only once all of those scripts have run.
 */

export type PageScripts = {
  /** Script sources and modulepreloads, in document order. */
  scripts: string[];
  /** True when #root holds markup. */
  prerendered: boolean;
};

/** Attributes of one start tag, names lower-cased; a bare attribute (`async`) has the value ''. */
function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, name, dq, sq, bare] of tag.matchAll(
    /\s([\w:-]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g,
  )) {
    found.set(name.toLowerCase(), dq ?? sq ?? bare ?? '');
  }
  return found;
}

export function pageScripts(html: string): PageScripts {
  const scripts: string[] = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const attrs = attributes(tag);
    const isScript = tag.toLowerCase().startsWith('<script');
    const url = isScript
      ? attrs.get('src')
      : attrs.get('rel') === 'modulepreload'
        ? attrs.get('href')
        : undefined;
    if (url) scripts.push(url);
  }
  const prerendered = /<div id="root">\s*([^\s<]|<(?!\/div>))/.test(html);
  return { scripts, prerendered };
}

export function median(values: number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
