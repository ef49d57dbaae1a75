/** Same-origin paths only: "/result/x?temp=true" yes, "//evil.example" or "https://..." no. */
export function isSafeReturnPath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}
